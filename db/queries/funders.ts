import { transaction } from '../transaction';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { recordBookChange } from './book-changes';
import { deepFreeze, readUntilChange } from './change-memo';
import { preparedFor } from './prepared';
import { type Funder } from '../schema/portfolio';
import { funders } from '../tables';
import { rowsChanged } from '../dialect';

/**
 * Read by the shell's funder switch on every signed-in page: prepared once per connection, kept (each row frozen)
 * until the database changes (change-memo.ts); the caller gets its own array.
 */
export function listFunders(db: DbOrTx): Funder[] {
  return readUntilChange(db, 'funders.listFunders', () =>
    preparedFor(db, 'funders.listFunders', () => db.select().from(funders).orderBy(asc(funders.id)).prepare())
      .all()
      .map((f) => deepFreeze(f)),
  ).slice();
}

/** On the per-request path of every funder screen and API call: prepared once per connection, kept until the database changes. */
export function getFunder(db: DbOrTx, id: number): Funder | undefined {
  return readUntilChange(db, `funders.getFunder:${id}`, () => {
    const row = preparedFor(db, 'funders.getFunder', () =>
      db
        .select()
        .from(funders)
        .where(eq(funders.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id });
    return row ? deepFreeze(row) : undefined;
  });
}

/**
 * The funder of this name, compared case-insensitively (names identify funders in the navbar switch).
 * Compared in JavaScript: SQLite's lower() folds ASCII only, and a book has a handful of funders.
 */
export async function getFunderByName(db: DbOrTx, name: string): Promise<Funder | undefined> {
  const wanted = name.trim().toLowerCase();
  return listFunders(db).find((f) => f.name.trim().toLowerCase() === wanted);
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
    recordBookChange(tx, id, 'settings');
    return (await tx.select().from(funders).where(eq(funders.id, id)).limit(1))[0];
  });
}
