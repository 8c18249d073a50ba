/**
 * Scenario projection (domain.md §10): the contractual cash flow with prepayments, defaults, loss
 * severity and a recovery lag, applied period by period: defaults first (balance × MDR), then the
 * scheduled instalment on the surviving balance (re-amortised over the remaining term at the contract
 * rate), then prepayment (SMM × surviving balance after scheduled principal); loss = default × severity
 * and recovery = default × (1 − severity), both `lag` periods later.
 *
 * Two entry points:
 * - projectScenario: one pool (balance, rate, term, monthly in arrears), unrounded — domain.md's example.
 * - projectPortfolio: every lease of a packed portfolio at a cut-off, in the 61 calendar-month periods
 *   of Total Cash Flow (domain.md §3). Re-amortising a level (or residual-ending) schedule over its
 *   remaining term at its own rate gives the contractual instalment scaled by the surviving fraction of
 *   the balance, so a lease is projected as its own contractual flows × a survival factor `s`; this is
 *   projectScenario exactly for a monthly lease without a residual (tested), and it keeps any lease's
 *   frequency, timing and residual. The rates are monthly (SMM, MDR) and apply in every calendar month,
 *   also between the instalments of a quarterly lease.
 *
 * Rounding (the one documented point for scenario figures): per lease and per period, half-up to the
 * minor unit: default; scheduled instalment and its principal (interest = the instalment less the principal
 * as capped below, so the rounded instalment is paid whole); prepayment;
 * loss = round(default × severity) and recovery = default − loss (so loss + recovery = default to the
 * cent); the lease's last scheduled period takes the rounded balance left, so Σ (scheduled principal +
 * prepayment + default) = the outstanding principal at the cut-off to the cent. Every total is a sum of
 * these integers, so totals reconcile to the cent, and a scenario with all rates 0 reproduces the
 * contractual cash flow exactly (survival factor 1). Present values are accumulated unrounded in the same
 * order as valuePortfolio and rounded once per lease.
 */
import { FinanceError } from './errors';
import { daysFromCivil, formatDate, monthIndexOfDay, parseDate } from './dates';
import { CURRENCY_CODES, roundHalfUp, type CurrencyCode } from './money';
import { isInPool, NO_EXIT } from './pool';
import type { LeasePortfolio } from './portfolio';
import { mdrFromCdr, smmFromCpr } from './rates';
import { CF_PERIODS, firstDueOn, outstandingPrincipalOn, type DiscountConvention } from './valuation';

const round = roundHalfUp;

/** The assumptions of a scenario: annual CPR and CDR, loss severity (decimals 0..1), recovery lag in months. */
export interface ScenarioAssumptions {
  cpr: number;
  cdr: number;
  severity: number;
  lagMonths: number;
}

export interface ProjectScenarioInput extends ScenarioAssumptions {
  /** Opening balance (any unit). */
  balance: number;
  /** Nominal annual contract rate (decimal); monthly rate = annualRate / 12. */
  annualRate: number;
  /** Remaining term in months (monthly instalments in arrears). */
  term: number;
  /** Number of rows to return; default term + lagMonths (the last recovery). */
  periods?: number;
}

/** One period of a projection; unrounded amounts, in the unit of the balance. */
export interface ScenarioRow {
  period: number;
  default: number;
  interest: number;
  scheduledPrincipal: number;
  prepayment: number;
  loss: number;
  recovery: number;
  endBalance: number;
}

function checkAssumptions(a: ScenarioAssumptions): void {
  for (const [name, v] of [
    ['cpr', a.cpr],
    ['cdr', a.cdr],
    ['severity', a.severity],
  ] as const) {
    if (!Number.isFinite(v) || v < 0 || v > 1) throw new FinanceError('VALUE', `${name} must be a decimal between 0 and 1`, name);
  }
  if (!Number.isInteger(a.lagMonths) || a.lagMonths < 0 || a.lagMonths > 600)
    throw new FinanceError('VALUE', 'lagMonths must be a whole number of months from 0 to 600', 'lagMonths');
}

/** domain.md §10 for one pool: one row per period 1..periods, unrounded. */
export function projectScenario(input: ProjectScenarioInput): ScenarioRow[] {
  checkAssumptions(input);
  const { balance, annualRate, term, severity, lagMonths } = input;
  if (!Number.isFinite(balance) || balance < 0) throw new FinanceError('VALUE', 'balance must be a non-negative number', 'balance');
  if (!Number.isFinite(annualRate) || annualRate <= -12)
    throw new FinanceError('VALUE', 'annualRate must be a rate above -1200 %', 'annualRate');
  if (!Number.isInteger(term) || term < 1) throw new FinanceError('VALUE', 'term must be a whole number of months ≥ 1', 'term');
  const periods = input.periods ?? term + lagMonths;
  if (!Number.isInteger(periods) || periods < 0) throw new FinanceError('VALUE', 'periods must be a whole number ≥ 0', 'periods');
  const smm = smmFromCpr(input.cpr);
  const mdr = mdrFromCdr(input.cdr);
  const r = annualRate / 12;
  const rows: ScenarioRow[] = [];
  const defaults: number[] = [];
  let b = balance;
  for (let t = 1; t <= periods; t++) {
    let dft = 0;
    let interest = 0;
    let scheduled = 0;
    let prepayment = 0;
    if (t <= term) {
      dft = b * mdr;
      const surviving = b - dft;
      const n = term - t + 1;
      // expm1/log1p keep the annuity factor exact for rates near 0 (1 − (1 + r)^−n underflows to 0 there).
      const payment = r === 0 ? surviving / n : (surviving * r) / -Math.expm1(-n * Math.log1p(r));
      interest = surviving * r;
      scheduled = n === 1 ? surviving : payment - interest;
      prepayment = smm * (surviving - scheduled);
      b = surviving - scheduled - prepayment;
    }
    defaults.push(dft);
    const lagged = t - lagMonths >= 1 ? defaults[t - lagMonths - 1]! : 0;
    rows.push({
      period: t,
      default: dft,
      interest,
      scheduledPrincipal: scheduled,
      prepayment,
      loss: lagged * severity,
      recovery: lagged * (1 - severity),
      endBalance: b,
    });
  }
  return rows;
}

/** Components of a portfolio projection's per-currency aggregates (each 61 periods + one beyond slot). */
export const SCENARIO_COMPONENTS = [
  'interest',
  'scheduledPrincipal',
  'prepayment',
  'default',
  'loss',
  'recovery',
  'cash',
  'endBalance',
] as const;
export type ScenarioComponent = (typeof SCENARIO_COMPONENTS)[number];
/** Slots per component and currency: periods 1..61, then everything beyond (endBalance: 0 there). */
export const SCENARIO_SLOTS = CF_PERIODS + 1;

export interface PortfolioScenarioOptions extends ScenarioAssumptions {
  cutOff: string;
  /** Funder's buy rate (sellto4G); NaN/absent = the lease's contract rate. */
  buyRate?: number | ArrayLike<number>;
  /** Funder's discount rate (npv, loss PV); NaN/absent = the lease's contract rate. */
  discountRate?: number | ArrayLike<number>;
  convention?: DiscountConvention;
  /** Add VAT on the scheduled instalments (scaled like them) to the cash. Default false. */
  gross?: boolean;
  /** Purchase day per lease: leases purchased after the cut-off are outside the pool (zeros). */
  purchaseDay?: ArrayLike<number>;
  /** Exit day per lease (a write-off date): from that day on outside the pool (zeros). */
  exitDay?: ArrayLike<number>;
}

/** The per-lease figures of a scenario besides its cash (one value per lease each). */
export const SCENARIO_PER_LEASE = ['cashBeyond', 'totalcf', 'sellto4G', 'npv', 'defaulted', 'prepaid', 'loss', 'lossPv'] as const;

/** Zeroed per-lease arrays of a scenario over `count` leases: the cash (61 periods each) and SCENARIO_PER_LEASE. */
export function scenarioLeaseArrays(count: number): Pick<PortfolioScenario, 'cash' | (typeof SCENARIO_PER_LEASE)[number]> {
  const arrays = { cash: new Float64Array(count * CF_PERIODS) } as Pick<PortfolioScenario, 'cash' | (typeof SCENARIO_PER_LEASE)[number]>;
  for (const k of SCENARIO_PER_LEASE) arrays[k] = new Float64Array(count);
  return arrays;
}

/** Every lease of a portfolio under a scenario; minor units, rounded as the module comment says. */
export interface PortfolioScenario {
  count: number;
  cutOff: string;
  gross: boolean;
  /** cash[i × 61 + k − 1]: lease i's scenario cash in period k (instalments + prepayment + recovery). */
  cash: Float64Array;
  cashBeyond: Float64Array;
  totalcf: Float64Array;
  /** PV of the scenario cash at the buy rate (the price under the scenario). */
  sellto4G: Float64Array;
  /** PV of the scenario cash at the discount rate. */
  npv: Float64Array;
  /** Σ default, Σ prepayment, Σ loss per lease; lossPv = PV of the losses at the discount rate. */
  defaulted: Float64Array;
  prepaid: Float64Array;
  loss: Float64Array;
  lossPv: Float64Array;
  /** Currencies present (codes, sorted) and, per code, its row in `aggregates`. */
  currencies: CurrencyCode[];
  /** aggregates[code][component] = Float64Array(SCENARIO_SLOTS). */
  aggregates: Record<string, Record<ScenarioComponent, Float64Array>>;
}

function rateOf(x: number | ArrayLike<number> | undefined, i: number, count: number, field: string): number {
  if (x === undefined) return Number.NaN;
  if (typeof x === 'number') return x;
  if (x.length !== count) throw new FinanceError('VALUE', `${field} must have one entry per lease (${count})`, field);
  return x[i]!;
}

/** The scenario projection of every lease of `p` at the cut-off (see the module comment). */
export function projectPortfolio(p: LeasePortfolio, options: PortfolioScenarioOptions): PortfolioScenario {
  checkAssumptions(options);
  const cut = parseDate(options.cutOff, 'cutOff');
  const cutMonth = monthIndexOfDay(cut);
  const convention = options.convention ?? 'monthly';
  if (convention !== 'monthly' && convention !== 'actual')
    throw new FinanceError('VALUE', "convention must be 'monthly' or 'actual'", 'convention');
  const monthly = convention === 'monthly';
  const gross = options.gross === true;
  const count = p.count;
  if (options.purchaseDay !== undefined && options.purchaseDay.length !== count) {
    throw new FinanceError('VALUE', `purchaseDay must have one entry per lease (${count})`, 'purchaseDay');
  }
  if (options.exitDay !== undefined && options.exitDay.length !== count)
    throw new FinanceError('VALUE', `exitDay must have one entry per lease (${count})`, 'exitDay');
  const smm = smmFromCpr(options.cpr);
  const mdr = mdrFromCdr(options.cdr);
  const severity = options.severity;
  const lag = options.lagMonths;

  const out: PortfolioScenario = { count, cutOff: formatDate(cut), gross, ...scenarioLeaseArrays(count), currencies: [], aggregates: {} };
  // Per-currency sums in one flat array (currency × component × slot): the hot loop adds to fixed offsets.
  const NC = SCENARIO_COMPONENTS.length;
  const sums = new Float64Array(CURRENCY_CODES.length * NC * SCENARIO_SLOTS);
  const present = new Uint8Array(CURRENCY_CODES.length);
  const { offset } = p;
  const cash = out.cash;
  // Per-lease scratch: rounded defaults by month, for the lagged loss and recovery.
  let defaultsByMonth = new Float64Array(256);
  // Day offsets from the cut-off of each month start (actual convention), grown on demand.
  const monthStartDays: number[] = [0];
  const monthStart = (m: number): number => {
    while (monthStartDays.length < m) {
      const mi = cutMonth + monthStartDays.length;
      const year = Math.floor(mi / 12);
      monthStartDays.push(daysFromCivil(year, mi - year * 12 + 1, 1) - cut);
    }
    return monthStartDays[m - 1]!;
  };

  for (let i = 0; i < count; i++) {
    if (!isInPool(options.purchaseDay === undefined ? -NO_EXIT : options.purchaseDay[i]!, cut, options.exitDay?.[i])) continue;
    const o0 = offset[i]!;
    const o1 = offset[i + 1]!;
    // The lease's rows, index j − o0 (LeasePortfolio.rowsOf).
    const R = p.rowsOf(i);
    const f = firstDueOn(p, i, cut);
    const RV = p.residual[i]!;
    const resDay = p.residualDay[i]!;
    const residualRemains = resDay >= cut;
    if (f === o1 && !residualRemains) continue;
    const prin = outstandingPrincipalOn(p, i, cut);

    const contract = p.annualRate[i]!;
    let b = rateOf(options.buyRate, i, count, 'buyRate');
    if (b !== b) b = contract;
    let d = rateOf(options.discountRate, i, count, 'discountRate');
    if (d !== d) d = contract;
    if (!(b > -1)) throw new FinanceError('VALUE', `lease ${i}: buyRate must be a rate above -100 %`, 'buyRate');
    if (!(d > -1)) throw new FinanceError('VALUE', `lease ${i}: discountRate must be a rate above -100 %`, 'discountRate');
    const vB = 1 / (1 + b / 12);
    const vD = 1 / (1 + d / 12);
    const lB = Math.log1p(b);
    const lD = Math.log1p(d);

    const lastFlowMonth =
      Math.max(f < o1 ? R.dueMonth[o1 - 1 - o0]! : -Infinity, residualRemains ? p.residualMonth[i]! : -Infinity) - cutMonth + 1;
    const lastMonth = lastFlowMonth + lag;
    if (defaultsByMonth.length < lastMonth + 1) defaultsByMonth = new Float64Array(Math.max(lastMonth + 1, defaultsByMonth.length * 2));
    else defaultsByMonth.fill(0, 0, lastMonth + 1);

    present[p.currency[i]!] = 1;
    // Offsets of this currency's components, in SCENARIO_COMPONENTS order.
    const aInterest = p.currency[i]! * NC * SCENARIO_SLOTS;
    const aSched = aInterest + SCENARIO_SLOTS;
    const aPrepay = aSched + SCENARIO_SLOTS;
    const aDefault = aPrepay + SCENARIO_SLOTS;
    const aLoss = aDefault + SCENARIO_SLOTS;
    const aRecovery = aLoss + SCENARIO_SLOTS;
    const aCash = aRecovery + SCENARIO_SLOTS;
    const aBalance = aCash + SCENARIO_SLOTS;
    const base = i * CF_PERIODS;

    let S = prin; // scheduled (contractual) balance
    let s = 1; // surviving fraction
    let bal = prin; // rounded balance
    let j = f;
    let dfB = 1;
    let dfD = 1;
    let pvB = 0;
    let pvD = 0;
    let lossPv = 0;
    let total = 0;
    let beyond = 0;
    let sumDefault = 0;
    let sumPrepaid = 0;
    let sumLoss = 0;
    for (let m = 1; m <= lastMonth; m++) {
      if (m > 1 && monthly) {
        dfB *= vB;
        dfD *= vD;
      }
      const slot = m <= CF_PERIODS ? m - 1 : CF_PERIODS;
      let monthCash = 0;
      let defaultR = 0;
      let interestR = 0;
      let schedR = 0;
      let prepayR = 0;
      if (m <= lastFlowMonth) {
        const dft = s * S * mdr;
        const s1 = s * (1 - mdr);
        let inst = 0;
        let pr = 0;
        let vt = 0;
        const mi = cutMonth + m - 1;
        while (j < o1 && R.dueMonth[j - o0]! === mi) {
          const amt = R.instalment[j - o0]!;
          inst += amt;
          pr += R.principal[j - o0]!;
          vt += R.vat[j - o0]!;
          if (!monthly) {
            const day = R.dueDay[j - o0]! - cut;
            dfD = Math.exp((-day / 365) * lD);
            dfB = b === d ? dfD : Math.exp((-day / 365) * lB);
          }
          pvB += s1 * amt * dfB;
          pvD += s1 * amt * dfD;
          j++;
        }
        if (residualRemains && p.residualMonth[i]! === mi) {
          inst += RV;
          pr += RV;
          vt += p.residualVat[i]!;
          if (RV !== 0) {
            if (!monthly) {
              const day = resDay - cut;
              dfD = Math.exp((-day / 365) * lD);
              dfB = b === d ? dfD : Math.exp((-day / 365) * lB);
            }
            pvB += s1 * RV * dfB;
            pvD += s1 * RV * dfD;
          }
        }
        S -= pr;
        const prepay = smm * s1 * S;
        s = s1 * (1 - smm);
        const instR = round(s1 * inst);
        // Rounded amounts never take more than the rounded balance left; the period in which the
        // scheduled balance reaches zero takes all of it (nothing is left to prepay).
        // Nothing defaults or prepays out of a balance at or below zero (a contract whose rounded instalments
        // overshoot its principal runs below zero before its last, negative instalment).
        defaultR = Math.max(0, Math.min(round(dft), bal));
        schedR = S <= 0 ? bal - defaultR : Math.min(round(s1 * pr), bal - defaultR);
        // The instalment paid stays instR whatever the principal took: a clamped principal moves the
        // difference into the interest (a contract whose rounded instalments overshoot the principal
        // before its last one, e.g. 10.00 over 60 months at 0 %, is then still paid as contracted).
        interestR = instR - schedR;
        prepayR = S <= 0 ? 0 : Math.max(0, Math.min(round(prepay), bal - defaultR - schedR));
        bal -= defaultR + schedR + prepayR;
        defaultsByMonth[m] = defaultR;
        monthCash = interestR + schedR + prepayR + (gross ? round(s1 * vt) : 0);
        if (prepayR !== 0) {
          if (!monthly) {
            dfD = Math.exp((-monthStart(m) / 365) * lD);
            dfB = b === d ? dfD : Math.exp((-monthStart(m) / 365) * lB);
          }
          pvB += prepay * dfB;
          pvD += prepay * dfD;
        }
      }
      let lossR = 0;
      let recoveryR = 0;
      if (m - lag >= 1) {
        const dl = defaultsByMonth[m - lag]!;
        if (dl !== 0) {
          lossR = round(dl * severity);
          recoveryR = dl - lossR;
          if (!monthly) {
            dfD = Math.exp((-monthStart(m) / 365) * lD);
            dfB = b === d ? dfD : Math.exp((-monthStart(m) / 365) * lB);
          }
          pvB += recoveryR * dfB;
          pvD += recoveryR * dfD;
          lossPv += lossR * dfD;
        }
      }
      monthCash += recoveryR;
      if (m <= CF_PERIODS) cash[base + m - 1] = monthCash;
      else beyond += monthCash;
      total += monthCash;
      sumDefault += defaultR;
      sumPrepaid += prepayR;
      sumLoss += lossR;
      sums[aInterest + slot] = sums[aInterest + slot]! + interestR;
      sums[aSched + slot] = sums[aSched + slot]! + schedR;
      sums[aPrepay + slot] = sums[aPrepay + slot]! + prepayR;
      sums[aDefault + slot] = sums[aDefault + slot]! + defaultR;
      sums[aLoss + slot] = sums[aLoss + slot]! + lossR;
      sums[aRecovery + slot] = sums[aRecovery + slot]! + recoveryR;
      sums[aCash + slot] = sums[aCash + slot]! + monthCash;
      if (m <= CF_PERIODS) sums[aBalance + slot] = sums[aBalance + slot]! + bal;
    }
    out.cashBeyond[i] = beyond;
    out.totalcf[i] = total;
    out.sellto4G[i] = round(pvB);
    out.npv[i] = round(pvD);
    out.defaulted[i] = sumDefault;
    out.prepaid[i] = sumPrepaid;
    out.loss[i] = sumLoss;
    out.lossPv[i] = round(lossPv);
  }
  for (let c = 0; c < present.length; c++) {
    if (present[c] !== 1) continue;
    const code = CURRENCY_CODES[c]!;
    const agg = {} as Record<ScenarioComponent, Float64Array>;
    SCENARIO_COMPONENTS.forEach((k, n) => (agg[k] = sums.slice((c * NC + n) * SCENARIO_SLOTS, (c * NC + n + 1) * SCENARIO_SLOTS)));
    out.currencies.push(code);
    out.aggregates[code] = agg;
  }
  out.currencies.sort();
  return out;
}
