import { getDb } from '@/db';
import { changeQuotationStatus } from '@/db/queries/quotations';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { funderQuery } from '@/lib/validations/leases';
import { quotationStatusBody } from '@/lib/validations/quotations';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * PATCH /api/quotations/[id]/status — `{ status, note? }`. Allowed: draft → submitted → approved |
 * rejected; approved → converted, which creates the lease in the same transaction (its id comes back
 * as `lease`). Any other move answers 409 with the allowed ones.
 */
export const PATCH = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw new NotFound('No quotation has this id.');
  const change = await parseBody(req, quotationStatusBody);
  const { quotation, lease } = await changeQuotationStatus(getDb(), funderId, id.data, change, principal.user.id);
  return Response.json({ quotation, lease });
});
