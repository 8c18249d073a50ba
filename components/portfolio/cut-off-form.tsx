import { useTranslations } from '@/i18n/use-translations';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Checkbox, Select } from './fields';
import { FilterForm } from './filter-form';

/** A select of the funder's facilities (Liability CF): `none` is the whole book. */
export type FacilitySelect = { label: string; none: string; options: { id: number; name: string }[]; value: number | null };

/** The cut-off (and, where it matters, net/gross or the facility) selector of the Portfolio CF screens. */
export function CutOffForm({
  pathname,
  cutOff,
  gross,
  keep,
  facility,
}: {
  pathname: string;
  cutOff: string;
  gross?: boolean;
  keep?: Record<string, string | undefined>;
  facility?: FacilitySelect;
}) {
  const t = useTranslations('portfolio.toolbar');
  return (
    // Remounted when the state changes so the uncontrolled fields show it after a client navigation.
    <FilterForm
      key={`${cutOff}:${gross ? 1 : 0}:${facility?.value ?? ''}`}
      pathname={pathname}
      keep={keep}
      aria-label={t('cutOffForm')}
      className="flex flex-wrap items-end gap-4"
    >
      <div className="w-44">
        <Label htmlFor="cutoff">{t('cutOff')}</Label>
        <Input id="cutoff" name="cutOff" type="date" required defaultValue={cutOff} className="h-8.5 text-sm" />
      </div>
      {facility ? (
        <Select
          id="facility"
          name="facility"
          label={facility.label}
          defaultValue={facility.value ?? ''}
          className="w-64"
          data-testid="liability-facility"
        >
          <option value="">{facility.none}</option>
          {facility.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      ) : null}
      {gross !== undefined ? (
        <Checkbox id="gross" name="gross" value="1" defaultChecked={gross} label={t('gross')} className="pb-2" />
      ) : null}
      <noscript>
        <Button type="submit" variant="outline">
          {t('apply')}
        </Button>
      </noscript>
    </FilterForm>
  );
}
