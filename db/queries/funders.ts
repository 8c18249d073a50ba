import { transaction } from '../transaction';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { recordBookChange } from './book-changes';
import { deepFreeze, readUntilChange } from './change-memo';
import { type Funder } from '../schema/portfolio';
import { funders } from '../tables';
import { rowsChanged } from '../dialect';

/**
 * Read by the shell's funder switch on every signed-in page: kept (each row frozen) until the database changes
 * (change-memo.ts; on PostgreSQL read each time); the caller gets its own array.
 */
export async function listFunders(db: DbOrTx): Promise<Funder[]> {
  const rows = await readUntilChange(db, 'funders.listFunders', async () =>
    (await db.select().from(funders).orderBy(asc(funders.id))).map((f) => deepFreeze(f)),
  );
  return rows.slice();
}

/** On the per-request path of every funder screen and API call: kept until the database changes (change-memo.ts). */
export async function getFunder(db: DbOrTx, id: number): Promise<Funder | undefined> {
  return readUntilChange(db, `funders.getFunder:${id}`, async () => {
    const row = (await db.select().from(funders).where(eq(funders.id, id)).limit(1))[0];
    return row ? deepFreeze(row) : undefined;
  });
}

/**
 * The funder's row read synchronously, on SQLite only: for the writers that still run inside a synchronous
 * better-sqlite3 transaction (the demo seed's bulk load, db/seed/sqlite.ts, and the bulk lease writer of the tape
 * import, on a worker's connection). Everything else reads getFunder.
 */
export function getFunderSync(db: DbOrTx, id: number): Funder | undefined {
  return db.select().from(funders).where(eq(funders.id, id)).get();
}

/**
 * The funder of this name, compared case-insensitively (names identify funders in the navbar switch).
 * Compared in JavaScript: SQLite's lower() folds ASCII only, and a book has a handful of funders.
 */
export async function getFunderByName(db: DbOrTx, name: string): Promise<Funder | undefined> {
  const wanted = name.trim().toLowerCase();
  return (await listFunders(db)).find((f) => f.name.trim().toLowerCase() === wanted);
}

export type NewFunderInput = Omit<typeof funders.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'dataVersion' | 'bookVersion'>;

export async function createFunder(db: Tx, input: NewFunderInput, now = Date.now()): Promise<Funder> {
  return (
    await db
      .insert(funders)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
  )[0]!;
}

export type FunderSettingsPatch = Partial<Omit<Funder, 'id' | 'createdAt' | 'updatedAt' | 'dataVersion' | 'bookVersion'>>;

/**
 * Updates a funder's parameters and journals the change (`settings`, db/queries/book-changes.ts): every view of the
 * book computed with the old parameters is recomputed. In one transaction (a savepoint inside the caller's).
 */
export async function updateFunder(db: Tx, id: number, patch: FunderSettingsPatch): Promise<Funder | undefined> {
  return await transaction(db, async (tx) => {
    const updated = await tx
      .update(funders)
      .set({ ...patch, updatedAt: Date.now() })
      .where(eq(funders.id, id));
    if (rowsChanged(updated) === 0) return undefined;
    await recordBookChange(tx, id, 'settings');
    return (await tx.select().from(funders).where(eq(funders.id, id)).limit(1))[0];
  });
}
