import { getDb } from '@/db';
import { ANALYTICS_CARDS, funderBaseCurrency, STATISTICS_CARDS, type CardContext } from '@/db/queries/compat/content-cards';
import { parseQuery, withAuth } from '@/services/api/handler';
import { cardQuery } from '@/lib/validations/content';
import { requestClock } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';

type CardFn = (db: ReturnType<typeof getDb>, ctx: CardContext) => Promise<unknown>;

/**
 * One card endpoint: read:funders (the cards show a funder's figures, like the Dashboard); query locale, funderId (default 1; 404 if unknown),
 * asOf (default today UTC), currency (default the funder's base currency), period (default last-28-days).
 */
function cardRoute(card: CardFn) {
  return withAuth({ scope: 'read:funders' }, async ({ req }) => {
    const query = await parseQuery(req, cardQuery);
    const db = getDb();
    const base = await funderBaseCurrency(db, query.funderId);
    if (!base) throw new NotFound(`Funder ${query.funderId} does not exist.`);
    const ctx: CardContext = {
      funderId: query.funderId,
      asOf: query.asOf ?? requestClock().today,
      currency: query.currency?.toUpperCase() ?? base,
      locale: query.locale,
      period: query.period,
    };
    return Response.json(await card(db, ctx));
  });
}

export function analyticsCardRoute(kind: keyof typeof ANALYTICS_CARDS) {
  return cardRoute(ANALYTICS_CARDS[kind]);
}

export function statisticsCardRoute(kind: keyof typeof STATISTICS_CARDS) {
  return cardRoute(STATISTICS_CARDS[kind]);
}
