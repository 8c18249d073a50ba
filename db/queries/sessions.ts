import { transaction } from '../transaction';
import type { Db, DbOrTx } from '../client';
import type { Role } from '../schema/auth';
import { recordAudit } from './audit';
import { revokeUserRefreshTokens } from './refresh-tokens';
import { bumpSessionVersion, setUserPasswordHash, setUserRole } from './users';

/** Ends every session and token of a user (sign-out everywhere). */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await transaction(db, async (tx) => {
    await bumpSessionVersion(tx, userId);
    await revokeUserRefreshTokens(tx, userId);
  });
}

/**
 * Changes the password and revokes the user's sessions and tokens, in one transaction with its audit row — which
 * records only that it happened (by the user, on the user), never the password or its hash.
 */
export async function changePassword(db: Db, userId: number, passwordHash: string, now = Date.now()): Promise<void> {
  await transaction(db, async (tx) => {
    await setUserPasswordHash(tx, userId, passwordHash);
    await bumpSessionVersion(tx, userId);
    await revokeUserRefreshTokens(tx, userId);
    await recordAudit(
      tx,
      { actor: userId, entity: 'user', entityId: userId, action: 'password_change', after: { sessionsRevoked: true } },
      now,
    );
  });
}

/** Changes the role and revokes the user's sessions and tokens, so new scopes apply at the next sign-in. */
export async function changeRole(db: DbOrTx, userId: number, role: Role): Promise<void> {
  await transaction(db, async (tx) => {
    await setUserRole(tx, userId, role);
    await bumpSessionVersion(tx, userId);
    await revokeUserRefreshTokens(tx, userId);
  });
}
