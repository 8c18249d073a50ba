import { getDb } from '@/db';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { requestQuotationForProduct } from '@/services/workspace/catalogue';
import { funderQuery } from '@/lib/validations/leases';
import { catalogueQuotationBody } from '@/lib/validations/workspace';

export const dynamic = 'force-dynamic';

/** POST /api/workspace/catalogue/quotations?funderId= — a draft quotation for a catalogue product (201 `{ quotation }`). */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const body = await parseBody(req, catalogueQuotationBody);
  const quotation = await requestQuotationForProduct(getDb(), funderId, principal.user.id, body);
  return Response.json({ quotation }, { status: 201, headers: { location: `/api/quotations/${quotation.id}` } });
});
