import { getDb } from '@/db';
import { matchImportLine } from '@/db/queries/payments';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { importMatchBody, servicingFunderQuery } from '@/lib/validations/servicing';

export const dynamic = 'force-dynamic';

/** POST /api/payments/imports/{id}/lines/{lineId}/match — matches an unmatched line to a lease by hand: creates its payment (201; 409 when the line is not unmatched). */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const id = pathId(params, 'id', 'import');
  const lineId = pathId(params, 'lineId', 'import line');
  const { funderId } = await parseQuery(req, servicingFunderQuery);
  const { leaseId } = await parseBody(req, importMatchBody);
  const line = await matchImportLine(getDb(), funderId, id, lineId, leaseId, principal.user.id);
  return Response.json({ line }, { status: 201 });
});
