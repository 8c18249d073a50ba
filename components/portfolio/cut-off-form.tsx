import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Checkbox } from './fields';
import { FilterForm } from './filter-form';

/** The cut-off (and, where it matters, net/gross) selector of the Portfolio CF screens. */
export function CutOffForm({ pathname, cutOff, gross, keep }: { pathname: string; cutOff: string; gross?: boolean; keep?: Record<string, string | undefined> }) {
  const t = useTranslations('portfolio.toolbar');
  return (
    // Remounted when the state changes so the uncontrolled fields show it after a client navigation.
    <FilterForm key={`${cutOff}:${gross ? 1 : 0}`} pathname={pathname} keep={keep} aria-label={t('cutOffForm')} className="flex flex-wrap items-end gap-4">
      <div className="w-44">
        <Label htmlFor="cutoff">{t('cutOff')}</Label>
        <Input id="cutoff" name="cutOff" type="date" required defaultValue={cutOff} className="h-8.5 text-sm" />
      </div>
      {gross !== undefined ? <Checkbox id="gross" name="gross" value="1" defaultChecked={gross} label={t('gross')} className="pb-2" /> : null}
      <noscript>
        <Button type="submit" variant="outline">
          {t('apply')}
        </Button>
      </noscript>
    </FilterForm>
  );
}
