import { getDb } from '@/db';
import { removeFromCart } from '@/db/queries/compat/ecommerce';
import { withAuth, zodIssues } from '@/services/api/handler';
import { productIdPathParams } from '@/lib/validations/ecommerce';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** DELETE /apps/ecommerce/cart/{productId} (also /api/apps/…) — 200 `{ removed }` (false when it was not in the cart); 404 unknown product. */
export const DELETE = withAuth({ scope: null }, async ({ params, principal }) => {
  const parsed = productIdPathParams.safeParse(params);
  if (!parsed.success) throw new Invalid('The path is invalid.', zodIssues(parsed.error));
  return Response.json(await removeFromCart(getDb(), principal.user.id, parsed.data.productId));
});
