import { getDb } from '@/db';
import { pageLeaseCombined } from '@/db/queries/lease-register';
import { parseQuery, withAuth } from '@/services/api/handler';
import { leaseCombinedListQuery } from '@/lib/validations/leases';

export const dynamic = 'force-dynamic';

/**
 * GET /api/lease-combined/list/data — `{ users, total }`: one page of lease-combined rows, newest first.
 * `q` matches the contract number and the client's name; `total` is the filtered count (as the users list).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, leaseCombinedListQuery);
  return Response.json(await pageLeaseCombined(getDb(), query));
});
