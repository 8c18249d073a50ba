import { Search } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import type { CashFlowPageQuery } from '@/lib/portfolio/cash-flow-table';
import type { StatusFilter } from '@/lib/validations/leases';
import { cashFlowQuery, DEFAULT_PER_PAGE, PAGE_SIZES, TOTAL_CASH_FLOW_PATH } from './cash-flow-url';
import { FilterForm } from './filter-form';
import { Checkbox, Select } from './fields';

type Props = {
  query: CashFlowPageQuery;
  /** The cut-off in effect (the default when the URL has none). */
  cutOff: string;
  currencies: readonly string[];
  assetTypes: readonly string[];
  /** The register's status filter values (lib/validations/leases STATUS_FILTER_VALUES), in its words. */
  statuses: readonly StatusFilter[];
  views: { id: number; name: string }[];
};

/** Filters, cut-off, VAT basis and page size of the Total Cash Flow (a GET form over the URL), and the saved-view switch. */
export function TotalCashFlowToolbar({ query, cutOff, currencies, assetTypes, statuses, views }: Props) {
  const t = useTranslations('portfolio.toolbar');
  const ta = useTranslations('portfolio.assetTypes');
  // The Master File's status words: one vocabulary on every screen (domain.md §8, §14).
  const ts = useTranslations('masterFile.statuses');
  const keep = {
    view: query.view ? String(query.view) : undefined,
    scenario: query.scenario ? String(query.scenario) : undefined,
    sort: query.sort !== 'id' ? query.sort : undefined,
    dir: query.dir !== 'asc' ? query.dir : undefined,
  };
  // Uncontrolled fields keep what the user left in them across client navigations: remount the forms
  // whenever the state in the URL changes (e.g. a saved view applied), so they show that state.
  const stateKey = JSON.stringify(cashFlowQuery({ ...query, page: 1 }));
  return (
    <div className="flex flex-col gap-4 px-4 py-4">
      {views.length > 0 ? (
        <FilterForm
          key={`view:${stateKey}`}
          pathname={TOTAL_CASH_FLOW_PATH}
          aria-label={t('viewForm')}
          className="flex flex-wrap items-end gap-3"
        >
          <Select id="tcf-view" name="view" label={t('view')} defaultValue={query.view ? String(query.view) : ''} className="w-56">
            <option value="">{t('noView')}</option>
            {views.map((v) => (
              <option key={v.id} value={String(v.id)}>
                {v.name}
              </option>
            ))}
          </Select>
          <noscript>
            <Button type="submit" variant="outline">
              {t('apply')}
            </Button>
          </noscript>
        </FilterForm>
      ) : null}
      <FilterForm
        key={`filters:${stateKey}`}
        pathname={TOTAL_CASH_FLOW_PATH}
        keep={keep}
        aria-label={t('filters')}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="w-64">
          <Label htmlFor="tcf-q">{t('search')}</Label>
          <div className="flex gap-1.5">
            <Input
              id="tcf-q"
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder={t('searchPlaceholder')}
              className="h-8.5 text-sm"
            />
            <Button type="submit" variant="outline" size="icon" className="size-8.5" aria-label={t('searchSubmit')}>
              <Search />
            </Button>
          </div>
        </div>
        <div className="w-40">
          <Label htmlFor="tcf-cutoff">{t('cutOff')}</Label>
          <Input id="tcf-cutoff" name="cutOff" type="date" required defaultValue={cutOff} className="h-8.5 text-sm" />
        </div>
        <Select id="tcf-currency" name="currency" label={t('currency')} defaultValue={query.currency[0] ?? ''} className="w-32">
          <option value="">{t('all')}</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Select id="tcf-asset" name="assetType" label={t('assetType')} defaultValue={query.assetType[0] ?? ''} className="w-36">
          <option value="">{t('all')}</option>
          {assetTypes.map((a) => (
            <option key={a} value={a}>
              {ta(a)}
            </option>
          ))}
        </Select>
        <Select id="tcf-status" name="status" label={t('status')} defaultValue={query.status[0] ?? ''} className="w-32">
          <option value="">{t('all')}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {ts(s)}
            </option>
          ))}
        </Select>
        <Select
          id="tcf-per-page"
          name="perPage"
          label={t('perPage')}
          defaultValue={query.perPage === DEFAULT_PER_PAGE ? '' : String(query.perPage)}
          className="w-24"
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n === DEFAULT_PER_PAGE ? '' : String(n)}>
              {n}
            </option>
          ))}
        </Select>
        <div className="flex flex-col gap-1.5 pb-1">
          <Checkbox id="tcf-gross" name="gross" value="1" defaultChecked={query.gross} label={t('gross')} />
          <Checkbox id="tcf-check" name="checkNonZero" value="1" defaultChecked={query.checkNonZero} label={t('checkNonZero')} />
        </div>
        <noscript>
          <Button type="submit" variant="outline">
            {t('apply')}
          </Button>
        </noscript>
      </FilterForm>
    </div>
  );
}
