import { requestClock } from '@/lib/clock';
import { getDb } from '@/db';
import { createLeaseForFunder, getLeaseCombined } from '@/db/queries/lease-register';
import { listLeases } from '@/db/queries/leases';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { funderQuery, leaseCreateBody, leaseListQuery } from '@/lib/validations/leases';
import { shownStatuses, statusFilterClauses, statusSortIds } from '@/services/master-file/register-status';
import { afterBookWrite } from '@/services/portfolio/book-changes';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases — one page of the funder's lease register: `{ leases, total, totals }`, where `total`
 * is the filtered count (the status filter and sort, and each row's `shownStatus`: the shown status, derived under domain.md §8,
 * services/master-file/register-status) and `totals` are per currency over the whole filtered set (count, price,
 * principal, residual in minor units). q matches contract number and lessee name.
 */
export const GET = withAuth({ scope: 'read:funders' }, ({ req }) => {
  const { funderId, q, status, currency, assetType, sort, dir, page, perPage } = parseQuery(req, leaseListQuery);
  const db = getDb();
  // The register's rows as its page shows them on the request's day (services/master-file/register-screen.ts reads the same).
  const { today } = requestClock();
  const statusAny = statusFilterClauses(db, funderId, status, today);
  const { rows, total, totals } = listLeases(db, {
    funderId,
    q,
    statusAny,
    statusIds: statusSortIds(db, funderId, sort, today),
    currency,
    assetType,
    sort,
    dir,
    page,
    perPage,
  });
  // `status` is the stored business status (the lease's field, as PATCH takes it); `shownStatus` the one the register shows.
  const shown = shownStatuses(db, funderId, rows, today);
  return Response.json({ leases: rows.map((r) => ({ ...r, shownStatus: shown.get(r.id) ?? 'performing' })), total, totals, page, perPage });
});

/** POST /api/leases — creates a lease with its schedule (201 with the lease as a lease-combined row). */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = parseQuery(req, funderQuery);
  const body = await parseBody(req, leaseCreateBody);
  const db = getDb();
  const lease = createLeaseForFunder(db, funderId, body, principal.user.id);
  afterBookWrite(db, funderId);
  return Response.json(
    { lease: getLeaseCombined(db, funderId, lease.id) },
    { status: 201, headers: { location: `/api/leases/${lease.id}` } },
  );
});
