import { useTranslations } from '@/i18n/use-translations';
import { Button } from '@/components/ui/button';
import { FilterForm } from '@/components/portfolio/filter-form';
import { Select } from '@/components/portfolio/fields';
import type { ScenarioDto } from '@/lib/validations/scenarios';

/**
 * The `scenario=<id>` selector of Total Cash Flow and Summary: a GET form over the page's URL that keeps
 * the page's other parameters ("Contractual only" drops the parameter).
 */
export function ScenarioSelect({
  pathname,
  scenarios,
  selected,
  keep,
}: {
  pathname: string;
  scenarios: ScenarioDto[];
  selected: number | undefined;
  keep: Record<string, string | undefined>;
}) {
  const t = useTranslations('scenarios.select');
  return (
    <FilterForm key={String(selected ?? '')} pathname={pathname} keep={keep} aria-label={t('form')} className="flex items-end gap-2">
      <Select
        id="scenario"
        name="scenario"
        label={t('label')}
        defaultValue={selected === undefined ? '' : String(selected)}
        className="w-56"
      >
        <option value="">{t('none')}</option>
        {scenarios.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </Select>
      <noscript>
        <Button type="submit" variant="outline">
          {t('label')}
        </Button>
      </noscript>
    </FilterForm>
  );
}
