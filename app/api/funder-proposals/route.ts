import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { listFunderProposals } from '@/db/queries/funder-proposals';
import { parseQuery, withAuth } from '@/services/api/handler';
import { funderProposalsQuery } from '@/lib/validations/funders';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/funder-proposals?funderId=&status= — proposed changes of funder settings (admin), pending ones by default. */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) => {
  const q = await parseQuery(req, funderProposalsQuery);
  const db = getDb();
  if (q.funderId !== undefined && !(await getFunder(db, q.funderId))) throw new NotFound(`Funder ${q.funderId} does not exist.`);
  return Response.json({ proposals: await listFunderProposals(db, q) });
});
