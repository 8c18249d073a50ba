import { decode, getToken, type JWT } from 'next-auth/jwt';
import type { NextRequest } from 'next/server';
import { getAuthSecret } from '@/services/auth/secret';

/** next-auth's cookie names: the __Secure- one when NEXTAUTH_URL is https. */
export const SESSION_COOKIE_NAMES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;

/**
 * Decoded session cookies until their expiry. next-auth's decode derives the encryption key (HKDF)
 * and decrypts the JWE on every call, a noticeable share of a page or API request; a browser sends
 * the same cookie on every request, so a decoded cookie is remembered (bounded, oldest first). The
 * cookie's user and session version are still checked against the database on every request, so
 * a revocation applies at once.
 */
const DECODED_MAX = 1000;
const decoded = new Map<string, { token: JWT; exp: number }>();

/** The session token inside a session cookie's value, or null when it does not decrypt or has expired. */
export async function decodeSessionCookie(raw: string, nowMs = Date.now()): Promise<JWT | null> {
  const hit = decoded.get(raw);
  if (hit) {
    if (hit.exp * 1000 > nowMs) return hit.token;
    decoded.delete(raw);
    return null;
  }
  const token = await decode({ token: raw, secret: getAuthSecret() }).catch(() => null);
  if (token && typeof token.exp === 'number') {
    if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
    decoded.set(raw, { token, exp: token.exp });
  }
  return token;
}

/**
 * A request's session token: the (cached) decode of its session cookie; next-auth's own reader for a
 * chunked cookie. The proxy and the API's credential check both read it on every request.
 */
export async function sessionTokenOf(req: NextRequest): Promise<JWT | null> {
  for (const name of SESSION_COOKIE_NAMES) {
    const raw = req.cookies.get(name)?.value;
    if (raw) return decodeSessionCookie(raw);
  }
  if (!req.cookies.getAll().some((c) => c.name.includes('next-auth.session-token.'))) return null;
  return getToken({ req, secret: getAuthSecret() });
}
