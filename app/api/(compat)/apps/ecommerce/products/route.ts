import { getDb } from '@/db';
import { pageProducts } from '@/db/queries/compat/ecommerce';
import { parseQuery, withAuth } from '@/services/api/handler';
import { productsListQuery } from '@/lib/validations/ecommerce';

export const dynamic = 'force-dynamic';

/**
 * GET /apps/ecommerce/products (also /api/apps/…) — `{ products, total, userWishlist, userCart }`: one page
 * (perPage default 9) of the catalogue; q matches the name; sortBy featured (newest first) | price-asc |
 * price-desc. The wishlist and cart are the caller's own.
 */
export const GET = withAuth({ scope: null }, async ({ req, principal }) =>
  Response.json(await pageProducts(getDb(), principal.user.id, await parseQuery(req, productsListQuery))),
);
