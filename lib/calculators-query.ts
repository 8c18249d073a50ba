/**
 * The Lease Calculators' query string: the page's inputs live in the URL, so a calculation can be
 * bookmarked and shared, the server renders the first result from it, and the schedule export
 * takes the same string.
 *
 * The format is locale-independent:
 * - amounts in decimal major units with '.' and no grouping (`price=50000`, `instalment=794.34`);
 * - rates in percent (`rate=6.5` is 6.5 % = 0.065); empty `discountRate`/`npvRate` mean "none";
 * - dates `YYYY-MM-DD`; booleans `1`/`0`; choices as the API spells them (`timing=advance`);
 * - `flows` (NPV/IRR) as comma-separated entries `YYYY-MM-DD:amount` or `amount`.
 * A parameter that is absent takes its default; one that is present but empty is an input too
 * (an empty optional amount is zero, an empty required one is reported).
 *
 * Parsing answers `{ input }` with the zod-validated request that lib/calculators computes, or
 * `{ errors }` with a message key (messages `calculators.errors.<key>`) per query field.
 */
import type { z } from 'zod';
import { computeSchedule } from '@/lib/calculators';
import { decimalStringToMinor, isCurrencyCode, isValidDate, minorToDecimalString, minorUnitDigits } from '@/lib/finance';
import { formatInputNumber, parseDecimal, type NumberParseFailure } from '@/lib/number-input';
import {
  leaseTermsInput,
  npvIrrRequest,
  priceRequest,
  rateRequest,
  type LeaseTermsInput,
  type NpvIrrRequest,
  type PriceRequest,
  type RateRequest,
} from '@/lib/validations/calculators';
import { todayIso } from '@/lib/clock';

export const CALCULATOR_TABS = ['schedule', 'rate', 'npv', 'price'] as const;
export type CalculatorTab = (typeof CALCULATOR_TABS)[number];

export function parseTab(value: string | null | undefined): CalculatorTab {
  return (CALCULATOR_TABS as readonly string[]).includes(value ?? '') ? (value as CalculatorTab) : 'schedule';
}

/** The lease's terms, shared by the schedule, rate and price calculators. */
export const LEASE_FIELDS = [
  'currency',
  'price',
  'downPayment',
  'residual',
  'term',
  'rate',
  'timing',
  'frequency',
  'firstDueDate',
  'fee',
  'feeFinanced',
  'vatRate',
  'vatRegime',
  'rateConvention',
] as const;

/** Query fields of each calculator, in the order they are written to the URL. */
export const TAB_FIELDS = {
  schedule: LEASE_FIELDS,
  rate: [...LEASE_FIELDS, 'instalment'],
  npv: ['flows', 'npvRate', 'periodsPerYear'],
  price: [...LEASE_FIELDS, 'cutOff', 'buyRate', 'discountRate', 'convention'],
} as const satisfies Record<CalculatorTab, readonly string[]>;

export type CalculatorField = (typeof TAB_FIELDS)[CalculatorTab][number];

export const CALCULATOR_FIELDS: readonly CalculatorField[] = [...new Set(Object.values(TAB_FIELDS).flat())] as CalculatorField[];

export type FieldKind = 'amount' | 'percent' | 'integer' | 'date' | 'choice' | 'boolean' | 'flows';

export const FIELD_KIND: Readonly<Record<CalculatorField, FieldKind>> = {
  currency: 'choice',
  price: 'amount',
  downPayment: 'amount',
  residual: 'amount',
  term: 'integer',
  rate: 'percent',
  timing: 'choice',
  frequency: 'choice',
  firstDueDate: 'date',
  fee: 'amount',
  feeFinanced: 'boolean',
  vatRate: 'percent',
  vatRegime: 'choice',
  rateConvention: 'choice',
  instalment: 'amount',
  cutOff: 'date',
  buyRate: 'percent',
  discountRate: 'percent',
  convention: 'choice',
  flows: 'flows',
  npvRate: 'percent',
  periodsPerYear: 'integer',
};

/** Message keys of `calculators.errors`. */
export type FieldErrorKey =
  | 'required'
  | 'invalidNumber'
  | 'wholeNumber'
  | 'negative'
  | 'tooLarge'
  | 'pricePositive'
  | 'downPaymentTooHigh'
  | 'residualTooHigh'
  | 'termMin'
  | 'termMax'
  | 'rateMin'
  | 'rateMax'
  | 'vatMax'
  | 'invalidDate'
  | 'invalidChoice'
  | 'periodsRange'
  | 'instalmentPositive'
  | 'flowsMin'
  | 'flowsMax'
  | 'flowsInvalid'
  | 'noSolution'
  | 'invalid';

export type FieldErrors = Partial<Record<CalculatorField, FieldErrorKey>>;

export type ParseResult<T> = { input: T } | { errors: FieldErrors };

/** Canonical query values by field; an absent field takes its default. */
export type CalculatorQuery = Partial<Record<CalculatorField, string>>;

/** What the query parsers accept: a URLSearchParams, a Next.js searchParams object, or a plain record. */
export type QuerySource = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The first value of every calculator field present in `source` (unknown parameters are ignored). */
export function readCalculatorQuery(source: QuerySource): CalculatorQuery {
  const out: CalculatorQuery = {};
  for (const field of CALCULATOR_FIELDS) {
    const value = source instanceof URLSearchParams ? source.get(field) : first(source[field]);
    if (value !== null && value !== undefined) out[field] = value;
  }
  return out;
}

function first(v: string | readonly string[] | undefined): string | undefined {
  return typeof v === 'string' ? v : v?.[0];
}

/** Excel's XIRR help example, the NPV/IRR calculator's default flows. */
export const DEFAULT_FLOWS = '2008-01-01:-10000,2008-03-01:2750,2008-10-30:4250,2009-02-15:3250,2009-04-01:2750';

/** Defaults of the fields whose default does not depend on the date or on other fields. */
export const STATIC_DEFAULTS: Readonly<Partial<Record<CalculatorField, string>>> = {
  currency: 'EUR',
  price: '50000',
  downPayment: '5000',
  residual: '5000',
  term: '60',
  rate: '6',
  timing: 'advance',
  frequency: 'monthly',
  fee: '0',
  feeFinanced: '0',
  vatRate: '0',
  vatRegime: 'per-instalment',
  rateConvention: 'nominal',
  buyRate: '5',
  discountRate: '',
  convention: 'monthly',
  flows: DEFAULT_FLOWS,
  npvRate: '9',
  periodsPerYear: '12',
};

export type QueryDefaults = {
  /** Default first due date (the page passes the first day of next month, computed at request time). */
  firstDueDate?: string;
};

/** The first day of the month after `today` (`YYYY-MM-DD`). */
export function firstOfNextMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

function defaultFirstDueDate(defaults: QueryDefaults): string {
  return defaults.firstDueDate ?? firstOfNextMonth(todayIso());
}

/**
 * Every field of `query` with the defaults filled in: the first due date from `defaults`, the cut-off
 * at the first due date, and the rate calculator's instalment as the schedule's instalment at `rate`
 * (so switching from the schedule to the rate calculator starts from the same lease).
 */
export function completeQuery(query: CalculatorQuery, defaults: QueryDefaults = {}): Record<CalculatorField, string> {
  const out = { ...STATIC_DEFAULTS, ...query } as Record<CalculatorField, string>;
  out.firstDueDate = query.firstDueDate ?? defaultFirstDueDate(defaults);
  out.cutOff = query.cutOff ?? out.firstDueDate;
  if (query.instalment === undefined) {
    const parsed = parseScheduleQuery(out);
    let instalment = '';
    if ('input' in parsed) {
      try {
        instalment = amountToQuery(computeSchedule(parsed.input).instalment, parsed.input.currency);
      } catch {
        // no schedule at these terms: the empty instalment is reported as missing
      }
    }
    out.instalment = instalment;
  }
  return out;
}

// ---- scalar values -------------------------------------------------------------------------

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type Scalar<T> = { ok: true; value: T } | { ok: false; error: FieldErrorKey };

function decimal(text: string): Scalar<number> {
  const t = text.trim();
  if (t === '') return { ok: false, error: 'required' };
  if (!DECIMAL.test(t)) return { ok: false, error: 'invalidNumber' };
  return { ok: true, value: Number(t) };
}

/** Percent text as a decimal rate. The point moves in the text, so "8.8" gives the double nearest 0.088, not 8.8 / 100. */
function percent(text: string): Scalar<number> {
  const d = decimal(text);
  if (!d.ok) return d;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim())!;
  const digits = (m[2] ?? '').padStart(3, '0');
  const shifted = `${m[1]}${digits.slice(0, -2)}.${digits.slice(-2)}${m[3] ?? ''}`;
  const value = Number(shifted);
  return { ok: true, value: value === 0 ? 0 : value };
}

function amount(text: string, currency: string, optional: boolean): Scalar<number> {
  const t = text.trim();
  if (t === '' && optional) return { ok: true, value: 0 };
  const d = decimal(t);
  if (!d.ok) return d;
  // Beyond the schema's limit anyway, and past 2^53 minor units the conversion itself would fail.
  if (Math.abs(d.value) * 10 ** minorUnitDigits(currency) > 1e13) return { ok: false, error: 'tooLarge' };
  return {
    ok: true,
    value: decimalStringToMinor(
      t.replace(/^([+-]?)\./, (_m, sign: string) => `${sign}0.`),
      currency,
    ),
  };
}

function bool(text: string): Scalar<boolean> {
  if (text === '1' || text === 'true') return { ok: true, value: true };
  if (text === '0' || text === 'false' || text === '') return { ok: true, value: false };
  return { ok: false, error: 'invalidChoice' };
}

/** A plain decimal without exponent or float noise (0.07 × 100 → "7", not "7.000000000000001"). */
export function decimalToQuery(value: number): string {
  const clean = Number(value.toPrecision(12));
  const s = String(clean);
  if (!/e/i.test(s)) return s;
  // toFixed itself switches to an exponent from 1e21 on, where every double is an integer.
  if (Math.abs(clean) >= 1e21) return BigInt(clean).toString();
  return clean.toFixed(20).replace(/\.?0+$/, '');
}

/** A decimal rate as query percent (0.065 → "6.5"). */
export function percentToQuery(rate: number): string {
  return decimalToQuery(rate * 100);
}

/** Minor units as query major units without trailing zeros (5000000 EUR → "50000", 79434 → "794.34"). */
export function amountToQuery(minor: number, currency: string): string {
  const s = minorToDecimalString(minor, currency);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

// ---- zod issues → field errors ---------------------------------------------------------------

const RATE_FIELDS = new Set<string>(['rate', 'buyRate', 'discountRate', 'npvRate']);
const DATE_FIELDS = new Set<string>(['firstDueDate', 'cutOff']);

function issueKey(field: string, issue: z.core.$ZodIssue): FieldErrorKey {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'wholeNumber' : 'required';
    case 'too_small':
      if (field === 'term') return 'termMin';
      if (RATE_FIELDS.has(field)) return 'rateMin';
      if (field === 'periodsPerYear') return 'periodsRange';
      if (field === 'flows') return 'flowsMin';
      if (field === 'instalment') return 'instalmentPositive';
      return 'negative';
    case 'too_big':
      if (field === 'term') return 'termMax';
      if (RATE_FIELDS.has(field)) return 'rateMax';
      if (field === 'vatRate') return 'vatMax';
      if (field === 'periodsPerYear') return 'periodsRange';
      if (field === 'flows') return 'flowsMax';
      return 'tooLarge';
    case 'invalid_value':
      return 'invalidChoice';
    case 'custom':
      if (field === 'downPayment') return 'downPaymentTooHigh';
      if (field === 'residual') return 'residualTooHigh';
      if (field === 'price') return 'pricePositive';
      if (DATE_FIELDS.has(field)) return 'invalidDate';
      return 'invalid';
    default:
      return 'invalid';
  }
}

/** The first issue per field wins; `fieldOf` maps a zod path to the query field. */
function zodErrors(issues: readonly z.core.$ZodIssue[], fieldOf: (path: PropertyKey[]) => CalculatorField | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issueKey(field, issue);
  }
  // A price that is itself wrong makes the down payment and residual checks against it meaningless.
  if (errors.price && errors.price !== 'pricePositive') {
    if (errors.downPayment === 'downPaymentTooHigh') delete errors.downPayment;
    if (errors.residual === 'residualTooHigh') delete errors.residual;
  }
  return errors;
}

function isField(name: unknown): name is CalculatorField {
  return typeof name === 'string' && (CALCULATOR_FIELDS as readonly string[]).includes(name);
}

const leaseField = (path: PropertyKey[]): CalculatorField | null => {
  const name = path[0] === 'terms' ? path[1] : path[0];
  return isField(name) ? name : null;
};

// ---- the calculators' queries ----------------------------------------------------------------

type Collected = { raw: Record<string, unknown>; errors: FieldErrors };

function collectLeaseTerms(q: Record<CalculatorField, string>, withRate: boolean): Collected {
  const errors: FieldErrors = {};
  const raw: Record<string, unknown> = {};
  const currency = q.currency.trim().toUpperCase();
  raw.currency = currency;
  // Amounts need the currency's minor digits; an unknown currency is reported and cents assumed.
  const amountCurrency = isCurrencyCode(currency) ? currency : 'EUR';
  const take = <T>(field: CalculatorField, s: Scalar<T>) => {
    if (s.ok) raw[field] = s.value;
    else errors[field] = s.error;
  };
  take('price', amount(q.price, amountCurrency, false));
  take('downPayment', amount(q.downPayment, amountCurrency, true));
  take('residual', amount(q.residual, amountCurrency, true));
  take('fee', amount(q.fee, amountCurrency, true));
  take('feeFinanced', bool(q.feeFinanced));
  const term = decimal(q.term);
  take('term', term);
  if (withRate) take('rate', percent(q.rate));
  raw.timing = q.timing;
  raw.frequency = q.frequency;
  if (q.firstDueDate.trim() === '') errors.firstDueDate = 'required';
  else raw.firstDueDate = q.firstDueDate.trim();
  take('vatRate', q.vatRate.trim() === '' ? { ok: true, value: 0 } : percent(q.vatRate));
  raw.vatRegime = q.vatRegime;
  raw.rateConvention = q.rateConvention;
  return { raw, errors };
}

function finish<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  pre: FieldErrors,
  fieldOf: (path: PropertyKey[]) => CalculatorField | null,
): ParseResult<T> {
  const parsed = schema.safeParse(raw);
  // Unparseable fields are left out of `raw`: their zod "required" issues give way to the parse error.
  const errors: FieldErrors = parsed.success ? {} : zodErrors(parsed.error.issues, fieldOf);
  const all = { ...errors, ...pre };
  if (Object.keys(all).length > 0) return { errors: all };
  return { input: (parsed as { data: T }).data };
}

function complete(source: QuerySource | CalculatorQuery, defaults: QueryDefaults): Record<CalculatorField, string> {
  const q = source instanceof URLSearchParams ? readCalculatorQuery(source) : readCalculatorQuery(source as QuerySource);
  return completeQuery(q, defaults);
}

/** The schedule calculator's input (the lease terms). */
export function parseScheduleQuery(source: QuerySource | CalculatorQuery, defaults: QueryDefaults = {}): ParseResult<LeaseTermsInput> {
  const q = { ...STATIC_DEFAULTS, ...readCalculatorQuery(source as QuerySource) } as Record<CalculatorField, string>;
  q.firstDueDate = q.firstDueDate ?? defaultFirstDueDate(defaults);
  const { raw, errors } = collectLeaseTerms(q, true);
  return finish(leaseTermsInput, raw, errors, leaseField);
}

export function toScheduleQuery(input: LeaseTermsInput): Record<(typeof LEASE_FIELDS)[number], string> {
  const c = input.currency;
  return {
    currency: c,
    price: amountToQuery(input.price, c),
    downPayment: amountToQuery(input.downPayment, c),
    residual: amountToQuery(input.residual, c),
    term: String(input.term),
    rate: percentToQuery(input.rate),
    timing: input.timing,
    frequency: input.frequency,
    firstDueDate: input.firstDueDate,
    fee: amountToQuery(input.fee, c),
    feeFinanced: input.feeFinanced ? '1' : '0',
    vatRate: percentToQuery(input.vatRate),
    vatRegime: input.vatRegime,
    rateConvention: input.rateConvention,
  };
}

/** The rate calculator's input: the lease terms without the rate, and the instalment. */
export function parseRateQuery(source: QuerySource | CalculatorQuery, defaults: QueryDefaults = {}): ParseResult<RateRequest> {
  const q = complete(source, defaults);
  const { raw, errors } = collectLeaseTerms(q, false);
  const currency = isCurrencyCode(String(raw.currency)) ? String(raw.currency) : 'EUR';
  const instalment = amount(q.instalment, currency, false);
  const body: Record<string, unknown> = { terms: raw };
  if (instalment.ok) body.instalment = instalment.value;
  else errors.instalment = instalment.error;
  return finish(rateRequest, body, errors, leaseField);
}

export function toRateQuery(req: RateRequest): Record<Exclude<(typeof TAB_FIELDS)['rate'][number], 'rate'>, string> {
  const { rate: _rate, ...terms } = toScheduleQuery({ ...req.terms, rate: 0 });
  return { ...terms, instalment: amountToQuery(req.instalment, req.terms.currency) };
}

/** The price calculator's input: the lease terms, cut-off, buy rate, reference rate and discounting convention. */
export function parsePriceQuery(source: QuerySource | CalculatorQuery, defaults: QueryDefaults = {}): ParseResult<PriceRequest> {
  const q = complete(source, defaults);
  const { raw, errors } = collectLeaseTerms(q, true);
  const body: Record<string, unknown> = { terms: raw, convention: q.convention };
  if (q.cutOff.trim() === '') errors.cutOff = 'required';
  else body.cutOff = q.cutOff.trim();
  const buyRate = percent(q.buyRate);
  if (buyRate.ok) body.buyRate = buyRate.value;
  else errors.buyRate = buyRate.error;
  if (q.discountRate.trim() !== '') {
    const discountRate = percent(q.discountRate);
    if (discountRate.ok) body.discountRate = discountRate.value;
    else errors.discountRate = discountRate.error;
  }
  return finish(priceRequest, body, errors, leaseField);
}

export function toPriceQuery(req: PriceRequest): Record<(typeof TAB_FIELDS)['price'][number], string> {
  return {
    ...toScheduleQuery(req.terms),
    cutOff: req.cutOff,
    buyRate: percentToQuery(req.buyRate),
    discountRate: req.discountRate === undefined ? '' : percentToQuery(req.discountRate),
    convention: req.convention,
  };
}

// ---- cash flows ------------------------------------------------------------------------------

export type CashFlow = { amount: number; date?: string };

/** Query text of flows: `2008-01-01:-10000,2008-03-01:2750` (dates optional per entry). */
export function flowsToQuery(flows: readonly CashFlow[]): string {
  return flows.map((f) => (f.date ? `${f.date}:${decimalToQuery(f.amount)}` : decimalToQuery(f.amount))).join(',');
}

/** Flows from their query text; null when an entry is malformed. */
export function parseFlowsQuery(text: string): CashFlow[] | null {
  const flows: CashFlow[] = [];
  for (const entry of text.split(',')) {
    const e = entry.trim();
    if (e === '') continue;
    const m = /^(?:(\d{4}-\d{2}-\d{2}):)?(.+)$/.exec(e);
    const d = m ? decimal(m[2]!) : null;
    if (!m || !d?.ok) return null;
    if (m[1] !== undefined && !isValidDate(m[1])) return null;
    flows.push(m[1] !== undefined ? { amount: d.value, date: m[1] } : { amount: d.value });
  }
  return flows;
}

const npvField = (path: PropertyKey[]): CalculatorField | null => {
  if (path[0] === 'rate') return 'npvRate';
  if (path[0] === 'flows') return 'flows';
  return isField(path[0]) ? path[0] : null;
};

/** The NPV/IRR calculator's input: flows, an optional annual discount rate, periods per year of the undated flows. */
export function parseNpvQuery(source: QuerySource | CalculatorQuery): ParseResult<NpvIrrRequest> {
  const q = complete(source, {});
  const errors: FieldErrors = {};
  const body: Record<string, unknown> = {};
  const flows = parseFlowsQuery(q.flows);
  if (flows) body.flows = flows;
  else errors.flows = 'flowsInvalid';
  if (q.npvRate.trim() !== '') {
    const r = percent(q.npvRate);
    if (r.ok) body.rate = r.value;
    else errors.npvRate = r.error;
  }
  const ppy = decimal(q.periodsPerYear);
  if (ppy.ok) body.periodsPerYear = ppy.value;
  else errors.periodsPerYear = ppy.error;
  return finish(npvIrrRequest, body, errors, npvField);
}

export function toNpvQuery(req: NpvIrrRequest): Record<(typeof TAB_FIELDS)['npv'][number], string> {
  return {
    flows: flowsToQuery(req.flows),
    npvRate: req.rate === undefined ? '' : percentToQuery(req.rate),
    periodsPerYear: String(req.periodsPerYear),
  };
}

/** The query string of a calculator: `tab` and the tab's fields, in a fixed order. */
export function calculatorSearch(tab: CalculatorTab, query: Partial<Record<CalculatorField, string>>): string {
  const params = new URLSearchParams();
  if (tab !== 'schedule') params.set('tab', tab);
  for (const field of TAB_FIELDS[tab]) {
    const value = query[field];
    if (value !== undefined) params.set(field, value);
  }
  // ':' and ',' are legal in a query component; leaving them readable keeps shared flow lists legible.
  return params.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

// ---- the form's text in the active locale ------------------------------------------------------

/** Date formats accepted in pasted flows besides ISO: day.month.year everywhere, and the locale's slashed form. */
function parseFlowDate(text: string, locale: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return isValidDate(t) ? t : null;
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  let day: string | undefined;
  let month: string | undefined;
  let year: string | undefined;
  if (m) [, day, month, year] = m;
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) {
    // English (US) writes month/day/year; German, French and Portuguese day/month/year.
    if (locale.startsWith('en')) [, month, day, year] = m;
    else [, day, month, year] = m;
  } else return null;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isValidDate(iso) ? iso : null;
}

function looksLikeDate(text: string): boolean {
  return /^\d{4}-\d{1,2}-\d{1,2}$|^\d{1,2}[./]\d{1,2}[./]\d{4}$/.test(text.trim());
}

/** A refused line; `numberInput` says why its amount was refused when it is another locale's spelling or ambiguous. */
export type FlowsTextResult = { ok: true; flows: CashFlow[] } | { ok: false; line: number; numberInput?: NumberParseFailure };

/** An amount of a flows line through the one parser; a refusal other than "no number" is kept to be explained. */
function flowAmount(text: string, locale: string, refused: { failure?: NumberParseFailure }): number | null {
  const r = parseDecimal(text, locale);
  if (r.ok) return r.value;
  if (r.reason !== 'invalid') refused.failure = r;
  return null;
}

/**
 * Flows typed or pasted into the form, one per line: an amount in the locale's format, optionally with
 * a date before or after it, separated by ';', a tab (two columns pasted from a spreadsheet) or spaces.
 * Blank lines are skipped, and a first line without digits is taken for a header.
 */
export function parseFlowsText(text: string, locale: string): FlowsTextResult {
  const flows: CashFlow[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (flows.length === 0 && !/\d/.test(line)) continue;
    let parts: string[];
    if (/[;\t]/.test(line))
      parts = line
        .split(/[;\t]/)
        .map((p) => p.trim())
        .filter((p) => p !== '');
    else {
      const lead = /^(\S+)\s+(.+)$/.exec(line);
      const trail = /^(.+?)\s+(\S+)$/.exec(line);
      if (lead && looksLikeDate(lead[1]!)) parts = [lead[1]!, lead[2]!];
      else if (trail && looksLikeDate(trail[2]!)) parts = [trail[1]!, trail[2]!];
      else parts = [line];
    }
    let flow: CashFlow | null = null;
    const refused: { failure?: NumberParseFailure } = {};
    if (parts.length === 1) {
      const amountValue = flowAmount(parts[0]!, locale, refused);
      if (amountValue !== null) flow = { amount: amountValue };
    } else if (parts.length === 2) {
      const [a, b] = parts as [string, string];
      const dateFirst = looksLikeDate(a);
      const date = parseFlowDate(dateFirst ? a : b, locale);
      const amountValue = flowAmount(dateFirst ? b : a, locale, refused);
      if (date !== null && amountValue !== null) flow = { amount: amountValue, date };
    }
    if (!flow) return refused.failure ? { ok: false, line: i + 1, numberInput: refused.failure } : { ok: false, line: i + 1 };
    flows.push(flow);
  }
  return { ok: true, flows };
}

/** Flows as the form shows them: `2008-01-01; -10,000` (en), `2008-01-01; -10.000` (de). */
export function formatFlowsText(flows: readonly CashFlow[], locale: string): string {
  return flows
    .map((f) => {
      const digits = Number.isInteger(f.amount) ? 0 : Math.min(10, (String(f.amount).split('.')[1] ?? '').length);
      const amountText = formatInputNumber(f.amount, locale, digits);
      return f.date ? `${f.date}; ${amountText}` : amountText;
    })
    .join('\n');
}

/** Digits a field shows: the currency's minor digits for amounts, up to 6 for percentages. */
function displayNumber(kind: FieldKind, value: number, locale: string, currency: string): string {
  if (kind === 'amount') {
    const digits = isCurrencyCode(currency) ? minorUnitDigits(currency) : 2;
    return formatInputNumber(value, locale, digits);
  }
  if (kind === 'percent') return formatInputNumber(value, locale, 6, 0);
  return formatInputNumber(value, locale, 0);
}

/** A query value as the form field shows it in `locale` (a value that does not parse is shown as it is). */
export function toDisplayValue(field: CalculatorField, value: string, locale: string, currency: string): string {
  const kind = FIELD_KIND[field];
  if (kind === 'flows') {
    const flows = parseFlowsQuery(value);
    return flows ? formatFlowsText(flows, locale) : value;
  }
  if (kind !== 'amount' && kind !== 'percent' && kind !== 'integer') return value;
  const d = decimal(value);
  return d.ok ? displayNumber(kind, d.value, locale, currency) : value;
}

/** A form field's text as a query value, or the error to show when the text is not a number in `locale`. */
export function toQueryValue(
  field: CalculatorField,
  display: string,
  locale: string,
): { value: string } | { error: FieldErrorKey; line?: number; numberInput?: NumberParseFailure } {
  const kind = FIELD_KIND[field];
  if (kind === 'flows') {
    const parsed = parseFlowsText(display, locale);
    if (parsed.ok) return { value: flowsToQuery(parsed.flows) };
    return parsed.numberInput
      ? { error: 'flowsInvalid', line: parsed.line, numberInput: parsed.numberInput }
      : { error: 'flowsInvalid', line: parsed.line };
  }
  if (kind !== 'amount' && kind !== 'percent' && kind !== 'integer') return { value: display };
  // People type the percent sign; the value is in percent either way.
  const text = kind === 'percent' ? display.replace(/\s*%\s*$/, '') : display;
  if (text.trim() === '') return { value: '' };
  // Another locale's spelling ("6.25" on /de) is refused with the parser's reason and suggestion, not guessed.
  const n = parseDecimal(text, locale);
  if (n.ok) return { value: decimalToQuery(n.value) };
  return n.reason === 'invalid' ? { error: 'invalidNumber' } : { error: 'invalidNumber', numberInput: n };
}

/** Reformats a field's text after editing (on blur); unchanged when it does not parse. */
export function normalizeDisplayValue(field: CalculatorField, display: string, locale: string, currency: string): string {
  const q = toQueryValue(field, display, locale);
  if ('error' in q || q.value === '') return display;
  return toDisplayValue(field, q.value, locale, currency);
}
