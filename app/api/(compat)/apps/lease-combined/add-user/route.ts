import { getDb } from '@/db';
import { createLeaseForFunder, getLeaseCombined } from '@/db/queries/lease-register';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { funderQuery, leaseCreateBody } from '@/lib/validations/leases';
import { afterBookWrite } from '@/services/portfolio/book-changes';

export const dynamic = 'force-dynamic';

/**
 * POST /apps/lease-combined/add-user (also /api/apps/…) — the body is the lease itself, validated as
 * POST /api/leases; creates a real lease with its schedule and answers 201 `{ user }` (the documented
 * key) holding the new lease-combined row.
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const body = await parseBody(req, leaseCreateBody);
  const db = getDb();
  const lease = await createLeaseForFunder(db, funderId, body, principal.user.id);
  await afterBookWrite(db, funderId);
  return Response.json({ user: await getLeaseCombined(db, funderId, lease.id) }, { status: 201 });
});
