import { getDb } from '@/db';
import { addToCart, listCartProducts } from '@/db/queries/compat/ecommerce';
import { parseBody, withAuth } from '@/services/api/handler';
import { productIdBody } from '@/lib/validations/ecommerce';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /apps/ecommerce/cart (also /api/apps/…) — `{ products }`: the caller's cart lines with qty and the offer values stored with each line. */
export const GET = withAuth({ scope: null }, async ({ principal }) =>
  Response.json({ products: await listCartProducts(getDb(), principal.user.id) }),
);

/**
 * POST /apps/ecommerce/cart `{ productId }` — 201 `{ item, created: true }` with offers, discount and
 * shipping date drawn once; adding a product already in the cart is a no-op (200, `created: false`); 404 unknown product.
 */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { productId } = await parseBody(req, productIdBody);
  const result = await addToCart(getDb(), principal.user.id, productId, requestClock().today);
  return Response.json(result, { status: result.created ? 201 : 200 });
});
