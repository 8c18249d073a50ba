import { Landmark } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { guardPage } from '@/app/[locale]/prelude';
import {
  HEAD_CELLS,
  ROW_RULES,
  SCROLL_REGION,
  STICKY_FIRST_COLUMN,
  STICKY_FIRST_COLUMN_HOVER,
} from '@/components/data-table/table-classes';
import { CovenantBadge } from '@/components/facilities/covenant-badge';
import { FilterForm } from '@/components/portfolio/filter-form';
import { ExportLinks } from '@/components/reports/export-links';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label } from '@/components/ui/input';
import { getDb } from '@/db';
import { Link } from '@/i18n/navigation';
import { requestClock } from '@/lib/clock';
import { formatIsoDate } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { asOfQuery } from '@/lib/validations/facilities';
import { facilitiesScreen } from '@/services/facilities/screen';
import { getActiveFunder } from '@/services/portfolio/funder-context';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('facilities');

const PATH = '/portfolio/facilities';

/** Portfolio CF → Facilities: each facility of the active funder with commitment, drawn, borrowing base, availability and covenant status. */
export default async function FacilitiesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'facilities');
  if (!access.ok) return access.forbidden;
  const t = await getTranslations('facilities');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db, access.principal);
  const { value: q } = parseLenient(asOfQuery, await searchParams);
  const clock = requestClock();
  const { asOf, facilities: rows } = await facilitiesScreen(db, access.principal, { funderId: funder.id, asOf: q.asOf }, clock);

  return (
    <>
      <PageHeader
        help="facilities"
        page="facilities"
        asOf={{ date: asOf, kind: 'asOf' }}
        description={t('subtitle', { funder: funder.name, asOf: formatIsoDate(format, asOf, 'long') })}
      />
      <Card className="mb-6">
        <CardContent className="pt-5 pb-5">
          <FilterForm pathname={PATH} aria-label={t('asOf')} className="flex flex-wrap items-end gap-4">
            <div className="w-44">
              <Label htmlFor="asOf">{t('asOf')}</Label>
              <Input id="asOf" name="asOf" type="date" defaultValue={asOf} className="h-8.5 text-sm" />
            </div>
          </FilterForm>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>{t('title')}</CardTitle>
          <ExportLinks endpoint="/api/facilities/export" query={{ funderId: String(funder.id), asOf, locale }} testId="facilities-export" />
        </CardHeader>
        {rows.length === 0 ? (
          <EmptyState icon={Landmark} title={t('title')}>
            {t('empty')}
          </EmptyState>
        ) : (
          <div className={SCROLL_REGION}>
            <table
              className={`w-full text-[13px] ${STICKY_FIRST_COLUMN} ${STICKY_FIRST_COLUMN_HOVER} ${ROW_RULES}`}
              data-testid="facilities-table"
            >
              <thead className={`sticky top-0 z-10 ${HEAD_CELLS}`}>
                <tr className="text-left">
                  <th scope="col" className="px-3 py-2">
                    {t('list.name')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('list.lender')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('list.commitment')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('list.drawn')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('list.borrowingBase')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('list.availability')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('list.covenantStatus')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('list.maturity')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="hover:bg-surface-muted">
                    <td className="px-3 py-2">
                      <Link
                        href={{ pathname: `${PATH}/${r.id}`, query: q.asOf ? { asOf } : {} }}
                        className="font-medium text-primary underline-offset-2 hover:underline focus-visible:underline"
                        aria-label={t('open', { name: r.name })}
                      >
                        {r.name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{r.lender}</td>
                    <td className="px-3 py-2 text-right">
                      <Amount minor={r.commitment} currency={r.currency} />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Amount minor={r.outstanding} currency={r.currency} />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Amount minor={r.borrowingBase} currency={r.currency} />
                    </td>
                    <td className="px-3 py-2 text-right" data-testid={`availability-${r.id}`}>
                      <Amount minor={r.availability} currency={r.currency} />
                    </td>
                    <td className="px-3 py-2">
                      <CovenantBadge status={r.covenantStatus} label={t(`status.${r.covenantStatus ?? 'none'}`)} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatIsoDate(format, r.maturityDate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
