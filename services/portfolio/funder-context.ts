import 'server-only';
import { cookies } from 'next/headers';
import type { Db } from '@/db/client';
import type { Funder } from '@/db/schema/portfolio';
import { Forbidden } from '@/lib/domain/errors';
import { listAccessibleFunders } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import { getCurrentPrincipal } from '@/services/auth/session';

/** The cookie the navbar's funder switch writes; default funder 1 (spec §3). */
export const FUNDER_COOKIE = 'quantum.funder';
export const DEFAULT_FUNDER_ID = 1;

/**
 * The funder the signed-in user is working on in the browser: the cookie's, if it exists and is assigned to the
 * user, else funder 1 if assigned, else the user's first funder (domain.md §12: admins see all). A user with no
 * funder is refused (403).
 */
export async function getActiveFunder(db: Db, principal?: Principal): Promise<Funder> {
  const who = principal ?? (await getCurrentPrincipal());
  if (!who) throw new Forbidden('Sign-in required.');
  const raw = (await cookies()).get(FUNDER_COOKIE)?.value;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_FUNDER_ID;
  const allowed = await listAccessibleFunders(db, who);
  const funder = allowed.find((f) => f.id === id) ?? allowed.find((f) => f.id === DEFAULT_FUNDER_ID) ?? allowed[0];
  if (!funder) throw new Forbidden('No funder is assigned to you. Ask an administrator for access.');
  return funder;
}
