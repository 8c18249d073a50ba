/**
 * Compact, packed schedules for portfolio work (the fast path).
 *
 * A LeasePortfolio holds many leases' instalment flows in a handful of shared typed arrays (struct of arrays; lease
 * i's rows are offset[i] .. offset[i+1] − 1), so valuing or projecting 100,000 leases touches no per-row objects.
 * Amounts are integer minor units; days are day numbers (days since 1970-01-01); months are month indexes
 * (year × 12 + month − 1).
 *
 * A schedule built from terms (add, splice) is held as the terms its rows are made from, not as rows: schedule.ts
 * fillColumns makes every row from a dozen per-lease values, and the one VAT amount of the rows between the first and
 * the last is kept beside them. rowsOf(i) makes lease i's rows again, with that same function, into a scratch the
 * kernels read (≈ 16 bytes a row less: ≈ 65 MiB of a 100,000-lease book, issue #13). A schedule given row by row
 * (addSchedule), or a lease whose rows would not come out the same, keeps its rows in explicit columns.
 */
import { amountColumn, dayColumn, growColumn, setAmount, setAmounts, type AmountColumn } from './columns';
import { FinanceError } from './errors';
import { CURRENCY_CODES, currencyIndex, type CurrencyCode } from './money';
import { monthIndexOfDay, parseDate } from './dates';
import { fillColumns, normalizeTerms, residualVatOf, type LeaseTerms, type RowTerms, type Schedule } from './schedule';

/** The next capacity of a full column: doubled while small, then an eighth more (a big book's columns are 100+ MiB). */
function grown(length: number): number {
  return length < 1 << 20 ? length * 2 : length + (length >> 3);
}

/** One lease's rows (index 0 = its first instalment): made by LeasePortfolio.rowsOf, valid until its next call. */
export type LeaseRows = {
  n: number;
  dueDay: Int32Array;
  dueMonth: Int32Array;
  instalment: Float64Array;
  principal: Float64Array;
  vat: Float64Array;
};

/** Every row's due day, due month, instalment, principal and VAT as columns (explicit rows, and the getters' views). */
type RowColumns = { dueDay: AmountColumn; dueMonth: AmountColumn; instalment: AmountColumn; principal: AmountColumn; vat: AmountColumn };
const ROW_KEYS = ['dueDay', 'dueMonth', 'instalment', 'principal', 'vat'] as const;

function rowScratch(size: number): LeaseRows {
  return {
    n: 0,
    dueDay: new Int32Array(size),
    dueMonth: new Int32Array(size),
    instalment: new Float64Array(size),
    principal: new Float64Array(size),
    vat: new Float64Array(size),
  };
}

/** Packed schedules of many leases. Fields are replaced (not mutated in place) when the portfolio grows: re-read them after `add`. */
export class LeasePortfolio {
  /** Number of leases. */
  count = 0;
  /** Number of instalment rows over all leases. */
  flowCount = 0;
  /** Rows the portfolio has room for (explicit columns and views are this long). */
  private rowCapacity: number;

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
  /** The rows' own terms (fillColumns): month index of the first due day, its day of the month, the instalment A. */
  firstMonth: Int32Array;
  anchorDay: Uint8Array;
  instalmentA: Float64Array;
  /** VAT of the first row, of the rows between, and of the last (a one-row schedule's only row is its first). */
  vatFirst: Float64Array;
  vatEach: Float64Array;
  vatLast: Float64Array;
  /** 1 = the lease's rows are held in the explicit columns. */
  explicit: Uint8Array;
  /**
   * A re-base to a tape's balance (schedule.ts LeaseTerms.rebase): the first re-amortised row (index from the lease's
   * first, 0 = none), the balance and instalment from it, and the adjustment (Σ principal + RV = financed + adjustment).
   */
  rebaseRow: Int32Array;
  rebaseBalance: Float64Array;
  rebaseInstalment: Float64Array;
  rebaseAdjustment: Float64Array;

  /** Rows of the leases marked explicit (columns of rowCapacity rows); null until the first such lease. */
  private rows: RowColumns | null = null;
  /** The getters' columns (dueDay, principal, …), made on first read after a change. */
  private views: RowColumns | null = null;
  /** rowsOf's scratch, the lease it holds and the change it was made at. */
  private scratch: LeaseRows = rowScratch(0);
  private scratchLease = -1;
  /** fillColumns' terms for rowsOf (no VAT: rowsOf writes the lease's own VAT amounts over the rows). */
  private readonly rowTerms: RowTerms = {
    n: 0,
    periodRate: 0,
    instalment: 0,
    residual: 0,
    advance: false,
    periodMonths: 1,
    anchorDay: 1,
    vatRate: 0,
    upfrontVat: true,
    firstMonth: 0,
    principal: 0,
    price: 0,
    rebaseRow: 0,
    rebaseBalance: 0,
    rebaseInstalment: 0,
  };

  /** Preallocate room for `leaseCapacity` leases and `flowCapacity` rows (both grow on demand). */
  constructor(leaseCapacity = 16, flowCapacity = leaseCapacity * 60) {
    const lc = Math.max(1, Math.floor(leaseCapacity));
    this.rowCapacity = Math.max(1, Math.floor(flowCapacity));
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
    this.firstMonth = new Int32Array(lc);
    this.anchorDay = new Uint8Array(lc);
    this.instalmentA = new Float64Array(lc);
    this.vatFirst = new Float64Array(lc);
    this.vatEach = new Float64Array(lc);
    this.vatLast = new Float64Array(lc);
    this.explicit = new Uint8Array(lc);
    this.rebaseRow = new Int32Array(lc);
    this.rebaseBalance = new Float64Array(lc);
    this.rebaseInstalment = new Float64Array(lc);
    this.rebaseAdjustment = new Float64Array(lc);
  }

  /**
   * Lease i's rows (index 0 = its first instalment; row j of the portfolio is index j − offset[i]): made by fillColumns
   * from the lease's terms, or copied from the explicit columns. The scratch is the portfolio's own and is reused by
   * the next call for another lease (asking again for the same lease costs nothing).
   */
  rowsOf(i: number): LeaseRows {
    if (i === this.scratchLease) return this.scratch;
    const o = this.offset[i]!;
    const n = this.offset[i + 1]! - o;
    if (this.scratch.dueDay.length < n) this.scratch = rowScratch(Math.max(n, 64));
    const x = this.scratch;
    x.n = n;
    if (this.explicit[i] === 1) {
      const r = this.rows!;
      for (const key of ROW_KEYS) x[key].set(r[key].subarray(o, o + n));
    } else {
      const t = this.rowTerms;
      t.n = n;
      t.periodRate = this.periodRate[i]!;
      t.instalment = this.instalmentA[i]!;
      t.residual = this.residual[i]!;
      t.advance = this.advance[i] === 1;
      t.periodMonths = this.periodMonths[i]!;
      t.anchorDay = this.anchorDay[i]!;
      t.firstMonth = this.firstMonth[i]!;
      t.principal = this.financed[i]!;
      t.rebaseRow = this.rebaseRow[i]!;
      t.rebaseBalance = this.rebaseBalance[i]!;
      t.rebaseInstalment = this.rebaseInstalment[i]!;
      fillColumns(t, x.dueDay, x.dueMonth, x.instalment, null, x.principal, x.vat, null, 0);
      const each = this.vatEach[i]!;
      for (let k = 1; k < n - 1; k++) x.vat[k] = each;
      x.vat[n - 1] = this.vatLast[i]!;
      x.vat[0] = this.vatFirst[i]!;
    }
    this.scratchLease = i;
    return x;
  }

  /** Row j's (of lease i) due day, month index, instalment, principal and VAT (minor units). */
  dueDayAt(i: number, j: number): number {
    return this.rowsOf(i).dueDay[j - this.offset[i]!]!;
  }
  dueMonthAt(i: number, j: number): number {
    return this.rowsOf(i).dueMonth[j - this.offset[i]!]!;
  }
  instalmentAt(i: number, j: number): number {
    return this.rowsOf(i).instalment[j - this.offset[i]!]!;
  }
  principalAt(i: number, j: number): number {
    return this.rowsOf(i).principal[j - this.offset[i]!]!;
  }
  vatAt(i: number, j: number): number {
    return this.rowsOf(i).vat[j - this.offset[i]!]!;
  }

  /**
   * Every row as columns of the portfolio's row capacity (due days and months Int16 while they fit, amounts Int32 while
   * they fit; lib/finance/columns.ts), made on first read after a change: for tests and occasional readers — the
   * kernels read a lease's rows with rowsOf.
   */
  get dueDay(): AmountColumn {
    return this.materialised().dueDay;
  }
  get dueMonth(): AmountColumn {
    return this.materialised().dueMonth;
  }
  get instalment(): AmountColumn {
    return this.materialised().instalment;
  }
  get principal(): AmountColumn {
    return this.materialised().principal;
  }
  get vat(): AmountColumn {
    return this.materialised().vat;
  }

  private materialised(): RowColumns {
    if (this.views) return this.views;
    const v = emptyRows(this.rowCapacity);
    for (let i = 0; i < this.count; i++) writeRows(v, this.offset[i]!, this.rowsOf(i));
    this.views = v;
    return v;
  }

  /** Any change: the views and the scratch no longer hold. */
  private changed(): void {
    this.views = null;
    this.scratchLease = -1;
  }

  private reserve(leases: number, flows: number): void {
    this.changed();
    if (this.count + leases > this.financed.length) this.resizeLeases(Math.max(this.count + leases, grown(this.financed.length)));
    if (this.flowCount + flows > this.rowCapacity) this.resizeFlows(Math.max(this.flowCount + flows, grown(this.rowCapacity)));
  }

  /**
   * Right-sizes the columns to the leases and rows in use plus a little room (1/256, at least 16 leases and
   * 1,024 rows) for later splices.
   */
  trim(): void {
    this.changed();
    const leases = this.count + Math.max(16, this.count >> 8);
    const flows = this.flowCount + Math.max(1024, this.flowCount >> 8);
    if (leases < this.financed.length) this.resizeLeases(leases);
    if (flows < this.rowCapacity) this.resizeFlows(flows);
  }

  /** Every per-lease column with room for `size` leases (growing or shrinking). */
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
    this.firstMonth = growColumn(this.firstMonth, size);
    this.anchorDay = growColumn(this.anchorDay, size);
    this.instalmentA = growColumn(this.instalmentA, size);
    this.vatFirst = growColumn(this.vatFirst, size);
    this.vatEach = growColumn(this.vatEach, size);
    this.vatLast = growColumn(this.vatLast, size);
    this.explicit = growColumn(this.explicit, size);
    this.rebaseRow = growColumn(this.rebaseRow, size);
    this.rebaseBalance = growColumn(this.rebaseBalance, size);
    this.rebaseInstalment = growColumn(this.rebaseInstalment, size);
    this.rebaseAdjustment = growColumn(this.rebaseAdjustment, size);
  }

  /** Room for `size` rows (the explicit columns, when there are any). */
  private resizeFlows(size: number): void {
    this.rowCapacity = size;
    if (this.rows) this.rows = mapRows(this.rows, (c) => growColumn(c, size));
  }

  /** The per-lease columns but offset (the one list of them: splice and extract move them all). */
  private leaseColumns() {
    return [
      this.financed,
      this.residual,
      this.residualVat,
      this.residualDay,
      this.residualMonth,
      this.annualRate,
      this.periodRate,
      this.advance,
      this.periodMonths,
      this.startDay,
      this.currency,
      this.firstMonth,
      this.anchorDay,
      this.instalmentA,
      this.vatFirst,
      this.vatEach,
      this.vatLast,
      this.explicit,
      this.rebaseRow,
      this.rebaseBalance,
      this.rebaseInstalment,
      this.rebaseAdjustment,
    ] as const;
  }

  /** The explicit columns, made (at the row capacity) on the first lease that needs them. */
  private explicitRows(): RowColumns {
    if (this.rows === null) this.rows = emptyRows(this.rowCapacity);
    return this.rows;
  }

  /** Build the schedule of `terms` (same rounding as buildSchedule) into the portfolio; returns the lease index. */
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
   * in due-date order and Σ principal + residual must equal the financed principal (plus a re-base's adjustment).
   * Returns the index.
   */
  addSchedule(s: Schedule): number {
    const n = s.rows.length;
    if (n === 0) throw new FinanceError('VALUE', 'schedule has no rows', 'rows');
    this.reserve(1, n);
    const o = this.flowCount;
    let sumPrincipal = 0;
    let prevDay = Number.NEGATIVE_INFINITY;
    const x = this.explicitRows();
    for (let k = 0; k < n; k++) {
      const row = s.rows[k]!;
      const day = parseDate(row.dueDate, `rows[${k}].dueDate`);
      if (day < prevDay) throw new FinanceError('VALUE', 'schedule rows must be in due-date order', `rows[${k}].dueDate`);
      prevDay = day;
      setAmount(x, 'dueDay', o + k, day);
      setAmount(x, 'dueMonth', o + k, monthIndexOfDay(day));
      setAmount(x, 'instalment', o + k, row.instalment);
      setAmount(x, 'principal', o + k, row.principal);
      setAmount(x, 'vat', o + k, row.vat);
      sumPrincipal += row.principal;
    }
    const adjustment = s.rebase?.adjustment ?? 0;
    if (sumPrincipal + s.residual !== s.principal + adjustment) {
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
    this.explicit[i] = 1;
    this.rebaseRow[i] = s.rebase ? s.rebase.period - 1 : 0;
    this.rebaseBalance[i] = s.rebase?.balance ?? 0;
    this.rebaseInstalment[i] = s.rebase?.instalment ?? 0;
    this.rebaseAdjustment[i] = adjustment;
    this.flowCount = o + n;
    this.count = i + 1;
    this.offset[i + 1] = this.flowCount;
    return i;
  }

  /**
   * Splices lease slot i in place (the incremental update of a cached book): `insert` opens a new slot
   * at i for `terms`; otherwise `terms` replaces lease i, or null removes it. Later leases' rows move by one
   * copyWithin of each explicit column (when there are any), so nothing is rebuilt; the result equals packing the
   * leases anew.
   */
  splice(i: number, terms: LeaseTerms | null, insert = false): void {
    if (!(i >= 0 && i <= this.count) || (!insert && i === this.count))
      throw new FinanceError('VALUE', `lease index ${i} is out of range`, 'index');
    if (insert && terms === null) throw new FinanceError('VALUE', 'nothing to insert', 'terms');
    const t = terms ? normalizeTerms(terms) : null;
    const oldRows = insert ? 0 : this.offset[i + 1]! - this.offset[i]!;
    const newRows = t ? t.n : 0;
    const delta = newRows - oldRows;
    const leaseDelta = insert ? 1 : t ? 0 : -1;
    this.reserve(Math.max(leaseDelta, 0), Math.max(delta, 0));
    const from = this.offset[i]! + oldRows;
    const r = this.rows;
    if (delta !== 0 && r) for (const key of ROW_KEYS) r[key].copyWithin(from + delta, from, this.flowCount);
    const perLease = this.leaseColumns();
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
    if (this.rows && this.explicit[i] === 1) p.rows = mapRows(this.rows, (c) => c.slice(o, o + Math.max(1, n)));
    const to = p.leaseColumns();
    this.leaseColumns().forEach((c, k) => (to[k]![0] = c[i]!));
    p.offset[1] = n;
    p.count = 1;
    p.flowCount = n;
    return p;
  }

  /** Writes lease i's terms (its rows from row `o`): the one place add and splice fill a slot. */
  private write(i: number, t: ReturnType<typeof normalizeTerms>, o: number): void {
    const n = t.n;
    if (made.dueDay.length < n) made = rowScratch(Math.max(n, made.dueDay.length * 2));
    const x = made;
    fillColumns(t, x.dueDay, x.dueMonth, x.instalment, null, x.principal, x.vat, null, 0);
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
    this.firstMonth[i] = t.firstMonth;
    this.anchorDay[i] = t.anchorDay;
    this.instalmentA[i] = t.instalment;
    this.rebaseRow[i] = t.rebaseRow;
    this.rebaseBalance[i] = t.rebaseBalance;
    this.rebaseInstalment[i] = t.rebaseInstalment;
    this.rebaseAdjustment[i] = t.rebaseAdjustment;
    this.vatFirst[i] = x.vat[0]!;
    this.vatEach[i] = x.vat[n > 2 ? 1 : 0]!;
    this.vatLast[i] = x.vat[n - 1]!;
    // rowsOf makes the rows again from these values with the same fillColumns, so they come out the same, VAT
    // included when it follows first / between / last — as it does for every schedule fillColumns makes. Should a
    // schedule's VAT not, its rows are kept as they are.
    let follows = true;
    for (let k = 1; k < n - 1 && follows; k++) follows = x.vat[k] === x.vat[1];
    this.explicit[i] = follows ? 0 : 1;
    if (!follows) writeRows(this.explicitRows(), o, { ...x, n });
  }

  /** Currency code of lease i. */
  currencyOf(i: number): CurrencyCode {
    return CURRENCY_CODES[this.currency[i]!]!;
  }

  /**
   * Lease i's principal outstanding at row index f (from its first: before the f-th instalment, after those before it):
   * the financed principal less the principal of rows 0..f−1 (`paid`), with a re-base's adjustment once f reaches it.
   */
  balanceAt(i: number, f: number, paid: number): number {
    const k = this.rebaseRow[i]!;
    return this.financed[i]! - paid + (k > 0 && f >= k ? this.rebaseAdjustment[i]! : 0);
  }

  /** Number of instalments of lease i. */
  termOf(i: number): number {
    return this.offset[i + 1]! - this.offset[i]!;
  }
}

/** Empty row columns of `size` rows (days Int16 and amounts Int32 until a value needs more). */
function emptyRows(size: number): RowColumns {
  return {
    dueDay: dayColumn(size),
    dueMonth: dayColumn(size),
    instalment: amountColumn(size),
    principal: amountColumn(size),
    vat: amountColumn(size),
  };
}

/** Writes one lease's rows into row columns from row `o`, widening a column a value does not fit. */
function writeRows(cols: RowColumns, o: number, x: LeaseRows): void {
  for (const key of ROW_KEYS) setAmounts(cols, key, o, x[key], x.n);
}

/** Row columns made column by column from `r`'s. */
function mapRows(r: RowColumns, f: (c: AmountColumn) => AmountColumn): RowColumns {
  return { dueDay: f(r.dueDay), dueMonth: f(r.dueMonth), instalment: f(r.instalment), principal: f(r.principal), vat: f(r.vat) };
}

/** The rows of the lease being written (LeasePortfolio.write), reused: writing allocates nothing per lease. */
let made = rowScratch(64);

/** Pack many leases into one LeasePortfolio (minor units; same rounding as buildSchedule). */
export function buildPortfolio(terms: readonly LeaseTerms[]): LeasePortfolio {
  let flows = 0;
  for (const t of terms) flows += Number.isInteger(t.term) && t.term > 0 ? t.term : 0;
  const p = new LeasePortfolio(terms.length, flows);
  for (const t of terms) p.add(t);
  return p;
}
