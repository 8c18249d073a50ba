import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { principalFromSessionToken, type Principal } from '@/services/auth/principal';
import { decodeSessionCookie, SESSION_COOKIE_NAMES } from '@/services/auth/session-token';

/** The signed-in principal of the current page request, or null (revoked sessions count as signed out). */
export const getCurrentPrincipal = cache(async (): Promise<Principal | null> => {
  const jar = await cookies();
  for (const name of SESSION_COOKIE_NAMES) {
    const raw = jar.get(name)?.value;
    if (!raw) continue;
    const token = await decodeSessionCookie(raw);
    if (token) return await principalFromSessionToken(token);
  }
  return null;
});
