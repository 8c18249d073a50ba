import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { parseBody, withAuth } from '@/services/api/handler';
import { rejectLeaseWriteOff } from '@/services/credit/actions';
import { actorOf, funderScopeOf, pathId } from '@/services/credit/route-helpers';
import { writeOffDecisionBody } from '@/lib/validations/credit';

export const dynamic = 'force-dynamic';

async function noteOf(req: NextRequest): Promise<string> {
  // The body is optional: a bare POST (no content type or an empty body) decides without a note.
  if (!req.headers.get('content-type') || req.headers.get('content-length') === '0') return '';
  return (await parseBody(req, writeOffDecisionBody)).note;
}

/** POST /api/credit/write-offs/[id]/reject — rejects a proposed write-off (its proposer may withdraw it so). 409 when decided already. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const id = pathId(params, 'write-off');
  const note = await noteOf(req);
  return Response.json({ writeOff: await rejectLeaseWriteOff(getDb(), id, await funderScopeOf(principal), actorOf(principal), note) });
});
