import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { assertLeaseDeletable, getLeaseOfFunder } from '@/db/queries/lease-register';
import { deleteLease } from '@/db/queries/leases';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { leaseCombinedIdBody, leaseCombinedIdQuery } from '@/lib/validations/leases';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** The id from the query string, else from a JSON body `{ id }` (the template's client sends either). */
async function idOf(req: NextRequest, fromQuery: number | undefined): Promise<number> {
  if (fromQuery !== undefined) return fromQuery;
  if ((req.headers.get('content-type') ?? '').includes('json')) return (await parseBody(req, leaseCombinedIdBody)).id;
  throw new Invalid('Name the lease to delete.', [{ field: 'id', message: 'is required (query string or JSON body)' }]);
}

/**
 * DELETE /apps/lease-combined/delete?id= (or body `{ id }`; also /api/apps/…) — 200 `{ deleted }`, 404 for
 * an unknown id, 409 for a lease with a payment history (see README.md in app/api/lease-combined).
 */
export const DELETE = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId, id: fromQuery } = await parseQuery(req, leaseCombinedIdQuery);
  const id = await idOf(req, fromQuery);
  const db = getDb();
  if (!(await getLeaseOfFunder(db, funderId, id))) throw new NotFound(`Lease ${id} does not exist for funder ${funderId}.`);
  await deleteLease(db, id, assertLeaseDeletable, principal.user.id);
  await afterBookWrite(db, funderId);
  return Response.json({ deleted: id });
});
