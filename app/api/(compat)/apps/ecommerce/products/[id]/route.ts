import { getDb } from '@/db';
import { getProductForUser } from '@/db/queries/compat/ecommerce';
import { ApiError } from '@/lib/api/errors';
import { withAuth, zodIssues } from '@/services/api/handler';
import { productIdParams } from '@/lib/validations/ecommerce';

export const dynamic = 'force-dynamic';

/** GET /apps/ecommerce/products/{id} (also /api/apps/…) — `{ product }` with the caller's flags and colorOptions; 404 for an unknown id. */
export const GET = withAuth({ scope: null }, ({ params, principal }) => {
  const parsed = productIdParams.safeParse(params);
  if (!parsed.success) throw new ApiError('invalid', 'The path is invalid.', zodIssues(parsed.error));
  const product = getProductForUser(getDb(), principal.user.id, parsed.data.id);
  if (!product) throw new ApiError('not_found', `Product ${parsed.data.id} does not exist.`);
  return Response.json({ product });
});
