/**
 * Portfolio CF → Scenarios: the funder's book under a named scenario (domain.md §10) beside the
 * contractual case (domain.md §3), per currency: the 61-period cash, the scenario's components
 * (interest, scheduled principal, prepayment, default, loss, recovery, balance), the totals, price
 * (sellto4G) and NPV, the expected loss (Σ loss) and its present value, and the differences. The one
 * service behind the Scenarios screen, the scenario card of Total Cash Flow and Summary,
 * GET /api/scenarios/{id}/cash-flow and its export.
 *
 * Cache: keyed by the valuation object of valueBook (services/portfolio/valuation.ts replaces it on every
 * lease write and settings change, so a projection can never outlive the figures it was made from) and by
 * the scenario's assumptions (an edit of the scenario is a new key). After a lease write the valuation is
 * spliced lease by lease and so is the projection: the last projection under the same assumptions is kept
 * with its book version, and each lease changed since (valuationChangeLog, with the lease as it was) has
 * its old contribution subtracted and its new one added (incrementalProjection; exact, whole minor units),
 * so a write costs a copy of the per-lease rows, not the kernel over the book (bench/scenarios.ts measures
 * both on 100,000 leases).
 */
import { databaseState, derivedView } from '@/lib/views';
import { databaseKey, type DbOrTx } from '@/db/client';
import { getScenario, listScenarios } from '@/db/queries/scenarios';
import type { Funder, Scenario } from '@/db/schema/portfolio';
import { NotFound } from '@/lib/domain/errors';
import {
  addMonths,
  CF_PERIODS,
  projectPortfolio,
  SCENARIO_COMPONENTS,
  SCENARIO_PER_LEASE,
  scenarioLeaseArrays,
  SCENARIO_SLOTS,
  type CurrencySummary,
  type PortfolioScenario,
  type PortfolioValuation,
  type ScenarioComponent,
} from '@/lib/finance';
import { bookSummary, baseCurrencyFirst } from '@/lib/portfolio/summary';
import type { ScenarioComparisonData, ScenarioCurrency } from '@/lib/portfolio/scenarios';
import type { ScenarioDto } from '@/lib/validations/scenarios';

export type ScenarioComparison = ScenarioComparisonData & { funder: Funder };
import { defaultCutOff, valuationChangeLog, type LeaseBefore, type ValuedBook, poolBook } from '@/services/portfolio/valuation';

export function toScenarioDto(s: Scenario): ScenarioDto {
  return {
    id: s.id,
    funderId: s.funderId,
    name: s.name,
    cpr: s.cpr,
    cdr: s.cdr,
    severity: s.severity,
    lagMonths: s.lagMonths,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

type Cached = { projection: PortfolioScenario; comparison: Omit<ScenarioComparisonData, 'scenario'> };
/** Projections kept per valuation (≈ 50 MB each at 100,000 leases): the scenarios a user flips between. */
const MAX_PER_VALUATION = 3;
const cache = derivedView<PortfolioValuation, Cached>(
  'scenarioProjections',
  "a valuation's projections under a scenario's assumptions, with the comparison to the contractual case",
  MAX_PER_VALUATION,
);

function assumptionsKey(s: Scenario): string {
  return `${s.cpr}|${s.cdr}|${s.severity}|${s.lagMonths}`;
}

type Assumptions = Pick<Scenario, 'cpr' | 'cdr' | 'severity' | 'lagMonths'>;

/** The kernel's options for `book`'s cut-off, net/gross and funder rates under the assumptions, with the pool days given. */
function projectionOptions(book: ValuedBook, s: Assumptions, purchaseDay: ArrayLike<number>, exitDay: ArrayLike<number>) {
  const f = book.funder;
  return {
    cutOff: book.cutOff,
    gross: book.gross,
    cpr: s.cpr,
    cdr: s.cdr,
    severity: s.severity,
    lagMonths: s.lagMonths,
    buyRate: f.buyRate,
    discountRate: f.discountRate ?? undefined,
    convention: f.discountConvention,
    purchaseDay,
    exitDay,
  };
}

/** The projection of a valued book under the assumptions of `s` (no cache). */
export function projectBook(book: ValuedBook, s: Assumptions): PortfolioScenario {
  return projectPortfolio(book.portfolio, projectionOptions(book, s, book.purchaseDay, book.exitDay));
}

/**
 * The last projection per funder, cut-off, net/gross, assumptions and valuation settings, with the book
 * version and lease ids it was made on: after a lease write the next projection is this one with the
 * changed leases' old contributions subtracted and their new ones added (valuationChangeLog gives each
 * changed lease as it was), instead of the kernel over the whole book.
 */
type Latest = { version: number; ids: Int32Array; projection: PortfolioScenario };
const latestByDb = databaseState(
  'scenarioLatest',
  'the last projection per funder, cut-off and assumptions, with the book version and lease ids it was made on',
  'one per funder, cut-off and assumptions asked',
  () => new Map<string, Latest>(),
);
function latestOf(db: DbOrTx): Map<string, Latest> {
  return latestByDb.of(databaseKey(db));
}
function latestKey(funderId: number, book: ValuedBook, s: Assumptions): string {
  const f = book.funder;
  return `${funderId}|${book.cutOff}|${book.gross}|${s.cpr}|${s.cdr}|${s.severity}|${s.lagMonths}|${f.buyRate}|${f.discountRate}|${f.discountConvention}`;
}
function leaseIds(book: ValuedBook): Int32Array {
  return Int32Array.from(book.leases, (l) => l.id);
}
/** Above this many changed leases the whole book is projected again. */
const INCREMENTAL_MAX = 500;

/** One lease's projection (a one-lease portfolio, its purchase and exit days) under the book's options. */
function projectOne(book: ValuedBook, s: Assumptions, one: NonNullable<LeaseBefore>): PortfolioScenario {
  return projectPortfolio(one.portfolio, projectionOptions(book, s, Int32Array.of(one.purchaseDay), Int32Array.of(one.exitDay)));
}

/** Adds (sign 1) or subtracts (sign −1) a one-lease projection's aggregates into `aggregates`. */
function addAggregates(aggregates: PortfolioScenario['aggregates'], one: PortfolioScenario, sign: 1 | -1): void {
  for (const code of one.currencies) {
    let agg = aggregates[code];
    if (!agg) {
      agg = {} as Record<ScenarioComponent, Float64Array>;
      for (const k of SCENARIO_COMPONENTS) agg[k] = new Float64Array(SCENARIO_SLOTS);
      aggregates[code] = agg;
    }
    for (const k of SCENARIO_COMPONENTS) {
      const to = agg[k];
      const from = one.aggregates[code]![k];
      for (let j = 0; j < SCENARIO_SLOTS; j++) to[j] = to[j]! + sign * from[j]!;
    }
  }
}

/**
 * The projection of `book` from the last one made under the same key, lease by lease (null when there is
 * none, or it cannot be told which leases changed, or too many did). Equal to projectBook to the cent: the
 * kernel's figures are whole minor units, so the sums are exact.
 */
export async function incrementalProjection(
  db: DbOrTx,
  funderId: number,
  book: ValuedBook,
  s: Assumptions,
): Promise<PortfolioScenario | null> {
  const latest = latestOf(db).get(latestKey(funderId, book, s));
  if (!latest) return null;
  const { changes } = await valuationChangeLog(db, funderId, latest.version);
  if (changes === null || changes.size > INCREMENTAL_MAX) return null;
  const old = latest.projection;
  const count = book.leases.length;
  const aggregates: PortfolioScenario['aggregates'] = {};
  for (const code of old.currencies) {
    const agg = {} as Record<ScenarioComponent, Float64Array>;
    for (const k of SCENARIO_COMPONENTS) agg[k] = old.aggregates[code]![k].slice();
    aggregates[code] = agg;
  }
  const out: PortfolioScenario = { ...old, count, ...scenarioLeaseArrays(count), aggregates };
  // The unchanged leases' rows, copied from the old projection (by position when the order is the same).
  const sameOrder = latest.ids.length === count && book.leases.every((l, k) => latest.ids[k] === l.id);
  if (sameOrder) {
    out.cash.set(old.cash);
    for (const k of SCENARIO_PER_LEASE) out[k].set(old[k]);
  } else {
    const oldIndex = new Map<number, number>();
    latest.ids.forEach((id, k) => oldIndex.set(id, k));
    for (let i = 0; i < count; i++) {
      const k = oldIndex.get(book.leases[i]!.id);
      if (k === undefined) continue;
      out.cash.set(old.cash.subarray(k * CF_PERIODS, (k + 1) * CF_PERIODS), i * CF_PERIODS);
      for (const c of SCENARIO_PER_LEASE) out[c][i] = old[c][k]!;
    }
  }
  const currencies = new Set(old.currencies);
  for (const [id, before] of changes) {
    if (before) addAggregates(aggregates, projectOne(book, s, before), -1);
    const i = book.indexById.get(id);
    if (i === undefined) continue;
    const one = projectOne(book, s, { portfolio: book.portfolio.extract(i), purchaseDay: book.purchaseDay[i]!, exitDay: book.exitDay[i]! });
    addAggregates(aggregates, one, 1);
    for (const c of one.currencies) currencies.add(c);
    out.cash.set(one.cash, i * CF_PERIODS);
    for (const c of SCENARIO_PER_LEASE) out[c][i] = one[c][0]!;
  }
  out.currencies = [...currencies].sort();
  return out;
}

function compare(book: ValuedBook, projection: PortfolioScenario): Cached['comparison'] {
  const contractual: CurrencySummary[] = bookSummary(book, book.funder.baseCurrency);
  const perLease = new Map<string, { loss: number; lossPv: number; defaulted: number; prepaid: number; sell: number; npv: number }>();
  const p = book.portfolio;
  for (let i = 0; i < projection.count; i++) {
    const code = p.currencyOf(i);
    let t = perLease.get(code);
    if (!t) perLease.set(code, (t = { loss: 0, lossPv: 0, defaulted: 0, prepaid: 0, sell: 0, npv: 0 }));
    t.loss += projection.loss[i]!;
    t.lossPv += projection.lossPv[i]!;
    t.defaulted += projection.defaulted[i]!;
    t.prepaid += projection.prepaid[i]!;
    t.sell += projection.sellto4G[i]!;
    t.npv += projection.npv[i]!;
  }
  const currencies: ScenarioCurrency[] = [];
  for (const c of contractual) {
    const agg = projection.aggregates[c.currency];
    const t = perLease.get(c.currency) ?? { loss: 0, lossPv: 0, defaulted: 0, prepaid: 0, sell: 0, npv: 0 };
    const periods = {} as Record<ScenarioComponent, number[]>;
    for (const k of ['interest', 'scheduledPrincipal', 'prepayment', 'default', 'loss', 'recovery', 'cash', 'endBalance'] as const) {
      periods[k] = agg ? Array.from(agg[k]) : new Array<number>(SCENARIO_SLOTS).fill(0);
    }
    const totalcf = periods.cash.reduce((a, b) => a + b, 0);
    const recovered = periods.recovery.reduce((a, b) => a + b, 0);
    currencies.push({
      currency: c.currency,
      count: c.count,
      prin: c.prin,
      contractual: { totalcf: c.totalcf, sellto4G: c.sellto4G, npv: c.npv, cash: [...c.cash, c.cashBeyond] },
      scenario: {
        totalcf,
        sellto4G: t.sell,
        npv: t.npv,
        periods,
        defaulted: t.defaulted,
        prepaid: t.prepaid,
        recovered,
        loss: t.loss,
        lossPv: t.lossPv,
      },
      difference: { totalcf: totalcf - c.totalcf, sellto4G: t.sell - c.sellto4G, npv: t.npv - c.npv },
    });
  }
  const months = Array.from({ length: CF_PERIODS }, (_, k) => addMonths(book.cutOff, k).slice(0, 7));
  return { cutOff: book.cutOff, gross: book.gross, months, currencies: baseCurrencyFirst(currencies, book.funder.baseCurrency) };
}

/** A scenario of the funder, or 404 (also for another funder's scenario). */
export async function requireScenario(db: DbOrTx, funderId: number, id: number): Promise<Scenario> {
  const s = await getScenario(db, id);
  if (!s || s.funderId !== funderId) throw new NotFound(`Scenario ${id} does not exist.`);
  return s;
}

async function cachedProjection(
  db: DbOrTx,
  funderId: number,
  scenario: Scenario,
  options: { cutOff?: string; gross?: boolean },
): Promise<{ book: ValuedBook; hit: Cached }> {
  const book = await poolBook(db, funderId, options.cutOff ?? defaultCutOff(), options.gross ?? false);
  const hit = await cache.getAsync(book.valuation, assumptionsKey(scenario), async () => {
    const projection = (await incrementalProjection(db, funderId, book, scenario)) ?? projectBook(book, scenario);
    latestOf(db).set(latestKey(funderId, book, scenario), { version: book.version, ids: leaseIds(book), projection });
    return { projection, comparison: compare(book, projection) };
  });
  return { book, hit };
}

/** The funder's book under scenario `scenarioId` beside the contractual case, at the cut-off (default: this month's first day). */
export async function scenarioComparison(
  db: DbOrTx,
  funderId: number,
  scenarioId: number,
  options: { cutOff?: string; gross?: boolean } = {},
): Promise<ScenarioComparison> {
  const scenario = await requireScenario(db, funderId, scenarioId);
  const { book, hit } = await cachedProjection(db, funderId, scenario, options);
  return { funder: book.funder, scenario: toScenarioDto(scenario), ...hit.comparison };
}

/** The per-lease projection behind scenarioComparison (cached the same way): the valued book and its scenario rows. */
export async function scenarioProjection(
  db: DbOrTx,
  funderId: number,
  scenarioId: number,
  options: { cutOff?: string; gross?: boolean } = {},
): Promise<{ book: ValuedBook; projection: PortfolioScenario }> {
  const { book, hit } = await cachedProjection(db, funderId, await requireScenario(db, funderId, scenarioId), options);
  return { book, projection: hit.projection };
}

/** The funder's scenarios (the selectors and the Scenarios list). */
export async function scenariosOf(db: DbOrTx, funderId: number): Promise<ScenarioDto[]> {
  return (await listScenarios(db, funderId)).map(toScenarioDto);
}
