import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { issueRefreshToken, revokeUserRefreshTokens, rotateRefreshToken } from '@/db/queries/refresh-tokens';
import { createUser } from '@/db/queries/users';

let tokens: typeof import('@/services/auth/tokens');

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = 'unit-test-secret-0123456789abcdef0123456789';
  tokens = await import('@/services/auth/tokens');
});

describe('access tokens', () => {
  it('round-trips the user id and session version', async () => {
    const t = await tokens.signAccessToken({ userId: 42, sessionVersion: 3 }, 600);
    expect(await tokens.verifyAccessToken(t)).toEqual({ ok: true, claims: { userId: 42, sessionVersion: 3 } });
  });

  it('lasts exactly the given lifetime', async () => {
    const now = 1_800_000_000;
    const t = await tokens.signAccessToken({ userId: 1, sessionVersion: 0 }, 600, now);
    const payload = JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(600);
    expect(await tokens.verifyAccessToken(t, new Date((now + 599) * 1000))).toMatchObject({ ok: true });
    expect(await tokens.verifyAccessToken(t, new Date((now + 601) * 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a tampered token', async () => {
    const t = await tokens.signAccessToken({ userId: 1, sessionVersion: 0 }, 600);
    const [h, p, s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: '2' })).toString('base64url');
    expect(await tokens.verifyAccessToken(`${h}.${forged}.${s}`)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('refresh token rotation', () => {
  async function setup() {
    const db = createTestDb();
    const user = await createUser(db, { email: 'a@b.c', username: 'abc', role: 'viewer', passwordHash: null });
    return { db, user };
  }

  it('spends a token once and issues a successor', async () => {
    const { db, user } = await setup();
    const t0 = await issueRefreshToken(db, user.id, 3600);
    const r1 = await rotateRefreshToken(db, t0, 3600);
    expect(r1).toMatchObject({ ok: true, userId: user.id });
    if (!r1.ok) throw new Error('unreachable');
    expect(r1.refreshToken).not.toBe(t0);
    expect(await rotateRefreshToken(db, r1.refreshToken, 3600)).toMatchObject({ ok: true });
  });

  it('revokes the whole family when a spent token is reused', async () => {
    const { db, user } = await setup();
    const t0 = await issueRefreshToken(db, user.id, 3600);
    const r1 = await rotateRefreshToken(db, t0, 3600);
    if (!r1.ok) throw new Error('unreachable');
    expect(await rotateRefreshToken(db, t0, 3600)).toEqual({ ok: false, reason: 'reused' });
    expect(await rotateRefreshToken(db, r1.refreshToken, 3600)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('leaves other families alone', async () => {
    const { db, user } = await setup();
    const a = await issueRefreshToken(db, user.id, 3600);
    const b = await issueRefreshToken(db, user.id, 3600);
    await rotateRefreshToken(db, a, 3600);
    await rotateRefreshToken(db, a, 3600);
    expect(await rotateRefreshToken(db, b, 3600)).toMatchObject({ ok: true });
  });

  it('refuses an expired token and an unknown one', async () => {
    const { db, user } = await setup();
    const t = await issueRefreshToken(db, user.id, 10, undefined, 1_000_000);
    expect(await rotateRefreshToken(db, t, 10, 1_000_000 + 11_000)).toEqual({ ok: false, reason: 'expired' });
    expect(await rotateRefreshToken(db, 'unknown', 10)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('revokes every token of a user', async () => {
    const { db, user } = await setup();
    const t = await issueRefreshToken(db, user.id, 3600);
    await revokeUserRefreshTokens(db, user.id);
    expect(await rotateRefreshToken(db, t, 3600)).toEqual({ ok: false, reason: 'revoked' });
  });
});
