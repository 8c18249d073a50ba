import { describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { registerUser } from '@/db/queries/registration';
import { changeRole, revokeAllSessions } from '@/db/queries/sessions';
import { createUser, getUserById, isSessionCurrent } from '@/db/queries/users';
import { countAuthFailures } from '@/db/queries/auth-failures';
import { applyTrustProxy } from '@/lib/auth/forwarded-headers';
import {
  ACCOUNT_MAX_SPACING_MS,
  ADDRESS_MAX_FAILURES,
  checkLoginRateLimit,
  checkRegisterRateLimit,
  clientIp,
  LOGIN_WINDOW_MS,
  loginKeys,
  pairWaitMs,
  REGISTER_MAX_PER_ADDRESS,
  REGISTER_WINDOW_MS,
  registerLoginFailure,
  registerLoginSuccess,
  registerRegistrationAttempt,
  SPACING_BASE_MS,
} from '@/services/auth/rate-limit';
import { parseGrantedScopes, scopesForRole } from '@/lib/auth/scopes';
import { abilitiesFor } from '@/services/auth/user-data';

describe('roles and scopes', () => {
  it.each([
    ['admin', ['read:funders', 'write:funders', 'admin']],
    ['analyst', ['read:funders', 'write:funders']],
    ['viewer', ['read:funders']],
    ['client', []],
  ] as const)('%s → %j', (role, scopes) => {
    expect(scopesForRole(role)).toEqual(scopes);
  });

  it('keeps only known scopes granted by the identity provider', () => {
    expect(parseGrantedScopes('openid profile email read:funders offline_access')).toEqual(['read:funders']);
    expect(parseGrantedScopes('openid profile email')).toEqual([]);
    expect(parseGrantedScopes(undefined)).toEqual([]);
  });

  it('maps admin to manage-all and a client to the ACL/Auth read abilities', () => {
    expect(abilitiesFor(['read:funders', 'write:funders', 'admin'])).toEqual([{ action: 'manage', subject: 'all' }]);
    expect(abilitiesFor([])).toEqual([
      { action: 'read', subject: 'ACL' },
      { action: 'read', subject: 'Auth' },
    ]);
  });
});

describe('registration', () => {
  it('makes the first user of an empty database an admin and later ones clients', async () => {
    const db = createTestDb();
    const first = await registerUser(db, { email: 'First@Example.com', username: 'first', passwordHash: 'h' });
    const second = await registerUser(db, { email: 'second@example.com', username: 'second', passwordHash: 'h' });
    expect(first).toMatchObject({ ok: true, user: { role: 'admin', email: 'first@example.com' } });
    expect(second).toMatchObject({ ok: true, user: { role: 'client' } });
  });

  it('reports duplicate e-mail (case-insensitive) and username together', async () => {
    const db = createTestDb();
    await registerUser(db, { email: 'a@example.com', username: 'alpha', passwordHash: 'h' });
    expect(await registerUser(db, { email: 'A@example.com', username: 'alpha', passwordHash: 'h' })).toEqual({
      ok: false,
      error: { email: 'This email is already in use.', username: 'This username is already in use.' },
    });
  });
});

describe('session versions', () => {
  it('a sign-out everywhere or a role change makes earlier sessions stale', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 'v@example.com', username: 'v', role: 'viewer', passwordHash: null });
    expect(await isSessionCurrent(db, u.id, 0)).toBeDefined();
    await revokeAllSessions(db, u.id);
    expect(await isSessionCurrent(db, u.id, 0)).toBeUndefined();
    expect(await isSessionCurrent(db, u.id, 1)).toBeDefined();
    await changeRole(db, u.id, 'analyst');
    expect(await getUserById(db, u.id)).toMatchObject({ role: 'analyst', sessionVersion: 2 });
    expect(await isSessionCurrent(db, u.id, 1)).toBeUndefined();
  });
});

describe('login rate limiting', () => {
  const now = 1_900_000_000_000;

  it('backs off exponentially per account and address: 3 free failures, then 1 s, 2 s, 4 s …', async () => {
    const db = createTestDb();
    const keys = loginKeys('x@example.com', '203.0.113.9');
    for (let i = 0; i < 3; i++) await registerLoginFailure(db, keys, now);
    expect(await checkLoginRateLimit(db, loginKeys('x@example.com', '203.0.113.99'), now)).toEqual({ limited: false });
    // The pair's 3rd failure asks for 1 s; the account and address counters are still under their thresholds.
    expect(await checkLoginRateLimit(db, keys, now)).toEqual({ limited: true, retryAfterSeconds: 1 });
    expect(await checkLoginRateLimit(db, keys, now + 1000)).toEqual({ limited: false });
    await registerLoginFailure(db, keys, now + 1000);
    expect(await checkLoginRateLimit(db, keys, now + 1000)).toEqual({ limited: true, retryAfterSeconds: 2 });
  });

  it('never locks the owner out from another address: five failures elsewhere cost at most a short, bounded wait', async () => {
    const db = createTestDb();
    for (let i = 0; i < 5; i++) await registerLoginFailure(db, loginKeys('owner@example.com', `198.51.100.${i}`), now);
    const owner = loginKeys('owner@example.com', '203.0.113.50');
    const first = await checkLoginRateLimit(db, owner, now);
    expect(first).toEqual({ limited: true, retryAfterSeconds: SPACING_BASE_MS / 1000 });
    expect(await checkLoginRateLimit(db, owner, now + SPACING_BASE_MS)).toEqual({ limited: false });
    // However many failures the attacker piles up, the owner's wait stays under the account's maximum spacing.
    for (let i = 0; i < 40; i++) await registerLoginFailure(db, loginKeys('owner@example.com', `198.51.100.${i}`), now + 1000);
    const verdict = await checkLoginRateLimit(db, owner, now + 1000);
    expect(verdict.limited && verdict.retryAfterSeconds).toBeLessThanOrEqual(ACCOUNT_MAX_SPACING_MS / 1000);
    expect(await checkLoginRateLimit(db, owner, now + 1000 + ACCOUNT_MAX_SPACING_MS)).toEqual({ limited: false });
  });

  it('a shared address with five failures on other accounts only spaces attempts; its hard ceiling is higher', async () => {
    const db = createTestDb();
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) await registerLoginFailure(db, loginKeys(`ghost-${i}@example.com`, ip), now);
    const colleague = loginKeys('colleague@example.com', ip);
    expect(await checkLoginRateLimit(db, colleague, now)).toEqual({ limited: true, retryAfterSeconds: SPACING_BASE_MS / 1000 });
    expect(await checkLoginRateLimit(db, colleague, now + SPACING_BASE_MS)).toEqual({ limited: false });
    for (let i = 5; i < ADDRESS_MAX_FAILURES; i++) await registerLoginFailure(db, loginKeys(`ghost-${i}@example.com`, ip), now);
    expect(await checkLoginRateLimit(db, colleague, now + ACCOUNT_MAX_SPACING_MS)).toEqual({
      limited: true,
      retryAfterSeconds: (LOGIN_WINDOW_MS - ACCOUNT_MAX_SPACING_MS) / 1000,
    });
  });

  it('forgets failures older than the window', async () => {
    const db = createTestDb();
    const keys = loginKeys('y@example.com', null);
    for (let i = 0; i < 5; i++) await registerLoginFailure(db, keys, now);
    expect(await checkLoginRateLimit(db, keys, now + LOGIN_WINDOW_MS + 1)).toEqual({ limited: false });
  });

  it('a success clears the pair, not what the same account collected from other addresses', async () => {
    const db = createTestDb();
    const here = loginKeys('z@example.com', '203.0.113.10');
    for (let i = 0; i < 3; i++) await registerLoginFailure(db, here, now);
    for (let i = 0; i < 5; i++) await registerLoginFailure(db, loginKeys('z@example.com', '198.51.100.1'), now);
    await registerLoginSuccess(db, loginKeys('Z@example.com', '203.0.113.10'));
    expect(pairWaitMs(await countAuthFailures(db, here.pair, now - LOGIN_WINDOW_MS), now + 1)).toBe(0);
    expect((await checkLoginRateLimit(db, here, now + 1)).limited).toBe(true);
  });

  it.each([
    ['203.0.113.1', '203.0.113.1'],
    ['198.51.100.7, 10.0.0.1', '10.0.0.1'],
    ['', null],
    [null, null],
  ])('client address of X-Forwarded-For %j is %j', (header, ip) => {
    expect(clientIp(header)).toBe(ip);
  });

  it.each([
    ['203.0.113.1', 0, '203.0.113.1'],
    ['6.6.6.6, 127.0.0.1', 0, '127.0.0.1'],
    ['6.6.6.6, 198.51.100.7', 1, '198.51.100.7'],
    ['6.6.6.6, 198.51.100.7, 10.0.0.2', 2, '198.51.100.7'],
    ['198.51.100.7', 3, '198.51.100.7'],
  ])('X-Forwarded-For %j behind %i trusted proxies → %j (entries a client appended are never read)', (header, hops, ip) => {
    expect(clientIp(header, hops)).toBe(ip);
  });

  it('TRUST_PROXY=0: what a client wrote about its address, host and scheme is replaced before Next reads the request', () => {
    const headers: Record<string, string | string[] | undefined> = {
      host: 'quantum.test',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'for=6.6.6.6;host=evil.example',
    };
    applyTrustProxy(headers, '203.0.113.20', 0);
    expect(headers).toEqual({ host: 'quantum.test', 'x-forwarded-for': '203.0.113.20' });
  });

  it("TRUST_PROXY>0: the proxies' headers stay as they are", () => {
    const headers = { host: 'quantum.test', 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'quantum.example' };
    applyTrustProxy(headers, '10.0.0.2', 1);
    expect(headers).toEqual({ host: 'quantum.test', 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'quantum.example' });
  });

  it('limits registration per address', async () => {
    const db = createTestDb();
    for (let i = 0; i < REGISTER_MAX_PER_ADDRESS; i++) {
      expect(await checkRegisterRateLimit(db, '203.0.113.5', now)).toEqual({ limited: false });
      await registerRegistrationAttempt(db, '203.0.113.5', now);
    }
    expect(await checkRegisterRateLimit(db, '203.0.113.5', now)).toEqual({ limited: true, retryAfterSeconds: REGISTER_WINDOW_MS / 1000 });
    expect(await checkRegisterRateLimit(db, '203.0.113.6', now)).toEqual({ limited: false });
  });
});

describe('cross-site writes with the session cookie', () => {
  const req = (method: string, headers: Record<string, string>) =>
    new Request('http://quantum.test/api/x', { method, headers: { host: 'quantum.test', ...headers } });

  it.each([
    ['a same-origin fetch', 'POST', { 'sec-fetch-site': 'same-origin' }, false],
    ['a cross-site form post', 'POST', { 'sec-fetch-site': 'cross-site' }, true],
    ['a same-site sibling', 'DELETE', { 'sec-fetch-site': 'same-site' }, true],
    ['a foreign Origin without Sec-Fetch-Site', 'PATCH', { origin: 'https://evil.example' }, true],
    ['our own Origin', 'POST', { origin: 'http://quantum.test' }, false],
    ['a script with neither header', 'POST', {}, false],
    ['a cross-site GET (reads are not writes)', 'GET', { 'sec-fetch-site': 'cross-site' }, false],
  ])('%s → refused=%s', async (_name, method, headers, refused) => {
    const { isCrossSiteWrite } = await import('@/services/api/handler');
    expect(isCrossSiteWrite(req(method, headers))).toBe(refused);
  });
});
