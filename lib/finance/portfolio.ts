/**
 * Compact, packed schedules for portfolio work (the fast path).
 *
 * A LeasePortfolio holds every lease's instalment flows in a handful of shared typed arrays
 * (struct of arrays, leases back to back, `offset[i]..offset[i+1]` being lease i's rows), so valuing
 * or projecting 100,000 leases touches no per-row objects and allocates nothing per lease.
 * Amounts are integer minor units; days are day numbers (days since 1970-01-01); months are month
 * indexes (year × 12 + month − 1). The per-row amounts are Int32 columns while every value fits, Float64 once one does
 * not (lib/finance/columns.ts AmountColumn): a 100,000-lease book has millions of rows.
 */
import { amountColumn, dayColumn, growColumn, setAmount, setAmounts, type AmountColumn } from './columns';
import { FinanceError } from './errors';
import { CURRENCY_CODES, currencyIndex, type CurrencyCode } from './money';
import { monthIndexOfDay, parseDate } from './dates';
import { fillColumns, normalizeTerms, residualVatOf, type LeaseTerms, type Schedule } from './schedule';

/** The next capacity of a full column: doubled while small, then an eighth more (a big book's columns are 100+ MiB). */
function grown(length: number): number {
  return length < 1 << 20 ? length * 2 : length + (length >> 3);
}

/**
 * Packed schedules of many leases. Fields are read-only views for the engine's kernels; they are
 * replaced (not mutated in place) when the portfolio grows, so re-read them after `add`.
 */
export class LeasePortfolio {
  /** Number of leases. */
  count = 0;
  /** Number of instalment rows over all leases. */
  flowCount = 0;

  // Per lease (index i).
  /** Rows of lease i are offset[i] .. offset[i+1] − 1. */
  offset: Int32Array;
  /** Financed principal P (minor units). */
  financed: Float64Array;
  /** Residual value RV (minor units). */
  residual: Float64Array;
  /** VAT invoiced with the residual (minor units). */
  residualVat: Float64Array;
  /** Due day of the residual. */
  residualDay: Int32Array;
  /** Month index of the residual's due day. */
  residualMonth: Int32Array;
  /** Annual contract rate (decimal). */
  annualRate: Float64Array;
  /** Contract period rate r. */
  periodRate: Float64Array;
  /** 1 = advance, 0 = arrears. */
  advance: Uint8Array;
  /** Months per period (1, 3, 6, 12). */
  periodMonths: Uint8Array;
  /** Start of period 1 (day number). */
  startDay: Int32Array;
  /** Index into CURRENCY_CODES. */
  currency: Uint8Array;

  // Per instalment row (index j).
  /** Due day and its month index: Int16 columns while the days fit (to September 2059), wider after (columns.ts). */
  dueDay: AmountColumn;
  dueMonth: AmountColumn;
  instalment: AmountColumn;
  principal: AmountColumn;
  vat: AmountColumn;

  /** Preallocate room for `leaseCapacity` leases and `flowCapacity` rows (both grow on demand). */
  constructor(leaseCapacity = 16, flowCapacity = leaseCapacity * 60) {
    const lc = Math.max(1, Math.floor(leaseCapacity));
    const fc = Math.max(1, Math.floor(flowCapacity));
    this.offset = new Int32Array(lc + 1);
    this.financed = new Float64Array(lc);
    this.residual = new Float64Array(lc);
    this.residualVat = new Float64Array(lc);
    this.residualDay = new Int32Array(lc);
    this.residualMonth = new Int32Array(lc);
    this.annualRate = new Float64Array(lc);
    this.periodRate = new Float64Array(lc);
    this.advance = new Uint8Array(lc);
    this.periodMonths = new Uint8Array(lc);
    this.startDay = new Int32Array(lc);
    this.currency = new Uint8Array(lc);
    this.dueDay = dayColumn(fc);
    this.dueMonth = dayColumn(fc);
    this.instalment = amountColumn(fc);
    this.principal = amountColumn(fc);
    this.vat = amountColumn(fc);
  }

  private reserve(leases: number, flows: number): void {
    if (this.count + leases > this.financed.length) this.resizeLeases(Math.max(this.count + leases, grown(this.financed.length)));
    if (this.flowCount + flows > this.dueDay.length) this.resizeFlows(Math.max(this.flowCount + flows, grown(this.dueDay.length)));
  }

  /**
   * Right-sizes the columns to the leases and rows in use plus a little room (1/256, at least 16 leases and
   * 1,024 rows) for later splices: a book is packed with room for 48 rows a lease, about a third more than a
   * 100,000-lease book uses (≈ 40 MiB at 32 bytes a row).
   */
  trim(): void {
    const leases = this.count + Math.max(16, this.count >> 8);
    const flows = this.flowCount + Math.max(1024, this.flowCount >> 8);
    if (leases < this.financed.length) this.resizeLeases(leases);
    if (flows < this.dueDay.length) this.resizeFlows(flows);
  }

  /** Every per-lease column with room for `size` leases (growing or shrinking; the one list of them). */
  private resizeLeases(size: number): void {
    this.offset = growColumn(this.offset, size + 1);
    this.financed = growColumn(this.financed, size);
    this.residual = growColumn(this.residual, size);
    this.residualVat = growColumn(this.residualVat, size);
    this.residualDay = growColumn(this.residualDay, size);
    this.residualMonth = growColumn(this.residualMonth, size);
    this.annualRate = growColumn(this.annualRate, size);
    this.periodRate = growColumn(this.periodRate, size);
    this.advance = growColumn(this.advance, size);
    this.periodMonths = growColumn(this.periodMonths, size);
    this.startDay = growColumn(this.startDay, size);
    this.currency = growColumn(this.currency, size);
  }

  /** Every per-row column with room for `size` rows. */
  private resizeFlows(size: number): void {
    this.dueDay = growColumn(this.dueDay, size);
    this.dueMonth = growColumn(this.dueMonth, size);
    this.instalment = growColumn(this.instalment, size);
    this.principal = growColumn(this.principal, size);
    this.vat = growColumn(this.vat, size);
  }

  /** Build the schedule of `terms` (same rounding as buildSchedule) straight into the packed arrays; returns the lease index. */
  add(terms: LeaseTerms): number {
    const t = normalizeTerms(terms);
    const n = t.n;
    this.reserve(1, n);
    const i = this.count;
    const o = this.flowCount;
    this.write(i, t, o);
    this.flowCount = o + n;
    this.count = i + 1;
    this.offset[i + 1] = this.flowCount;
    return i;
  }

  /**
   * Pack an existing row schedule (e.g. one stored in the database or edited by hand); rows must be
   * in due-date order and Σ principal + residual must equal the financed principal. Returns the index.
   */
  addSchedule(s: Schedule): number {
    const n = s.rows.length;
    if (n === 0) throw new FinanceError('VALUE', 'schedule has no rows', 'rows');
    this.reserve(1, n);
    const o = this.flowCount;
    let sumPrincipal = 0;
    let prevDay = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const row = s.rows[k]!;
      const day = parseDate(row.dueDate, `rows[${k}].dueDate`);
      if (day < prevDay) throw new FinanceError('VALUE', 'schedule rows must be in due-date order', `rows[${k}].dueDate`);
      prevDay = day;
      setAmount(this, 'dueDay', o + k, day);
      setAmount(this, 'dueMonth', o + k, monthIndexOfDay(day));
      setAmount(this, 'instalment', o + k, row.instalment);
      setAmount(this, 'principal', o + k, row.principal);
      setAmount(this, 'vat', o + k, row.vat);
      sumPrincipal += row.principal;
    }
    if (sumPrincipal + s.residual !== s.principal) {
      throw new FinanceError('VALUE', 'schedule principal does not reconcile: Σ principal + residual ≠ financed principal', 'rows');
    }
    const i = this.count;
    const residualDay = parseDate(s.residualDueDate, 'residualDueDate');
    this.financed[i] = s.principal;
    this.residual[i] = s.residual;
    this.residualVat[i] = s.residualVat;
    this.residualDay[i] = residualDay;
    this.residualMonth[i] = monthIndexOfDay(residualDay);
    this.annualRate[i] = s.rate;
    this.periodRate[i] = s.periodRate;
    this.advance[i] = s.timing === 'advance' ? 1 : 0;
    this.periodMonths[i] = s.periodMonths;
    this.startDay[i] = parseDate(s.startDate, 'startDate');
    this.currency[i] = currencyIndex(s.currency);
    this.flowCount = o + n;
    this.count = i + 1;
    this.offset[i + 1] = this.flowCount;
    return i;
  }

  /**
   * Splices lease slot i in place (the incremental update of a cached book): `insert` opens a new slot
   * at i for `terms`; otherwise `terms` replaces lease i, or null removes it. Rows of later leases move
   * by one copyWithin per column, so nothing is rebuilt; the result equals packing the leases anew.
   */
  splice(i: number, terms: LeaseTerms | null, insert = false): void {
    if (!(i >= 0 && i <= this.count) || (!insert && i === this.count)) throw new FinanceError('VALUE', `lease index ${i} is out of range`, 'index');
    if (insert && terms === null) throw new FinanceError('VALUE', 'nothing to insert', 'terms');
    const t = terms ? normalizeTerms(terms) : null;
    const oldRows = insert ? 0 : this.offset[i + 1]! - this.offset[i]!;
    const newRows = t ? t.n : 0;
    const delta = newRows - oldRows;
    const leaseDelta = insert ? 1 : t ? 0 : -1;
    this.reserve(Math.max(leaseDelta, 0), Math.max(delta, 0));
    const from = this.offset[i]! + oldRows;
    if (delta !== 0) for (const c of [this.dueDay, this.dueMonth, this.instalment, this.principal, this.vat]) c.copyWithin(from + delta, from, this.flowCount);
    const perLease = [this.financed, this.residual, this.residualVat, this.residualDay, this.residualMonth, this.annualRate, this.periodRate, this.advance, this.periodMonths, this.startDay, this.currency];
    if (leaseDelta === 1) {
      for (const c of perLease) c.copyWithin(i + 1, i, this.count);
      this.offset.copyWithin(i + 1, i, this.count + 1);
    } else if (leaseDelta === -1) {
      for (const c of perLease) c.copyWithin(i, i + 1, this.count);
      this.offset.copyWithin(i + 1, i + 2, this.count + 1);
    }
    this.count += leaseDelta;
    this.flowCount += delta;
    for (let k = i + 1; k <= this.count; k++) this.offset[k] = this.offset[k]! + delta;
    if (!t) return;
    this.write(i, t, this.offset[i]!);
  }

  /** A one-lease copy of slot i (its rows and terms), unaffected by later splices of this portfolio. */
  extract(i: number): LeasePortfolio {
    if (!(i >= 0 && i < this.count)) throw new FinanceError('VALUE', `lease index ${i} is out of range`, 'index');
    const o = this.offset[i]!;
    const n = this.offset[i + 1]! - o;
    const p = new LeasePortfolio(1, Math.max(1, n));
    // The source's column kinds, with room for at least one row.
    const end = o + Math.max(1, n);
    p.dueDay = this.dueDay.slice(o, end);
    p.dueMonth = this.dueMonth.slice(o, end);
    p.instalment = this.instalment.slice(o, end);
    p.principal = this.principal.slice(o, end);
    p.vat = this.vat.slice(o, end);
    p.financed[0] = this.financed[i]!;
    p.residual[0] = this.residual[i]!;
    p.residualVat[0] = this.residualVat[i]!;
    p.residualDay[0] = this.residualDay[i]!;
    p.residualMonth[0] = this.residualMonth[i]!;
    p.annualRate[0] = this.annualRate[i]!;
    p.periodRate[0] = this.periodRate[i]!;
    p.advance[0] = this.advance[i]!;
    p.periodMonths[0] = this.periodMonths[i]!;
    p.startDay[0] = this.startDay[i]!;
    p.currency[0] = this.currency[i]!;
    p.offset[1] = n;
    p.count = 1;
    p.flowCount = n;
    return p;
  }

  /** Writes lease i's schedule (flows from row `o`) and its per-lease terms: the one place add and splice fill a slot. */
  private write(i: number, t: ReturnType<typeof normalizeTerms>, o: number): void {
    // The amounts are computed in doubles (scratch columns) and copied in: a value an Int32 column cannot hold widens it.
    if (rowScratch.instalment.length < t.n) rowScratch = scratchRows(Math.max(t.n, rowScratch.instalment.length * 2));
    const x = rowScratch;
    fillColumns(t, x.dueDay, x.dueMonth, x.instalment, null, x.principal, x.vat, null, 0);
    setAmounts(this, 'dueDay', o, x.dueDay, t.n);
    setAmounts(this, 'dueMonth', o, x.dueMonth, t.n);
    setAmounts(this, 'instalment', o, x.instalment, t.n);
    setAmounts(this, 'principal', o, x.principal, t.n);
    setAmounts(this, 'vat', o, x.vat, t.n);
    this.financed[i] = t.principal;
    this.residual[i] = t.residual;
    this.residualVat[i] = residualVatOf(t);
    this.residualDay[i] = t.residualDay;
    this.residualMonth[i] = t.residualMonth;
    this.annualRate[i] = t.annualRate;
    this.periodRate[i] = t.periodRate;
    this.advance[i] = t.advance ? 1 : 0;
    this.periodMonths[i] = t.periodMonths;
    this.startDay[i] = t.startDay;
    this.currency[i] = currencyIndex(t.currency);
  }

  /** Currency code of lease i. */
  currencyOf(i: number): CurrencyCode {
    return CURRENCY_CODES[this.currency[i]!]!;
  }

  /** Number of instalments of lease i. */
  termOf(i: number): number {
    return this.offset[i + 1]! - this.offset[i]!;
  }
}

type ScratchRows = { dueDay: Int32Array; dueMonth: Int32Array; instalment: Float64Array; principal: Float64Array; vat: Float64Array };
function scratchRows(size: number): ScratchRows {
  return { dueDay: new Int32Array(size), dueMonth: new Int32Array(size), instalment: new Float64Array(size), principal: new Float64Array(size), vat: new Float64Array(size) };
}
/** The amounts of the lease being written (LeasePortfolio.write), reused: writing allocates nothing per lease. */
let rowScratch = scratchRows(64);

/** Pack many leases into one LeasePortfolio (minor units; same rounding as buildSchedule). */
export function buildPortfolio(terms: readonly LeaseTerms[]): LeasePortfolio {
  let flows = 0;
  for (const t of terms) flows += Number.isInteger(t.term) && t.term > 0 ? t.term : 0;
  const p = new LeasePortfolio(terms.length, flows);
  for (const t of terms) p.add(t);
  return p;
}
