import { getDb } from '@/db';
import { updateLesseeKind } from '@/db/queries/lessees';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { funderQuery, lesseePatchBody } from '@/lib/validations/leases';

export const dynamic = 'force-dynamic';

/**
 * PATCH /api/lessees/[id] — sets the lessee's kind (retail or corporate, i.e. non-retail): the absolute
 * materiality threshold of its leases (domain.md §8). One audit row; the credit cache recomputes that lessee's
 * leases only (services/credit/book.ts, by the records stamp the audit row moves).
 */
export const PATCH = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = pathId(params, 'id', 'lessee');
  const { kind } = await parseBody(req, lesseePatchBody);
  const { lessee, changed } = await updateLesseeKind(getDb(), funderId, id, kind, {
    userId: principal.user.id,
    email: principal.user.email,
  });
  return Response.json({ lessee: { id: lessee.id, name: lessee.name, kind: lessee.kind }, changed });
});
