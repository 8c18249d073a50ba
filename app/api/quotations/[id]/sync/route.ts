import { getDb } from '@/db';
import { getQuotation, recordQuotationSync } from '@/db/queries/quotations';
import { ApiError } from '@/lib/api/errors';
import { parseQuery, withAuth } from '@/services/api/handler';
import { ERP_ENV_VARS, getErpConnector } from '@/lib/connectors/erp';
import { idParam } from '@/lib/validations/common';
import { funderQuery } from '@/lib/validations/leases';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/quotations/[id]/sync — pushes the quotation to the configured ERP and records the id it
 * gets back (`{ quotation }` with externalId and lastSyncAt). 501 when no ERP is configured.
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = idParam.safeParse(params.id);
  const db = getDb();
  const quotation = id.success ? await getQuotation(db, funderId, id.data) : undefined;
  if (!quotation) throw new NotFound('No quotation of this funder has this id.');
  const erp = getErpConnector();
  if (!erp) throw new ApiError('not_implemented', `No ERP is configured: set ${ERP_ENV_VARS.join(', ')} to push quotations to Odoo.`);
  const { externalId } = await erp.pushQuotation(quotation);
  return Response.json({ quotation: await recordQuotationSync(db, funderId, quotation.id, externalId) });
});
