import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { rotateRefreshToken } from '@/db/queries/refresh-tokens';
import { getUserById } from '@/db/queries/users';
import { publicHandler, readJson } from '@/services/api/handler';
import { signAccessToken } from '@/services/auth/tokens';
import { toUserData } from '@/services/auth/user-data';
import { env } from '@/lib/env';
import { jwtRefreshBody } from '@/lib/validations/auth';

export const dynamic = 'force-dynamic';

const INVALID = () => Response.json({ error: 'Invalid refresh token' }, { status: 401 });

/** POST /jwt/refresh-token — rotates the refresh token; a spent token revokes its whole family. */
export const POST = publicHandler(async (req: NextRequest) => {
  const parsed = jwtRefreshBody.safeParse(await readJson(req));
  if (!parsed.success) return INVALID();
  const db = getDb();
  const e = env();
  const rotated = await rotateRefreshToken(db, parsed.data.refreshToken, e.JWT_REFRESH_TTL);
  if (!rotated.ok) {
    if (rotated.reason === 'reused') console.warn('[auth] refresh token reuse detected: family revoked');
    return INVALID();
  }
  const user = await getUserById(db, rotated.userId);
  if (!user || user.status !== 'active') return INVALID();
  const accessToken = await signAccessToken({ userId: user.id, sessionVersion: user.sessionVersion }, e.JWT_ACCESS_TTL);
  return Response.json({ userData: toUserData(user), accessToken, refreshToken: rotated.refreshToken });
});
