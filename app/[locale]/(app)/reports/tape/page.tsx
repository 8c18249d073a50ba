import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Table2 } from '@/lib/icons';
import { getDb } from '@/db';
import { Pagination } from '@/components/portfolio/pagination';
import { ExportLinks } from '@/components/reports/export-links';
import { FIELD, QueryForm, SELECT } from '@/components/reports/query-form';
import { REGION, TABLE, TD, TD_LEFT, TH, TH_LEFT } from '@/components/reports/table-styles';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDecimal, formatIsoDate, formatMoney, formatPercent } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { tapeScreen } from '@/services/reports/screens';
import { requestClock } from '@/lib/clock';
import { TAPE_COLUMNS, tapeHeader, type TapeRow } from '@/lib/reports/tape';
import { tapeQuery } from '@/lib/validations/reports';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('tape');

const PATH = '/reports/tape';

/** The page's query schema (the funder is the active one), built once rather than on every request. */
const pageQuery = tapeQuery.omit({ funderId: true, format: true });

/** Reports → Tape: one row per lease with the ESMA leasing-template names, a page at a time; the whole tape streams as CSV or XLSX. */
export default async function TapePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'tape');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('reports');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // The page of the tape at the as-of date (the clock's month by default).
  const { cutOff, rows, total } = await tapeScreen(db, funder.id, query, requestClock());
  const cell = (c: (typeof TAPE_COLUMNS)[number], r: TapeRow) => {
    const v = r[c.id];
    if (v === null || v === undefined || v === '') return '—';
    if (c.money) return formatMoney(format, Number(v), r.currency);
    if (c.kind === 'percent') return formatPercent(format, Number(v));
    if (c.kind === 'date') return formatIsoDate(format, String(v), 'medium');
    if (c.kind === 'integer' && c.id !== 'leaseId' && c.id !== 'lesseeId') return formatDecimal(format, Number(v));
    return String(v);
  };
  const baseQuery = { ...(query.asOf ? { asOf: query.asOf } : {}), perPage: String(query.perPage) };

  return (
    <>
      <PageHeader
        asOf={{ date: cutOff, kind: 'cutOff' }}
        page="tape"
        description={t('tape.subtitle', { funder: funder.name })}
        actions={<ExportLinks endpoint="/api/reports/tape" query={{ funderId: String(funder.id), asOf: cutOff }} />}
      />
      <Card className="mb-6">
        <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
          <QueryForm>
            <label className={FIELD}>
              {t('asOf')}
              <input type="date" name="asOf" defaultValue={cutOff} className={SELECT} />
            </label>
          </QueryForm>
          <p className="text-[13px]" data-testid="tape-basis">
            {t('tape.basis', { cutOff: formatIsoDate(format, cutOff, 'long'), count: total, countText: formatDecimal(format, total) })}
          </p>
        </CardContent>
      </Card>
      {total === 0 ? (
        <EmptyState icon={Table2} title={t('emptyTitle')}>
          {t('emptyBook')}
        </EmptyState>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t('tape.previewTitle')}</CardTitle>
            <CardDescription>{t('tape.previewHint')}</CardDescription>
          </CardHeader>
          <div className={REGION} role="region" aria-label={t('tape.previewTitle')} tabIndex={0}>
            <table className={TABLE} data-testid="tape-table">
              <caption className="sr-only">{t('tape.previewTitle')}</caption>
              <thead>
                <tr>
                  {TAPE_COLUMNS.map((c) => (
                    <th key={c.id} scope="col" className={c.kind === 'text' || c.kind === 'date' ? TH_LEFT : TH}>
                      {tapeHeader(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.leaseId} className="h-8">
                    {TAPE_COLUMNS.map((c) => (
                      <td
                        key={c.id}
                        className={`${c.kind === 'text' || c.kind === 'date' ? TD_LEFT : TD} ${c.money && Number(r[c.id]) < 0 ? 'text-danger-text' : ''}`}
                      >
                        {cell(c, r)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            pathname={PATH}
            queryFor={(page) => ({ ...baseQuery, page: String(page) })}
            page={query.page}
            pageCount={Math.max(1, Math.ceil(total / query.perPage))}
            total={total}
            perPage={query.perPage}
          />
        </Card>
      )}
    </>
  );
}
