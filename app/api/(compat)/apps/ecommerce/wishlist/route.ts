import { getDb } from '@/db';
import { addToWishlist, listWishlistProducts } from '@/db/queries/compat/ecommerce';
import { parseBody, withAuth } from '@/services/api/handler';
import { productIdBody } from '@/lib/validations/ecommerce';

export const dynamic = 'force-dynamic';

/** GET /apps/ecommerce/wishlist (also /api/apps/…) — `{ products }`: the caller's wishlist, each with isInCart. */
export const GET = withAuth({ scope: null }, async ({ principal }) =>
  Response.json({ products: await listWishlistProducts(getDb(), principal.user.id) }),
);

/** POST /apps/ecommerce/wishlist `{ productId }` — 201 `{ item, created: true }`, or 200 with `created: false` when already there; 404 unknown product. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { productId } = await parseBody(req, productIdBody);
  const result = await addToWishlist(getDb(), principal.user.id, productId);
  return Response.json(result, { status: result.created ? 201 : 200 });
});
