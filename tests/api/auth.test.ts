import { SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cookieHeader, postJson, sessionCookie, signInWithForm, storeCookies, uniqueIp } from '../helpers/http';

const baseURL = inject('baseURL');
const DEMO_PASSWORD = 'quantum-demo';

let signAccessToken: typeof import('@/services/auth/tokens').signAccessToken;

beforeAll(async () => {
  // The test signs its own tokens with the server's secret (expired ones, for instance).
  process.env.NEXTAUTH_SECRET = inject('secret');
  ({ signAccessToken } = await import('@/services/auth/tokens'));
});

async function login(email: string, password = DEMO_PASSWORD, ip = uniqueIp()) {
  return postJson(baseURL, '/jwt/login', { email, password }, { 'x-forwarded-for': ip });
}

async function me(headers: Record<string, string>) {
  return fetch(`${baseURL}/api/me`, { headers });
}

describe('GET /api/health', () => {
  it('answers 200 with the database reachable', async () => {
    const res = await fetch(`${baseURL}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('credentials on API routes', () => {
  it('answers 401 JSON without a credential', async () => {
    const res = await me({});
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it.each([
    ['a malformed Authorization header', 'Token abc'],
    ['a garbage bearer token', 'Bearer not-a-jwt'],
  ])('answers 401 for %s', async (_name, authorization) => {
    const res = await me({ authorization });
    expect(res.status).toBe(401);
  });

  it('answers 401 for an expired access token', async () => {
    const token = await signAccessToken({ userId: 1, sessionVersion: 0 }, 60, Math.floor(Date.now() / 1000) - 3600);
    const res = await me({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toMatch(/expired/);
  });

  it('answers 401 for a token signed with another key and for alg none', async () => {
    const foreign = await new SignJWT({ sv: 0, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('quantum')
      .setAudience('quantum-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-32b'));
    expect((await me({ authorization: `Bearer ${foreign}` })).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: '1', sv: 0, typ: 'access', iss: 'quantum', aud: 'quantum-api', exp: 9999999999 }),
    ).toString('base64url')}.`;
    expect((await me({ authorization: `Bearer ${none}` })).status).toBe(401);
  });
});

describe('POST /jwt/login', () => {
  it('returns userData without secrets, an access token that works and a refresh token', async () => {
    const res = await login('analyst@quantum.demo');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken', 'userData']);
    expect(body.userData).toMatchObject({ email: 'analyst@quantum.demo', role: 'analyst', scopes: ['read:funders', 'write:funders'] });
    expect(body.userData).not.toHaveProperty('password');
    expect(body.userData).not.toHaveProperty('passwordHash');
    const who = await me({ authorization: `Bearer ${body.accessToken}` });
    expect(who.status).toBe(200);
    expect((await who.json()).via).toBe('bearer');
  });

  it('matches the e-mail case-insensitively', async () => {
    expect((await login('Viewer@Quantum.Demo')).status).toBe(200);
  });

  it.each([
    ['a wrong password', { email: 'viewer@quantum.demo', password: 'wrong-password' }],
    ['an unknown e-mail', { email: 'nobody@quantum.demo', password: DEMO_PASSWORD }],
    ['a missing password', { email: 'viewer@quantum.demo' }],
  ])('answers 400 with the documented body for %s', async (_name, body) => {
    const res = await postJson(baseURL, '/jwt/login', body, { 'x-forwarded-for': uniqueIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { email: ['Email or Password is Invalid'] } });
  });

  it('answers 400, not 500, for malformed JSON and for a wrong content type', async () => {
    const malformed = await postJson(baseURL, '/jwt/login', '{"email": ', { 'x-forwarded-for': uniqueIp() });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'invalid' } });
    const wrongType = await fetch(`${baseURL}/jwt/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(wrongType.status).toBe(400);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await postJson(baseURL, '/jwt/login', { email: 'x@y.z', password: 'p'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
  });

  it('also answers under /api/jwt/login', async () => {
    const res = await postJson(
      baseURL,
      '/api/jwt/login',
      { email: 'viewer@quantum.demo', password: DEMO_PASSWORD },
      { 'x-forwarded-for': uniqueIp() },
    );
    expect(res.status).toBe(200);
  });
});

describe('POST /jwt/register', () => {
  const stamp = Date.now().toString(36);

  it('creates a client (never an admin, the database is not empty) and returns user and tokens', async () => {
    const res = await postJson(baseURL, '/jwt/register', {
      email: `new-${stamp}@example.com`,
      password: 'a-long-password',
      username: `new_${stamp}`,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.user).toMatchObject({ email: `new-${stamp}@example.com`, username: `new_${stamp}`, role: 'client', scopes: [] });
    expect(body.user).not.toHaveProperty('password');
    expect(typeof body.accessToken).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
  });

  it('answers 200 with both keys for duplicates, as documented', async () => {
    const both = await postJson(baseURL, '/jwt/register', { email: 'admin@quantum.demo', password: 'a-long-password', username: 'admin' });
    expect(both.status).toBe(200);
    expect(await both.json()).toEqual({ error: { email: 'This email is already in use.', username: 'This username is already in use.' } });
    const emailOnly = await postJson(baseURL, '/jwt/register', {
      email: 'admin@quantum.demo',
      password: 'a-long-password',
      username: `other_${stamp}`,
    });
    expect(await emailOnly.json()).toEqual({ error: { email: 'This email is already in use.', username: null } });
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email', password: 'a-long-password', username: 'someone' }, 'email'],
    ['a short password', { email: `p-${Date.now()}@example.com`, password: 'short', username: 'someone2' }, 'password'],
    ['a bad username', { email: `u-${Date.now()}@example.com`, password: 'a-long-password', username: 'a b' }, 'username'],
  ])('answers 400 with the field for %s', async (_name, body, field) => {
    const res = await postJson(baseURL, '/jwt/register', body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(typeof json.error[field]).toBe('string');
  });
});

describe('POST /jwt/refresh-token', () => {
  it.each([
    ['garbage', { refreshToken: 'garbage' }],
    ['a missing token', {}],
  ])('answers 401 with the documented body for %s', async (_name, body) => {
    const res = await postJson(baseURL, '/jwt/refresh-token', body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid refresh token' });
  });

  it('refuses an access token as a refresh token', async () => {
    const { accessToken } = await (await login('viewer@quantum.demo')).json();
    const res = await postJson(baseURL, '/jwt/refresh-token', { refreshToken: accessToken });
    expect(res.status).toBe(401);
  });

  it('rotates: each refresh token works once, and reuse revokes the whole family', async () => {
    const first = await (await login('viewer@quantum.demo')).json();
    const r1 = await postJson(baseURL, '/jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(r1.status).toBe(200);
    const second = await r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.userData.email).toBe('viewer@quantum.demo');
    expect((await me({ authorization: `Bearer ${second.accessToken}` })).status).toBe(200);

    const reuse = await postJson(baseURL, '/jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(reuse.status).toBe(401);
    // The family is revoked: the successor no longer works either.
    const afterReuse = await postJson(baseURL, '/jwt/refresh-token', { refreshToken: second.refreshToken });
    expect(afterReuse.status).toBe(401);
  });

  it('lets exactly one of two concurrent refreshes with the same token succeed', async () => {
    const { refreshToken } = await (await login('viewer@quantum.demo')).json();
    const results = await Promise.all([
      postJson(baseURL, '/jwt/refresh-token', { refreshToken }),
      postJson(baseURL, '/jwt/refresh-token', { refreshToken }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});

describe('sign-in rate limiting (5 failures in 15 minutes)', () => {
  it('answers 429 per e-mail on /jwt/login, even for the right password', async () => {
    const email = 'analyst@quantum.demo';
    // A dedicated account would be cleaner, but failures on a demo account are what an attacker produces.
    const stamp = Date.now().toString(36);
    const reg = await postJson(baseURL, '/jwt/register', {
      email: `rl-${stamp}@example.com`,
      password: 'right-password',
      username: `rl_${stamp}`,
    });
    expect(reg.status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await login(`rl-${stamp}@example.com`, 'wrong-password')).status).toBe(400);
    const limited = await login(`rl-${stamp}@example.com`, 'right-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.email[0]).toMatch(/Too many failed sign-in attempts/);
    // Other accounts are unaffected.
    expect((await login(email)).status).toBe(200);
  });

  it('answers 429 per IP across e-mails', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login(`ghost-${i}@example.com`, 'wrong', ip)).status).toBe(400);
    expect((await login('viewer@quantum.demo', DEMO_PASSWORD, ip)).status).toBe(429);
    expect((await login('viewer@quantum.demo', DEMO_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('answers 429 on the sign-in form too', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const { status } = await signInWithForm(baseURL, `form-ghost-${i}@example.com`, 'wrong', { 'x-forwarded-for': ip });
      expect(status).toBe(401);
    }
    const { status, jar, url, retryAfter } = await signInWithForm(baseURL, 'viewer@quantum.demo', DEMO_PASSWORD, { 'x-forwarded-for': ip });
    expect(status).toBe(429);
    expect(sessionCookie(jar)).toBeUndefined();
    // The form is told how long to wait: the same seconds as Retry-After, in the error code it reads.
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(new URL(url!).searchParams.get('error')).toBe(`RateLimited:${retryAfter}`);
  });
});

describe('session revocation', () => {
  it('a copied session cookie stops working after sign-out', async () => {
    const { jar, status } = await signInWithForm(baseURL, 'viewer@quantum.demo', DEMO_PASSWORD, { 'x-forwarded-for': uniqueIp() });
    expect(status).toBe(200);
    const copied = cookieHeader(jar);
    expect(sessionCookie(jar)).toBeDefined();
    expect((await me({ cookie: copied })).status).toBe(200);

    const csrf = await fetch(`${baseURL}/api/auth/csrf`, { headers: { cookie: copied } });
    storeCookies(jar, csrf);
    const { csrfToken } = await csrf.json();
    const out = await fetch(`${baseURL}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar) },
      body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
    });
    expect(out.status).toBeLessThan(400);
    expect((await me({ cookie: copied })).status).toBe(401);
  });

  it('a password change ends access tokens and refresh tokens', async () => {
    const stamp = Date.now().toString(36);
    const reg = await (
      await postJson(baseURL, '/jwt/register', { email: `pw-${stamp}@example.com`, password: 'first-password', username: `pw_${stamp}` })
    ).json();
    const auth = { authorization: `Bearer ${reg.accessToken}` };
    expect((await me(auth)).status).toBe(200);

    const wrong = await postJson(baseURL, '/api/account/password', { currentPassword: 'nope', newPassword: 'second-password' }, auth);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.issues[0].field).toBe('currentPassword');

    const changed = await postJson(
      baseURL,
      '/api/account/password',
      { currentPassword: 'first-password', newPassword: 'second-password' },
      auth,
    );
    expect(changed.status).toBe(200);
    expect((await me(auth)).status).toBe(401);
    expect((await postJson(baseURL, '/jwt/refresh-token', { refreshToken: reg.refreshToken })).status).toBe(401);
    expect((await login(`pw-${stamp}@example.com`, 'second-password')).status).toBe(200);
  });
});
