/**
 * The facility screens' tables as export columns in the user's language (one CSV/XLSX kit): the list, the
 * waterfall, the excess per group, draws, certificates and covenant results.
 */
import type { Facility, FacilityDraw, CertificateListItem } from '@/db/queries/facilities';
import type { ExportColumn } from '@/lib/exports';
import type { BorrowingBase } from '@/lib/facilities';
import type { CovenantHistory, CovenantMonth, FacilitySummary } from './service';

type T = (key: string, values?: Record<string, string | number>) => string;

export type WaterfallLine = { key: string; label: string; amount: number };

/** The waterfall as lines (reductions negative), in the screen's order. */
export function waterfallRows(t: T, b: BorrowingBase, formatRate: (r: number) => string): WaterfallLine[] {
  return [
    { key: 'collateral', label: t('waterfall.collateral'), amount: b.collateralBalance },
    { key: 'ineligible', label: t('waterfall.ineligible'), amount: -b.ineligibleBalance },
    { key: 'eligible', label: t('waterfall.eligible'), amount: b.eligibleBalance },
    { key: 'excess', label: t('waterfall.excess'), amount: -b.excess.total },
    { key: 'eligibleAfterExcess', label: t('waterfall.eligibleAfterExcess'), amount: b.eligibleAfterExcess },
    {
      key: 'advanced',
      label: `${t('waterfall.advanced')} (${t('waterfall.advanceRate', { rate: formatRate(b.advanceRate) })})`,
      amount: b.advancedAmount,
    },
    { key: 'reserves', label: t('waterfall.reserves'), amount: -b.reserves },
    { key: 'borrowingBase', label: t('waterfall.borrowingBase'), amount: b.borrowingBase },
    { key: 'commitment', label: t('waterfall.commitment'), amount: b.commitment },
    { key: 'maximumAdvance', label: t('waterfall.maximumAdvance'), amount: b.maximumAdvance },
    { key: 'outstanding', label: t('waterfall.outstanding'), amount: -b.outstanding },
    { key: 'availability', label: b.availability < 0 ? t('waterfall.shortfall') : t('waterfall.availability'), amount: b.availability },
  ];
}

export function waterfallColumns(t: T, currency: string): ExportColumn<WaterfallLine>[] {
  return [
    { id: 'item', header: t('waterfall.item'), kind: 'text', value: (r) => r.label, width: 40 },
    { id: 'amount', header: t('waterfall.amount'), kind: 'money', value: (r) => r.amount, currency: () => currency, width: 18 },
  ];
}

export function summaryColumns(t: T): ExportColumn<FacilitySummary>[] {
  const money = (id: keyof FacilitySummary & string, header: string): ExportColumn<FacilitySummary> => ({
    id,
    header,
    kind: 'money',
    value: (r) => r[id] as number,
    currency: (r) => r.currency,
    width: 18,
  });
  return [
    { id: 'name', header: t('list.name'), kind: 'text', value: (r) => r.name, width: 28 },
    { id: 'lender', header: t('list.lender'), kind: 'text', value: (r) => r.lender, width: 24 },
    { id: 'currency', header: t('list.currency'), kind: 'text', value: (r) => r.currency },
    money('commitment', t('list.commitment')),
    money('outstanding', t('list.drawn')),
    money('borrowingBase', t('list.borrowingBase')),
    money('availability', t('list.availability')),
    { id: 'covenantStatus', header: t('list.covenantStatus'), kind: 'text', value: (r) => t(`status.${r.covenantStatus ?? 'none'}`) },
    { id: 'maturityDate', header: t('list.maturity'), kind: 'date', value: (r) => r.maturityDate },
  ];
}

export function drawColumns(t: T, currency: string): ExportColumn<FacilityDraw>[] {
  return [
    { id: 'valueDate', header: t('draws.valueDate'), kind: 'date', value: (r) => r.valueDate },
    { id: 'type', header: t('draws.type'), kind: 'text', value: (r) => t(`draws.${r.type}`) },
    { id: 'amount', header: t('draws.amount'), kind: 'money', value: (r) => r.amount, currency: () => currency, width: 18 },
    { id: 'status', header: t('draws.status'), kind: 'text', value: (r) => t(`draws.${r.status}`) },
    { id: 'requestedBy', header: t('draws.requestedBy'), kind: 'text', value: (r) => r.requestedByEmail, width: 26 },
    { id: 'decidedBy', header: t('draws.decidedBy'), kind: 'text', value: (r) => r.decidedByEmail ?? '', width: 26 },
    { id: 'note', header: t('draws.note'), kind: 'text', value: (r) => r.note, width: 30 },
  ];
}

export function certificateColumns(t: T, currency: string): ExportColumn<CertificateListItem>[] {
  return [
    { id: 'asOf', header: t('certificates.asOf'), kind: 'date', value: (r) => r.asOf },
    { id: 'status', header: t('certificates.status'), kind: 'text', value: (r) => t(`certificates.${r.status}`) },
    {
      id: 'borrowingBase',
      header: t('certificates.borrowingBase'),
      kind: 'money',
      value: (r) => r.summary?.base.borrowingBase ?? null,
      currency: () => currency,
      width: 18,
    },
    {
      id: 'availability',
      header: t('certificates.availability'),
      kind: 'money',
      value: (r) => r.summary?.base.availability ?? null,
      currency: () => currency,
      width: 18,
    },
    { id: 'preparedBy', header: t('certificates.preparedBy'), kind: 'text', value: (r) => r.preparedByEmail, width: 26 },
    { id: 'decidedBy', header: t('certificates.decidedBy'), kind: 'text', value: (r) => r.decidedByEmail ?? '', width: 26 },
    { id: 'xlsxSha256', header: `${t('certificates.sha')} XLSX`, kind: 'text', value: (r) => r.xlsxSha256, width: 66 },
    { id: 'pdfSha256', header: `${t('certificates.sha')} PDF`, kind: 'text', value: (r) => r.pdfSha256 ?? '', width: 66 },
  ];
}

export type CovenantRow = CovenantMonth & { metric: CovenantHistory['metric']; operator: CovenantHistory['operator'] };

export function covenantRows(history: readonly CovenantHistory[]): CovenantRow[] {
  return history.flatMap((h) => h.months.map((m) => ({ ...m, metric: h.metric, operator: h.operator })));
}

export function covenantColumns(t: T): ExportColumn<CovenantRow>[] {
  return [
    { id: 'metric', header: t('covenants.metric'), kind: 'text', value: (r) => t(`metrics.${r.metric}`), width: 26 },
    { id: 'monthEnd', header: t('covenants.month'), kind: 'date', value: (r) => r.monthEnd },
    { id: 'age', header: t('covenants.age'), kind: 'integer', value: (r) => r.ageMonths },
    { id: 'operator', header: t('covenants.operator'), kind: 'text', value: (r) => t(`operators.${r.operator}`) },
    { id: 'threshold', header: t('covenants.threshold'), kind: 'percent', value: (r) => r.threshold },
    { id: 'actual', header: t('covenants.actual'), kind: 'percent', value: (r) => r.actual },
    { id: 'headroom', header: t('covenants.headroom'), kind: 'percent', value: (r) => r.headroom },
    { id: 'status', header: t('covenants.status'), kind: 'text', value: (r) => t(`status.${r.status}`) },
  ];
}

export type { Facility };
