import { getDb } from '@/db';
import { assertLeaseDeletable, getLeaseOfFunder, listLeaseHistory } from '@/db/queries/lease-register';
import { deleteLease, getLeaseSchedule, updateLease } from '@/db/queries/leases';
import { parseBody, parseQuery, withAuth, zodIssues } from '@/services/api/handler';
import { valuationRow } from '@/lib/finance';
import { defaultCutOff, valueBook } from '@/services/portfolio/valuation';
import { idParam } from '@/lib/validations/common';
import { funderQuery, leaseCreateBody, leaseGetQuery, leasePatchBody } from '@/lib/validations/leases';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function leaseId(params: Record<string, string | string[]>): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success) throw new NotFound('No lease has this id.');
  return parsed.data;
}

/**
 * GET /api/leases/[id] — the lease, its historical purchase price, its schedule, its valuation at the
 * cut-off (default: the first day of this month; null when the lease is not in the book, i.e.
 * terminated; all zeros with inPool false when it was purchased after the cut-off) and its history.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const { funderId, cutOff: requested } = await parseQuery(req, leaseGetQuery);
  const id = leaseId(params);
  const db = getDb();
  const lease = await getLeaseOfFunder(db, funderId, id);
  if (!lease) throw new NotFound(`Lease ${id} does not exist for funder ${funderId}.`);
  const cutOff = requested ?? defaultCutOff();
  const book = await valueBook(db, funderId, cutOff);
  const index = book.indexById.get(id);
  let valuation = null;
  if (index !== undefined) {
    const { purchasePrice: _historical, ...row } = valuationRow(book.valuation, index);
    void _historical;
    valuation = { cutOff, ...row };
  }
  // The historical price (domain.md §3), independent of the cut-off: agreed, else PV at the buy rate on the purchase date.
  const purchasePrice = index === undefined ? null : book.purchasePrice[index]!;
  return Response.json({
    lease,
    purchasePrice,
    schedule: await getLeaseSchedule(db, id),
    valuation,
    history: await listLeaseHistory(db, id),
  });
});

/**
 * PATCH /api/leases/[id] — changes some fields; the body names the `version` the edit started from and
 * a stale version answers 409. The merged lease is validated like a new one; the schedule is rebuilt.
 */
export const PATCH = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = leaseId(params);
  const { version, ...patch } = await parseBody(req, leasePatchBody);
  const db = getDb();
  const current = await getLeaseOfFunder(db, funderId, id);
  if (!current) throw new NotFound(`Lease ${id} does not exist for funder ${funderId}.`);
  const merged = leaseCreateBody.safeParse({ ...current, ...patch });
  if (!merged.success) throw new Invalid('The lease would be invalid with these changes.', zodIssues(merged.error));
  const updated = await updateLease(db, id, version, patch, principal.user.id);
  await afterBookWrite(db, funderId);
  return Response.json({ lease: { ...updated, lesseeName: (await getLeaseOfFunder(db, funderId, id))!.lesseeName } });
});

/** DELETE /api/leases/[id] — 409 for a lease with a payment history (see assertLeaseDeletable). */
export const DELETE = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = leaseId(params);
  const db = getDb();
  if (!(await getLeaseOfFunder(db, funderId, id))) throw new NotFound(`Lease ${id} does not exist for funder ${funderId}.`);
  await deleteLease(db, id, assertLeaseDeletable, principal.user.id);
  await afterBookWrite(db, funderId);
  return Response.json({ deleted: id });
});
