/**
 * Validation of a tape's rows (domain.md §7): every rule on every row, never stopping at the first.
 * Pure: the register and the lessees are looked up through functions the caller passes in.
 */
import {
  addMonths,
  buildSchedule,
  FinanceError,
  isCurrencyCode,
  leaseInstalment,
  minorUnitDigits,
  PERIOD_MONTHS,
  type LeaseTerms,
  type Schedule,
} from '@/lib/finance';
import { isValidDate } from '@/lib/finance/dates';
import { ASSET_TYPES, CONDITIONS, FREQUENCIES, LEASE_STATUSES, TIMINGS, VAT_REGIMES } from '@/lib/domain/enums';
import { leaseInstalments } from '@/lib/servicing/instalments';
import { DEFAULT_COMPONENT_ORDER, type Component } from '@/lib/servicing/allocation';
import { decimalToMinor, decimalToNumber, parseRate, type DecimalSeparator, type RateReading } from './decimal';
import { dayOfMonth, excelSerialToIso, isMonthOnly, parseDate, type DateFormat } from './dates';
import { FIELD_KINDS, IMPORT_FIELDS, STATE_FIELDS, type ColumnMapping, type FixedValues, type ImportField } from './fields';
import { tapeOpening, type TapeOpening, type TapeState } from './state';
import { enumValues, leaseStatusOfAccount, readAccountStatus, readEnum, type AccountState } from './enums';
import { cellText } from './text';

export type ImportMode = 'create' | 'upsert';
export type RowAction = 'new' | 'updated' | 'unchanged' | 'rejected';

export const IMPORT_RULES = [
  'required',
  'number',
  'integer',
  'date',
  'currency',
  'enum',
  'contractFormat',
  'rateRange',
  'termRange',
  'pricePositive',
  'downPaymentRange',
  'residualRange',
  'firstDueBeforeOrigination',
  'duplicateInFile',
  'existsInRegister',
  'versionMoved',
  'instalmentMismatch',
  'outstandingMismatch',
  'outstandingRebased',
  'terms',
  'negative',
  'arrearsDays',
  'defaultDateMissing',
  'defaultDateAfterTape',
] as const;
export type ImportRule = (typeof IMPORT_RULES)[number];

export interface RowException {
  /** 1-based data row (the header is row 0). */
  row: number;
  /** The source column's header ('' when the rule concerns the row). */
  column: string;
  field: ImportField | '';
  value: string;
  rule: ImportRule;
  severity: 'error' | 'warning';
  /** Values the message interpolates (expected amount, other row…), as text. */
  params?: Record<string, string>;
}

/** The lease terms a row sets; on an update only the fields the file maps (and what derives from them). */
export interface ImportedLease {
  contractNumber: string;
  assetType?: (typeof ASSET_TYPES)[number];
  assetDescription?: string;
  condition?: (typeof CONDITIONS)[number];
  currency?: string;
  price?: number;
  downPayment?: number;
  residual?: number;
  fee?: number;
  feeFinanced?: boolean;
  term?: number;
  rate?: number;
  timing?: (typeof TIMINGS)[number];
  frequency?: (typeof FREQUENCIES)[number];
  firstDueDate?: string;
  vatRate?: number;
  vatRegime?: (typeof VAT_REGIMES)[number];
  purchaseDate?: string;
  agreedPurchasePrice?: number | null;
  status?: (typeof LEASE_STATUSES)[number];
  /** A seasoned lease re-based to the tape's outstanding principal at the tape's date (domain.md §7). */
  rebasedOn?: string | null;
  rebasedBalance?: number | null;
}

export interface ImportedLessee {
  externalId: string;
  taxId: string;
  name: string;
  country: string;
  region: string;
  industry: string;
}

/** An existing lease of the funder, as the comparison needs it. */
export type ExistingLease = Required<Omit<ImportedLease, 'agreedPurchasePrice' | 'rebasedOn' | 'rebasedBalance'>> & {
  id: number;
  version: number;
  lesseeId: number;
  agreedPurchasePrice: number | null;
};

export interface ValidatedRow {
  row: number;
  contractNumber: string;
  action: RowAction;
  lease: ImportedLease;
  lessee: ImportedLessee;
  /** The matched lessee (undefined: created on commit). */
  lesseeId?: number;
  /** Upsert: the lease it updates and the version seen at validation. */
  leaseId?: number;
  leaseVersion?: number;
  /** A new lease's state at the tape's date (domain.md §7): where its servicing starts; absent when nothing fell due before it. */
  opening?: TapeOpening;
  /** (tape instalment − annuity) ÷ annuity, when the row gives an instalment (the import's summary). */
  instalmentDiff?: number;
  /** The tape's outstanding principal and date, and the lease's currency (the roll-forward against the previous tape). */
  tapeBalance?: number;
  tapeDate?: string;
  currency?: string;
  exceptions: RowException[];
}

export interface ValidationContext {
  mode: ImportMode;
  decimal: DecimalSeparator;
  dateFormat: DateFormat;
  /** XLSX: numbers in date columns are Excel serial dates. */
  serialDates: boolean;
  findLease: (contractNumber: string) => ExistingLease | undefined;
  findLessee: (l: ImportedLessee) => number | undefined;
  /** The VAT rate a lease without one starts with (the lessee's country rate, else the funder's default). */
  defaultVatRate: (country: string) => number;
  rateConvention?: 'nominal' | 'effective';
  /** One value for every row of a field the file maps no column to. */
  fixed?: FixedValues;
  /** How each rate field's column is read (lib/import/decimal.ts detectRateReading); absent: decimal. */
  rateReadings?: Partial<Record<ImportField, RateReading>>;
  /** The tape's date when neither a column nor a fixed value gives it (the upload day). */
  tapeDate: string;
  /** The tape's instalment may differ from the annuity by this fraction of it (default 0.02). */
  instalmentTolerance?: number;
  /** The funder's allocation order (how unpaid arrears split into components). */
  componentOrder?: readonly Component[];
}

/** The tape's instalment may differ from the annuity by this fraction of it before a row warns (funder setting's default). */
export const DEFAULT_INSTALMENT_TOLERANCE = 0.02;

/** The account statuses a tape may give, as the message lists them. */
const ACCOUNT_STATE_CODES = ['PERF', 'ARRE', 'DFLT', 'RDMD', 'REOT', 'active', 'defaulted', 'closed', 'terminated'];

const CONTRACT = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/**
 * The first due date from the origination and maturity dates when the tape has no first due date
 * (QUANTUM's own tape writes origination = first due date, or one period before it in arrears):
 * month-end clamping makes `origination + 1 period` ambiguous, so the candidate consistent with the
 * maturity date wins.
 */
export function deriveFirstDueDate(
  origination: string,
  timing: 'advance' | 'arrears',
  months: number,
  term: number,
  maturity?: string,
): string {
  if (timing === 'advance') return origination;
  const base = addMonths(origination, months);
  if (!maturity) return base;
  const [y, m, d] = base.split('-').map(Number) as [number, number, number];
  for (let day = d; day <= 31; day++) {
    const c = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (!isValidDate(c)) break;
    if (addMonths(c, -months) === origination && addMonths(c, (term - 1) * months) === maturity) return c;
  }
  return base;
}

/** Outstanding principal per the schedule after the last instalment due before `date` (principal before the first). */
export function outstandingAt(schedule: Schedule, date: string): number {
  let balance = schedule.principal;
  for (const r of schedule.rows) {
    if (r.dueDate >= date) break;
    balance = r.balanceAfter;
  }
  return balance;
}

const COMPARED: (keyof ExistingLease & keyof ImportedLease)[] = [
  'assetType',
  'assetDescription',
  'condition',
  'currency',
  'price',
  'downPayment',
  'residual',
  'fee',
  'feeFinanced',
  'term',
  'rate',
  'timing',
  'frequency',
  'firstDueDate',
  'vatRate',
  'vatRegime',
  'purchaseDate',
  'agreedPurchasePrice',
  'status',
];

/** Whether the finance engine takes the terms' re-base (lib/finance LeaseTerms.rebase: its rules, in one place). */
function rebaseFits(terms: LeaseTerms): boolean {
  try {
    leaseInstalment(terms);
    return true;
  } catch (e) {
    if (e instanceof FinanceError && e.field === 'rebase') return false;
    throw e;
  }
}

/** True when applying `lease` (only the fields it sets) would change nothing on `existing`. */
export function isUnchanged(lease: ImportedLease, existing: ExistingLease, lesseeId: number | undefined): boolean {
  if (lesseeId !== existing.lesseeId) return false;
  return COMPARED.every((k) => lease[k] === undefined || lease[k] === existing[k]);
}

/** Validates rows [from, to) of a parsed file; `seen` carries contract numbers across chunks (duplicates in the file). */
export function validateRows(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  firstRowNumber: number,
  mapping: ColumnMapping,
  ctx: ValidationContext,
  seen: Map<string, number>,
): ValidatedRow[] {
  const columnOf = new Map<ImportField, number>();
  headers.forEach((h, i) => {
    const f = mapping[h];
    if (f && !columnOf.has(f)) columnOf.set(f, i);
  });
  return rows.map((cells, k) => validateRow(headers, cells, firstRowNumber + k, columnOf, ctx, seen));
}

function validateRow(
  headers: readonly string[],
  cells: readonly string[],
  row: number,
  columnOf: Map<ImportField, number>,
  ctx: ValidationContext,
  seen: Map<string, number>,
): ValidatedRow {
  const exceptions: RowException[] = [];
  const raw = (f: ImportField): string | undefined => {
    const i = columnOf.get(f);
    return i === undefined ? ctx.fixed?.[f]?.trim() : cellText(cells[i] ?? '');
  };
  const fail = (f: ImportField | '', rule: ImportRule, params?: Record<string, string>, severity: 'error' | 'warning' = 'error') => {
    const i = f ? columnOf.get(f) : undefined;
    exceptions.push({
      row,
      column: i === undefined ? '' : headers[i]!,
      field: f,
      value: f ? (raw(f) ?? '') : '',
      rule,
      severity,
      ...(params ? { params } : {}),
    });
  };
  const text = (f: ImportField): string | undefined => {
    const v = raw(f);
    return v === undefined || v === '' ? undefined : v;
  };
  const values: Partial<Record<ImportField, unknown>> = {};
  const months: Partial<Record<ImportField, string>> = {};
  const currencyText = text('currency')?.toUpperCase();
  const digits = currencyText && isCurrencyCode(currencyText) ? minorUnitDigits(currencyText) : 2;
  for (const f of IMPORT_FIELDS) {
    const v = text(f);
    if (v === undefined) continue;
    switch (FIELD_KINDS[f]) {
      case 'text':
        values[f] = v;
        break;
      case 'money': {
        const n = decimalToMinor(v, ctx.decimal, digits);
        if (n === null) fail(f, 'number');
        else values[f] = n;
        break;
      }
      case 'integer': {
        const n = decimalToNumber(v, ctx.decimal);
        if (n === null) fail(f, 'number');
        else if (!Number.isInteger(n)) fail(f, 'integer');
        else values[f] = n;
        break;
      }
      case 'rate': {
        const n = parseRate(v, ctx.decimal, ctx.rateReadings?.[f] ?? 'decimal');
        if (n === null) fail(f, 'number');
        else values[f] = n;
        break;
      }
      case 'date': {
        const d = ctx.serialDates && /^\d+(\.\d+)?$/.test(v) ? excelSerialToIso(Number(v)) : parseDate(v, ctx.dateFormat);
        if (d === null) fail(f, 'date', { format: ctx.dateFormat });
        // A month (MM/YYYY): the first due date takes the origination's day (below), the tape's date the month's end, others its first day.
        else if (isMonthOnly(d)) months[f] = d;
        else values[f] = d;
        break;
      }
      case 'enum': {
        const hit = f === 'status' ? readAccountStatus(v) : readEnum(f, v);
        if (!hit) fail(f, 'enum', { allowed: (f === 'status' ? ACCOUNT_STATE_CODES : enumValues(f)).join(', ') });
        else values[f] = hit;
        break;
      }
    }
  }
  for (const [f, m] of Object.entries(months) as [ImportField, string][]) {
    if (f !== 'firstDueDate') values[f] = dayOfMonth(m, f === 'tapeDate' ? 31 : 1);
  }
  if (months.firstDueDate) {
    const origination = values.originationDate as string | undefined;
    values.firstDueDate = dayOfMonth(months.firstDueDate, origination ? Number(origination.slice(8, 10)) : 1);
  }
  const get = <T>(f: ImportField) => values[f] as T | undefined;

  const contractNumber = get<string>('contractNumber') ?? '';
  if (!contractNumber) fail('contractNumber', 'required');
  else if (contractNumber.length > 40 || !CONTRACT.test(contractNumber)) fail('contractNumber', 'contractFormat');
  else {
    const other = seen.get(contractNumber);
    if (other !== undefined) fail('contractNumber', 'duplicateInFile', { row: String(other) });
    else seen.set(contractNumber, row);
  }
  const lessee: ImportedLessee = {
    externalId: get<string>('lesseeExternalId') ?? '',
    taxId: get<string>('lesseeTaxId') ?? '',
    name: get<string>('lesseeName') ?? '',
    country: get<string>('lesseeCountry') ?? '',
    region: get<string>('lesseeRegion') ?? '',
    industry: get<string>('lesseeIndustry') ?? '',
  };
  // A tape with anonymised obligors: the obligor id where the tape has one, otherwise one anonymous lessee per contract
  // (created with the lease; an update keeps the lease's lessee).
  const existing = contractNumber ? ctx.findLease(contractNumber) : undefined;
  const mapsLessee = (['lesseeName', 'lesseeExternalId', 'lesseeTaxId'] as const).some((f) => columnOf.has(f) || ctx.fixed?.[f]);
  const anonymous = !lessee.name && !lessee.externalId && !lessee.taxId;
  // A file that names its lessees must name each row's.
  if (mapsLessee && !lessee.name && !lessee.externalId) fail(columnOf.has('lesseeName') ? 'lesseeName' : 'lesseeExternalId', 'required');
  const lesseeId = anonymous ? existing?.lesseeId : ctx.findLessee(lessee);
  if (existing && ctx.mode === 'create') fail('contractNumber', 'existsInRegister');
  const isUpdate = !!existing && ctx.mode === 'upsert';
  // A new lease needs every required term; an update takes what the file maps.
  const need = (f: ImportField) => {
    if (values[f] === undefined && !exceptions.some((e) => e.field === f) && (!isUpdate || columnOf.has(f))) fail(f, 'required');
  };
  if (currencyText !== undefined && !isCurrencyCode(currencyText)) {
    fail('currency', 'currency');
    delete values.currency;
  } else if (currencyText) values.currency = currencyText;
  // The asset price from the financed amount (a loan tape's originalLoanAmount) when the tape gives no price.
  if (values.price === undefined && values.originalPrincipal !== undefined && !exceptions.some((e) => e.field === 'price'))
    values.price = (values.originalPrincipal as number) + ((values.downPayment as number | undefined) ?? 0);
  // The timing from the origination and first due dates when the tape gives none (one period apart: in arrears).
  if (values.timing === undefined && !exceptions.some((e) => e.field === 'timing') && !(isUpdate && existing)) {
    const o = values.originationDate as string | undefined;
    const f = values.firstDueDate as string | undefined;
    values.timing = o && f && o === f ? 'advance' : 'arrears';
  }
  for (const f of ['assetType', 'currency', 'price', 'term', 'rate', 'timing'] as const) need(f);

  const price = get<number>('price') ?? existing?.price;
  const downPayment = get<number>('downPayment') ?? existing?.downPayment ?? 0;
  const residual = get<number>('residual') ?? existing?.residual ?? 0;
  const term = get<number>('term') ?? existing?.term;
  const rate = get<number>('rate') ?? existing?.rate;
  const timing = get<'advance' | 'arrears'>('timing') ?? existing?.timing;
  const frequency = get<(typeof FREQUENCIES)[number]>('frequency') ?? existing?.frequency ?? 'monthly';
  if (values.price !== undefined && price !== undefined && price <= 0) fail('price', 'pricePositive');
  if (values.downPayment !== undefined && price !== undefined && (downPayment < 0 || downPayment >= price))
    fail('downPayment', 'downPaymentRange');
  if (values.rate !== undefined && rate !== undefined && !(rate >= 0 && rate < 1)) fail('rate', 'rateRange');
  if (values.term !== undefined && term !== undefined && !(term >= 1 && term <= 360)) fail('term', 'termRange');
  const vatRate = get<number>('vatRate');
  if (vatRate !== undefined && !(vatRate >= 0 && vatRate < 1)) fail('vatRate', 'rateRange');

  // A financed fee shows as an original principal above price − down payment (QUANTUM's tape writes it so).
  let fee = get<number>('fee');
  let feeFinanced: boolean | undefined;
  const originalPrincipal = get<number>('originalPrincipal');
  if (originalPrincipal !== undefined && price !== undefined) {
    const extra = originalPrincipal - (price - downPayment);
    if (fee === undefined) fee = extra > 0 ? extra : 0;
    feeFinanced = extra > 0 && extra === fee;
  } else if (fee !== undefined) feeFinanced = existing?.feeFinanced ?? false;
  const principal = price !== undefined ? price - downPayment + (feeFinanced ? (fee ?? 0) : 0) : undefined;
  if (principal !== undefined && (values.residual !== undefined || values.price !== undefined) && (residual < 0 || residual > principal))
    fail('residual', 'residualRange');

  const origination = get<string>('originationDate');
  let firstDueDate = get<string>('firstDueDate');
  if (!firstDueDate && origination && timing && term !== undefined) {
    firstDueDate = deriveFirstDueDate(origination, timing, PERIOD_MONTHS[frequency], term, get<string>('maturityDate'));
  }
  if (!firstDueDate && !exceptions.some((e) => e.field === 'firstDueDate' || e.field === 'originationDate') && !(isUpdate && existing)) {
    fail(columnOf.has('firstDueDate') || !columnOf.has('originationDate') ? 'firstDueDate' : 'originationDate', 'required');
  }
  if (firstDueDate && origination && firstDueDate < origination) fail('firstDueDate', 'firstDueBeforeOrigination', { origination });

  const accountState = get<AccountState>('status');
  // The lease's own status: a lease the tape reports redeemed, repurchased or terminated is not in the pool.
  let status: (typeof LEASE_STATUSES)[number] | undefined = leaseStatusOfAccount(accountState);
  const tapeDate = get<string>('tapeDate') ?? ctx.tapeDate;
  const lease: ImportedLease = { contractNumber };
  const set = <K extends keyof ImportedLease>(k: K, v: ImportedLease[K] | undefined) => {
    if (v !== undefined) lease[k] = v;
  };
  set('assetType', get('assetType'));
  set('assetDescription', get('assetDescription'));
  set('condition', get('condition'));
  set('currency', get('currency'));
  set('price', get('price'));
  set('downPayment', get('downPayment'));
  set('residual', get('residual'));
  set('fee', fee);
  set('feeFinanced', feeFinanced);
  set('term', get('term'));
  set('rate', get('rate'));
  set('timing', get('timing'));
  set('frequency', get('frequency'));
  set('firstDueDate', firstDueDate);
  set('vatRate', vatRate);
  set('vatRegime', get('vatRegime'));
  set('purchaseDate', get('purchaseDate'));
  set('agreedPurchasePrice', get('purchasePrice'));
  set('status', status);
  if (!isUpdate) {
    lease.downPayment ??= 0;
    lease.residual ??= 0;
    lease.fee ??= 0;
    lease.feeFinanced ??= false;
    lease.frequency ??= 'monthly';
    lease.vatRegime ??= 'per-instalment';
    lease.condition ??= 'new';
    lease.assetDescription ??= '';
    lease.status ??= 'active';
    lease.vatRate ??= ctx.defaultVatRate(lessee.country);
    // A lease whose tape gives no purchase (pool addition) date enters the pool on the tape's date (domain.md §7),
    // or when it starts if that is later.
    lease.purchaseDate ??= firstDueDate && firstDueDate > tapeDate ? (origination ?? firstDueDate) : tapeDate;
  }

  const errors = exceptions.some((e) => e.severity === 'error');
  let instalmentDiff: number | undefined;
  let opening: TapeOpening | undefined;
  const merged = { ...(existing ?? {}), ...lease } as Required<ImportedLease>;
  if (
    !errors &&
    merged.price !== undefined &&
    merged.term !== undefined &&
    merged.rate !== undefined &&
    merged.timing &&
    merged.firstDueDate &&
    merged.currency
  ) {
    try {
      const terms: LeaseTerms = {
        currency: merged.currency as never,
        price: merged.price,
        downPayment: merged.downPayment,
        residual: merged.residual,
        fee: merged.fee,
        feeFinanced: merged.feeFinanced,
        term: merged.term,
        rate: merged.rate,
        timing: merged.timing,
        frequency: merged.frequency,
        firstDueDate: merged.firstDueDate,
        vatRate: merged.vatRate,
        vatRegime: merged.vatRegime,
        rateConvention: ctx.rateConvention ?? 'nominal',
      };
      const schedule = buildSchedule(terms);
      const unit = 10 ** minorUnitDigits(merged.currency);
      const tapeInstalment = get<number>('tapeInstalment');
      if (tapeInstalment !== undefined && schedule.instalment > 0) {
        // Relative (domain.md §7): fees and day counts put a servicer's instalment a little above the plain annuity.
        const diff = (tapeInstalment - schedule.instalment) / schedule.instalment;
        instalmentDiff = diff;
        const tolerance = ctx.instalmentTolerance ?? DEFAULT_INSTALMENT_TOLERANCE;
        if (Math.abs(tapeInstalment - schedule.instalment) > Math.max(unit, tolerance * schedule.instalment))
          fail(
            'tapeInstalment',
            'instalmentMismatch',
            { expected: String(schedule.instalment), currency: merged.currency, diff: String(diff), tolerance: String(tolerance) },
            'warning',
          );
      }
      const tapeOutstanding = get<number>('tapeOutstanding');
      const scheduled = outstandingAt(schedule, tapeDate);
      // Redeemed early: the tape's balance is nil while the schedule still has principal to come — out of the pool.
      // (One that still owes arrears stays: it is in the pool until they are paid.)
      if (
        accountState === 'redeemed' &&
        tapeOutstanding === 0 &&
        !((get<number>('arrearsBalance') ?? 0) > 0) &&
        !((get<number>('daysInArrears') ?? 0) > 0) &&
        scheduled > 0
      )
        lease.status = status = 'terminated';
      if (tapeOutstanding !== undefined && tapeDate && Math.abs(tapeOutstanding - scheduled) > unit) {
        const params = { expected: String(scheduled), tape: String(tapeOutstanding), currency: merged.currency, date: tapeDate };
        // The tape's balance wins (domain.md §7): a new seasoned lease still amortising is re-based from the tape's date,
        // the difference kept as the re-base's adjustment. An update keeps its schedule (its servicing has run here)
        // and the roll-forward weighs its balance; a re-base the finance engine refuses (nothing left to amortise, a
        // balance below the residual) only warns.
        if (!isUpdate && status !== 'terminated' && rebaseFits({ ...terms, rebase: { date: tapeDate, balance: tapeOutstanding } })) {
          lease.rebasedOn = tapeDate;
          lease.rebasedBalance = tapeOutstanding;
          fail('tapeOutstanding', 'outstandingRebased', { ...params, adjustment: String(tapeOutstanding - scheduled) }, 'warning');
        } else fail('tapeOutstanding', 'outstandingMismatch', params, 'warning');
      }
      // A new lease's state at the tape's date: its servicing starts there (nothing fell due before it: none needed).
      if (!isUpdate && merged.firstDueDate < tapeDate && status !== 'terminated') {
        const state: TapeState = {};
        for (const f of STATE_FIELDS)
          if (f !== 'tapeOutstanding' && f !== 'status' && values[f] !== undefined) (state as Record<string, unknown>)[f] = values[f];
        if (accountState !== undefined) state.status = accountState;
        // Only arrears need the instalments (a current lease, most of a tape, does not: no 60 objects per row).
        const owes =
          [state.arrearsBalance, state.daysInArrears, state.instalmentsPastDue].some((v) => v !== undefined && v > 0) ||
          state.instalmentsPaid !== undefined;
        const instalments = !owes
          ? []
          : leaseInstalments(
              schedule.rows.map((r) => ({
                period: r.period,
                dueDate: r.dueDate,
                vat: r.vat,
                fee: r.fee,
                interest: r.interest,
                principal: r.principal,
              })),
              merged,
            );
        const r = tapeOpening(instalments, tapeDate, state, ctx.componentOrder ?? DEFAULT_COMPONENT_ORDER);
        for (const issue of r.issues) {
          const severity = issue.rule === 'negative' || issue.rule === 'defaultDateAfterTape' ? 'error' : 'warning';
          fail(issue.field, issue.rule, 'date' in issue ? { date: issue.date } : undefined, severity);
        }
        if (!r.errors) opening = r.opening;
      }
    } catch {
      // The terms pass every field rule yet have no schedule (the finance engine refuses them).
      fail('', 'terms');
    }
  }

  const rejected = exceptions.some((e) => e.severity === 'error');
  const action: RowAction = rejected ? 'rejected' : !isUpdate ? 'new' : isUnchanged(lease, existing, lesseeId) ? 'unchanged' : 'updated';
  return {
    row,
    contractNumber,
    action,
    lease,
    lessee,
    ...(lesseeId !== undefined ? { lesseeId } : {}),
    ...(isUpdate ? { leaseId: existing.id, leaseVersion: existing.version } : {}),
    ...(opening && !rejected ? { opening } : {}),
    ...(instalmentDiff !== undefined ? { instalmentDiff } : {}),
    ...(get<number>('tapeOutstanding') !== undefined ? { tapeBalance: get<number>('tapeOutstanding')! } : {}),
    tapeDate,
    ...((lease.currency ?? existing?.currency) ? { currency: lease.currency ?? existing!.currency } : {}),
    exceptions,
  };
}
