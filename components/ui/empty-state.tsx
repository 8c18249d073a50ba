import type { IconComponent } from '@/lib/icons';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type EmptyStateTone = 'primary' | 'warning' | 'danger' | 'info';

const tones: Record<EmptyStateTone, string> = {
  primary: 'bg-primary-soft text-primary-strong',
  warning: 'bg-warning-soft text-warning-text',
  danger: 'bg-danger-soft text-danger-text',
  info: 'bg-info-soft text-info-text',
};

type EmptyStateProps = {
  icon: IconComponent;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  tone?: EmptyStateTone;
  /** The heading level that fits the page outline (h1 when the panel is the whole page). */
  headingLevel?: 1 | 2;
  className?: string;
  'data-testid'?: string;
};

/** A centred card with an icon, a title, a text and an optional action: empty lists, 403, 404, "not available yet". */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  tone = 'primary',
  headingLevel = 2,
  className,
  ...rest
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cn('flex flex-col items-center rounded-md bg-surface px-6 py-12 text-center shadow-card sm:px-12', className)}
      data-testid={rest['data-testid']}
    >
      <span className={cn('mb-4 flex size-14 items-center justify-center rounded-full', tones[tone])} aria-hidden="true">
        <Icon className="size-7" />
      </span>
      <Heading className="text-xl font-medium text-heading">{title}</Heading>
      {children ? <div className="mt-2 max-w-prose text-[15px] text-body">{children}</div> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </section>
  );
}
