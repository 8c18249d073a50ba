import { ListTable } from '@/components/data-table/list-table';
import { FileCheck, ListChecks } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { guardPage } from '@/app/[locale]/prelude';
import { WaterfallChart, type WaterfallStep } from '@/components/charts/waterfall-chart';
import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { CovenantBadge } from '@/components/facilities/covenant-badge';
import { CovenantChart } from '@/components/facilities/covenant-chart';
import { DecisionButtons, DrawRequestForm, PrepareCertificateForm, RulesEditor, TermsForm } from '@/components/facilities/facility-actions';
import { FilterForm } from '@/components/portfolio/filter-form';
import { Select } from '@/components/portfolio/fields';
import { Pagination } from '@/components/portfolio/pagination';
import { ExportLinks } from '@/components/reports/export-links';
import { PageHeader } from '@/components/shell/page-header';
import { pageMetadata } from '@/components/shell/page-metadata';
import { Amount } from '@/components/ui/amount';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label } from '@/components/ui/input';
import { getDb } from '@/db';
import { Link } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';
import { DomainError } from '@/lib/domain/errors';
import { eligibilityColumns } from '@/lib/facilities';
import { requestClock } from '@/lib/clock';
import { formatIsoDate, formatIsoMonth, formatPercent } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { idParam, pageParam } from '@/lib/validations/common';
import { ELIGIBILITY_FILTERS } from '@/lib/validations/facilities';
import { isoDateParam } from '@/lib/validations/common';
import { waterfallRows } from '@/services/facilities/exports';
import { eligibilityLabels } from '@/services/facilities/labels';
import { facilityScreen, type FacilityScreen } from '@/services/facilities/screen';

type Props = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  return pageMetadata((await params).locale, 'facilities');
}

const pageQuery = z.object({ asOf: isoDateParam.optional(), filter: z.enum(ELIGIBILITY_FILTERS).default('all'), page: pageParam });
const PER_PAGE = 25;
const TOTAL_KEYS = new Set([
  'collateral',
  'eligible',
  'eligibleAfterExcess',
  'advanced',
  'borrowingBase',
  'commitment',
  'maximumAdvance',
  'availability',
]);

/** A facility: terms, rules, the borrowing base at a date (waterfall chart and table), lease-level eligibility, draws, certificates and covenants. */
export default async function FacilityPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'facilities');
  if (!access.ok) return access.forbidden;
  const parsedId = idParam.safeParse(id);
  if (!parsedId.success) notFound();
  const db = getDb();
  const clock = requestClock();
  const { value: q } = parseLenient(pageQuery, await searchParams);
  let screen: FacilityScreen;
  try {
    screen = await facilityScreen(db, access.principal, parsedId.data, { ...q, perPage: PER_PAGE }, clock);
  } catch (e) {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  }
  const { facility: f, asOf, today, base, eligibility, draws, certificates, covenants } = screen;
  const t = await getTranslations('facilities');
  const tAsset = await getTranslations('masterFile.assetTypes');
  const format = await getFormatter();
  const canWrite = hasScope(access.principal.scopes, 'write:funders');
  const lines = waterfallRows(
    (k, v) => t(k as 'title', v),
    base,
    (r) => formatPercent(format, r),
  );
  const steps: WaterfallStep[] = lines
    .filter((l) => l.key !== 'commitment')
    .map((l) => ({ label: l.label, amount: l.amount, kind: TOTAL_KEYS.has(l.key) ? 'total' : 'change' }));
  const labels = eligibilityLabels((k, v) => t(k as 'title', v), f.currency);
  const failedText = eligibilityColumns(labels, f.criteria).find((c) => c.id === 'failed')!.value;
  const over = screen.excess;
  const PATH = `/portfolio/facilities/${f.id}`;
  const keep = { ...(q.asOf ? { asOf } : {}), filter: q.filter };
  const api = `/api/facilities/${f.id}`;
  const tableExport = (table: string) => (
    <ExportLinks endpoint={`${api}/export`} query={{ table, locale, asOf }} testId={`export-${table}`} />
  );
  const th = 'px-3 py-2';
  const thr = 'px-3 py-2 text-right';
  const pct = (v: number) => formatPercent(format, v, 2);
  const money = (m: number) => <Amount minor={m} currency={f.currency} />;

  return (
    <ClientMessages namespaces={['facilities']}>
      <PageHeader
        help="facilities"
        page="facilities"
        asOf={{ date: asOf, kind: 'asOf' }}
        description={`${f.name} · ${f.lender} · ${f.currency}`}
        actions={
          <Link href="/portfolio/facilities" className={buttonClasses({ variant: 'outline' })}>
            {t('back')}
          </Link>
        }
      />
      <Card className="mb-6">
        <CardContent className="pt-5 pb-5">
          <FilterForm pathname={PATH} keep={{ filter: q.filter }} aria-label={t('asOf')} className="flex flex-wrap items-end gap-4">
            <div className="w-44">
              <Label htmlFor="asOf">{t('asOf')}</Label>
              <Input id="asOf" name="asOf" type="date" defaultValue={asOf} className="h-8.5 text-sm" />
            </div>
          </FilterForm>
        </CardContent>
      </Card>

      <Card className="mb-6" data-testid="borrowing-base">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('waterfall.title')}</CardTitle>
            <CardDescription>
              {t('waterfall.counts', { leases: base.counts.leases, eligible: base.counts.eligible, ineligible: base.counts.ineligible })}
            </CardDescription>
          </div>
          {tableExport('waterfall')}
        </CardHeader>
        <CardContent className="grid gap-6 xl:grid-cols-[3fr_2fr]">
          <div data-testid="waterfall-chart">
            <WaterfallChart
              id={`waterfall-${f.id}`}
              title={t('waterfall.chart')}
              summary={t('waterfall.counts', {
                leases: base.counts.leases,
                eligible: base.counts.eligible,
                ineligible: base.counts.ineligible,
              })}
              currency={f.currency}
              steps={steps}
            />
          </div>
          <table className="w-full text-[13px]" data-testid="waterfall-table">
            <caption className="sr-only">{t('waterfall.title')}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className={th}>
                  {t('waterfall.item')}
                </th>
                <th scope="col" className={thr}>
                  {t('waterfall.amount')}
                </th>
              </tr>
            </thead>
            <tbody className={ROW_RULES}>
              {lines.map((l) => (
                <tr key={l.key} data-testid={`wf-${l.key}`} className={TOTAL_KEYS.has(l.key) ? 'font-medium text-heading' : undefined}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {l.label}
                  </th>
                  <td className="px-3 py-1.5 text-right">{money(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <Card className="mb-6" data-testid="excess">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('excess.title')}</CardTitle>
            <CardDescription>{t('limits.hint')}</CardDescription>
          </div>
          {tableExport('excess')}
        </CardHeader>
        <CardContent>
          {over.length === 0 ? (
            <p className="text-[13px]">{t('excess.none')}</p>
          ) : (
            <ListTable
              columns={[
                { key: '0', label: t('excess.name'), className: th },
                { key: '1', label: t('excess.group'), className: th },
                { key: '2', label: t('excess.balance'), className: thr },
                { key: '3', label: t('excess.limit'), className: thr },
                { key: '4', label: t('excess.excess'), className: thr },
              ]}
              testId="excess-table"
            >
              {over.map((g) => (
                <tr key={`${g.limitId}-${g.key}`}>
                  <td className={th}>{g.label}</td>
                  <td className={th}>{t(`groups.${g.group}`)}</td>
                  <td className={thr}>{money(g.balance)}</td>
                  <td className={thr}>{money(g.limit)}</td>
                  <td className={thr}>{money(g.excess)}</td>
                </tr>
              ))}
            </ListTable>
          )}
        </CardContent>
      </Card>

      <Card className="mb-6" data-testid="eligibility">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('eligibility.title')}</CardTitle>
            <CardDescription>{t('criteria.hint')}</CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <FilterForm pathname={PATH} keep={q.asOf ? { asOf } : {}} aria-label={t('eligibility.filter')} className="flex items-end gap-2">
              <Select id="filter" name="filter" label={t('eligibility.filter')} defaultValue={q.filter} className="w-44">
                <option value="all">{t('eligibility.all')}</option>
                <option value="eligible">{t('eligibility.eligibleOnly')}</option>
                <option value="ineligible">{t('eligibility.ineligibleOnly')}</option>
              </Select>
            </FilterForm>
            <ExportLinks endpoint={`${api}/eligibility`} query={{ locale, asOf, filter: q.filter }} testId="eligibility-export" />
          </div>
        </CardHeader>
        {eligibility.total === 0 ? (
          <EmptyState icon={ListChecks} title={t('eligibility.title')}>
            {t('criteria.none')}
          </EmptyState>
        ) : (
          <>
            <ListTable
              columns={[
                { key: '0', label: t('eligibility.contract'), className: th },
                { key: '1', label: t('eligibility.lessee'), className: th },
                { key: '2', label: t('eligibility.balance'), className: thr },
                { key: '3', label: t('eligibility.dpd'), className: thr },
                { key: '4', label: t('eligibility.remainingMonths'), className: thr },
                { key: '5', label: t('eligibility.rate'), className: thr },
                { key: '6', label: t('eligibility.country'), className: th },
                { key: '7', label: t('eligibility.assetType'), className: th },
                { key: '8', label: t('eligibility.eligible'), className: th },
                { key: '9', label: t('eligibility.failed'), className: th },
              ]}
              testId="eligibility-table"
              hover
            >
              {eligibility.rows.map((r) => (
                <tr key={r.leaseId} className="hover:bg-surface-muted" data-eligible={r.eligible ? 'yes' : 'no'}>
                  <td className={`${th} whitespace-nowrap`}>{r.contractNumber}</td>
                  <td className={th}>{r.lesseeName}</td>
                  <td className={thr}>
                    <Amount minor={r.balance} currency={r.currency} />
                  </td>
                  <td className={thr}>{r.dpd}</td>
                  <td className={thr}>{r.remainingMonths}</td>
                  <td className={thr}>{pct(r.rate)}</td>
                  <td className={th}>{r.country}</td>
                  <td className={th}>{tAsset.has(r.assetType) ? tAsset(r.assetType as 'vehicle') : r.assetType}</td>
                  <td className={th}>{r.eligible ? t('eligibility.yes') : t('eligibility.no')}</td>
                  <td className={th}>{String(failedText(r) ?? '')}</td>
                </tr>
              ))}
            </ListTable>
            <div className="px-4 py-3">
              <Pagination
                pathname={PATH}
                queryFor={(p) => ({ ...keep, page: String(p) })}
                page={eligibility.page}
                pageCount={eligibility.pageCount}
                total={eligibility.total}
                perPage={eligibility.perPage}
              />
            </div>
          </>
        )}
      </Card>

      <Card className="mb-6" data-testid="draws">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('draws.title')}</CardTitle>
            <CardDescription>{t('draws.hint')}</CardDescription>
          </div>
          {tableExport('draws')}
        </CardHeader>
        <CardContent className="grid gap-4">
          {canWrite ? <DrawRequestForm facilityId={f.id} currency={f.currency} availability={base.availability} today={today} /> : null}
          {draws.length === 0 ? (
            <p className="text-[13px]">{t('draws.none')}</p>
          ) : (
            <ListTable
              columns={[
                { key: '0', label: t('draws.valueDate'), className: th },
                { key: '1', label: t('draws.type'), className: th },
                { key: '2', label: t('draws.amount'), className: thr },
                { key: '3', label: t('draws.status'), className: th },
                { key: '4', label: t('draws.requestedBy'), className: th },
                { key: '5', label: t('draws.decidedBy'), className: th },
                { key: '6', label: t('draws.note'), className: th },
              ]}
              testId="draws-table"
            >
              {draws.map((d) => (
                <tr key={d.id} data-status={d.status}>
                  <td className={`${th} whitespace-nowrap`}>{formatIsoDate(format, d.valueDate)}</td>
                  <td className={th}>{t(`draws.${d.type}`)}</td>
                  <td className={thr}>{money(d.type === 'draw' ? d.amount : -d.amount)}</td>
                  <td className={th}>
                    {d.status === 'pending' && canWrite ? (
                      <DecisionButtons
                        url={`${api}/draws/${d.id}`}
                        approveLabel={t('draws.approve')}
                        rejectLabel={t('draws.reject')}
                        testId={`draw-decide-${d.id}`}
                      />
                    ) : (
                      t(`draws.${d.status}`)
                    )}
                  </td>
                  <td className={th}>{d.requestedByEmail}</td>
                  <td className={th}>{d.decidedByEmail ?? ''}</td>
                  <td className={th}>{d.note}</td>
                </tr>
              ))}
            </ListTable>
          )}
        </CardContent>
      </Card>

      <Card className="mb-6" data-testid="certificates">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>{t('certificates.title')}</CardTitle>
            <CardDescription>{t('certificates.hint')}</CardDescription>
          </div>
          {tableExport('certificates')}
        </CardHeader>
        <CardContent className="grid gap-4">
          {canWrite ? <PrepareCertificateForm facilityId={f.id} defaultAsOf={asOf} /> : null}
          {certificates.length === 0 ? (
            <EmptyState icon={FileCheck} title={t('certificates.title')}>
              {t('certificates.none')}
            </EmptyState>
          ) : (
            <ListTable
              columns={[
                { key: '0', label: t('certificates.asOf'), className: th },
                { key: '1', label: t('certificates.status'), className: th },
                { key: '2', label: t('certificates.borrowingBase'), className: thr },
                { key: '3', label: t('certificates.availability'), className: thr },
                { key: '4', label: t('certificates.preparedBy'), className: th },
                { key: '5', label: t('certificates.decidedBy'), className: th },
                {
                  key: '6',
                  label: (
                    <>
                      {t('certificates.xlsx')} / {t('certificates.pdf')}
                    </>
                  ),
                  className: th,
                },
              ]}
              testId="certificates-table"
            >
              {certificates.map((c) => {
                const s = c.summary?.base;
                return (
                  <tr key={c.id} data-status={c.status}>
                    <td className={`${th} whitespace-nowrap`}>{formatIsoDate(format, c.asOf)}</td>
                    <td className={th}>
                      {c.status === 'pending' && canWrite ? (
                        <DecisionButtons
                          url={`${api}/certificates/${c.id}`}
                          approveLabel={t('certificates.approve')}
                          rejectLabel={t('certificates.reject')}
                          testId={`cert-decide-${c.id}`}
                        />
                      ) : (
                        t(`certificates.${c.status}`)
                      )}
                    </td>
                    <td className={thr}>{s ? money(s.borrowingBase) : '—'}</td>
                    <td className={thr}>{s ? money(s.availability) : '—'}</td>
                    <td className={th}>{c.preparedByEmail}</td>
                    <td className={th}>{c.decidedByEmail ?? ''}</td>
                    <td className={th}>
                      <span className="flex gap-2">
                        <a
                          href={`${api}/certificates/${c.id}/file?format=xlsx`}
                          className="text-primary underline-offset-2 hover:underline"
                          download
                          title={`${t('certificates.sha')} ${c.xlsxSha256}`}
                        >
                          {t('certificates.xlsx')}
                        </a>
                        {c.pdfSha256 ? (
                          <a
                            href={`${api}/certificates/${c.id}/file?format=pdf`}
                            className="text-primary underline-offset-2 hover:underline"
                            download
                            title={`${t('certificates.sha')} ${c.pdfSha256}`}
                          >
                            {t('certificates.pdf')}
                          </a>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </ListTable>
          )}
        </CardContent>
      </Card>

      <Card className="mb-6" data-testid="covenants">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>{t('covenants.title')}</CardTitle>
          {tableExport('covenants')}
        </CardHeader>
        <CardContent className="grid gap-6">
          {covenants.length === 0 ? <p className="text-[13px]">{t('covenants.none')}</p> : null}
          {covenants.map((h) => {
            const terms = h.terms;
            const title = `${t(`metrics.${h.metric}`)} ${t(`operators.${h.operator}`)}`;
            return (
              <section
                key={h.covenantId}
                aria-labelledby={`cov-${h.covenantId}`}
                data-testid={`covenant-${h.metric}`}
                className="grid gap-3 xl:grid-cols-[2fr_3fr]"
              >
                <div>
                  <h3 id={`cov-${h.covenantId}`} className="mb-1 text-[15px] font-medium text-heading">
                    {title}
                  </h3>
                  <p className="mb-2 text-[13px]">
                    {t('covenants.steps')}:{' '}
                    {terms.steps.map((s) => t('covenants.fromMonth', { month: s.fromMonth, threshold: pct(s.threshold) })).join('; ')} ·{' '}
                    {t('covenants.margin')}: {pct(terms.warningMargin)}
                  </p>
                  {h.latest ? (
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-[13px]">
                      <dt>{t('covenants.status')}</dt>
                      <dd>
                        <CovenantBadge status={h.latest.status} label={t(`status.${h.latest.status}`)} />
                      </dd>
                      <dt>{t('covenants.actual')}</dt>
                      <dd className="tabular">{pct(h.latest.actual)}</dd>
                      <dt>{t('covenants.threshold')}</dt>
                      <dd className="tabular">{pct(h.latest.threshold)}</dd>
                      <dt>{t('covenants.headroom')}</dt>
                      <dd className="tabular">{pct(h.latest.headroom)}</dd>
                    </dl>
                  ) : null}
                </div>
                <div>
                  <CovenantChart
                    id={`cov-chart-${h.covenantId}`}
                    title={`${t('covenants.history')}: ${title}`}
                    summary={title}
                    actualLabel={t('covenants.actual')}
                    thresholdLabel={t('covenants.threshold')}
                    months={h.months}
                  />
                  <div className="mt-2 max-h-56 overflow-auto">
                    <table className={`w-full text-[12px] ${STICKY_FIRST_COLUMN} ${ROW_RULES}`}>
                      <caption className="sr-only">{`${t('covenants.history')}: ${title}`}</caption>
                      <thead className={`sticky top-0 z-10 ${HEAD_CELLS}`}>
                        <tr className="text-left">
                          <th scope="col" className="px-2 py-1">
                            {t('covenants.month')}
                          </th>
                          <th scope="col" className="px-2 py-1 text-right">
                            {t('covenants.threshold')}
                          </th>
                          <th scope="col" className="px-2 py-1 text-right">
                            {t('covenants.actual')}
                          </th>
                          <th scope="col" className="px-2 py-1 text-right">
                            {t('covenants.headroom')}
                          </th>
                          <th scope="col" className="px-2 py-1">
                            {t('covenants.status')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {[...h.months].reverse().map((m) => (
                          <tr key={m.monthEnd}>
                            <td className="px-2 py-1">{formatIsoMonth(format, m.monthEnd)}</td>
                            <td className="px-2 py-1 text-right tabular">{pct(m.threshold)}</td>
                            <td className="px-2 py-1 text-right tabular">{pct(m.actual)}</td>
                            <td className="px-2 py-1 text-right tabular">{pct(m.headroom)}</td>
                            <td className="px-2 py-1">{t(`status.${m.status}`)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              </section>
            );
          })}
        </CardContent>
      </Card>

      <Card className="mb-6" data-testid="terms">
        <CardHeader>
          <CardTitle>{t('terms.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {canWrite ? (
            <>
              <TermsForm
                facilityId={f.id}
                terms={{
                  name: f.name,
                  lender: f.lender,
                  currency: f.currency,
                  commitment: f.commitment,
                  advanceRate: f.advanceRate,
                  reserves: f.reserves,
                  startDate: f.startDate,
                  maturityDate: f.maturityDate,
                }}
              />
              <RulesEditor facilityId={f.id} currency={f.currency} criteria={f.criteria} limits={f.limits} />
            </>
          ) : (
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-[13px] sm:grid-cols-4">
              <dt>{t('terms.commitment')}</dt>
              <dd>{money(f.commitment)}</dd>
              <dt>{t('terms.advanceRate')}</dt>
              <dd>{pct(f.advanceRate)}</dd>
              <dt>{t('terms.reserves')}</dt>
              <dd>{money(f.reserves)}</dd>
              <dt>{t('terms.maturityDate')}</dt>
              <dd>{formatIsoDate(format, f.maturityDate)}</dd>
            </dl>
          )}
        </CardContent>
      </Card>
    </ClientMessages>
  );
}
