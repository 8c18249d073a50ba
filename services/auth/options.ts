import { transaction } from '@/db/transaction';
import type { NextAuthOptions, User as NextAuthUser } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db';
import { revokeAllSessions } from '@/db/queries/sessions';
import { createUser, getUserByEmail, getUserById } from '@/db/queries/users';
import { env, isOidcEnabled } from '@/lib/env';
import { verifyPassword } from '@/lib/auth/password';
import { RATE_LIMITED } from '@/lib/auth/login-error';
import { checkLoginRateLimit, loginKeys, registerLoginFailure, registerLoginSuccess, requestIp } from './rate-limit';
import { parseGrantedScopes, scopesForRole, type Scope } from '@/lib/auth/scopes';
import { getAuthSecret } from './secret';

// Without NEXTAUTH_URL, next-auth takes the origin from the request's Host, so any port or host name works.
if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';

export const OIDC_PROVIDER_ID = 'oidc';
export const OIDC_SCOPE = 'openid profile email read:funders';

type SignedInUser = NextAuthUser & { uid: number; role: string; sv: number };

declare module 'next-auth' {
  interface Session {
    user: { id: number; email: string; name: string; role: string; scopes: Scope[]; provider: string };
  }
}
declare module 'next-auth/jwt' {
  interface JWT {
    uid?: number;
    sv?: number;
    role?: string;
    scopes?: Scope[];
    provider?: string;
  }
}

function oidcProvider(): NextAuthOptions['providers'][number] | null {
  if (!isOidcEnabled()) return null;
  const e = env();
  const params: Record<string, string> = { scope: OIDC_SCOPE };
  if (e.OIDC_AUDIENCE) params.audience = e.OIDC_AUDIENCE;
  return {
    id: OIDC_PROVIDER_ID,
    name: 'Identity provider',
    type: 'oauth',
    wellKnown: `${e.OIDC_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    authorization: { params },
    idToken: true,
    checks: ['pkce', 'state'],
    profile(profile: { sub: string; email?: string; name?: string }) {
      return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? profile.email ?? profile.sub };
    },
  };
}

/** Scopes granted by the identity provider: the token response's `scope`, or a JWT access token's scope/permissions. */
function grantedOidcScopes(account: { scope?: string | null; access_token?: string | null }): Scope[] {
  const found = new Set(parseGrantedScopes(account.scope));
  const at = account.access_token;
  if (at && at.split('.').length === 3) {
    try {
      const payload = JSON.parse(Buffer.from(at.split('.')[1]!, 'base64url').toString('utf8')) as {
        scope?: string;
        permissions?: string[];
      };
      for (const s of parseGrantedScopes(payload.scope)) found.add(s);
      for (const s of parseGrantedScopes(payload.permissions?.join(' '))) found.add(s);
    } catch {
      /* an opaque access token carries no claims */
    }
  }
  return [...found];
}

export function getAuthOptions(): NextAuthOptions {
  const maxAge = env().SESSION_MAX_AGE;
  const providers: NextAuthOptions['providers'] = [
    CredentialsProvider({
      id: 'credentials',
      name: 'E-mail and password',
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials, req) {
        const email = String(credentials?.email ?? '')
          .trim()
          .toLowerCase();
        const password = String(credentials?.password ?? '');
        if (!email || !password) return null;
        const db = getDb();
        const keys = loginKeys(email, requestIp(req?.headers));
        const verdict = await checkLoginRateLimit(db, keys);
        // The wait goes with the code, so the form can say how long (next-auth passes the message on as the error).
        if (verdict.limited) throw new Error(`${RATE_LIMITED}:${verdict.retryAfterSeconds}`);
        const user = await getUserByEmail(db, email);
        const ok = await verifyPassword(user?.passwordHash, password);
        if (!user || !ok || user.status !== 'active') {
          await registerLoginFailure(db, keys);
          return null;
        }
        await registerLoginSuccess(db, keys);
        const signedIn: SignedInUser = {
          id: String(user.id),
          email: user.email,
          name: user.fullName || user.username,
          uid: user.id,
          role: user.role,
          sv: user.sessionVersion,
        };
        return signedIn;
      },
    }),
  ];
  const oidc = oidcProvider();
  if (oidc) providers.push(oidc);

  return {
    secret: getAuthSecret(),
    session: { strategy: 'jwt', maxAge },
    // Must equal session.maxAge: otherwise the token inside the cookie lives 30 days.
    jwt: { maxAge },
    pages: { signIn: '/en/login', error: '/en/login' },
    providers,
    callbacks: {
      async signIn({ account, profile, user }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        // An identity-provider sign-in never takes over a local password account with the same e-mail,
        // and an e-mail the provider says is unverified is not trusted to identify anyone.
        if ((profile as { email_verified?: boolean } | undefined)?.email_verified === false) return false;
        const email = user.email?.toLowerCase();
        const local = email ? await getUserByEmail(getDb(), email) : undefined;
        return !local || local.authProvider === 'oidc';
      },
      async jwt({ token, user, account }) {
        if (account?.provider === 'credentials' && user) {
          const u = user as SignedInUser;
          token.uid = u.uid;
          token.sv = u.sv;
          token.role = u.role;
          token.scopes = scopesForRole(u.role as Parameters<typeof scopesForRole>[0]);
          token.provider = 'credentials';
        } else if (account?.provider === OIDC_PROVIDER_ID) {
          const db = getDb();
          const email = (token.email ?? `${account.providerAccountId}@oidc.invalid`).toLowerCase();
          let local = await getUserByEmail(db, email);
          if (!local) {
            local = await transaction(db, (tx) =>
              createUser(tx, {
                email,
                username: `oidc-${account.providerAccountId}`.slice(0, 64),
                fullName: token.name ?? '',
                role: 'client',
                authProvider: 'oidc',
                passwordHash: null,
              }),
            );
          }
          token.uid = local.id;
          token.sv = local.sessionVersion;
          token.role = local.role;
          // The identity provider's grant decides access for its users.
          token.scopes = grantedOidcScopes(account);
          token.provider = OIDC_PROVIDER_ID;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          id: token.uid ?? 0,
          email: token.email ?? '',
          name: token.name ?? '',
          role: token.role ?? 'client',
          scopes: token.scopes ?? [],
          provider: token.provider ?? 'credentials',
        };
        return session;
      },
      async redirect({ url, baseUrl }) {
        // Same-origin only: relative paths or absolute URLs on our own origin.
        if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          /* not a URL */
        }
        return baseUrl;
      },
    },
    events: {
      async signOut({ token }) {
        const uid = token?.uid;
        if (!uid) return;
        const db = getDb();
        if (!(await getUserById(db, uid))) return;
        await revokeAllSessions(db, uid);
      },
    },
  };
}
