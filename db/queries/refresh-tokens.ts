import { transaction } from '../transaction';
import { executeSql, pgClientOf } from '../dialect';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../client';
import { refreshTokens } from '../tables';

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues an opaque 256-bit refresh token (only its hash is stored). */
export async function issueRefreshToken(
  db: DbOrTx,
  userId: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
  now = Date.now(),
): Promise<string> {
  return await transaction(db, async (tx) => {
    const token = randomBytes(32).toString('base64url');
    await tx
      .insert(refreshTokens)
      .values({ userId, familyId, tokenHash: sha256(token), expiresAt: now + ttlSeconds * 1000, createdAt: now });
    return token;
  });
}

export type RotationResult =
  { ok: true; userId: number; refreshToken: string } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

/**
 * Spends a refresh token and issues its successor in the same family, in one transaction holding the token's row
 * (SQLite: an IMMEDIATE transaction; PostgreSQL: FOR UPDATE), so two concurrent refreshes with one token cannot both
 * succeed. Reuse of a spent token revokes the family.
 */
export async function rotateRefreshToken(db: Db, token: string, ttlSeconds: number, now = Date.now()): Promise<RotationResult> {
  return await transaction(db, async (tx): Promise<RotationResult> => {
    const hash = sha256(token);
    // PostgreSQL runs two refreshes at once (SQLite queues them): the second waits on the token's row until the first
    // has committed, then reads it spent.
    if (pgClientOf(tx)) await executeSql(tx, 'select id from refresh_tokens where token_hash = ? for no key update', [hash]);
    const row = (await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1))[0];
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt !== null) return { ok: false, reason: 'revoked' } as const;
    if (row.usedAt !== null) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const next = await issueRefreshToken(tx, row.userId, ttlSeconds, row.familyId, now);
    return { ok: true, userId: row.userId, refreshToken: next } as const;
  });
}

export async function revokeUserRefreshTokens(db: Tx, userId: number, now = Date.now()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
