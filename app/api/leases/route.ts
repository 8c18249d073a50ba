import { requestClock } from '@/lib/clock';
import { getDb } from '@/db';
import { createLeaseForFunder, getLeaseCombined } from '@/db/queries/lease-register';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { funderQuery, leaseCreateBody, leaseListQuery } from '@/lib/validations/leases';
import { registerScreen } from '@/services/master-file/register-screen';
import { afterBookWrite } from '@/services/portfolio/book-changes';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases — one page of the funder's lease register: `{ leases, total, totals, cutOff }`, where `total`
 * is the filtered count (the status filter and sort, and each row's `shownStatus`: the shown status, derived under domain.md §8,
 * services/master-file/register-status), each row's `outstandingPrincipal` is the book engine's at `cutOff` (the register's:
 * the first of this month; null when the lease is not in the pool then) and `totals` are per currency over the whole filtered
 * set (count, price, principal, residual, outstanding principal in minor units). q matches contract number and lessee name.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  // The register's rows as its page shows them on the request's day: the page's own screen function.
  const screen = await registerScreen(getDb(), principal, await parseQuery(req, leaseListQuery), requestClock());
  const { rows, total, totals, cutOff, page, perPage } = screen;
  // `status` is the stored business status (the lease's field, as PATCH takes it); `shownStatus` the one the register shows.
  return Response.json({ leases: rows.map(({ statusNote: _note, ...r }) => r), total, totals, cutOff, page, perPage });
});

/** POST /api/leases — creates a lease with its schedule (201 with the lease as a lease-combined row). */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const body = await parseBody(req, leaseCreateBody);
  const db = getDb();
  const lease = await createLeaseForFunder(db, funderId, body, principal.user.id);
  await afterBookWrite(db, funderId);
  return Response.json(
    { lease: await getLeaseCombined(db, funderId, lease.id) },
    { status: 201, headers: { location: `/api/leases/${lease.id}` } },
  );
});
