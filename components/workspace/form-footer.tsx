import type { IconComponent } from '@/lib/icons';
import { Button } from '@/components/ui/button';

type Props = { error?: string; busy: boolean; icon: IconComponent; label: string; testId: string };

/** The foot of a two-column workspace form: the form-level error (an alert) and the submit button, both across the grid. */
export function FormFooter({ error, busy, icon: Icon, label, testId }: Props) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger-text sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid={testId}>
          <Icon aria-hidden="true" />
          {label}
        </Button>
      </div>
    </>
  );
}
