import type { JWT } from 'next-auth/jwt';
import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { isSessionCurrent } from '@/db/queries/users';
import type { User } from '@/db/schema/auth';
import { scopesForRole, type Scope } from '@/lib/auth/scopes';
import { sessionTokenOf } from '@/services/auth/session-token';
import { verifyAccessToken } from '@/services/auth/tokens';

export type Principal = {
  user: User;
  scopes: Scope[];
  via: 'session' | 'bearer';
};

/** The principal of a decoded session token, if its user is active and the session has not been revoked. */
export async function principalFromSessionToken(token: JWT | null): Promise<Principal | null> {
  if (!token?.uid || token.sv === undefined) return null;
  const user = await isSessionCurrent(getDb(), token.uid, token.sv);
  if (!user) return null;
  // Credentials users get their role's scopes as they are now; identity-provider users keep the granted ones.
  const scopes = token.provider === 'oidc' ? (token.scopes ?? []) : scopesForRole(user.role);
  return { user, scopes, via: 'session' };
}

export type CredentialResult = { principal: Principal } | { principal: null; reason: 'missing' | 'invalid' | 'expired' };

/** Resolves `Authorization: Bearer <accessToken>` or the session cookie of an API request. */
export async function resolveRequestPrincipal(req: NextRequest): Promise<CredentialResult> {
  const authz = req.headers.get('authorization');
  if (authz) {
    const m = /^Bearer\s+(\S+)$/i.exec(authz);
    if (!m) return { principal: null, reason: 'invalid' };
    const verified = await verifyAccessToken(m[1]!);
    if (!verified.ok) return { principal: null, reason: verified.reason };
    const user = await isSessionCurrent(getDb(), verified.claims.userId, verified.claims.sessionVersion);
    if (!user) return { principal: null, reason: 'invalid' };
    return { principal: { user, scopes: scopesForRole(user.role), via: 'bearer' } };
  }
  const token = await sessionTokenOf(req);
  if (!token) return { principal: null, reason: 'missing' };
  const principal = await principalFromSessionToken(token);
  return principal ? { principal } : { principal: null, reason: 'invalid' };
}
