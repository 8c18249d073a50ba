import { getDb } from '@/db';
import { listLeaseCombined } from '@/db/queries/lease-register';
import { parseQuery, withAuth } from '@/services/api/handler';
import { funderQuery } from '@/lib/validations/leases';

export const dynamic = 'force-dynamic';

/**
 * GET /api/lease-combined/list/all-data — a bare array of every lease of the funder, newest first, each
 * with its lease fields, `client: { idODOO, name }` and `total` (the contract's total cash flow; see
 * README.md beside this route).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  return Response.json(await listLeaseCombined(getDb(), funderId));
});
