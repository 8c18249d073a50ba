/**
 * What the demo seed reads and writes inside its synchronous better-sqlite3 transactions. The seed is SQLite-only (on
 * PostgreSQL the demo book is seeded into SQLite and copied, db/copy.ts) and loads the book in one synchronous
 * transaction (bulk.ts); the data layer's queries are async and cannot run inside it, so the seed reads and writes
 * these rows here, as the data layer would: the same columns, the same journal row, the same allocation.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { allocatePayments, type Component, type Instalment, type LedgerEntry } from '@/lib/servicing';
import { sqliteOf, type DbOrTx, type Tx } from '../client';
import { INSERT_BOOK_CHANGE_SQL, LOCK_FUNDER_SQL } from '../queries/book-changes';
import { getFunderSync } from '../queries/funders';
import { allocationRowsOf, type PaymentMethod } from '../queries/payments';
import type { ScenarioInput } from '../queries/scenarios';
import type { CreateUserInput } from '../queries/users';
import { userFunders } from '../schema/access';
import { users, type User } from '../schema/auth';
import { funders, lessees, scenarios, type Funder } from '../schema/portfolio';

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

/** The journal row of a bulk write of the funder's book (`book`: every view builds it anew), after the funder's lock, as recordBookChange writes it. */
export function seedBookChange(db: DbOrTx, funderId: number): void {
  const sqlite = sqliteOf(db);
  sqlite.prepare(LOCK_FUNDER_SQL.terms).run(funderId);
  sqlite.prepare(INSERT_BOOK_CHANGE_SQL).run(funderId, 'book', null);
}

/** A user, as createUser writes it (the email in lower case). */
export function seedUser(db: Tx, input: CreateUserInput, now = Date.now()): User {
  return db
    .insert(users)
    .values({ ...input, email: input.email.trim().toLowerCase(), createdAt: now, updatedAt: now })
    .returning()
    .get();
}

/** A scenario of the funder, as createScenario writes it (the demo's names are distinct). */
export function seedScenario(db: Tx, funderId: number, input: ScenarioInput, now = Date.now()): void {
  db.insert(scenarios)
    .values({ funderId, ...input, createdAt: now, updatedAt: now })
    .run();
}

/** Funder assignments, as assignFunders writes them (existing ones kept). */
export function seedFunderAccess(db: Tx, pairs: { userId: number; funderId: number }[], now = Date.now()): void {
  if (pairs.length === 0) return;
  db.insert(userFunders)
    .values(pairs.map((p) => ({ ...p, assignedBy: null, assignedAt: now })))
    .onConflictDoNothing()
    .run();
}

/**
 * A payment on a lease whose ledger the seed holds (`entries`, in id order, gets the new one), and the lease's
 * allocation anew from it, as recordPayment writes them (recomputeLeaseAllocations' rows, allocationRowsOf).
 */
export function seedPayment(
  db: DbOrTx,
  funderId: number,
  ledger: { lease: { id: number; currency: string }; instalments: Instalment[]; entries: LedgerEntry[] },
  input: { receivedOn: string; amount: number; method: PaymentMethod; reference: string },
  componentOrder: readonly Component[],
  now = Date.now(),
): void {
  const sqlite = sqliteOf(db);
  const id = Number(
    sqlite
      .prepare(
        `insert into payments (funder_id, lease_id, kind, received_on, amount, currency, method, reference, note, created_at)
         values (?, ?, 'payment', ?, ?, ?, ?, ?, '', ?)`,
      )
      .run(funderId, ledger.lease.id, input.receivedOn, input.amount, ledger.lease.currency, input.method, input.reference, now)
      .lastInsertRowid,
  );
  ledger.entries.push({ id: String(id), receivedDate: input.receivedOn, amount: input.amount });
  sqlite.prepare('delete from payment_allocations where lease_id = ?').run(ledger.lease.id);
  const insert = sqlite.prepare('insert into payment_allocations (payment_id, lease_id, period, component, amount) values (?, ?, ?, ?, ?)');
  for (const r of allocationRowsOf(ledger.lease.id, allocatePayments(ledger.instalments, ledger.entries, { componentOrder })))
    insert.run(r.paymentId, r.leaseId, r.period, r.component, r.amount);
}
