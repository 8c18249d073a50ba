import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { registerUser } from '@/db/queries/registration';
import { ApiError } from '@/lib/api/errors';
import { publicHandler, readJson } from '@/services/api/handler';
import { issueTokenPair } from '@/services/auth/jwt-api';
import { hashPassword } from '@/lib/auth/password';
import { checkRegisterRateLimit, registerRegistrationAttempt, requestIp } from '@/services/auth/rate-limit';
import { env } from '@/lib/env';
import { jwtRegisterBody } from '@/lib/validations/auth';
import { Forbidden } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /jwt/register — { email, password, username }. Duplicates answer 200 with both keys (the documented contract);
 * the first user of an empty database becomes admin, later ones clients.
 */
export const POST = publicHandler(async (req: NextRequest) => {
  if (env().REGISTRATION === 'closed') throw new Forbidden('Registration is closed.');
  const db = getDb();
  const ip = requestIp(req.headers);
  const verdict = await checkRegisterRateLimit(db, ip);
  if (verdict.limited) {
    throw new ApiError('rate_limited', 'Too many registrations from this address. Try again later.', undefined, {
      'Retry-After': String(verdict.retryAfterSeconds),
    });
  }
  const parsed = jwtRegisterBody.safeParse(await readJson(req));
  if (!parsed.success) {
    const error: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'body');
      error[field] ??= issue.message;
    }
    return Response.json({ error }, { status: 400 });
  }
  const { email, password, username } = parsed.data;
  // Counted once the body is valid: every such attempt costs a password hash and may create an account.
  await registerRegistrationAttempt(db, ip);
  const result = await registerUser(db, { email, username, passwordHash: await hashPassword(password) });
  if (!result.ok) return Response.json({ error: result.error }, { status: 200 });
  const { userData, accessToken, refreshToken } = await issueTokenPair(db, result.user);
  return Response.json({ user: userData, accessToken, refreshToken }, { status: 201 });
});
