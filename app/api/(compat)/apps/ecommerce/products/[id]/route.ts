import { getDb } from '@/db';
import { getProductForUser } from '@/db/queries/compat/ecommerce';
import { withAuth, zodIssues } from '@/services/api/handler';
import { productIdParams } from '@/lib/validations/ecommerce';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /apps/ecommerce/products/{id} (also /api/apps/…) — `{ product }` with the caller's flags and colorOptions; 404 for an unknown id. */
export const GET = withAuth({ scope: null }, async ({ params, principal }) => {
  const parsed = productIdParams.safeParse(params);
  if (!parsed.success) throw new Invalid('The path is invalid.', zodIssues(parsed.error));
  const product = await getProductForUser(getDb(), principal.user.id, parsed.data.id);
  if (!product) throw new NotFound(`Product ${parsed.data.id} does not exist.`);
  return Response.json({ product });
});
