import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { deepFreeze, readUntilChange } from './change-memo';
import { preparedFor } from './prepared';
import { funders, type Funder } from '../schema/portfolio';

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
export function getFunderByName(db: DbOrTx, name: string): Funder | undefined {
  const wanted = name.trim().toLowerCase();
  return listFunders(db).find((f) => f.name.trim().toLowerCase() === wanted);
}

export type NewFunderInput = Omit<typeof funders.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'dataVersion'>;

export function createFunder(db: DbOrTx, input: NewFunderInput, now = Date.now()): Funder {
  return db
    .insert(funders)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning()
    .get();
}

export type FunderSettingsPatch = Partial<Omit<Funder, 'id' | 'createdAt' | 'updatedAt' | 'dataVersion'>>;

/** Updates a funder's parameters; the data version moves so every cached figure is recomputed. */
export function updateFunder(db: DbOrTx, id: number, patch: FunderSettingsPatch): Funder | undefined {
  return db
    .update(funders)
    .set({ ...patch, dataVersion: sql`${funders.dataVersion} + 1`, updatedAt: Date.now() })
    .where(eq(funders.id, id))
    .returning()
    .get();
}

/** Marks the funder's book as changed (a lease was created, edited or deleted). */
export function bumpFunderDataVersion(db: DbOrTx, id: number): void {
  db.update(funders)
    .set({ dataVersion: sql`${funders.dataVersion} + 1` })
    .where(eq(funders.id, id))
    .run();
}
