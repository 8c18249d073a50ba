/**
 * The Dashboard's overview (app/[locale]/(app)/dashboard): what it shows of the funder's book at today's default
 * cut-off, computed here in one call so that the page only renders it. Every figure comes from the book engine's
 * views (the pool book, the servicing KPIs, the credit tiles, the month-end snapshots' rates, the facilities' tiles).
 */
import type { DbOrTx } from '@/db/client';
import type { Funder } from '@/db/schema/portfolio';
import type { Clock } from '@/lib/clock';
import { addMonthsTo, lastClosedMonth } from '@/lib/history';
import { currencyOrder, sortByCurrencyOrder } from '@/lib/portfolio/currency-order';
import { dashboardFigures, type DashboardCurrency } from '@/lib/portfolio/summary';
import type { Principal } from '@/services/auth/principal';
import { creditTiles } from '@/services/credit/screen';
import { facilityDashboard } from '@/services/facilities/service';
import { snapshotReadiness } from '@/services/history/background';
import { recentRates } from '@/services/history/snapshots';
import { defaultCutOff, poolBook } from '@/services/portfolio/valuation';
import { servicingKpis } from '@/services/servicing/kpis';

export type DashboardScreen = {
  cutOff: string;
  today: string;
  /** Per currency, base currency first, then by outstanding principal: the order of every card. */
  currencies: string[];
  figures: DashboardCurrency[];
  /** The last three closed months' CPR and CDR, once their snapshots are built (else how far the build is). */
  rates: Awaited<ReturnType<typeof recentRates>>;
  ratesReady: Awaited<ReturnType<typeof snapshotReadiness>>;
  servicing: Awaited<ReturnType<typeof servicingKpis>>;
  credit: Awaited<ReturnType<typeof creditTiles>>;
  facilities: Awaited<ReturnType<typeof facilityDashboard>>;
};

/** The overview of `funder`'s book for `principal` (the facilities it may see) on the clock's day. */
export async function dashboardScreen(db: DbOrTx, principal: Principal, funder: Funder, clock: Clock): Promise<DashboardScreen> {
  const today = clock.today;
  const cutOff = defaultCutOff(today);
  const book = await poolBook(db, funder.id, cutOff, false, today);
  const unordered = dashboardFigures(book, funder.baseCurrency);
  const currencies = currencyOrder(funder.baseCurrency, unordered);
  const figures = sortByCurrencyOrder(unordered, currencies);
  const lastClosed = lastClosedMonth(today);
  const ratesReady = await snapshotReadiness(db, funder.id, addMonthsTo(lastClosed, -2), lastClosed, today);
  const rates = ratesReady.ready ? await recentRates(db, funder.id, 3, today) : { currency: null, rows: [] };
  const servicing = figures.length ? await servicingKpis(db, funder.id, today) : [];
  const credit = figures.length ? await creditTiles(db, funder.id, today) : [];
  const facilities = figures.length ? await facilityDashboard(db, principal, funder.id, today) : { items: [], alerts: 0 };
  return { cutOff, today, currencies, figures, rates, ratesReady, servicing, credit, facilities };
}
