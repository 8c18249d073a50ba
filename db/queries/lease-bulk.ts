/**
 * Bulk lease writes for a caller that already holds a write transaction (a tape import's commit): the same
 * rows as insertLease / applyLeaseUpdate (db/queries/leases.ts) — lease, schedule, history, audit row, change
 * journal — with the same checks (lessee of the funder, contract number free, optimistic version), but through
 * statements prepared once and reused for every lease, schedule rows inserted many to a statement, and the
 * funder's data version bumped once at the end instead of once per lease (readers see the transaction whole).
 *
 * Values are written as Drizzle writes them: every column, a missing value taking the column's default, and
 * mapped to the driver by the column (booleans as 0/1); rows read back are mapped by the columns as well, so
 * the audit rows hold the same JSON as the form's.
 */
import { getTableColumns, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type BetterSqlite3 from 'better-sqlite3';
import { Conflict, Invalid, NotFound } from '@/lib/domain/errors';
import type { Schedule } from '@/lib/finance';
import type { DbOrTx } from '../client';
import { leases, lessees, type Lease } from '../schema/portfolio';
import { getFunder } from './funders';
import { scheduleOfLease } from './lease-terms';
import { LEASE_TRACKED, type LeaseInput } from './leases';
import { sqliteOf } from './servicing';

/** Every column of a table in declaration order, the SQL name beside the property. */
function columnsOf(table: SQLiteTable): { key: string; name: string; col: SQLiteColumn }[] {
  return Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).map(([key, col]) => {
    if (is(col.default, SQL) || col.defaultFn || col.onUpdateFn) throw new Error(`Column ${col.name} has a computed default: write it through Drizzle.`);
    return { key, name: col.name, col };
  });
}

const q = (name: string) => `"${name}"`;

/** Driver values of an object for the given columns, as Drizzle's insert binds them. */
function driverValues(cols: ReturnType<typeof columnsOf>, values: Record<string, unknown>): unknown[] {
  return cols.map(({ key, col }) => {
    const v = values[key] === undefined ? (col.default ?? null) : values[key];
    return v === null ? null : col.mapToDriverValue(v);
  });
}

/** The row as a select would give it back: the bound values (in column order) mapped by the columns, as Drizzle maps a result. */
function asStored<T>(cols: ReturnType<typeof columnsOf>, bound: readonly unknown[]): T {
  const out: Record<string, unknown> = {};
  cols.forEach(({ key, col }, i) => {
    const v = bound[i];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  });
  return out as T;
}

const LEASE_COLS = columnsOf(leases);
const LEASE_ID = LEASE_COLS.findIndex((c) => c.key === 'id');
const LESSEE_COLS = columnsOf(lessees);
const SCHEDULE_COLUMNS = ['lease_id', 'period', 'due_date', 'instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balance_after'];
const DUE_INDEX = 'schedule_rows_due_idx';
/** Schedule rows per multi-row insert (10 parameters each, well under SQLite's limit). */
const SCHEDULE_BATCH = 64;

export type NewLesseeValues = { idOdoo: string | null; name: string; taxId: string; country: string; region: string; industry: string };

export class LeaseBulkWriter {
  private readonly rateConvention: 'nominal' | 'effective';
  private readonly lesseeIds: Set<number>;
  private readonly contractNumbers: Set<string>;
  private readonly userEmail: string;
  private readonly st: Record<'insertLease' | 'updateLease' | 'getLease' | 'deleteSchedule' | 'scheduleOne' | 'scheduleMany' | 'history' | 'audit' | 'journal' | 'insertLessee' | 'bump', BetterSqlite3.Statement>;
  private readonly sqlite: BetterSqlite3.Database;
  private dueIndexSql: string | null = null;
  private schedule: unknown[] = [];
  private scheduleRows = 0;
  private changed = false;

  /** Reads the funder, its lessees and contract numbers once, inside the caller's transaction. */
  constructor(
    tx: DbOrTx,
    private readonly funderId: number,
    private readonly userId: number | null,
    private readonly now: number,
  ) {
    const db = (this.sqlite = sqliteOf(tx));
    const funder = getFunder(tx, funderId);
    if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
    this.rateConvention = funder.rateConvention;
    this.lesseeIds = new Set(db.prepare('select id from lessees where funder_id = ?').pluck().all(funderId) as number[]);
    this.contractNumbers = new Set(db.prepare('select contract_number from leases where funder_id = ?').pluck().all(funderId) as string[]);
    this.userEmail = userId === null ? 'system' : ((db.prepare('select email from users where id = ?').pluck().get(userId) as string | undefined) ?? '');
    const insertInto = (table: string, cols: { name: string }[]) => `insert into ${q(table)} (${cols.map((c) => q(c.name)).join(', ')}) values (${cols.map(() => '?').join(', ')})`;
    const leaseSet = LEASE_COLS.filter((c) => c.key !== 'id' && c.key !== 'createdAt' && c.key !== 'createdBy');
    const oneSchedule = `(${SCHEDULE_COLUMNS.map(() => '?').join(', ')})`;
    this.st = {
      insertLease: db.prepare(insertInto('leases', LEASE_COLS)),
      updateLease: db.prepare(`update leases set ${leaseSet.map((c) => `${q(c.name)} = ?`).join(', ')} where id = ?`),
      getLease: db.prepare('select * from leases where id = ?'),
      deleteSchedule: db.prepare('delete from schedule_rows where lease_id = ?'),
      scheduleOne: db.prepare(`insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${oneSchedule}`),
      scheduleMany: db.prepare(`insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${Array.from({ length: SCHEDULE_BATCH }, () => oneSchedule).join(', ')}`),
      history: db.prepare('insert into lease_history (lease_id, version, action, changes, user_id, at) values (?, ?, ?, ?, ?, ?)'),
      audit: db.prepare('insert into audit_log (at, user_id, user_email, funder_id, entity, entity_id, action, before, after) values (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      journal: db.prepare('insert into lease_changes (funder_id, lease_id) values (?, ?)'),
      insertLessee: db.prepare(insertInto('lessees', LESSEE_COLS)),
      bump: db.prepare('update funders set data_version = data_version + 1 where id = ?'),
    };
    this.updateCols = leaseSet;
  }

  private readonly updateCols: ReturnType<typeof columnsOf>;

  createLessee(values: NewLesseeValues): number {
    const row = driverValues(LESSEE_COLS, { ...values, funderId: this.funderId, createdAt: this.now, updatedAt: this.now });
    const id = Number(this.st.insertLessee.run(...row).lastInsertRowid);
    this.lesseeIds.add(id);
    return id;
  }

  /** insertLease, in this transaction; the contract number is required (an import always has one). */
  insert(input: LeaseInput & { contractNumber: string }): Lease {
    this.assertLessee(input.lesseeId);
    const schedule = scheduleOfLease(input, this.rateConvention);
    if (this.contractNumbers.has(input.contractNumber)) {
      throw new Conflict(`Contract number ${input.contractNumber} is already in use.`, [{ field: 'contractNumber', message: 'Already in use.' }]);
    }
    const values = { ...input, principal: schedule.principal, instalment: schedule.instalment, version: 1, createdBy: this.userId, createdAt: this.now, updatedAt: this.now };
    // No RETURNING (it made the insert several times slower here): the row is what was bound, the id aside.
    const bound = driverValues(LEASE_COLS, values);
    bound[LEASE_ID] = Number(this.st.insertLease.run(...bound).lastInsertRowid);
    const lease = asStored<Lease>(LEASE_COLS, bound);
    this.contractNumbers.add(lease.contractNumber);
    this.addSchedule(lease.id, schedule);
    this.st.history.run(lease.id, 1, 'created', '{}', this.userId, this.now);
    this.audit(lease.id, 'create', null, lease);
    this.journal(lease.id, lease.funderId);
    return lease;
  }

  /** applyLeaseUpdate, in this transaction: the same optimistic lock (NotFound, Conflict when the version moved). */
  update(id: number, expectedVersion: number, patch: Partial<LeaseInput>): Lease {
    const raw = this.st.getLease.get(id) as Record<string, unknown> | undefined;
    if (!raw) throw new NotFound(`Lease ${id} does not exist.`);
    const current = asStored<Lease>(LEASE_COLS, LEASE_COLS.map((c) => raw[c.name]));
    if (current.version !== expectedVersion) {
      throw new Conflict(
        `This lease was changed by someone else since you opened it (you edited version ${expectedVersion}, the current one is ${current.version}). Reload it and make your change again.`,
      );
    }
    if (patch.funderId !== undefined && patch.funderId !== current.funderId) {
      throw new Invalid('A lease cannot move to another funder.', [{ field: 'funderId', message: 'Cannot change.' }]);
    }
    // A key the patch leaves undefined keeps the stored value (as Drizzle's update leaves it out).
    const merged: Lease = { ...current };
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
    if (patch.lesseeId !== undefined) this.assertLessee(patch.lesseeId);
    const schedule = scheduleOfLease(merged, this.rateConvention);
    const next = { ...merged, principal: schedule.principal, instalment: schedule.instalment, version: current.version + 1, updatedAt: this.now };
    const changes: Record<string, [unknown, unknown]> = {};
    for (const k of LEASE_TRACKED) if (current[k] !== next[k]) changes[k] = [current[k], next[k]];
    if (this.st.updateLease.run(...driverValues(this.updateCols, next), id).changes !== 1) throw new NotFound(`Lease ${id} does not exist.`);
    const updated = asStored<Lease>(LEASE_COLS, driverValues(LEASE_COLS, next));
    this.flushSchedule();
    this.st.deleteSchedule.run(id);
    this.addSchedule(id, schedule);
    const action = Object.keys(changes).length === 1 && 'status' in changes ? 'status' : 'updated';
    this.st.history.run(id, next.version, action, JSON.stringify(changes), this.userId, this.now);
    this.audit(id, action === 'status' ? 'status' : 'update', current, updated);
    this.journal(id, current.funderId);
    return updated;
  }

  /**
   * For a bulk write (many schedule rows against the ones already stored): drops the index of the schedule rows
   * by due date until finish() builds it again. Inserting millions of keys into it at scattered places costs
   * several times more than building it from sorted data. Inside the caller's transaction (SQLite's DDL is
   * transactional): other connections keep reading their snapshot with the index, and a rollback restores it.
   */
  deferDueDateIndex(): void {
    const sql = this.sqlite.prepare(`select sql from sqlite_master where type = 'index' and name = ?`).pluck().get(DUE_INDEX) as string | undefined;
    if (!sql || this.dueIndexSql) return;
    this.sqlite.exec(`drop index ${q(DUE_INDEX)}`);
    this.dueIndexSql = sql;
  }

  /** Writes the schedule rows still buffered, builds a deferred index and bumps the funder's data version once (call before COMMIT). */
  finish(): void {
    this.flushSchedule();
    if (this.dueIndexSql) this.sqlite.exec(this.dueIndexSql);
    this.dueIndexSql = null;
    if (this.changed) this.st.bump.run(this.funderId);
    this.changed = false;
  }

  private assertLessee(lesseeId: number): void {
    if (!this.lesseeIds.has(lesseeId)) {
      throw new Invalid('The lessee does not exist for this funder.', [{ field: 'lesseeId', message: 'Unknown lessee for this funder.' }]);
    }
  }

  private addSchedule(leaseId: number, schedule: Schedule): void {
    const buf = this.schedule;
    for (const r of schedule.rows) {
      buf.push(leaseId, r.period, r.dueDate, r.instalment, r.interest, r.principal, r.vat, r.fee, r.gross, r.balanceAfter);
      if (++this.scheduleRows === SCHEDULE_BATCH) {
        this.st.scheduleMany.run(buf);
        buf.length = 0;
        this.scheduleRows = 0;
      }
    }
  }

  private flushSchedule(): void {
    const n = SCHEDULE_COLUMNS.length;
    for (let i = 0; i < this.schedule.length; i += n) this.st.scheduleOne.run(this.schedule.slice(i, i + n));
    this.schedule.length = 0;
    this.scheduleRows = 0;
  }

  private audit(leaseId: number, action: string, before: Lease | null, after: Lease): void {
    this.st.audit.run(this.now, this.userId, this.userEmail, after.funderId, 'lease', String(leaseId), action, before ? JSON.stringify(before) : null, JSON.stringify(after));
  }

  private journal(leaseId: number, funderId: number): void {
    this.st.journal.run(funderId, leaseId);
    this.changed = true;
  }
}
