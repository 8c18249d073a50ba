import { idParam } from '@/lib/validations/common';
import { funderAccessOf } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import type { CreditActor } from '@/db/queries/credit';
import { NotFound } from '@/lib/domain/errors';

/** The acting user of a credit write (audit rows and four eyes). */
export function actorOf(principal: Principal): CreditActor {
  return { userId: principal.user.id, email: principal.user.email };
}

/** The funders whose records the principal may decide (null: every one). */
export async function funderScopeOf(principal: Principal): Promise<ReadonlySet<number> | null> {
  const access = await funderAccessOf(principal);
  return access === 'all' ? null : access;
}

/** A path id; anything else is a 404 (no such record), as for the lease routes. */
export function pathId(params: Record<string, string | string[]>, what: string): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success) throw new NotFound(`No ${what} has this id.`);
  return parsed.data;
}
