import { getDb } from '@/db';
import { getLeaseCombined } from '@/db/queries/lease-register';
import { parseQuery, withAuth } from '@/services/api/handler';
import { leaseCombinedIdQuery } from '@/lib/validations/leases';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/lease-combined/user?id= — `{ user }` (the lease-combined row) or 404. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, id } = await parseQuery(req, leaseCombinedIdQuery);
  if (id === undefined) throw new Invalid('The query string is invalid.', [{ field: 'id', message: 'is required' }]);
  const user = await getLeaseCombined(getDb(), funderId, id);
  if (!user) throw new NotFound(`Lease ${id} does not exist for funder ${funderId}.`);
  return Response.json({ user });
});
