import { getDb } from '@/db';
import { listWriteOffs } from '@/db/queries/credit';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { proposeLeaseWriteOff } from '@/services/credit/actions';
import { actorOf } from '@/services/credit/route-helpers';
import { creditFunderQuery, writeOffListQuery, writeOffProposeBody } from '@/lib/validations/credit';

export const dynamic = 'force-dynamic';

/** GET /api/credit/write-offs — the funder's write-off proposals and decisions, newest first. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, status } = await parseQuery(req, writeOffListQuery);
  return Response.json({ writeOffs: await listWriteOffs(getDb(), funderId, status) });
});

/** POST /api/credit/write-offs — proposes writing off a defaulted lease (four eyes: another user approves). 201. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const body = await parseBody(req, writeOffProposeBody);
  const writeOff = await proposeLeaseWriteOff(getDb(), funderId, body, actorOf(principal));
  return Response.json({ writeOff }, { status: 201, headers: { location: `/api/credit/write-offs?funderId=${funderId}` } });
});
