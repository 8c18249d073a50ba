/**
 * Servicing → Servicing Reports for a month (domain.md §5, research §4.6): Draws, Distributions,
 * Collections, Liability, VAT and Total CF, each as one table shape (typed columns, lines, totals per
 * currency) that the screen, the JSON API and the kept files (CSV/XLSX) all render. Figures come from
 * db/queries/reports (schedules and the collections ledger), the book's historical purchase prices
 * (Draws) and the funding line (lib/portfolio/liability fundingLineMonth: the same balance definition
 * as the Liability CF, so both agree on the same date). Amounts are minor units of the
 * line's currency and are never added across currencies.
 */
import { processState } from '@/lib/views';
import type { Db } from '@/db/client';
import {
  collectedByLease,
  leasesPurchasedIn,
  scheduledByLease,
  type CollectedLine,
  type LeaseRef,
  type ScheduledLine,
} from '@/db/queries/reports';
import { bookChangeStamp } from '@/db/queries/book-changes';
import type { Funder } from '@/db/schema/portfolio';
import { CURRENCY_CODES, outstandingPrincipalOn, roundHalfUp } from '@/lib/finance';
import { addMonths, formatDate, tryParseDate } from '@/lib/finance/dates';

const addDays = (day: string, n: number) => formatDate(tryParseDate(day)! + n);
import { fundingLineMonth } from '@/lib/portfolio/liability';
import { loadBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';

import { SERVICING_REPORT_KINDS, type ServicingReportKind } from '@/lib/reports/constants';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export { SERVICING_REPORT_KINDS, type ServicingReportKind };

export type ReportColumnKind = 'text' | 'integer' | 'money' | 'percent' | 'date';
export interface ReportColumn {
  id: string;
  kind: ReportColumnKind;
}
export type ReportLine = Record<string, string | number | null> & { currency: string };

export interface ServicingReport {
  kind: ServicingReportKind;
  month: string;
  from: string;
  to: string;
  columns: ReportColumn[];
  lines: ReportLine[];
  /** Per currency: Σ of the lines' money and integer columns (text columns empty). */
  totals: ReportLine[];
}

/** First and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const next = addMonths(from, 1);
  const [y, m] = next.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return { from, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The last complete month before `today` (YYYY-MM-DD) as YYYY-MM. */
export function lastCompleteMonth(today: string): string {
  return addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

// The month's schedule sums and collections, shared by the reports of the same month (Collections,
// Distributions, VAT and Total CF read the same two queries), keyed like the reports themselves.
type MonthData = { scheduled: ScheduledLine[]; collected: (CollectedLine & LeaseRef)[] };
const monthCache = processState(
  'servicingReportMonths',
  "the servicing reports' month data, keyed by the funder's current book and month",
  '6 months of the current book',
  () => new Map<string, MonthData>(),
);

/** The start of every cache key of the funder's current ledger and data (the book change journal's seq: it moves with every payment, lease and settings write). */
async function currentPrefix(db: Db, funder: Funder): Promise<string> {
  return `${funder.id}:${await bookChangeStamp(db, funder.id)}:`;
}

/**
 * Keeps `value` under `key`, which starts with `current` (currentPrefix: the funder's id and current stamp), first
 * dropping the funder's entries of another stamp: the stamp only moves forward, so they can never be read again, and
 * each holds a line per lease (a payment used to leave the previous month data and reports in memory until `max`
 * newer ones pushed them out). Then the oldest entries beyond `max` go.
 */
export function keepCurrent<V>(cache: Map<string, V>, current: string, key: string, value: V, max: number): void {
  const funder = current.slice(0, current.indexOf(':') + 1);
  for (const k of cache.keys()) if (k.startsWith(funder) && !k.startsWith(current)) cache.delete(k);
  cache.set(key, value);
  while (cache.size > max) cache.delete(cache.keys().next().value!);
}

/** A month's data kept under `${current}${range.from}` (current: currentPrefix). */
function keepMonth(current: string, range: { from: string }, data: MonthData): void {
  keepCurrent(monthCache, current, `${current}${range.from}`, data, 6);
}

/*
 * The per-lease objects below (month data, report lines) are written as object literals naming every field,
 * never as `{ ...row, extra }`: V8 gives each object spread from a SQL row (whose number fields mix small
 * integers and doubles) a hidden class of its own, ≈ 400 bytes of descriptors per line — about 70 MiB for a
 * month of a 100,000-lease book's reports (issue #10).
 */
const scheduledLine = (s: ScheduledLine): ScheduledLine => ({
  leaseId: s.leaseId,
  contractNumber: s.contractNumber,
  lesseeId: s.lesseeId,
  lesseeName: s.lesseeName,
  currency: s.currency,
  instalments: s.instalments,
  instalment: s.instalment,
  interest: s.interest,
  principal: s.principal,
  vat: s.vat,
  fee: s.fee,
  gross: s.gross,
});
const collectedCopy = (c: CollectedLine): CollectedLine => ({
  leaseId: c.leaseId,
  payments: c.payments,
  received: c.received,
  vat: c.vat,
  fee: c.fee,
  interest: c.interest,
  principal: c.principal,
  credit: c.credit,
});
const collectedLine = (
  c: CollectedLine,
  l: { contractNumber: string; lesseeId: number; lesseeName: string; currency: string },
): CollectedLine & LeaseRef => ({
  leaseId: c.leaseId,
  payments: c.payments,
  received: c.received,
  vat: c.vat,
  fee: c.fee,
  interest: c.interest,
  principal: c.principal,
  credit: c.credit,
  contractNumber: l.contractNumber,
  lesseeId: l.lesseeId,
  lesseeName: l.lesseeName,
  currency: l.currency,
});

/** Lease details from the book (in memory); leases outside the book are not reported. */
async function withRefs(db: Db, funder: Funder, collected: CollectedLine[]): Promise<(CollectedLine & LeaseRef)[]> {
  const book = await loadBook(db, funder.id);
  return collected.flatMap((c) => {
    const i = book.indexById.get(c.leaseId);
    if (i === undefined) return [];
    const l = book.leases[i]!;
    return [collectedLine(c, l)];
  });
}

async function monthData(db: Db, funder: Funder, range: { from: string; to: string }): Promise<MonthData> {
  const current = await currentPrefix(db, funder);
  const hit = monthCache.get(`${current}${range.from}`);
  if (hit) return hit;
  const data = {
    scheduled: (await scheduledByLease(db, funder.id, range)).map(scheduledLine),
    collected: await withRefs(db, funder, await collectedByLease(db, funder.id, range)),
  };
  keepMonth(current, range, data);
  return data;
}

/**
 * The same month data as monthData, read day by day and yielding to the event loop between days (the
 * month's queries on a cold 100,000-lease database take seconds in one piece): for the server's warm-up.
 * Every figure is a per-lease sum or count, so the days add up to the month exactly.
 */
export async function warmMonthData(db: Db, funder: Funder, month: string): Promise<void> {
  const range = monthRange(month);
  const current = await currentPrefix(db, funder);
  if (monthCache.has(`${current}${range.from}`)) return;
  const scheduled = new Map<number, ScheduledLine>();
  const collected = new Map<number, CollectedLine>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const one = { from: day, to: day };
    for (const s of await scheduledByLease(db, funder.id, one)) {
      const e = scheduled.get(s.leaseId);
      if (!e) scheduled.set(s.leaseId, scheduledLine(s));
      else for (const k of ['instalments', 'instalment', 'interest', 'principal', 'vat', 'fee', 'gross'] as const) e[k] += s[k];
    }
    for (const c of await collectedByLease(db, funder.id, one)) {
      const e = collected.get(c.leaseId);
      if (!e) collected.set(c.leaseId, collectedCopy(c));
      else for (const k of ['payments', 'received', 'vat', 'fee', 'interest', 'principal', 'credit'] as const) e[k] += c[k];
    }
    await yieldToLoop();
  }
  if ((await currentPrefix(db, funder)) !== current) return;
  const byId = <T extends { leaseId: number }>(m: Map<number, T>) => [...m.values()].sort((a, b) => a.leaseId - b.leaseId);
  keepMonth(current, range, { scheduled: byId(scheduled), collected: await withRefs(db, funder, byId(collected)) });
}

const collectedWithRefs = async (db: Db, funder: Funder, range: { from: string; to: string }) =>
  (await monthData(db, funder, range)).collected;
const scheduledOf = async (db: Db, funder: Funder, range: { from: string; to: string }) => (await monthData(db, funder, range)).scheduled;

const REF_COLUMNS: ReportColumn[] = [
  { id: 'leaseId', kind: 'integer' },
  { id: 'contractNumber', kind: 'text' },
  { id: 'lesseeName', kind: 'text' },
  { id: 'currency', kind: 'text' },
];
const money = (...ids: string[]): ReportColumn[] => ids.map((id) => ({ id, kind: 'money' }));
const ccyOrder = (c: string) => CURRENCY_CODES.indexOf(c as never);

/** Per-currency totals of the lines' money columns (and counts of integer columns other than ids). */
export function totalsOf(columns: readonly ReportColumn[], lines: readonly ReportLine[]): ReportLine[] {
  const by = new Map<string, ReportLine>();
  for (const line of lines) {
    let t = by.get(line.currency);
    if (!t) {
      t = { currency: line.currency };
      for (const c of columns) if (c.kind === 'money') t[c.id] = 0;
      t.lines = 0;
      by.set(line.currency, t);
    }
    for (const c of columns) if (c.kind === 'money') t[c.id] = (t[c.id] as number) + ((line[c.id] as number | null) ?? 0);
    t.lines = (t.lines as number) + 1;
  }
  return [...by.values()].sort((a, b) => ccyOrder(a.currency) - ccyOrder(b.currency));
}

async function collections(db: Db, funder: Funder, range: { from: string; to: string }) {
  const scheduled = await scheduledOf(db, funder, range);
  const collected = await collectedWithRefs(db, funder, range);
  const lines = new Map<number, ReportLine>();
  const blank = (r: LeaseRef): ReportLine => ({
    leaseId: r.leaseId,
    contractNumber: r.contractNumber,
    lesseeName: r.lesseeName,
    currency: r.currency,
    scheduledVat: 0,
    scheduledFee: 0,
    scheduledInterest: 0,
    scheduledPrincipal: 0,
    scheduledTotal: 0,
    collectedVat: 0,
    collectedFee: 0,
    collectedInterest: 0,
    collectedPrincipal: 0,
    credit: 0,
    received: 0,
  });
  for (const s of scheduled) {
    const l = blank(s);
    l.scheduledVat = s.vat;
    l.scheduledFee = s.fee;
    l.scheduledInterest = s.interest;
    l.scheduledPrincipal = s.principal;
    l.scheduledTotal = s.vat + s.fee + s.interest + s.principal;
    lines.set(s.leaseId, l);
  }
  for (const c of collected) {
    const l = lines.get(c.leaseId) ?? blank(c);
    l.collectedVat = c.vat;
    l.collectedFee = c.fee;
    l.collectedInterest = c.interest;
    l.collectedPrincipal = c.principal;
    l.credit = c.credit;
    l.received = c.received;
    lines.set(c.leaseId, l);
  }
  return {
    columns: [
      ...REF_COLUMNS,
      ...money('scheduledVat', 'scheduledFee', 'scheduledInterest', 'scheduledPrincipal', 'scheduledTotal'),
      ...money('collectedVat', 'collectedFee', 'collectedInterest', 'collectedPrincipal', 'credit', 'received'),
    ],
    lines: [...lines.values()].sort((a, b) => (a.leaseId as number) - (b.leaseId as number)),
  };
}

async function distributions(db: Db, funder: Funder, range: { from: string; to: string }) {
  const lines = (await collectedWithRefs(db, funder, range)).map((c) => {
    const servicingFee = roundHalfUp(c.received * funder.servicingFee);
    return {
      leaseId: c.leaseId,
      contractNumber: c.contractNumber,
      lesseeName: c.lesseeName,
      currency: c.currency,
      received: c.received,
      servicingFeeRate: funder.servicingFee,
      servicingFee,
      distributed: c.received - servicingFee,
    };
  });
  return {
    columns: [
      ...REF_COLUMNS,
      ...money('received'),
      { id: 'servicingFeeRate', kind: 'percent' as const },
      ...money('servicingFee', 'distributed'),
    ],
    lines,
  };
}

async function draws(db: Db, funder: Funder, range: { from: string; to: string }) {
  const ids = await leasesPurchasedIn(db, funder.id, range);
  const book = await loadBook(db, funder.id);
  const lines = ids.flatMap((id) => {
    const i = book.indexById.get(id);
    if (i === undefined) return [];
    const l = book.leases[i]!;
    // The historical price (domain.md §3), the one the liability draws against (§4), never a cut-off's sellto4G.
    const price = book.purchasePrice[i]!;
    return [
      {
        leaseId: l.id,
        contractNumber: l.contractNumber,
        lesseeName: l.lesseeName,
        currency: l.currency,
        purchaseDate: l.purchaseDate,
        outstanding: outstandingPrincipalOn(book.portfolio, i, book.purchaseDay[i]!),
        purchasePrice: price,
        advanceRate: funder.advanceRate,
        drawn: roundHalfUp(price * funder.advanceRate),
      },
    ];
  });
  return {
    columns: [
      ...REF_COLUMNS,
      { id: 'purchaseDate', kind: 'date' as const },
      ...money('outstanding', 'purchasePrice'),
      { id: 'advanceRate', kind: 'percent' as const },
      ...money('drawn'),
    ],
    lines,
  };
}

/** The funding line over the month (lib/portfolio/liability fundingLineMonth: the one balance definition). */
async function liabilityMonth(db: Db, funder: Funder, range: { from: string; to: string }) {
  return fundingLineMonth(
    await loadBook(db, funder.id),
    { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate },
    range.from,
    range.to,
    funder.baseCurrency,
  );
}

async function liability(db: Db, funder: Funder, range: { from: string; to: string }) {
  const lines = (await liabilityMonth(db, funder, range)).map((c) => ({
    currency: c.currency,
    leases: c.leases,
    opening: c.opening,
    drawn: c.drawn,
    principal: c.principal,
    writtenOff: c.writtenOff,
    interest: c.interest,
    vat: c.vat,
    closing: c.closing,
  }));
  return {
    columns: [
      { id: 'currency', kind: 'text' as const },
      { id: 'leases', kind: 'integer' as const },
      ...money('opening', 'drawn', 'principal', 'writtenOff', 'interest', 'vat', 'closing'),
    ],
    lines,
  };
}

async function vat(db: Db, funder: Funder, range: { from: string; to: string }) {
  const lines = new Map<number, ReportLine>();
  const blank = (r: LeaseRef): ReportLine => ({
    leaseId: r.leaseId,
    contractNumber: r.contractNumber,
    lesseeName: r.lesseeName,
    currency: r.currency,
    invoiced: 0,
    collected: 0,
    arrears: 0,
  });
  for (const s of await scheduledOf(db, funder, range)) {
    if (s.vat === 0) continue;
    const l = blank(s);
    l.invoiced = s.vat;
    lines.set(s.leaseId, l);
  }
  for (const c of await collectedWithRefs(db, funder, range)) {
    if (c.vat === 0) continue;
    const l = lines.get(c.leaseId) ?? blank(c);
    l.collected = c.vat;
    lines.set(c.leaseId, l);
  }
  // VAT in arrears at the month's end: the servicing book's (the same figure as the Delinquency screens).
  const book = await loadBook(db, funder.id);
  for (const a of (await getServicingBook(db, funder.id, range.to)).leases) {
    if (a.arrearsVat === 0) continue;
    let l = lines.get(a.leaseId);
    if (!l) {
      const i = book.indexById.get(a.leaseId);
      if (i === undefined) continue;
      const r = book.leases[i]!;
      l = blank({ leaseId: r.id, contractNumber: r.contractNumber, lesseeId: r.lesseeId, lesseeName: r.lesseeName, currency: r.currency });
      lines.set(a.leaseId, l);
    }
    l.arrears = a.arrearsVat;
  }
  return {
    columns: [...REF_COLUMNS, ...money('invoiced', 'collected', 'arrears')],
    lines: [...lines.values()].sort((a, b) => (a.leaseId as number) - (b.leaseId as number)),
  };
}

async function totalCf(db: Db, funder: Funder, range: { from: string; to: string }) {
  const by = new Map<string, ReportLine>();
  const line = (currency: string) => {
    let l = by.get(currency);
    if (!l)
      by.set(
        currency,
        (l = {
          currency,
          scheduled: 0,
          collected: 0,
          liabilityPrincipal: 0,
          liabilityInterest: 0,
          liabilityVat: 0,
          liabilityTotal: 0,
          netScheduled: 0,
          netActual: 0,
        }),
      );
    return l;
  };
  for (const s of await scheduledOf(db, funder, range))
    line(s.currency).scheduled = (line(s.currency).scheduled as number) + s.vat + s.fee + s.interest + s.principal;
  for (const c of await collectedWithRefs(db, funder, range))
    line(c.currency).collected = (line(c.currency).collected as number) + c.received;
  for (const c of await liabilityMonth(db, funder, range)) {
    const l = line(c.currency);
    l.liabilityPrincipal = c.principal;
    l.liabilityInterest = c.interest;
    l.liabilityVat = c.vat;
  }
  for (const l of by.values()) {
    l.liabilityTotal = (l.liabilityPrincipal as number) + (l.liabilityInterest as number) + (l.liabilityVat as number);
    l.netScheduled = (l.scheduled as number) - (l.liabilityTotal as number);
    l.netActual = (l.collected as number) - (l.liabilityTotal as number);
  }
  return {
    columns: [
      { id: 'currency', kind: 'text' as const },
      ...money(
        'scheduled',
        'collected',
        'liabilityPrincipal',
        'liabilityInterest',
        'liabilityVat',
        'liabilityTotal',
        'netScheduled',
        'netActual',
      ),
    ],
    lines: [...by.values()].sort((a, b) => ccyOrder(a.currency) - ccyOrder(b.currency)),
  };
}

const BUILDERS: Record<
  ServicingReportKind,
  (
    db: Db,
    funder: Funder,
    range: { from: string; to: string },
  ) => { columns: ReportColumn[]; lines: ReportLine[] } | Promise<{ columns: ReportColumn[]; lines: ReportLine[] }>
> = {
  collections,
  distributions,
  draws,
  liability,
  vat,
  'total-cf': totalCf,
};

// Built reports, process-wide, keyed by everything they read: the funder's data version (leases,
// settings) and the ledger's stamp (S1: the last payment id), so a cached report is never stale and
// the screen, the JSON API and a kept file of the same month share one build.
const MAX_CACHED_REPORTS = 24;
const reportCache = processState(
  'servicingReports',
  "built servicing reports, keyed by the funder's current book, parameters, kind and month",
  `${MAX_CACHED_REPORTS} reports of the current book`,
  () => new Map<string, ServicingReport>(),
);

/** One servicing report of a funder for a month (YYYY-MM). */
export async function buildServicingReport(db: Db, funder: Funder, kind: ServicingReportKind, month: string): Promise<ServicingReport> {
  const current = await currentPrefix(db, funder);
  const key = `${current}${funder.advanceRate}:${funder.facilityRate}:${funder.servicingFee}:${kind}:${month}`;
  const hit = reportCache.get(key);
  if (hit) return hit;
  const range = monthRange(month);
  const { columns, lines } = await BUILDERS[kind](db, funder, range);
  const report = { kind, month, ...range, columns, lines, totals: totalsOf(columns, lines) };
  keepCurrent(reportCache, current, key, report, MAX_CACHED_REPORTS);
  return report;
}
