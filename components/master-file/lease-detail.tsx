import type { LesseeKind, ShownStatus } from '@/lib/validations/leases';
import { LesseeKindForm } from './lessee-kind-form';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { Fragment, type ReactNode } from 'react';
import type { LeaseHistoryEntry, ScheduleTotalsRow } from '@/db/queries/lease-register';
import type { LeaseListRow } from '@/db/queries/leases';
import type { ScheduleRowRecord } from '@/db/schema/portfolio';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ScheduleRebase, Valuation } from '@/lib/finance';
import { formatIsoDate, formatMoney, formatPercent, formatTimestamp, type Formatter } from '@/lib/format';
import { LeaseStatusBadge } from './status-badges';

type Translate = Awaited<ReturnType<typeof getTranslations<'masterFile'>>>;

function Facts({ items, twoColumns = true }: { items: { label: string; value: ReactNode; testId?: string }[]; twoColumns?: boolean }) {
  return (
    <dl className={twoColumns ? 'grid gap-x-6 gap-y-0 sm:grid-cols-2' : 'grid'}>
      {items.map((i) => (
        <div key={i.label} className="grid grid-cols-[minmax(8rem,45%)_1fr] gap-3 border-b border-border py-2">
          <dt className="font-medium text-heading">{i.label}</dt>
          <dd className="min-w-0 break-words text-heading tabular" data-testid={i.testId}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The lease's terms as stored (amounts in its currency); `shownStatus` is its derived status (domain.md §8) and
 * `statusNote` says why (since when in default and why, probation, unlikely to pay, contagion; or who set it).
 */
export async function LeaseTermsCard({
  lease,
  shownStatus,
  statusNote,
  lesseeKind,
}: {
  lease: LeaseListRow;
  shownStatus: ShownStatus;
  statusNote?: string;
  /** The lessee's kind, with the form to change it when the user may write (`funderId` set). */
  lesseeKind: { kind: LesseeKind; funderId: number | null };
}) {
  const t = await getTranslations('masterFile');
  const format = await getFormatter();
  const m = (minor: number) => <Amount minor={minor} currency={lease.currency} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('lease.terms')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Facts
          items={[
            { label: t('fields.lessee'), value: `${lease.lesseeName}${lease.lesseeIdOdoo ? ` (${lease.lesseeIdOdoo})` : ''}` },
            {
              label: t('lease.lesseeKind.label'),
              value: (
                <>
                  {lesseeKind.funderId !== null ? (
                    <LesseeKindForm
                      funderId={lesseeKind.funderId}
                      lesseeId={lease.lesseeId}
                      lesseeName={lease.lesseeName}
                      kind={lesseeKind.kind}
                    />
                  ) : (
                    <span data-testid="lessee-kind">{t(`lease.lesseeKind.kinds.${lesseeKind.kind}`)}</span>
                  )}
                  <span className="mt-1 block text-xs text-body">{t('lease.lesseeKind.hint')}</span>
                </>
              ),
            },
            {
              label: t('fields.status'),
              value: (
                <>
                  <LeaseStatusBadge status={shownStatus} />
                  {statusNote ? (
                    <span className="mt-1 block text-xs text-body" data-testid="lease-status-note">
                      {statusNote}
                    </span>
                  ) : null}
                </>
              ),
            },
            { label: t('fields.assetType'), value: t(`assetTypes.${lease.assetType}`) },
            { label: t('fields.condition'), value: t(`conditions.${lease.condition}`) },
            { label: t('fields.assetDescription'), value: lease.assetDescription || '—' },
            { label: t('fields.currency'), value: lease.currency },
            { label: t('fields.price'), value: m(lease.price) },
            { label: t('fields.downPayment'), value: m(lease.downPayment) },
            { label: t('fields.principal'), value: m(lease.principal) },
            { label: t('fields.residual'), value: m(lease.residual) },
            { label: t('fields.term'), value: t('lease.termValue', { term: lease.term, frequency: t(`frequencies.${lease.frequency}`) }) },
            { label: t('fields.rate'), value: formatPercent(format, lease.rate, 3) },
            { label: t('fields.timing'), value: t(`timings.${lease.timing}`) },
            { label: t('fields.instalment'), value: m(lease.instalment), testId: 'lease-instalment' },
            { label: t('fields.firstDueDate'), value: formatIsoDate(format, lease.firstDueDate) },
            { label: t('fields.vatRate'), value: `${formatPercent(format, lease.vatRate, 1)} · ${t(`vatRegimes.${lease.vatRegime}`)}` },
            {
              label: t('fields.fee'),
              value: (
                <>
                  {m(lease.fee)}
                  {lease.fee > 0 ? ` · ${lease.feeFinanced ? t('lease.feeFinanced') : t('lease.feeUpfront')}` : ''}
                </>
              ),
            },
            { label: t('fields.purchaseDate'), value: formatIsoDate(format, lease.purchaseDate) },
            {
              label: t('fields.agreedPurchasePrice'),
              value: lease.agreedPurchasePrice === null ? t('lease.noAgreedPrice') : m(lease.agreedPurchasePrice),
            },
            { label: t('fields.version'), value: format.number(lease.version) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/**
 * prin, price (sellto4G), NPV, delta and check at the cut-off, from the valued book; or why there are
 * none: purchased after the cut-off, or written off on or before it (`writtenOffOn`, the day it left the pool).
 * The historical purchase price is shown apart, with its own date: it is not part of the delta.
 */
export async function LeaseValuationCard({
  lease,
  valuation,
  cutOff,
  purchasePrice,
  writtenOffOn = null,
}: {
  lease: LeaseListRow;
  valuation: Valuation | null;
  cutOff: string;
  purchasePrice: number | null;
  writtenOffOn?: string | null;
}) {
  const t = await getTranslations('masterFile');
  const format = await getFormatter();
  const m = (minor: number) => <Amount minor={minor} currency={lease.currency} />;
  return (
    <Card data-testid="lease-valuation">
      <CardHeader>
        <CardTitle>{t('valuation.title')}</CardTitle>
        <p className="text-sm">{t('valuation.cutOff', { date: formatIsoDate(format, cutOff, 'long') })}</p>
      </CardHeader>
      <CardContent>
        {purchasePrice !== null && Number.isFinite(purchasePrice) ? (
          <div className="mb-3">
            <Facts
              twoColumns={false}
              items={[
                {
                  label: t('valuation.purchasePrice', { date: formatIsoDate(format, lease.purchaseDate) }),
                  value: m(purchasePrice),
                  testId: 'valuation-purchase-price',
                },
              ]}
            />
            <p className="mt-1 text-xs text-body">{t('valuation.purchasePriceHint')}</p>
          </div>
        ) : null}
        {valuation && !valuation.inPool ? (
          <p data-testid="valuation-not-in-pool">
            {lease.purchaseDate <= cutOff && writtenOffOn !== null && writtenOffOn <= cutOff
              ? t('valuation.notInPoolWrittenOff', { date: formatIsoDate(format, writtenOffOn) })
              : t('valuation.notInPool', { date: formatIsoDate(format, lease.purchaseDate) })}
          </p>
        ) : valuation ? (
          <Facts
            twoColumns={false}
            items={[
              { label: t('valuation.prin'), value: m(valuation.prin), testId: 'valuation-prin' },
              { label: t('valuation.price'), value: m(valuation.sellto4G), testId: 'valuation-price' },
              { label: t('valuation.npv'), value: m(valuation.npv), testId: 'valuation-npv' },
              { label: t('valuation.delta'), value: m(valuation.delta), testId: 'valuation-delta' },
              { label: t('valuation.check'), value: m(valuation.check), testId: 'valuation-check' },
              { label: t('valuation.totalcf'), value: m(valuation.totalcf) },
              { label: t('valuation.remainingInstalments'), value: format.number(valuation.remainingInstalments) },
            ]}
          />
        ) : (
          <p data-testid="valuation-none">{t('valuation.notInBook', { status: t(`statuses.${lease.status}`) })}</p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The full instalment schedule with its column totals and the residual; a seasoned lease re-based to its tape's
 * balance (domain.md §7) says so above the first re-amortised instalment.
 */
export async function ScheduleTable({
  lease,
  rows,
  totals,
  residualDueDate,
  rebase = null,
}: {
  lease: LeaseListRow;
  rows: Omit<ScheduleRowRecord, 'leaseId'>[];
  totals: ScheduleTotalsRow;
  residualDueDate: string;
  rebase?: ScheduleRebase | null;
}) {
  const t = await getTranslations('masterFile.schedule');
  const format = await getFormatter();
  const m = (minor: number) => <Amount minor={minor} currency={lease.currency} />;
  const num = 'h-8 px-3 py-1 text-right tabular whitespace-nowrap';
  const head =
    'sticky top-0 z-10 h-9 border-b border-border bg-surface-muted px-3 text-xs font-semibold uppercase tracking-wide text-heading';
  const moneyCols = ['instalment', 'interest', 'principal', 'vat', 'fee', 'gross'] as const;
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={t('title')}>
      <table className="w-full border-collapse text-[13px]" data-testid="schedule-table">
        <caption className="sr-only">{t('caption', { contractNumber: lease.contractNumber })}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${head} text-right`}>
              {t('period')}
            </th>
            <th scope="col" className={`${head} text-left`}>
              {t('dueDate')}
            </th>
            {moneyCols.map((c) => (
              <th key={c} scope="col" className={`${head} text-right`}>
                {t(c)}
              </th>
            ))}
            <th scope="col" className={`${head} text-right`}>
              {t('balanceAfter')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Fragment key={r.period}>
              {rebase?.period === r.period ? (
                <tr className="border-b border-border bg-surface-muted text-heading" data-testid="schedule-rebase">
                  <td className="h-8 px-3 py-1" colSpan={moneyCols.length + 3}>
                    {t('rebaseRow', {
                      date: formatIsoDate(format, rebase.date),
                      balance: formatMoney(format, rebase.balance, lease.currency),
                      scheduled: formatMoney(format, rebase.scheduled, lease.currency),
                      adjustment: formatMoney(format, rebase.adjustment, lease.currency, { signDisplay: 'always' }),
                      instalment: formatMoney(format, rebase.instalment, lease.currency),
                    })}
                  </td>
                </tr>
              ) : null}
              <tr className="border-b border-border text-heading">
                <td className={num}>{r.period}</td>
                <td className="h-8 px-3 py-1 whitespace-nowrap">{formatIsoDate(format, r.dueDate)}</td>
                {moneyCols.map((c) => (
                  <td key={c} className={num}>
                    {m(r[c])}
                  </td>
                ))}
                <td className={num}>{m(r.balanceAfter)}</td>
              </tr>
            </Fragment>
          ))}
          {lease.residual > 0 ? (
            <tr className="border-b border-border text-heading">
              <td className={num} />
              <td className="h-8 px-3 py-1 whitespace-nowrap">{formatIsoDate(format, residualDueDate)}</td>
              <td className="h-8 px-3 py-1" colSpan={moneyCols.length - 1}>
                {t('residualRow')}
              </td>
              <td className={num}>{m(lease.residual)}</td>
              <td className={num}>{m(0)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border-strong bg-surface-muted font-medium text-heading" data-testid="schedule-totals">
            <td className="h-8 px-3 py-1" colSpan={2}>
              {t('totals', { count: totals.rows })}
            </td>
            {moneyCols.map((c) => (
              <td key={c} className={num}>
                {m(totals[c])}
              </td>
            ))}
            <td className={num} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function changeValue(t: Translate, format: Formatter, currency: string, field: string, value: unknown): ReactNode {
  if (value === null || value === undefined) return '—';
  switch (field) {
    case 'price':
    case 'downPayment':
    case 'residual':
    case 'fee':
    case 'principal':
    case 'instalment':
    case 'agreedPurchasePrice':
    case 'rebasedBalance':
      return <Amount minor={Number(value)} currency={currency} />;
    case 'rate':
      return formatPercent(format, Number(value), 3);
    case 'vatRate':
      return formatPercent(format, Number(value), 1);
    case 'firstDueDate':
    case 'purchaseDate':
    case 'rebasedOn':
      return formatIsoDate(format, String(value));
    case 'status':
      return t(`statuses.${String(value)}`);
    case 'assetType':
      return t(`assetTypes.${String(value)}`);
    case 'condition':
      return t(`conditions.${String(value)}`);
    case 'timing':
      return t(`timings.${String(value)}`);
    case 'frequency':
      return t(`frequencies.${String(value)}`);
    case 'vatRegime':
      return t(`vatRegimes.${String(value)}`);
    case 'feeFinanced':
      return value ? t('history.yes') : t('history.no');
    default:
      return String(value);
  }
}

/** Who changed the lease, when, and what (before → after), newest first. */
export async function LeaseHistory({ entries, currency }: { entries: LeaseHistoryEntry[]; currency: string }) {
  const t = await getTranslations('masterFile');
  const format = await getFormatter();
  return (
    <ol className="flex flex-col gap-3" data-testid="lease-history">
      {entries.map((h) => (
        <li key={h.id} className="rounded-md border border-border px-4 py-3">
          <p className="text-heading">
            <span className="font-medium">{t(`history.actions.${h.action}`)}</span>
            {' · '}
            {t('history.by', { name: h.userName ?? t('history.system') })}
            {' · '}
            <time dateTime={new Date(h.at).toISOString()}>{formatTimestamp(format, h.at)}</time>
            {' · '}
            {t('history.version', { version: h.version })}
          </p>
          {Object.keys(h.changes).length > 0 ? (
            <ul className="mt-1 flex flex-col gap-0.5 text-[13px]">
              {Object.entries(h.changes).map(([field, [before, after]]) => (
                <li key={field}>
                  <span className="font-medium text-heading">{t.has(`fields.${field}`) ? t(`fields.${field}`) : field}</span>
                  {': '}
                  {changeValue(t, format, currency, field, before)} → {changeValue(t, format, currency, field, after)}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
