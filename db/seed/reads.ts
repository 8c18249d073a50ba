/**
 * The few reads the demo seed makes inside its synchronous better-sqlite3 transactions (the seed is SQLite-only: on
 * PostgreSQL the demo book is seeded into SQLite and copied, db/copy.ts). The data layer's own queries are async and
 * cannot run inside such a transaction, so the seed reads these rows synchronously here.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { users } from '../schema/auth';
import { funders, lessees, type Funder } from '../schema/portfolio';
import type { User } from '../schema/auth';
import { getFunderSync } from '../queries/funders';

export function seedFunder(db: DbOrTx, id: number): Funder {
  const f = getFunderSync(db, id);
  if (!f) throw new Error(`funder ${id} does not exist`);
  return f;
}

export function seedFunders(db: DbOrTx): Funder[] {
  return db.select().from(funders).orderBy(asc(funders.id)).all();
}

export function seedUserByEmail(db: DbOrTx, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export function seedUserCount(db: DbOrTx): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .get()?.n ?? 0
  );
}

/** The lessee kind (retail | corporate) of every lessee of the funder. */
export function seedLesseeKinds(db: DbOrTx, funderId: number): Map<number, string> {
  return new Map(
    db
      .select({ id: lessees.id, kind: lessees.kind })
      .from(lessees)
      .where(eq(lessees.funderId, funderId))
      .all()
      .map((r) => [r.id, r.kind] as const),
  );
}
