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
 * spliced lease by lease and the projection recomputed from the packed book: one pass of the kernel
 * (bench/scenarios.ts measures it on 100,000 leases), no database read.
 */
import type { DbOrTx } from '@/db/client';
import { getScenario, listScenarios } from '@/db/queries/scenarios';
import type { Funder, Scenario } from '@/db/schema/portfolio';
import { NotFound } from '@/lib/domain/errors';
import { addMonths, CF_PERIODS, projectPortfolio, SCENARIO_SLOTS, type CurrencySummary, type PortfolioScenario, type PortfolioValuation, type ScenarioComponent } from '@/lib/finance';
import { bookSummary, baseCurrencyFirst } from '@/lib/portfolio/summary';
import type { ScenarioComparisonData, ScenarioCurrency } from '@/lib/portfolio/scenarios';
import type { ScenarioDto } from '@/lib/validations/scenarios';

export type ScenarioComparison = ScenarioComparisonData & { funder: Funder };
import { defaultCutOff, valueBook, type ValuedBook } from '@/services/portfolio/valuation';

export function toScenarioDto(s: Scenario): ScenarioDto {
  return { id: s.id, funderId: s.funderId, name: s.name, cpr: s.cpr, cdr: s.cdr, severity: s.severity, lagMonths: s.lagMonths, createdAt: s.createdAt, updatedAt: s.updatedAt };
}

type Cached = { projection: PortfolioScenario; comparison: Omit<ScenarioComparisonData, 'scenario'> };
const g = globalThis as { __quantumScenarios?: WeakMap<PortfolioValuation, Map<string, Cached>> };
// Process-wide, like the valuations they are keyed by.
const cache = (g.__quantumScenarios ??= new WeakMap());
/** Projections kept per valuation (≈ 50 MB each at 100,000 leases): the scenarios a user flips between. */
const MAX_PER_VALUATION = 3;

function assumptionsKey(s: Scenario): string {
  return `${s.cpr}|${s.cdr}|${s.severity}|${s.lagMonths}`;
}

/** The projection of a valued book under the assumptions of `s` (no cache). */
export function projectBook(book: ValuedBook, s: Pick<Scenario, 'cpr' | 'cdr' | 'severity' | 'lagMonths'>): PortfolioScenario {
  const f = book.funder;
  return projectPortfolio(book.portfolio, {
    cutOff: book.cutOff,
    gross: book.gross,
    cpr: s.cpr,
    cdr: s.cdr,
    severity: s.severity,
    lagMonths: s.lagMonths,
    buyRate: f.buyRate,
    discountRate: f.discountRate ?? undefined,
    convention: f.discountConvention,
    purchaseDay: book.purchaseDay,
    exitDay: book.exitDay,
  });
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
      scenario: { totalcf, sellto4G: t.sell, npv: t.npv, periods, defaulted: t.defaulted, prepaid: t.prepaid, recovered, loss: t.loss, lossPv: t.lossPv },
      difference: { totalcf: totalcf - c.totalcf, sellto4G: t.sell - c.sellto4G, npv: t.npv - c.npv },
    });
  }
  const months = Array.from({ length: CF_PERIODS }, (_, k) => addMonths(book.cutOff, k).slice(0, 7));
  return { cutOff: book.cutOff, gross: book.gross, months, currencies: baseCurrencyFirst(currencies, book.funder.baseCurrency) };
}

/** A scenario of the funder, or 404 (also for another funder's scenario). */
export function requireScenario(db: DbOrTx, funderId: number, id: number): Scenario {
  const s = getScenario(db, id);
  if (!s || s.funderId !== funderId) throw new NotFound(`Scenario ${id} does not exist.`);
  return s;
}

/** The funder's book under scenario `scenarioId` beside the contractual case, at the cut-off (default: this month's first day). */
export function scenarioComparison(db: DbOrTx, funderId: number, scenarioId: number, options: { cutOff?: string; gross?: boolean } = {}): ScenarioComparison {
  const scenario = requireScenario(db, funderId, scenarioId);
  const book = valueBook(db, funderId, options.cutOff ?? defaultCutOff(), options.gross ?? false);
  let byKey = cache.get(book.valuation);
  if (!byKey) cache.set(book.valuation, (byKey = new Map()));
  const key = assumptionsKey(scenario);
  let hit = byKey.get(key);
  if (hit) {
    byKey.delete(key);
    byKey.set(key, hit);
  } else {
    const projection = projectBook(book, scenario);
    hit = { projection, comparison: compare(book, projection) };
    byKey.set(key, hit);
    if (byKey.size > MAX_PER_VALUATION) byKey.delete(byKey.keys().next().value!);
  }
  return { funder: book.funder, scenario: toScenarioDto(scenario), ...hit.comparison };
}

/** The funder's scenarios (the selectors and the Scenarios list). */
export function scenariosOf(db: DbOrTx, funderId: number): ScenarioDto[] {
  return listScenarios(db, funderId).map(toScenarioDto);
}
