import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { getUserByEmail } from '@/db/queries/users';
import { publicHandler, readJson } from '@/services/api/handler';
import { issueTokenPair } from '@/services/auth/jwt-api';
import { verifyPassword } from '@/lib/auth/password';
import { checkLoginRateLimit, loginKeys, registerLoginFailure, registerLoginSuccess, requestIp } from '@/services/auth/rate-limit';
import { jwtLoginBody } from '@/lib/validations/auth';

export const dynamic = 'force-dynamic';

const INVALID = { error: { email: ['Email or Password is Invalid'] } };

/** POST /jwt/login — { email, password } → { userData, accessToken, refreshToken } (spec §7, api-reference §9). */
export const POST = publicHandler(async (req: NextRequest) => {
  const parsed = jwtLoginBody.safeParse(await readJson(req));
  if (!parsed.success) return Response.json(INVALID, { status: 400 });
  const { email, password } = parsed.data;
  const db = getDb();
  const keys = loginKeys(email, requestIp(req.headers));
  const verdict = await checkLoginRateLimit(db, keys);
  if (verdict.limited) {
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    return Response.json(
      { error: { email: [`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`] } },
      { status: 429, headers: { 'Retry-After': String(verdict.retryAfterSeconds) } },
    );
  }
  const user = await getUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok || user.status !== 'active') {
    await registerLoginFailure(db, keys);
    return Response.json(INVALID, { status: 400 });
  }
  await registerLoginSuccess(db, keys);
  return Response.json(await issueTokenPair(db, user));
});
