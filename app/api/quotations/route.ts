import { getDb } from '@/db';
import { createQuotation, listQuotations } from '@/db/queries/quotations';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { funderQuery } from '@/lib/validations/leases';
import { quotationCreateBody, quotationListQuery } from '@/lib/validations/quotations';

export const dynamic = 'force-dynamic';

/** GET /api/quotations?status=&page=&perPage= — `{ quotations, total }` (newest first; total = filtered count). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, status, page, perPage } = await parseQuery(req, quotationListQuery);
  return Response.json({ ...(await listQuotations(getDb(), { funderId, status, page, perPage })), page, perPage });
});

/** POST /api/quotations — a new draft (201 `{ quotation }`); the instalment is computed from the terms. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const body = await parseBody(req, quotationCreateBody);
  const quotation = await createQuotation(getDb(), funderId, body, principal.user.id);
  return Response.json({ quotation }, { status: 201, headers: { location: `/api/quotations/${quotation.id}` } });
});
