import 'server-only';
/** Shared by the facility route handlers: the facility of the path (scoped), and the actor. */
import { getDb } from '@/db';
import type { Facility, FacilityActor } from '@/db/queries/facilities';
import type { HandlerContext } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { facilityFor } from './service';

export async function pathFacility(ctx: Pick<HandlerContext, 'params' | 'principal'>): Promise<Facility> {
  return await facilityFor(getDb(), ctx.principal, pathId(ctx.params, 'id', 'facility'));
}

export function actorOf(ctx: Pick<HandlerContext, 'principal'>): FacilityActor {
  return { userId: ctx.principal.user.id, email: ctx.principal.user.email };
}
