import { getDb } from '@/db';
import { changePassword } from '@/db/queries/sessions';
import { ApiError } from '@/lib/api/errors';
import { parseBody, withAuth } from '@/services/api/handler';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { changePasswordBody } from '@/lib/validations/auth';

export const dynamic = 'force-dynamic';

/** POST /api/account/password — changes the own password; every session and token of the user ends. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const body = await parseBody(req, changePasswordBody);
  if (principal.user.authProvider !== 'credentials') {
    throw new ApiError('conflict', 'This account signs in through the identity provider and has no password here.');
  }
  if (!(await verifyPassword(principal.user.passwordHash, body.currentPassword))) {
    throw new ApiError('invalid', 'The current password is wrong.', [{ field: 'currentPassword', message: 'The current password is wrong.' }]);
  }
  changePassword(getDb(), principal.user.id, await hashPassword(body.newPassword));
  return Response.json({ ok: true, message: 'Password changed. Please sign in again.' });
});
