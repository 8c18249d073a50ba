import { getDb } from '@/db';
import { getPricing } from '@/db/queries/compat/content';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /pricing/data?locale= (also under /api/): the three plans (prices in EUR per month) and the pricing questions. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { locale } = await parseQuery(req, localeQuery);
  return Response.json(await getPricing(getDb(), locale));
});
