import type { DbOrTx } from '@/db/client';
import { getDb } from '@/db';
import { listUserFunderIds } from '@/db/queries/funder-access';
import { getFunder, listFunders } from '@/db/queries/funders';
import type { Funder } from '@/db/schema/portfolio';
import { hasScope } from '@/lib/auth/scopes';
import { Forbidden, NotFound } from '@/lib/domain/errors';
import type { Principal } from '@/services/auth/principal';

/** The funders a principal may see and change (domain.md §12): every one for an admin, else its assignments. */
export type FunderAccess = 'all' | ReadonlySet<number>;

// Resolved at most once per principal object (one request).
const resolved = new WeakMap<Principal, FunderAccess>();

export async function funderAccessOf(principal: Principal): Promise<FunderAccess> {
  if (hasScope(principal.scopes, 'admin')) return 'all';
  let access = resolved.get(principal);
  if (!access) {
    access = new Set(await listUserFunderIds(getDb(), principal.user.id));
    resolved.set(principal, access);
  }
  return access;
}

export async function canAccessFunder(principal: Principal, funderId: number): Promise<boolean> {
  const access = await funderAccessOf(principal);
  return access === 'all' || access.has(funderId);
}

/**
 * Refuses a funder the principal is not assigned: a record of it answers 404 (its existence is not disclosed),
 * a list or a screen of it 403. A funder that does not exist is left to the route (its own 404 or an empty list).
 */
export async function assertFunderAccess(principal: Principal, funderId: number, kind: 'record' | 'list'): Promise<void> {
  if (await canAccessFunder(principal, funderId)) return;
  if (!(await getFunder(getDb(), funderId))) return;
  if (kind === 'record') throw new NotFound(`Not found for funder ${funderId}.`);
  throw new Forbidden(`You are not assigned to funder ${funderId}.`);
}

/** The funders the principal may see, in id order (the navbar switch, GET /api/funders). */
export async function listAccessibleFunders(db: DbOrTx, principal: Principal): Promise<Funder[]> {
  const access = await funderAccessOf(principal);
  const all = await listFunders(db);
  return access === 'all' ? all : all.filter((f) => access.has(f.id));
}
