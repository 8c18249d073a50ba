import { getDb } from '@/db';
import { importFunderQuery, rollForwardDecisionBody } from '@/lib/validations/imports';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { decideRollForward } from '@/services/imports/roll-forward';
import { importIdOf } from '@/services/imports/views';

export const dynamic = 'force-dynamic';

/**
 * POST /api/leases/imports/{id}/roll-forward/decisions — accept (with a note) or reject breaks of the roll-forward,
 * named by contract number or all undecided at once. Four eyes: the user who uploaded the tape may not decide its
 * breaks when the funder has four eyes (403). 409 unless the dry run is ready; 400 for a lease that is no break.
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  const id = importIdOf(params);
  const body = await parseBody(req, rollForwardDecisionBody);
  const result = await decideRollForward(getDb(), funderId, id, body, { userId: principal.user.id, email: principal.user.email });
  return Response.json(result);
});
