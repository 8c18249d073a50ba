import { describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { registerUser } from '@/db/queries/registration';
import { changeRole, revokeAllSessions } from '@/db/queries/sessions';
import { createUser, getUserById, isSessionCurrent } from '@/db/queries/users';
import { checkLoginRateLimit, clientIp, LOGIN_WINDOW_MS, loginKeys, registerLoginFailure, registerLoginSuccess } from '@/services/auth/rate-limit';
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
  it('makes the first user of an empty database an admin and later ones clients', () => {
    const db = createTestDb();
    const first = registerUser(db, { email: 'First@Example.com', username: 'first', passwordHash: 'h' });
    const second = registerUser(db, { email: 'second@example.com', username: 'second', passwordHash: 'h' });
    expect(first).toMatchObject({ ok: true, user: { role: 'admin', email: 'first@example.com' } });
    expect(second).toMatchObject({ ok: true, user: { role: 'client' } });
  });

  it('reports duplicate e-mail (case-insensitive) and username together', () => {
    const db = createTestDb();
    registerUser(db, { email: 'a@example.com', username: 'alpha', passwordHash: 'h' });
    expect(registerUser(db, { email: 'A@example.com', username: 'alpha', passwordHash: 'h' })).toEqual({
      ok: false,
      error: { email: 'This email is already in use.', username: 'This username is already in use.' },
    });
  });
});

describe('session versions', () => {
  it('a sign-out everywhere or a role change makes earlier sessions stale', () => {
    const db = createTestDb();
    const u = createUser(db, { email: 'v@example.com', username: 'v', role: 'viewer', passwordHash: null });
    expect(isSessionCurrent(db, u.id, 0)).toBeDefined();
    revokeAllSessions(db, u.id);
    expect(isSessionCurrent(db, u.id, 0)).toBeUndefined();
    expect(isSessionCurrent(db, u.id, 1)).toBeDefined();
    changeRole(db, u.id, 'analyst');
    expect(getUserById(db, u.id)).toMatchObject({ role: 'analyst', sessionVersion: 2 });
    expect(isSessionCurrent(db, u.id, 1)).toBeUndefined();
  });
});

describe('login rate limiting', () => {
  const now = 1_900_000_000_000;

  it('limits after five failures inside fifteen minutes and says when to retry', () => {
    const db = createTestDb();
    const keys = loginKeys('x@example.com', '203.0.113.9');
    for (let i = 0; i < 4; i++) registerLoginFailure(db, keys, now + i * 1000);
    expect(checkLoginRateLimit(db, keys, now + 5000)).toEqual({ limited: false });
    registerLoginFailure(db, keys, now + 5000);
    expect(checkLoginRateLimit(db, keys, now + 6000)).toEqual({ limited: true, retryAfterSeconds: (LOGIN_WINDOW_MS - 6000) / 1000 });
  });

  it('forgets failures older than the window', () => {
    const db = createTestDb();
    const keys = loginKeys('y@example.com', null);
    for (let i = 0; i < 5; i++) registerLoginFailure(db, keys, now);
    expect(checkLoginRateLimit(db, keys, now + LOGIN_WINDOW_MS + 1)).toEqual({ limited: false });
  });

  it('a success clears the account key but not the IP key', () => {
    const db = createTestDb();
    const keys = loginKeys('z@example.com', '203.0.113.10');
    for (let i = 0; i < 5; i++) registerLoginFailure(db, keys, now);
    registerLoginSuccess(db, 'Z@example.com');
    expect(checkLoginRateLimit(db, ['email:z@example.com'], now + 1)).toEqual({ limited: false });
    expect(checkLoginRateLimit(db, ['ip:203.0.113.10'], now + 1).limited).toBe(true);
  });

  it.each([
    ['203.0.113.1', '203.0.113.1'],
    ['198.51.100.7, 10.0.0.1', '10.0.0.1'],
    ['', null],
    [null, null],
  ])('client address of X-Forwarded-For %j is %j', (header, ip) => {
    expect(clientIp(header)).toBe(ip);
  });
});

describe('cross-site writes with the session cookie', () => {
  const req = (method: string, headers: Record<string, string>) => new Request('http://quantum.test/api/x', { method, headers: { host: 'quantum.test', ...headers } });

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
