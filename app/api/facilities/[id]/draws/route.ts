import { getDb } from '@/db';
import { listDraws } from '@/db/queries/facilities';
import { drawBody } from '@/lib/validations/facilities';
import { parseBody, withAuth } from '@/services/api/handler';
import { actorOf, pathFacility } from '@/services/facilities/routes';
import { requestFacilityDraw } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/draws — draw requests and repayments, newest value date first. */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) =>
  Response.json({ draws: await listDraws(getDb(), (await pathFacility(ctx)).id) }),
);

/** POST /api/facilities/{id}/draws — requests a draw (up to the availability at its value date, else 409) or a repayment. */
export const POST = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const body = await parseBody(ctx.req, drawBody);
  return Response.json({ draw: await requestFacilityDraw(getDb(), f, body, actorOf(ctx)) }, { status: 201 });
});
