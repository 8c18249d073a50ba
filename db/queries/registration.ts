import { transaction } from '../transaction';
import type { Db } from '../client';
import type { User } from '../schema/auth';
import { recordAudit } from './audit';
import { countUsers, createUser, getUserByEmail, getUserByUsername } from './users';

export type RegistrationResult = { ok: true; user: User } | { ok: false; error: { email: string | null; username: string | null } };

/**
 * Creates a self-registered user in one IMMEDIATE transaction with its audit row: the first user of an empty database
 * is admin, later ones clients.
 */
export async function registerUser(db: Db, input: { email: string; username: string; passwordHash: string }): Promise<RegistrationResult> {
  return await transaction(db, async (tx): Promise<RegistrationResult> => {
    const email = (await getUserByEmail(tx, input.email)) ? 'This email is already in use.' : null;
    const username = (await getUserByUsername(tx, input.username)) ? 'This username is already in use.' : null;
    if (email || username) return { ok: false, error: { email, username } };
    const role = (await countUsers(tx)) === 0 ? 'admin' : 'client';
    const user = await createUser(tx, {
      email: input.email,
      username: input.username,
      passwordHash: input.passwordHash,
      role,
      fullName: '',
      authProvider: 'credentials',
    });
    // The new user registered themselves: who, as what — never the password or its hash.
    await recordAudit(tx, {
      actor: { userId: user.id, email: user.email },
      entity: 'user',
      entityId: user.id,
      action: 'register',
      after: { email: user.email, username: user.username, role: user.role, authProvider: user.authProvider },
    });
    return { ok: true, user };
  });
}
