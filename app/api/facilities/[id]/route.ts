import { getDb } from '@/db';
import { updateFacility } from '@/db/queries/facilities';
import { updateFacilityBody } from '@/lib/validations/facilities';
import { parseBody, withAuth } from '@/services/api/handler';
import { actorOf, pathFacility } from '@/services/facilities/routes';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id} — terms, criteria, concentration limits and covenants. */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => Response.json({ facility: await pathFacility(ctx) }));

/** PATCH /api/facilities/{id} — changes terms; criteria, limits and covenants are replaced as whole lists (one audit row). */
export const PATCH = withAuth({ scope: 'write:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const patch = await parseBody(ctx.req, updateFacilityBody);
  return Response.json({ facility: await updateFacility(getDb(), f.id, patch, actorOf(ctx)) });
});
