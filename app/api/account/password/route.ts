import { getDb } from '@/db';
import { changePassword } from '@/db/queries/sessions';
import { ApiError } from '@/lib/api/errors';
import { parseBody, withAuth } from '@/services/api/handler';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { checkLoginRateLimit, loginKeys, registerLoginFailure, registerLoginSuccess, requestIp } from '@/services/auth/rate-limit';
import { changePasswordBody } from '@/lib/validations/auth';
import { Conflict, Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** POST /api/account/password — changes the own password; every session and token of the user ends. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const body = await parseBody(req, changePasswordBody);
  if (principal.user.authProvider !== 'credentials') {
    throw new Conflict('This account signs in through the identity provider and has no password here.');
  }
  // Guessing the current password with a stolen session is guessing a password: the sign-in throttle applies.
  const db = getDb();
  const keys = loginKeys(principal.user.email, requestIp(req.headers));
  const verdict = await checkLoginRateLimit(db, keys);
  if (verdict.limited) {
    throw new ApiError('rate_limited', 'Too many wrong current passwords. Try again later.', undefined, {
      'Retry-After': String(verdict.retryAfterSeconds),
    });
  }
  if (!(await verifyPassword(principal.user.passwordHash, body.currentPassword))) {
    await registerLoginFailure(db, keys);
    throw new Invalid('The current password is wrong.', [{ field: 'currentPassword', message: 'The current password is wrong.' }]);
  }
  await registerLoginSuccess(db, keys);
  await changePassword(db, principal.user.id, await hashPassword(body.newPassword));
  return Response.json({ ok: true, message: 'Password changed. Please sign in again.' });
});
