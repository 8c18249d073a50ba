/**
 * Portfolio CF's screens as their pages, their JSON APIs and their exports show them: Total Cash Flow (the rows,
 * under a scenario when one is chosen, with the saved views), Summary (the per-currency totals of those rows and the
 * scenario card), Liability CF (the funding line per currency, or one facility's) and Scenarios (the book under a
 * named scenario beside the contractual case). Each is computed here in one call at the cut-off (the query's, else
 * the first day of the clock's month); the pages only render it, the route handlers serialise it or write it to a
 * file, calling the same function or the same part of it, so that none of them can disagree.
 *
 * Money in minor units, dates as YYYY-MM-DD; formatting and translation stay with the caller.
 */
import type { Db } from '@/db/client';
import type { Facility } from '@/db/queries/facilities';
import { getPortfolioView, listPortfolioViews, type SavedView } from '@/db/queries/portfolio-views';
import type { Funder } from '@/db/schema/portfolio';
import type { Clock } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';
import type { CurrencySummary, PortfolioScenario } from '@/lib/finance';
import {
  applyView,
  cashFlowPageQuerySchema,
  endedCount,
  liveIndices,
  pageOf,
  parseLenient,
  toTotalCashRow,
  type CashFlowPageQuery,
  type CashFlowTableRow,
  type TotalCashRow,
  type ViewColumn,
} from '@/lib/portfolio/cash-flow-table';
import { bookLiability, fundingLineBalance, type CurrencyLiability } from '@/lib/portfolio/liability';
import { scenarioRowTotals, scenarioTableRow } from '@/lib/portfolio/scenario-rows';
import { bookSummary } from '@/lib/portfolio/summary';
import type { ScenarioDto } from '@/lib/validations/scenarios';
import type { Principal } from '@/services/auth/principal';
import { facilityLiability } from '@/services/facilities/liability';
import { accessibleFacilities, facilityFor } from '@/services/facilities/service';
import { scenarioComparison, scenarioProjection, scenariosOf, type ScenarioComparison } from './scenarios';
import { totalCashFlowScreen, type TotalCashFlowQuery, type TotalCashFlowScreen } from './total-cash-flow';
import { defaultCutOff, poolBook, requireFunder, valueBook } from './valuation';

/** The cut-off of a portfolio screen: the query's, else the first day of the clock's month. */
export function screenCutOff(query: { cutOff?: string }, clock: Clock): string {
  return query.cutOff ?? defaultCutOff(clock.today);
}

// ---- Total Cash Flow ----

/** Total Cash Flow's rows as shown: the screen service's, under the scenario when one is asked for. */
export type TotalCashFlowRows = {
  screen: TotalCashFlowScreen;
  cutOff: string;
  /** The scenario's per-lease projection (null without a scenario): the rows and totals carry its flows. */
  projection: PortfolioScenario | null;
  /** Lease index i's row as shown (under the scenario: its flows; else the row itself). */
  rowOf: <R extends CashFlowTableRow>(row: R, i: number) => R;
  /** Totals per currency over the filtered rows, as shown. */
  totals: () => CurrencySummary[];
};

/**
 * Total Cash Flow at the query's cut-off (default: the clock's), filtered and sorted as asked, under scenario
 * `query.scenario` of the funder when given (404 for one it does not have). The page, GET /api/sqn/total-cash,
 * GET /api/sqn/all-total-cash and the export read their rows from here.
 */
export async function totalCashFlowRows(
  db: Db,
  funderId: number,
  query: TotalCashFlowQuery & { scenario?: number },
  clock: Clock,
): Promise<TotalCashFlowRows> {
  const cutOff = screenCutOff(query, clock);
  const screen = await totalCashFlowScreen(db, funderId, { ...query, cutOff }, clock.today);
  const projection =
    query.scenario === undefined
      ? null
      : (await scenarioProjection(db, funderId, query.scenario, { cutOff, gross: query.gross })).projection;
  return {
    screen,
    cutOff,
    projection,
    rowOf: projection ? (row, i) => scenarioTableRow(row, projection, i) : (row) => row,
    totals: () =>
      projection
        ? scenarioRowTotals(screen.totals(), projection, (i) => screen.book.portfolio.currencyOf(i), screen.rows)
        : screen.totals(),
  };
}

export type TotalCashFlowTotalsLine = Pick<
  CurrencySummary,
  'currency' | 'count' | 'prin' | 'sellto4G' | 'npv' | 'delta' | 'check' | 'totalcf' | 'cash' | 'cashBeyond'
>;

export type TotalCashFlowPageScreen = {
  /** The URL's parameters over the saved view's filters, as they apply. */
  query: CashFlowPageQuery;
  /** Parameters dropped (invalid, or an unknown view or scenario). */
  ignored: string[];
  view: SavedView | undefined;
  /** The amount columns shown (the view's, else all). */
  columns: ViewColumn[];
  cutOff: string;
  /** Rows matching the filters (all pages). */
  filteredCount: number;
  liveCount: number;
  endedCount: number;
  page: { page: number; pageCount: number; total: number; perPage: number };
  rows: (CashFlowTableRow & { flagged: boolean })[];
  totals: TotalCashFlowTotalsLine[];
  currencies: string[];
  /** The user's saved Total Cash Flow views (the switch). */
  views: { id: number; name: string }[];
  scenarios: ScenarioDto[];
  chosen: ScenarioDto | undefined;
  /** The whole book under the chosen scenario beside the contractual case (the scenario card). */
  comparison: ScenarioComparison | null;
};

/**
 * The Total Cash Flow page: the URL's parameters (`raw`) over the user's saved view (`view=<id>`), each invalid one
 * dropped and reported; the page of rows and the totals, under the chosen scenario; the switch's views; the card.
 */
export async function totalCashFlowPageScreen(
  db: Db,
  principal: Principal,
  query: { funderId: number; raw: Record<string, string | string[] | undefined> },
  clock: Clock,
): Promise<TotalCashFlowPageScreen> {
  const { funderId, raw } = query;
  const userId = principal.user.id;
  // A saved view (Management) supplies filters and columns; the URL's own parameters win.
  const viewId = typeof raw.view === 'string' && /^\d+$/.test(raw.view) ? Number(raw.view) : undefined;
  const view = viewId ? await getPortfolioView(db, userId, viewId, 'total-cash-flow') : undefined;
  const applied = applyView(view, raw);
  const { value: q, ignored } = parseLenient(cashFlowPageQuerySchema, applied.raw);
  if (viewId && !view) ignored.push('view');
  if (!view) q.view = undefined;

  const scenarios = await scenariosOf(db, funderId);
  const chosen = scenarios.find((s) => s.id === q.scenario);
  // Under a scenario the rows and their totals show the scenario's per-lease flows (the same projection as the card).
  const shown = await totalCashFlowRows(db, funderId, { ...q, scenario: chosen?.id }, clock);
  const { screen, cutOff } = shown;
  const page = screen.page(q.page, q.perPage);
  const rows = screen.tableRows(page.indices).map((r, k) => shown.rowOf(r, page.indices[k]!));
  const totals = shown.totals().map(({ currency, count, prin, sellto4G, npv, delta, check, totalcf, cash, cashBeyond }) => ({
    currency,
    count,
    prin,
    sellto4G,
    npv,
    delta,
    check,
    totalcf,
    cash,
    cashBeyond,
  }));
  const views = (await listPortfolioViews(db, userId, 'total-cash-flow')).map((v) => ({ id: v.id, name: v.name }));
  if (q.scenario !== undefined && !chosen) ignored.push('scenario');
  // The scenario card compares the whole book (the table's filters narrow the rows, not the comparison).
  const comparison = chosen ? await scenarioComparison(db, funderId, chosen.id, { cutOff, gross: q.gross }) : null;
  return {
    query: q,
    ignored,
    view,
    columns: applied.columns,
    cutOff,
    filteredCount: screen.rows.length,
    liveCount: screen.liveCount,
    endedCount: screen.endedCount,
    page: { page: page.page, pageCount: page.pageCount, total: page.total, perPage: page.perPage },
    rows,
    totals,
    currencies: screen.currencies(),
    views,
    scenarios,
    chosen,
    comparison,
  };
}

/** The Total Cash Flow rows of GET /api/reports/cash-flow/lease: one page in book order, or the one lease asked for. */
export async function leaseCashFlowRows(
  db: Db,
  funderId: number,
  query: { cutOff?: string; leaseId?: number; page: number; perPage: number },
  clock: Clock,
): Promise<{ cutOff: string; rows: TotalCashRow[]; total: number }> {
  const book = await poolBook(db, (await requireFunder(db, funderId)).id, screenCutOff(query, clock), false, clock.today);
  if (query.leaseId !== undefined) {
    const i = book.indexById.get(query.leaseId);
    if (i === undefined) throw new NotFound(`Lease ${query.leaseId} is not in the book.`);
    return { cutOff: book.cutOff, rows: [toTotalCashRow(book, i)], total: 1 };
  }
  const page = pageOf(liveIndices(book), query.page, query.perPage);
  return { cutOff: book.cutOff, rows: Array.from(page.indices, (i) => toTotalCashRow(book, i)), total: page.total };
}

// ---- Summary ----

export type PortfolioSummary = {
  funder: Funder;
  cutOff: string;
  gross: boolean;
  /** Per currency (base currency first): the Total Cash Flow rows' totals, WA figures and 61-period aggregate. */
  summary: CurrencySummary[];
  /** Leases of the book with nothing left at the cut-off (not rows). */
  endedCount: number;
};

/** The book's summary at the cut-off (the Summary page and GET /api/reports/cash-flow/portfolio). */
export async function portfolioSummary(
  db: Db,
  funderId: number,
  query: { cutOff?: string; gross?: boolean },
  clock: Clock,
): Promise<PortfolioSummary> {
  const funder = await requireFunder(db, funderId);
  const cutOff = screenCutOff(query, clock);
  const gross = query.gross ?? false;
  const book = await poolBook(db, funder.id, cutOff, gross, clock.today);
  return { funder, cutOff, gross, summary: bookSummary(book, funder.baseCurrency), endedCount: endedCount(book) };
}

export type PortfolioSummaryScreen = PortfolioSummary & {
  scenarios: ScenarioDto[];
  /** The scenario asked for, when the funder has it. */
  chosen: ScenarioDto | undefined;
  comparison: ScenarioComparison | null;
};

/** The Summary page: the book's summary and the scenario card (the chosen scenario beside the contractual case). */
export async function portfolioSummaryScreen(
  db: Db,
  funderId: number,
  query: { cutOff?: string; gross: boolean; scenario?: number },
  clock: Clock,
): Promise<PortfolioSummaryScreen> {
  const summary = await portfolioSummary(db, funderId, query, clock);
  const scenarios = await scenariosOf(db, funderId);
  const chosen = scenarios.find((s) => s.id === query.scenario);
  const comparison = chosen ? await scenarioComparison(db, funderId, chosen.id, { cutOff: summary.cutOff, gross: summary.gross }) : null;
  return { ...summary, scenarios, chosen, comparison };
}

// ---- Scenarios ----

/**
 * The funder's book under scenario `scenarioId` beside the contractual case at the query's cut-off (default: the
 * clock's): the Scenarios page, GET /api/scenarios/{id}/cash-flow and its export.
 */
export async function scenarioCashFlow(
  db: Db,
  funderId: number,
  scenarioId: number,
  query: { cutOff?: string; gross?: boolean },
  clock: Clock,
): Promise<ScenarioComparison> {
  return await scenarioComparison(db, funderId, scenarioId, { cutOff: screenCutOff(query, clock), gross: query.gross });
}

export type ScenariosScreen = {
  cutOff: string;
  scenarios: ScenarioDto[];
  /** The scenario asked for, else the first; undefined when the funder has none. */
  chosen: ScenarioDto | undefined;
  comparison: ScenarioComparison | null;
};

/** The Scenarios page: the funder's scenarios and the book under the chosen one (default the first). */
export async function scenariosScreen(
  db: Db,
  funderId: number,
  query: { cutOff?: string; gross: boolean; scenario?: number },
  clock: Clock,
): Promise<ScenariosScreen> {
  const cutOff = screenCutOff(query, clock);
  const scenarios = await scenariosOf(db, funderId);
  const chosen = scenarios.find((s) => s.id === query.scenario) ?? scenarios[0];
  const comparison = chosen ? await scenarioCashFlow(db, funderId, chosen.id, { cutOff, gross: query.gross }, clock) : null;
  return { cutOff, scenarios, chosen, comparison };
}

// ---- Liability CF ----

export type LiabilityScreenQuery = {
  funderId: number;
  cutOff?: string;
  facilityId?: number;
  /**
   * What an unknown facility (or one of another funder, or one the principal may not see) means: the page shows the
   * whole book ('whole-book'); the API answers 404 ('not-found').
   */
  unknownFacility: 'whole-book' | 'not-found';
};

export type LiabilityScreen = {
  funder: Funder;
  cutOff: string;
  /** The funder's facilities the principal may see (the page's selector). */
  facilities: Facility[];
  /** The facility whose funding line is shown, or null for the whole book. */
  facility: Facility | null;
  /** Per currency (base currency first), or the facility's one line. */
  lines: CurrencyLiability[];
  /** The funding-line balance on the cut-off per currency (domain.md §4; the facility's outstanding for a facility). */
  balances: Map<string, number>;
};

/**
 * Liability CF (domain.md §4) at the cut-off: the funding line against the book per currency, or one facility's
 * (its outstanding on the cut-off amortising with its pool's line). The page and GET /api/reports/liability/{component}
 * (JSON and file) read it from here.
 */
export async function liabilityScreen(db: Db, principal: Principal, query: LiabilityScreenQuery, clock: Clock): Promise<LiabilityScreen> {
  const funder = await requireFunder(db, query.funderId);
  const cutOff = screenCutOff(query, clock);
  // The funding line reads the book's leases and prices, not the pool's owing rows: the valued book is enough.
  const book = await valueBook(db, funder.id, cutOff, false);
  const lineParams = { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate };
  const facilities = await accessibleFacilities(db, principal, funder.id);
  let facility: Facility | null = null;
  if (query.facilityId !== undefined) {
    if (query.unknownFacility === 'not-found') {
      // Another funder's or an unknown one is a 404.
      facility = await facilityFor(db, principal, query.facilityId);
      if (facility.funderId !== funder.id) throw new NotFound(`Facility ${query.facilityId} does not exist.`);
    } else {
      facility = facilities.find((f) => f.id === query.facilityId) ?? null;
    }
  }
  // The facility's funding line: its outstanding on the cut-off (the facility page's figure) amortising with its pool's §4 line.
  const lines = facility
    ? [await facilityLiability(db, facility, book, lineParams, funder.baseCurrency, cutOff)]
    : bookLiability(book, lineParams, funder.baseCurrency);
  // The one funding-line balance definition, the same the Liability servicing report shows (domain.md §4).
  const balances = facility
    ? new Map(lines.map((l) => [l.currency, l.balance]))
    : new Map(fundingLineBalance(book, lineParams, cutOff, funder.baseCurrency).map((b) => [b.currency, b.balance]));
  return { funder, cutOff, facilities, facility, lines, balances };
}
