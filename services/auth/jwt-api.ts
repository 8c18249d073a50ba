import type { Db } from '@/db/client';
import { issueRefreshToken } from '@/db/queries/refresh-tokens';
import type { User } from '@/db/schema/auth';
import { env } from '@/lib/env';
import { signAccessToken } from '@/services/auth/tokens';
import { toUserData } from '@/services/auth/user-data';

/** Issues the documented token pair for a user. */
export async function issueTokenPair(db: Db, user: User) {
  const e = env();
  const accessToken = await signAccessToken({ userId: user.id, sessionVersion: user.sessionVersion }, e.JWT_ACCESS_TTL);
  const refreshToken = await issueRefreshToken(db, user.id, e.JWT_REFRESH_TTL);
  return { userData: toUserData(user), accessToken, refreshToken };
}
