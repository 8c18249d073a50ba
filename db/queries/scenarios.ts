import { and, asc, eq, ne } from 'drizzle-orm';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type { DbOrTx, Tx } from '../client';
import { deepFreeze, readUntilChange } from './change-memo';
import { getFunder } from './funders';
import { type Scenario } from '../schema/portfolio';
import { scenarios } from '../tables';

export type ScenarioInput = { name: string; cpr: number; cdr: number; severity: number; lagMonths: number };

/**
 * A funder's scenarios by name. Kept until the database changes (change-memo.ts), the rows frozen, the list the
 * caller's own: the Summary and Total Cash Flow pages read them on every request for their scenario selectors.
 */
export async function listScenarios(db: DbOrTx, funderId: number): Promise<Scenario[]> {
  return (
    await readUntilChange(db, `scenarios.list:${funderId}`, async () =>
      deepFreeze(await db.select().from(scenarios).where(eq(scenarios.funderId, funderId)).orderBy(asc(scenarios.name), asc(scenarios.id))),
    )
  ).slice();
}

/** One scenario (of any funder: the caller checks access to its funder); kept and frozen as listScenarios's rows. */
export async function getScenario(db: DbOrTx, id: number): Promise<Scenario | undefined> {
  return await readUntilChange(db, `scenarios.get:${id}`, async () =>
    deepFreeze((await db.select().from(scenarios).where(eq(scenarios.id, id)).limit(1))[0]),
  );
}

async function assertNameFree(db: DbOrTx, funderId: number, name: string, exceptId?: number): Promise<void> {
  const where =
    exceptId === undefined
      ? and(eq(scenarios.funderId, funderId), eq(scenarios.name, name))
      : and(eq(scenarios.funderId, funderId), eq(scenarios.name, name), ne(scenarios.id, exceptId));
  if ((await db.select({ id: scenarios.id }).from(scenarios).where(where).limit(1))[0]) {
    throw new Conflict(`The funder already has a scenario named "${name}".`, [{ field: 'name', message: 'Already in use.' }]);
  }
}

/** Saves a scenario for the funder: 404 for a funder that does not exist, 409 for a name the funder already uses. */
export async function createScenario(db: Tx, funderId: number, input: ScenarioInput, now = Date.now()): Promise<Scenario> {
  if (!(await getFunder(db, funderId))) throw new NotFound(`Funder ${funderId} does not exist.`);
  await assertNameFree(db, funderId, input.name);
  return (
    await db
      .insert(scenarios)
      .values({ funderId, ...input, createdAt: now, updatedAt: now })
      .returning()
  )[0]!;
}

export async function updateScenario(db: Tx, id: number, patch: Partial<ScenarioInput>, now = Date.now()): Promise<Scenario> {
  const current = await getScenario(db, id);
  if (!current) throw new NotFound(`Scenario ${id} does not exist.`);
  if (patch.name !== undefined) await assertNameFree(db, current.funderId, patch.name, id);
  return (
    await db
      .update(scenarios)
      .set({ ...patch, updatedAt: now })
      .where(eq(scenarios.id, id))
      .returning()
  )[0]!;
}

export async function deleteScenario(db: Tx, id: number): Promise<void> {
  if (!(await getScenario(db, id))) throw new NotFound(`Scenario ${id} does not exist.`);
  await db.delete(scenarios).where(eq(scenarios.id, id));
}
