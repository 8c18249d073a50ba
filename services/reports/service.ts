import { transaction } from '@/db/transaction';
/**
 * The glue the report routes and pages share: which book and servicing book a report reads, the
 * export tables of the stratification and the customers, and generating a kept servicing-report file.
 */
import { todayIso } from '@/lib/clock';
import type { Db } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { createReportFile, type ReportFileRecord } from '@/db/queries/report-files';
import type { Funder } from '@/db/schema/portfolio';
import { NotFound } from '@/lib/domain/errors';
import type { ExportColumn } from '@/lib/exports';
import type { Formatter } from '@/lib/format';
import { defaultCutOff, type ValuedBook, poolBook } from '@/services/portfolio/valuation';
import type { StratDimension, ServicingReportKind } from '@/lib/reports/constants';
import { buildCustomers, type CustomerRow } from '@/lib/reports/customers';
import { customerDelinquency, servicingBookOf, stratDelinquency, tapeDelinquency } from '@/services/reports/delinquency';
import type { FileSheet } from '@/lib/reports/files';
import { renderServicingReport, reportFileName, type Header } from '@/services/reports/kept-files';
import { bucketLabel, delinquencyBucketLabel, type Translate } from '@/lib/reports/labels';
import { buildServicingReport } from '@/services/reports/servicing-reports';
import { bookStratification, type Stratification } from '@/lib/reports/stratification';
import type { TapeSource, TapeDelinquency } from '@/lib/reports/tape';
import { creditFactsAt } from '@/services/credit/facts';
import { derivedValue } from '@/lib/views';

export async function requireFunder(db: Db, funderId: number): Promise<Funder> {
  const f = await getFunder(db, funderId);
  if (!f) throw new NotFound(`Funder ${funderId} does not exist.`);
  return f;
}

/** The valued book of a report at `asOf` (default: the first day of the current month). */
export async function reportBook(db: Db, funderId: number, asOf?: string, today = todayIso()): Promise<ValuedBook> {
  return await poolBook(db, funderId, asOf ?? defaultCutOff(today), false, today);
}

export async function stratificationOf(db: Db, book: ValuedBook, dimension: StratDimension): Promise<Stratification> {
  const delinquency = dimension === 'delinquency' ? stratDelinquency(await servicingBookOf(db, book.funder.id, book.cutOff)) : undefined;
  return bookStratification(book, dimension, delinquency);
}

const customerCache = derivedValue<object, Map<object, CustomerRow[]>>(
  'customerRows',
  "a valuation's customers with their DPD, for the latest servicing book",
);

/** The customers of the book with their DPD at the book's cut-off; cached per valuation and servicing book. */
export async function customersOf(db: Db, book: ValuedBook): Promise<CustomerRow[]> {
  const sb = await servicingBookOf(db, book.funder.id, book.cutOff);
  let m = customerCache.peek(book.valuation);
  if (!m) customerCache.set(book.valuation, (m = new Map()));
  let rows = m.get(sb);
  if (!rows) {
    m.clear();
    rows = buildCustomers(book, customerDelinquency(sb));
    m.set(sb, rows);
  }
  return rows;
}

export async function tapeSourceOf(db: Db, book: ValuedBook): Promise<{ src: TapeSource; delinquency: TapeDelinquency }> {
  const sb = await servicingBookOf(db, book.funder.id, book.cutOff);
  // LESL59–62 and a derived DFLT in LESL57 from the credit module's facts at the cut-off.
  const facts = await creditFactsAt(db, book.funder.id, book.cutOff);
  const base = tapeDelinquency(sb);
  const delinquency: TapeDelinquency = (leaseId) => {
    const d = base(leaseId);
    const f = facts.get(leaseId);
    if (!d || !f) return d;
    return {
      arrearsTotal: d.arrearsTotal,
      dpd: d.dpd,
      creditFacts: {
        status: f.status,
        defaultAmount: f.defaultAmount,
        defaultDate: f.firstDefaultDate,
        writtenOff: f.writtenOff,
        recoveries: f.recoveries,
      },
    };
  };
  return { src: { funderId: book.funder.id, buyRate: book.funder.buyRate, ...book }, delinquency };
}

/**
 * Fixed precision of fractions in the CSV/XLSX files (never raw floats like 0.45686900958466453):
 * shares (% count, % outstanding, a customer's share) with 4 decimals of the fraction (0.4569 =
 * 45.69 %), weighted-average rates with 6 (0.052345 = 5.2345 %), WA terms with 2 decimals of a month.
 */
export const SHARE_DECIMALS = 4;
export const RATE_DECIMALS = 6;
const roundTo = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

type StratExportRow = {
  currency: string;
  bucket: string;
  count: number;
  countShare: number;
  outstanding: number;
  outstandingShare: number;
  averageBalance: number;
  waRate: number | null;
  waOriginalTermMonths: number | null;
  waRemainingTermMonths: number | null;
  waSeasoningMonths: number | null;
};

/** The stratification as one table: every currency's buckets then its totals row. */
export function stratExportTable(
  strat: Stratification,
  t: Translate,
  format: Formatter,
): { columns: ExportColumn<StratExportRow>[]; rows: StratExportRow[] } {
  const rows: StratExportRow[] = strat.currencies.flatMap((c) => [
    ...c.buckets.map((b) => ({ currency: c.currency, ...b, bucket: bucketLabel(t, format, strat.dimension, b) })),
    { currency: c.currency, ...c.total, bucket: t('strat.total') },
  ]);
  const col = (id: keyof StratExportRow, kind: ExportColumn<StratExportRow>['kind']): ExportColumn<StratExportRow> => ({
    id,
    header: t(`strat.columns.${id}`),
    kind,
    value: (r) => {
      const v = r[id];
      if (typeof v !== 'number') return v;
      if (kind === 'decimal') return roundTo(v, 2);
      if (kind === 'percent') return roundTo(v, id === 'waRate' ? RATE_DECIMALS : SHARE_DECIMALS);
      return v;
    },
    ...(kind === 'money' ? { currency: (r: StratExportRow) => r.currency } : {}),
  });
  return {
    columns: [
      col('currency', 'text'),
      { ...col('bucket', 'text'), header: t(`dimensions.${strat.dimension}`) },
      col('count', 'integer'),
      col('countShare', 'percent'),
      col('outstanding', 'money'),
      col('outstandingShare', 'percent'),
      col('averageBalance', 'money'),
      col('waRate', 'percent'),
      col('waOriginalTermMonths', 'decimal'),
      col('waRemainingTermMonths', 'decimal'),
      col('waSeasoningMonths', 'decimal'),
    ],
    rows,
  };
}

export function customerExportColumns(t: Translate): ExportColumn<CustomerRow>[] {
  const money = (id: 'outstanding' | 'price'): ExportColumn<CustomerRow> => ({
    id,
    header: t(`customers.columns.${id}`),
    kind: 'money',
    value: (r) => r[id],
    currency: (r) => r.currency,
  });
  return [
    { id: 'lesseeId', header: t('customers.columns.lesseeId'), kind: 'integer', value: (r) => r.lesseeId },
    { id: 'lesseeName', header: t('customers.columns.lesseeName'), kind: 'text', value: (r) => r.lesseeName },
    { id: 'currency', header: t('customers.columns.currency'), kind: 'text', value: (r) => r.currency },
    { id: 'leases', header: t('customers.columns.leases'), kind: 'integer', value: (r) => r.leases },
    money('outstanding'),
    money('price'),
    { id: 'share', header: t('customers.columns.share'), kind: 'percent', value: (r) => roundTo(r.share, SHARE_DECIMALS) },
    { id: 'dpd', header: t('customers.columns.dpd'), kind: 'integer', value: (r) => r.dpd },
    {
      id: 'bucket',
      header: t('customers.columns.bucket'),
      kind: 'text',
      value: (r) => (r.bucket ? delinquencyBucketLabel(t, r.bucket) : null),
    },
  ];
}

export type { FileSheet };

/**
 * Builds a servicing report for a month, renders it and keeps the file (one insert). Regenerating
 * the same report, month, format and locale gives the same bytes (same sha256).
 */
export async function generateKeptFile(
  db: Db,
  funder: Funder,
  input: { kind: ServicingReportKind; month: string; format: 'csv' | 'xlsx'; locale: string },
  userId: number | null,
  header: Header,
  sheetNames: { lines: string; totals: string },
): Promise<ReportFileRecord> {
  const report = await buildServicingReport(db, funder, input.kind, input.month);
  const file = await renderServicingReport(report, input.format, header, sheetNames);
  return await transaction(
    db,
    async (tx) =>
      await createReportFile(tx, {
        funderId: funder.id,
        kind: input.kind,
        period: input.month,
        format: input.format,
        params: { kind: input.kind, month: input.month, format: input.format, locale: input.locale },
        fileName: reportFileName(report, funder.id, input.format),
        contentType: file.contentType,
        sha256: file.sha256,
        data: file.data,
        createdBy: userId,
      }),
  );
}
