import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { getAuthSecret } from '@/services/auth/secret';

const ISSUER = 'quantum';
const AUDIENCE = 'quantum-api';

let key: Uint8Array | undefined;

/** A key for access tokens derived from the auth secret, so session cookies and bearer tokens never share a key. */
function accessKey(): Uint8Array {
  key ??= new Uint8Array(hkdfSync('sha256', getAuthSecret(), 'quantum', 'jwt-access-token', 32));
  return key;
}

export type AccessClaims = { userId: number; sessionVersion: number };

/** Signs an HS256 access token valid for ttlSeconds. */
export async function signAccessToken(
  claims: AccessClaims,
  ttlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ sv: claims.sessionVersion, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(accessKey());
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens whose signature, issuer, audience and type have been verified, with their expiry (seconds).
 * A bearer client sends the same token on every request for its 10-minute life; the HMAC check
 * through WebCrypto (key import, async digest) is a measurable part of a small API answer, so a
 * verified token is remembered until it expires. Bounded: the oldest entries go first. A cached
 * token still has its session version checked against the database on every request.
 */
const VERIFIED_MAX = 1000;
const verified = new Map<string, { claims: AccessClaims; exp: number }>();

/** Verifies signature, algorithm (HS256 only), issuer, audience, expiry and token type. */
export async function verifyAccessToken(token: string, currentDate?: Date): Promise<VerifyResult> {
  const nowSeconds = Math.floor((currentDate ?? new Date()).getTime() / 1000);
  const hit = verified.get(token);
  if (hit) {
    // jose's rule: a token is expired once exp ≤ now.
    if (hit.exp > nowSeconds) return { ok: true, claims: hit.claims };
    verified.delete(token);
    return { ok: false, reason: 'expired' };
  }
  try {
    const { payload } = await jwtVerify(token, accessKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate,
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sv !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { userId, sessionVersion: payload.sv };
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, exp: payload.exp });
    }
    return { ok: true, claims };
  } catch (e) {
    return { ok: false, reason: e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
