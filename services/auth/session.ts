import 'server-only';
import { cookies } from 'next/headers';
import { decode } from 'next-auth/jwt';
import { cache } from 'react';
import { principalFromSessionToken, type Principal } from '@/services/auth/principal';
import { getAuthSecret } from '@/services/auth/secret';

// next-auth uses the __Secure- name when NEXTAUTH_URL is https.
const COOKIE_NAMES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

/** The signed-in principal of the current page request, or null (revoked sessions count as signed out). */
export const getCurrentPrincipal = cache(async (): Promise<Principal | null> => {
  const jar = await cookies();
  for (const name of COOKIE_NAMES) {
    const raw = jar.get(name)?.value;
    if (!raw) continue;
    const token = await decode({ token: raw, secret: getAuthSecret() }).catch(() => null);
    if (token) return principalFromSessionToken(token);
  }
  return null;
});
