/**
 * The attack matrix, generated from GET /api/openapi.json so that a new documented route is covered without
 * anyone adding it here: every operation (aliases included) × every credential, judged against the scope its
 * RouteDoc declares. Bad credentials answer 401 wherever a sign-in is required; a role without the scope answers
 * 403; no credential ever gets a 2xx on a write it has no scope for; nothing answers 500.
 *
 * Writes are sent only with credentials that must be refused: a write the credential may make would change the
 * shared test database (and the password route would revoke the tokens this file uses).
 */
import { hkdfSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { scopesForRole } from '@/lib/auth/scopes';
import { demoTokens, postJson, uniqueIp } from '../helpers/http';
import {
  exampleBody,
  examplePath,
  exampleQuery,
  fetchOpenApi,
  operationsOf,
  pool,
  withQuery,
  type DocumentedOperation,
} from '../helpers/operations';

const baseURL = inject('baseURL');
const secret = inject('secret');
/** One demo user per role (admin2 holds the same role as admin). */
const ROLES = ['admin', 'analyst', 'viewer', 'client'] as const;
type RoleUser = (typeof ROLES)[number];
/** The wrapper's own scope refusal; a 403 for another reason (e.g. a funder not assigned to the user) is not one. */
const SCOPE_DENIED = /"message":"This requires the [^"]+ scope\./;

type BadCredential =
  | 'none'
  | 'malformed bearer'
  | 'expired'
  | 'alg none'
  | 'tampered signature'
  | 'refresh token as bearer'
  | 'signed with the session secret'
  | 'not an access token';
const BAD: BadCredential[] = [
  'none',
  'malformed bearer',
  'expired',
  'alg none',
  'tampered signature',
  'refresh token as bearer',
  'signed with the session secret',
  'not an access token',
];

let operations: DocumentedOperation[] = [];
const roleTokens = {} as Record<RoleUser, string>;
const badHeaders = {} as Record<BadCredential, Record<string, string>>;

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The access-token key exactly as services/auth/tokens.ts derives it from NEXTAUTH_SECRET. */
const accessKey = () => new Uint8Array(hkdfSync('sha256', secret, 'quantum', 'jwt-access-token', 32));

beforeAll(async () => {
  Object.assign(roleTokens, await demoTokens(baseURL, ROLES));
  operations = operationsOf(await fetchOpenApi(baseURL, roleTokens.admin));
  const login = await postJson(
    baseURL,
    '/jwt/login',
    { email: 'admin@quantum.demo', password: 'quantum-demo' },
    { 'x-forwarded-for': uniqueIp() },
  );
  const { refreshToken } = (await login.json()) as { refreshToken: string };
  const [header, payload, signature] = roleTokens.admin.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; sv: number };
  const now = Math.floor(Date.now() / 1000);
  const sign = (key: Uint8Array, typ: string, iat: number, exp: number) =>
    new SignJWT({ sv: claims.sv, typ })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('quantum')
      .setAudience('quantum-api')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
  // Flip one character in the middle of the signature (the last one may only carry padding bits).
  const mid = Math.floor(signature.length / 2);
  const tampered = signature.slice(0, mid) + (signature[mid] === 'A' ? 'B' : 'A') + signature.slice(mid + 1);
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  Object.assign(badHeaders, {
    none: {},
    'malformed bearer': bearer('not.a-jwt'),
    expired: bearer(await sign(accessKey(), 'access', now - 3600, now - 60)),
    'alg none': bearer(`${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`),
    'tampered signature': bearer(`${header}.${payload}.${tampered}`),
    'refresh token as bearer': bearer(refreshToken),
    'signed with the session secret': bearer(await sign(new TextEncoder().encode(secret), 'access', now, now + 600)),
    'not an access token': bearer(await sign(accessKey(), 'refresh', now, now + 600)),
  } satisfies Record<BadCredential, Record<string, string>>);
});

async function call(o: DocumentedOperation, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const body = exampleBody(o);
  const init: RequestInit = {
    method: o.method.toUpperCase(),
    headers: { 'x-forwarded-for': uniqueIp(), ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    signal: AbortSignal.timeout(20_000),
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`${baseURL}${withQuery(examplePath(o), exampleQuery(o))}`, init);
  const text = res.status >= 400 ? (await res.text()).slice(0, 200) : (await res.body?.cancel(), '');
  return { status: res.status, text };
}

const label = (o: DocumentedOperation) => `${o.method.toUpperCase()} ${o.path}`;

describe('attack matrix over GET /api/openapi.json', () => {
  it('covers every documented operation and recognises the public ones from their RouteDoc', () => {
    expect(operations.length).toBeGreaterThan(100);
    const publicOps = operations.filter((o) => o.auth === 'public').map(label);
    expect(publicOps).toEqual(
      expect.arrayContaining(['GET /api/health', 'POST /jwt/login', 'POST /api/jwt/refresh-token', 'POST /jwt/register']),
    );
    for (const o of operations) expect(['public', 'signed-in', 'read:funders', 'write:funders', 'admin'], label(o)).toContain(o.auth);
  });

  it.each(BAD)(
    '%s: 401 on every operation that requires sign-in, never 500 on a public one',
    async (cred) => {
      const failures: string[] = [];
      await pool(operations, 4, async (o) => {
        const { status, text } = await call(o, badHeaders[cred]);
        if (o.auth === 'public') {
          if (status >= 500) failures.push(`${label(o)} → ${status} ${text}`);
        } else if (status !== 401) failures.push(`${label(o)} → ${status} ${text}`);
      });
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it.each(ROLES)(
    '%s: 403 without the scope, served with it, never 500',
    async (role) => {
      const scopes: string[] = scopesForRole(role);
      const failures: string[] = [];
      let sent = 0;
      await pool(operations, 4, async (o) => {
        const allowed = o.auth === 'public' || o.auth === 'signed-in' || scopes.includes(o.auth);
        if (allowed && o.isWrite) return;
        sent++;
        const { status, text } = await call(o, { authorization: `Bearer ${roleTokens[role]}` });
        if (status >= 500 && status !== 501) failures.push(`${label(o)} → ${status} ${text}`);
        else if (!allowed && status !== 403) failures.push(`${label(o)} needs ${o.auth} → ${status} ${text}`);
        else if (allowed && o.auth !== 'public') {
          if (status === 401 || (status === 403 && SCOPE_DENIED.test(text)))
            failures.push(`${label(o)} (${o.auth}) refused ${role} → ${status} ${text}`);
        }
      });
      expect(sent).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
