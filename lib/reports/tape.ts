/**
 * Reports → Tape (domain.md §6, research §6): one row per lease of the book at a cut-off, with the
 * ESMA Annex VIII (leasing) field code and name where a field maps to one (codes confirmed in the
 * research file; others carry the template's name only, or are product extensions). Obligors are
 * identified by the lessee's id, never by name (ESMA: anonymised identifiers).
 *
 * Rows are produced lazily in batches from the valued book's arrays, so an export of 100,000 leases
 * never holds more than one batch of row objects. The rows are the leases in the pool at the cut-off
 * (domain.md §3: purchased on or before it; the valuation's `inPool`), never one purchased later.
 *
 * Units: money columns are integer minor units here; the export kit writes them as decimals with the
 * currency's digits (EUR 123456 → 1234.56, JPY 123456 → 123456). Rates and LESL29 are fractions
 * (0.065 = 6.5 %). LESL29 Purchase Price is the historical purchase price as a fraction of the
 * principal outstanding on the purchase date (ESMA: % of par), rounded to 6 decimals; the amount
 * itself is the 'Funder Purchase Price' extension column.
 */
import type { PortfolioLeaseRecord } from '@/lib/domain/portfolio';
import type { ExportColumn, ExportKind } from '@/lib/exports';
import { addMonths, outstandingPrincipalOn, PERIOD_MONTHS, type LeasePortfolio, type PortfolioValuation } from '@/lib/finance';
import { parseDate } from '@/lib/finance/dates';
import { poolRowIndices, type PoolValuation } from '@/lib/portfolio/cash-flow-table';

/** Decimals of LESL29 as a fraction of par (6 = 4 decimals of the percentage). */
export const PURCHASE_PRICE_PCT_DECIMALS = 6;

export interface TapeRow {
  uniqueIdentifier: string;
  contractNumber: string;
  leaseId: number;
  lesseeId: number;
  cutOff: string;
  poolAdditionDate: string;
  country: string;
  region: string;
  industry: string;
  originationDate: string;
  maturityDate: string;
  firstDueDate: string;
  originalTermMonths: number;
  remainingTermMonths: number;
  seasoningMonths: number;
  currency: string;
  assetPrice: number;
  downPayment: number;
  upfrontFee: number;
  originalPrincipal: number;
  currentPrincipal: number;
  purchasePricePct: number | null;
  amortisationType: string;
  frequency: string;
  timing: string;
  instalments: number;
  remainingInstalments: number;
  residualValue: number;
  interestRate: number;
  interestRateType: string;
  vatRate: number;
  vatRegime: string;
  assetType: string;
  condition: string;
  accountStatus: string;
  arrearsBalance: number | null;
  daysInArrears: number | null;
  /** LESL59–62 from the credit module (domain.md §8): exposure at default, its date, written off, recovered (minor units). */
  defaultAmount: number | null;
  defaultDate: string | null;
  allocatedLosses: number | null;
  cumulativeRecoveries: number | null;
  purchaseDate: string;
  buyRate: number;
  purchasePrice: number;
  npv: number;
  delta: number;
  check: number;
  totalCashFlow: number;
}

/** A tape column: the ESMA code (or '' for none), its template name (or our name for an extension), and how it is written. */
export interface TapeColumnDef {
  id: keyof TapeRow;
  esma: string;
  name: string;
  kind: ExportKind;
  money?: boolean;
}

/** The tape's columns in file order (LESL codes per research §6; blank code = unconfirmed or extension). */
export const TAPE_COLUMNS: readonly TapeColumnDef[] = [
  { id: 'uniqueIdentifier', esma: 'LESL1', name: 'Unique Identifier', kind: 'text' },
  { id: 'contractNumber', esma: 'LESL2', name: 'Original Underlying Exposure Identifier', kind: 'text' },
  { id: 'leaseId', esma: 'LESL3', name: 'New Underlying Exposure Identifier', kind: 'integer' },
  { id: 'lesseeId', esma: 'LESL4', name: 'Original Obligor Identifier', kind: 'integer' },
  { id: 'cutOff', esma: 'LESL6', name: 'Data Cut-Off Date', kind: 'date' },
  { id: 'poolAdditionDate', esma: 'LESL7', name: 'Pool Addition Date', kind: 'date' },
  { id: 'country', esma: '', name: 'Geographic Region - Obligor Country', kind: 'text' },
  { id: 'region', esma: '', name: 'Geographic Region - Obligor', kind: 'text' },
  { id: 'industry', esma: '', name: 'Obligor Industry (NACE)', kind: 'text' },
  { id: 'originationDate', esma: 'LESL22', name: 'Origination Date', kind: 'date' },
  { id: 'maturityDate', esma: 'LESL23', name: 'Maturity Date', kind: 'date' },
  // Extensions a re-import needs to rebuild the same schedule (origination and maturity dates clamp at month ends).
  { id: 'firstDueDate', esma: '', name: 'First Instalment Date', kind: 'date' },
  { id: 'originalTermMonths', esma: 'LESL24', name: 'Original Term', kind: 'integer' },
  { id: 'remainingTermMonths', esma: '', name: 'Remaining Term', kind: 'integer' },
  { id: 'seasoningMonths', esma: '', name: 'Seasoning', kind: 'integer' },
  { id: 'currency', esma: '', name: 'Currency Denomination', kind: 'text' },
  { id: 'assetPrice', esma: 'LESL72', name: 'Original Valuation Amount', kind: 'money', money: true },
  { id: 'downPayment', esma: '', name: 'Down Payment Amount', kind: 'money', money: true },
  { id: 'upfrontFee', esma: '', name: 'Upfront Fee', kind: 'money', money: true },
  { id: 'originalPrincipal', esma: 'LESL27', name: 'Original Principal Balance', kind: 'money', money: true },
  { id: 'currentPrincipal', esma: 'LESL28', name: 'Current Principal Balance', kind: 'money', money: true },
  { id: 'purchasePricePct', esma: 'LESL29', name: 'Purchase Price', kind: 'percent' },
  { id: 'amortisationType', esma: 'LESL31', name: 'Amortisation Type', kind: 'text' },
  { id: 'frequency', esma: 'LESL33', name: 'Scheduled Principal Payment Frequency', kind: 'text' },
  { id: 'timing', esma: '', name: 'Payment Timing', kind: 'text' },
  { id: 'instalments', esma: '', name: 'Number Of Instalments', kind: 'integer' },
  { id: 'remainingInstalments', esma: '', name: 'Remaining Instalments', kind: 'integer' },
  { id: 'residualValue', esma: '', name: 'Residual Value', kind: 'money', money: true },
  { id: 'interestRate', esma: 'LESL36', name: 'Current Interest Rate', kind: 'percent' },
  { id: 'interestRateType', esma: '', name: 'Interest Rate Type', kind: 'text' },
  { id: 'vatRate', esma: '', name: 'VAT Rate', kind: 'percent' },
  { id: 'vatRegime', esma: '', name: 'VAT Regime', kind: 'text' },
  { id: 'assetType', esma: '', name: 'Asset Type', kind: 'text' },
  { id: 'condition', esma: '', name: 'New Or Used', kind: 'text' },
  { id: 'accountStatus', esma: 'LESL57', name: 'Account Status', kind: 'text' },
  { id: 'arrearsBalance', esma: 'LESL55', name: 'Arrears Balance', kind: 'money', money: true },
  { id: 'daysInArrears', esma: 'LESL56', name: 'Number Of Days In Arrears', kind: 'integer' },
  { id: 'defaultAmount', esma: 'LESL59', name: 'Default Amount', kind: 'money', money: true },
  { id: 'defaultDate', esma: 'LESL60', name: 'Default Date', kind: 'date' },
  { id: 'allocatedLosses', esma: 'LESL61', name: 'Allocated Losses', kind: 'money', money: true },
  { id: 'cumulativeRecoveries', esma: 'LESL62', name: 'Cumulative Recoveries', kind: 'money', money: true },
  { id: 'purchaseDate', esma: '', name: 'Funder Purchase Date', kind: 'date' },
  { id: 'buyRate', esma: '', name: 'Funder Buy Rate', kind: 'percent' },
  { id: 'purchasePrice', esma: '', name: 'Funder Purchase Price', kind: 'money', money: true },
  { id: 'npv', esma: '', name: 'NPV At Discount Rate', kind: 'money', money: true },
  { id: 'delta', esma: '', name: 'Delta', kind: 'money', money: true },
  { id: 'check', esma: '', name: 'Check', kind: 'money', money: true },
  { id: 'totalCashFlow', esma: '', name: 'Total Remaining Cash Flow', kind: 'money', money: true },
];

/** The header of a column in a file: 'LESL28 Current Principal Balance', or the name alone. */
export function tapeHeader(c: TapeColumnDef): string {
  return c.esma ? `${c.esma} ${c.name}` : c.name;
}

export const TAPE_HEADERS: readonly string[] = TAPE_COLUMNS.map(tapeHeader);

export function tapeExportColumns(): ExportColumn<TapeRow>[] {
  return TAPE_COLUMNS.map((c) => ({
    id: c.id,
    header: tapeHeader(c),
    kind: c.kind,
    value: (r: TapeRow) => r[c.id],
    ...(c.money ? { currency: (r: TapeRow) => r.currency } : {}),
  }));
}

/** ESMA Annex VIII account status from the lease status. */
const ACCOUNT_STATUS: Record<string, string> = { active: 'PERF', closed: 'RDMD', defaulted: 'DFLT', terminated: 'TERM' };

export interface TapeSource {
  funderId: number;
  buyRate: number;
  leases: readonly PortfolioLeaseRecord[];
  portfolio: LeasePortfolio;
  valuation: PortfolioValuation;
}

/** Arrears and days past due per lease from the servicing book; absent = not available (written empty). */
export type TapeDelinquency = (leaseId: number) => { arrearsTotal: number; dpd: number; creditFacts?: TapeCredit } | undefined;
/** The lease's derived credit facts at the cut-off (services/credit); `status` overrides LESL57 when in default. */
export type TapeCredit = { status: string; defaultAmount: number; defaultDate: string | null; writtenOff: number; recoveries: number };

/** The tape row of lease i. */
export function tapeRow(src: TapeSource, i: number, delinquency?: TapeDelinquency): TapeRow {
  const l = src.leases[i]!;
  const v = src.valuation;
  const months = PERIOD_MONTHS[l.frequency];
  const originationDate = l.timing === 'arrears' ? addMonths(l.firstDueDate, -months) : l.firstDueDate;
  const prin = v.prin[i]!;
  const d = delinquency?.(l.id);
  return {
    uniqueIdentifier: `QUANTUM-F${src.funderId}`,
    contractNumber: l.contractNumber,
    leaseId: l.id,
    lesseeId: l.lesseeId,
    cutOff: v.cutOff,
    poolAdditionDate: l.purchaseDate,
    country: l.lesseeCountry,
    region: l.lesseeRegion,
    industry: l.lesseeIndustry,
    originationDate,
    maturityDate: addMonths(l.firstDueDate, (l.term - 1) * months),
    firstDueDate: l.firstDueDate,
    originalTermMonths: v.originalTermMonths[i]!,
    remainingTermMonths: v.remainingTermMonths[i]!,
    seasoningMonths: v.seasoningMonths[i]!,
    currency: l.currency,
    assetPrice: l.price,
    downPayment: l.downPayment,
    upfrontFee: l.fee,
    originalPrincipal: l.principal,
    currentPrincipal: prin,
    purchasePricePct: purchasePricePct(src, i),
    amortisationType: l.residual > 0 ? 'BALL' : 'FRXX',
    frequency: l.frequency,
    timing: l.timing,
    instalments: l.term,
    remainingInstalments: v.remainingInstalments[i]!,
    residualValue: l.residual,
    interestRate: l.rate,
    interestRateType: 'FXRL',
    vatRate: l.vatRate,
    vatRegime: l.vatRegime,
    assetType: l.assetType,
    condition: l.condition,
    accountStatus:
      d?.creditFacts && (d.creditFacts.status === 'defaulted' || d.creditFacts.status === 'written_off')
        ? 'DFLT'
        : (ACCOUNT_STATUS[l.status] ?? 'OTHR'),
    arrearsBalance: d ? d.arrearsTotal : null,
    daysInArrears: d ? d.dpd : null,
    defaultAmount: d?.creditFacts ? (d.creditFacts.defaultDate === null ? null : d.creditFacts.defaultAmount) : null,
    defaultDate: d?.creditFacts?.defaultDate ?? null,
    allocatedLosses: d?.creditFacts ? d.creditFacts.writtenOff : null,
    cumulativeRecoveries: d?.creditFacts ? d.creditFacts.recoveries : null,
    purchaseDate: l.purchaseDate,
    buyRate: src.buyRate,
    purchasePrice: v.purchasePrice[i]!,
    npv: v.npv[i]!,
    delta: v.delta[i]!,
    check: v.check[i]!,
    totalCashFlow: v.totalcf[i]!,
  };
}

/** LESL29: the historical purchase price ÷ the principal outstanding on the purchase date; null when either is unknown or nothing was outstanding. */
export function purchasePricePct(src: TapeSource, i: number): number | null {
  const price = src.valuation.purchasePrice[i]!;
  if (!Number.isFinite(price)) return null;
  const par = outstandingPrincipalOn(src.portfolio, i, parseDate(src.leases[i]!.purchaseDate, 'purchaseDate'));
  if (!(par > 0)) return null;
  const scale = 10 ** PURCHASE_PRICE_PCT_DECIMALS;
  return Math.round((price / par) * scale) / scale;
}

/** Book indexes of the tape's rows: the leases in the pool at the cut-off (isPoolRow, domain.md §14), in book (id) order. */
export function tapeIndices(v: PoolValuation): Int32Array {
  return poolRowIndices(v);
}

/** Number of rows of the tape. */
export function tapeCount(src: TapeSource): number {
  return tapeIndices(src.valuation).length;
}

/** Rows [from, from + count) of the tape (book order). */
export function tapePage(src: TapeSource, from: number, count: number, delinquency?: TapeDelinquency): TapeRow[] {
  const rows = tapeIndices(src.valuation);
  const out: TapeRow[] = [];
  for (let r = Math.max(0, from); r < Math.min(rows.length, from + count); r++) out.push(tapeRow(src, rows[r]!, delinquency));
  return out;
}

/** Every row of the tape, built one batch at a time as a writer pulls. */
export function* tapeBatches(src: TapeSource, batchSize = 1000, delinquency?: TapeDelinquency): Generator<TapeRow[]> {
  const total = tapeCount(src);
  for (let from = 0; from < total; from += batchSize) yield tapePage(src, from, batchSize, delinquency);
}
