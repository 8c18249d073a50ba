import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { type AuditRow } from '../schema/access';
import { auditLog, users } from '../tables';

/** Who made a change: the user (null for the system: seed, jobs) and the e-mail kept beside the id. */
export type AuditActor = { userId: number | null; email?: string };

export const SYSTEM_ACTOR: AuditActor = { userId: null, email: 'system' };

export type AuditEntry = {
  /** The user, or just its id (its e-mail is then read in the same transaction); null for the system. */
  actor: AuditActor | number | null;
  funderId?: number | null;
  entity: string;
  entityId: number | string;
  action: string;
  /** Plain JSON-serialisable values; null/undefined for a creation (before) or a deletion (after). */
  before?: unknown;
  after?: unknown;
};

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Appends one audit row. Call it with the transaction of the change it records, so the row exists exactly when
 * the change does (a rolled-back write leaves none). The table has no update or delete path, and triggers refuse both.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry, now = Date.now()): Promise<void> {
  const actor = typeof entry.actor === 'object' && entry.actor !== null ? entry.actor : { userId: entry.actor };
  const email =
    actor.email ??
    (actor.userId === null
      ? 'system'
      : ((await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1))[0]?.email ?? ''));
  await tx.insert(auditLog).values({
    at: now,
    userId: actor.userId,
    userEmail: email,
    funderId: entry.funderId ?? null,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: json(entry.before),
    after: json(entry.after),
  });
}

export type AuditFilter = {
  userId?: number;
  entity?: string;
  entityId?: string;
  funderId?: number;
  /** Epoch milliseconds, inclusive. */
  from?: number;
  /** Epoch milliseconds, exclusive. */
  to?: number;
};

function where(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.userId !== undefined) parts.push(eq(auditLog.userId, f.userId));
  if (f.entity !== undefined) parts.push(eq(auditLog.entity, f.entity));
  if (f.entityId !== undefined) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.funderId !== undefined) parts.push(eq(auditLog.funderId, f.funderId));
  if (f.from !== undefined) parts.push(gte(auditLog.at, f.from));
  if (f.to !== undefined) parts.push(lt(auditLog.at, f.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page of audit rows, newest first, and the total matching the filter. */
export async function pageAudit(db: DbOrTx, f: AuditFilter, page: number, perPage: number): Promise<{ rows: AuditRow[]; total: number }> {
  const w = where(f);
  const rows = await db
    .select()
    .from(auditLog)
    .where(w)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = (await db.select({ n: count() }).from(auditLog).where(w).limit(1))[0]?.n ?? 0;
  return { rows, total };
}

/** Every row matching the filter, newest first, in batches (exports). */
export async function* iterateAudit(db: DbOrTx, f: AuditFilter, batchSize = 1000): AsyncGenerator<AuditRow[]> {
  for (let page = 1; ; page++) {
    const { rows } = await pageAudit(db, f, page, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
