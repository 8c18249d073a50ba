import 'server-only';
import { cookies } from 'next/headers';
import type { Db } from '@/db/client';
import { getFunder, listFunders } from '@/db/queries/funders';
import type { Funder } from '@/db/schema/portfolio';

/** The cookie the navbar's funder switch writes; default funder 1 (spec §3). */
export const FUNDER_COOKIE = 'quantum.funder';
export const DEFAULT_FUNDER_ID = 1;

/** The funder the signed-in user is working on in the browser: the cookie's, if it exists, else funder 1 (or the first). */
export async function getActiveFunder(db: Db): Promise<Funder> {
  const raw = (await cookies()).get(FUNDER_COOKIE)?.value;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_FUNDER_ID;
  const funder = getFunder(db, id) ?? getFunder(db, DEFAULT_FUNDER_ID) ?? listFunders(db)[0];
  if (!funder) throw new Error('No funder exists: the database has not been seeded.');
  return funder;
}
