/**
 * Bulk lease writes for a caller that already holds a write transaction (a tape import's commit): the same
 * rows as insertLease / applyLeaseUpdate (db/queries/leases.ts) — lease, schedule, history, audit row, change
 * journal — with the same checks (lessee of the funder, contract number free, optimistic version), but through
 * statements prepared once and reused for every lease, schedule rows inserted many to a statement, and the
 * funder's lock (db/queries/book-changes.ts) taken once, before the first journal row, instead of once per lease.
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
import { DirectSink, type WriteSink } from '../write-worker';
import { type Lease } from '../schema/portfolio';
import { leases, lessees, openingPositions } from '../tables';
import { getFunderSync } from './funders';
import { INSERT_BOOK_CHANGE_SQL, LOCK_FUNDER_SQL } from './book-changes';
import { scheduleOfLease } from './lease-terms';
import { LEASE_TRACKED, type LeaseInput } from './leases';
import { sqliteOf } from './servicing';

/** Every column of a table in declaration order, the SQL name beside the property. */
function columnsOf(table: SQLiteTable): { key: string; name: string; col: SQLiteColumn }[] {
  return Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).map(([key, col]) => {
    if (is(col.default, SQL) || col.defaultFn || col.onUpdateFn)
      throw new Error(`Column ${col.name} has a computed default: write it through Drizzle.`);
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
const OPENING_COLS = columnsOf(openingPositions);
const SCHEDULE_COLUMNS = ['lease_id', 'period', 'due_date', 'instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balance_after'];
const DUE_INDEX = 'schedule_rows_due_idx';
/** Schedule rows per multi-row insert (10 parameters each, well under SQLite's limit). */
const SCHEDULE_BATCH = 64;

type Write =
  | 'insertLease'
  | 'updateLease'
  | 'deleteSchedule'
  | 'scheduleOne'
  | 'scheduleMany'
  | 'history'
  | 'audit'
  | 'journal'
  | 'insertLessee'
  | 'insertOpening'
  | 'bump';
/** The statements' names in a sink another writer may share. */
const PREFIX = 'lease-bulk:';

/** The next id of an AUTOINCREMENT table, as SQLite would assign it: above every id it holds and ever held. */
export function nextAutoincrementId(db: BetterSqlite3.Database, table: 'leases' | 'lessees' | 'payments'): number {
  const seq = (db.prepare('select seq from sqlite_sequence where name = ?').pluck().get(table) as number | undefined) ?? 0;
  const max =
    (db
      .prepare(`select max(id) from ${q(table)}`)
      .pluck()
      .get() as number | null) ?? 0;
  return Math.max(seq, max) + 1;
}

export type NewLesseeValues = { idOdoo: string | null; name: string; taxId: string; country: string; region: string; industry: string };

export class LeaseBulkWriter {
  private readonly rateConvention: 'nominal' | 'effective';
  private readonly lesseeIds: Set<number>;
  private readonly contractNumbers: Set<string>;
  private readonly userEmail: string;
  private readonly getLease: BetterSqlite3.Statement;
  private readonly sqlite: BetterSqlite3.Database;
  private nextLeaseId: number;
  private nextLesseeId: number;
  private dueIndexSql: string | null = null;
  private schedule: unknown[] = [];
  private scheduleRows = 0;
  /** Whether the funder's lock is taken (its first journal row written). */
  private locked = false;

  /**
   * Reads the funder, its lessees and contract numbers once through `tx`, which sees what the write transaction
   * started from: the caller's transaction itself, or (writes sent to a worker, db/write-worker.ts) a connection of
   * the caller's while the worker holds the write lock. The writes go to `sink`: by default at once on `tx`.
   */
  constructor(
    tx: DbOrTx,
    private readonly funderId: number,
    private readonly userId: number | null,
    private readonly now: number,
    private readonly sink: WriteSink = new DirectSink(sqliteOf(tx)),
  ) {
    const db = (this.sqlite = sqliteOf(tx));
    const funder = getFunderSync(tx, funderId);
    if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
    this.rateConvention = funder.rateConvention;
    this.lesseeIds = new Set(db.prepare('select id from lessees where funder_id = ?').pluck().all(funderId) as number[]);
    this.contractNumbers = new Set(db.prepare('select contract_number from leases where funder_id = ?').pluck().all(funderId) as string[]);
    this.userEmail =
      userId === null ? 'system' : ((db.prepare('select email from users where id = ?').pluck().get(userId) as string | undefined) ?? '');
    const insertInto = (table: string, cols: { name: string }[]) =>
      `insert into ${q(table)} (${cols.map((c) => q(c.name)).join(', ')}) values (${cols.map(() => '?').join(', ')})`;
    const leaseSet = LEASE_COLS.filter((c) => c.key !== 'id' && c.key !== 'createdAt' && c.key !== 'createdBy');
    const oneSchedule = `(${SCHEDULE_COLUMNS.map(() => '?').join(', ')})`;
    const statements: Record<Write, string> = {
      insertLease: insertInto('leases', LEASE_COLS),
      updateLease: `update leases set ${leaseSet.map((c) => `${q(c.name)} = ?`).join(', ')} where id = ?`,
      deleteSchedule: 'delete from schedule_rows where lease_id = ?',
      scheduleOne: `insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${oneSchedule}`,
      scheduleMany: `insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${Array.from({ length: SCHEDULE_BATCH }, () => oneSchedule).join(', ')}`,
      history: 'insert into lease_history (lease_id, version, action, changes, user_id, at) values (?, ?, ?, ?, ?, ?)',
      audit:
        'insert into audit_log (at, user_id, user_email, funder_id, entity, entity_id, action, before, after) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      journal: INSERT_BOOK_CHANGE_SQL,
      insertLessee: insertInto('lessees', LESSEE_COLS),
      insertOpening: insertInto('opening_positions', OPENING_COLS),
      bump: LOCK_FUNDER_SQL.terms,
    };
    for (const [name, sql] of Object.entries(statements)) sink.prepare(`${PREFIX}${name}`, sql);
    this.getLease = db.prepare('select * from leases where id = ?');
    this.updateCols = leaseSet;
    // The ids are assigned here, not read back from each insert: a writer on a worker cannot answer synchronously.
    // Safe because the write lock is held (or, in a deferred transaction, a write after another connection's fails).
    this.nextLeaseId = nextAutoincrementId(db, 'leases');
    this.nextLesseeId = nextAutoincrementId(db, 'lessees');
  }

  private write(name: Write, params: unknown[]): void {
    this.sink.run(`${PREFIX}${name}`, params);
  }

  private readonly updateCols: ReturnType<typeof columnsOf>;

  /**
   * The opening position of a lease this writer created (domain.md §7: a seasoned lease's servicing starts there): the
   * lease's journal row, written with it, makes every view read it with the lease.
   */
  insertOpening(values: Omit<typeof openingPositions.$inferInsert, 'funderId' | 'createdBy' | 'createdAt'>): void {
    this.write(
      'insertOpening',
      driverValues(OPENING_COLS, { ...values, funderId: this.funderId, createdBy: this.userId, createdAt: this.now }),
    );
  }

  createLessee(values: NewLesseeValues): number {
    const id = this.nextLesseeId++;
    this.write(
      'insertLessee',
      driverValues(LESSEE_COLS, { ...values, id, funderId: this.funderId, createdAt: this.now, updatedAt: this.now }),
    );
    this.lesseeIds.add(id);
    return id;
  }

  /** insertLease, in this transaction; the contract number is required (an import always has one). */
  insert(input: LeaseInput & { contractNumber: string }): Lease {
    this.assertLessee(input.lesseeId);
    const schedule = scheduleOfLease(input, this.rateConvention);
    if (this.contractNumbers.has(input.contractNumber)) {
      throw new Conflict(`Contract number ${input.contractNumber} is already in use.`, [
        { field: 'contractNumber', message: 'Already in use.' },
      ]);
    }
    const values = {
      ...input,
      principal: schedule.principal,
      instalment: schedule.instalment,
      version: 1,
      createdBy: this.userId,
      createdAt: this.now,
      updatedAt: this.now,
    };
    // No RETURNING (it made the insert several times slower here): the row is what was bound.
    const bound = driverValues(LEASE_COLS, values);
    bound[LEASE_ID] = this.nextLeaseId++;
    this.write('insertLease', bound);
    const lease = asStored<Lease>(LEASE_COLS, bound);
    this.contractNumbers.add(lease.contractNumber);
    this.addSchedule(lease.id, schedule);
    this.write('history', [lease.id, 1, 'created', '{}', this.userId, this.now]);
    this.audit(lease.id, 'create', null, lease);
    this.journal(lease.id, lease.funderId);
    return lease;
  }

  /** applyLeaseUpdate, in this transaction: the same optimistic lock (NotFound, Conflict when the version moved). */
  update(id: number, expectedVersion: number, patch: Partial<LeaseInput>): Lease {
    const raw = this.getLease.get(id) as Record<string, unknown> | undefined;
    if (!raw) throw new NotFound(`Lease ${id} does not exist.`);
    const current = asStored<Lease>(
      LEASE_COLS,
      LEASE_COLS.map((c) => raw[c.name]),
    );
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
    const next = {
      ...merged,
      principal: schedule.principal,
      instalment: schedule.instalment,
      version: current.version + 1,
      updatedAt: this.now,
    };
    const changes: Record<string, [unknown, unknown]> = {};
    for (const k of LEASE_TRACKED) if (current[k] !== next[k]) changes[k] = [current[k], next[k]];
    // The row exists: read above, in what the write transaction started from (and no one else writes meanwhile).
    this.write('updateLease', [...driverValues(this.updateCols, next), id]);
    const updated = asStored<Lease>(LEASE_COLS, driverValues(LEASE_COLS, next));
    this.flushSchedule();
    this.write('deleteSchedule', [id]);
    this.addSchedule(id, schedule);
    const action = Object.keys(changes).length === 1 && 'status' in changes ? 'status' : 'updated';
    this.write('history', [id, next.version, action, JSON.stringify(changes), this.userId, this.now]);
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
    const sql = this.sqlite.prepare(`select sql from sqlite_master where type = 'index' and name = ?`).pluck().get(DUE_INDEX) as
      string | undefined;
    if (!sql || this.dueIndexSql) return;
    this.sink.exec(`drop index ${q(DUE_INDEX)}`);
    this.dueIndexSql = sql;
  }

  /** Writes the schedule rows still buffered and builds a deferred index (call before COMMIT). */
  finish(): void {
    this.flushSchedule();
    if (this.dueIndexSql) this.sink.exec(this.dueIndexSql);
    this.dueIndexSql = null;
  }

  private assertLessee(lesseeId: number): void {
    if (!this.lesseeIds.has(lesseeId)) {
      throw new Invalid('The lessee does not exist for this funder.', [{ field: 'lesseeId', message: 'Unknown lessee for this funder.' }]);
    }
  }

  private addSchedule(leaseId: number, schedule: Schedule): void {
    let buf = this.schedule;
    for (const r of schedule.rows) {
      buf.push(leaseId, r.period, r.dueDate, r.instalment, r.interest, r.principal, r.vat, r.fee, r.gross, r.balanceAfter);
      if (++this.scheduleRows === SCHEDULE_BATCH) {
        // A new array each time: a worker's sink keeps it until sent.
        this.write('scheduleMany', buf);
        this.schedule = buf = [];
        this.scheduleRows = 0;
      }
    }
  }

  private flushSchedule(): void {
    const n = SCHEDULE_COLUMNS.length;
    for (let i = 0; i < this.schedule.length; i += n) this.write('scheduleOne', this.schedule.slice(i, i + n));
    this.schedule = [];
    this.scheduleRows = 0;
  }

  private audit(leaseId: number, action: string, before: Lease | null, after: Lease): void {
    this.write('audit', [
      this.now,
      this.userId,
      this.userEmail,
      after.funderId,
      'lease',
      String(leaseId),
      action,
      before ? JSON.stringify(before) : null,
      JSON.stringify(after),
    ]);
  }

  /** Journals the lease; the first time, the funder's lock comes first (book-changes.ts: journal rows in commit order). */
  private journal(leaseId: number, funderId: number): void {
    if (!this.locked) this.write('bump', [funderId]);
    this.locked = true;
    this.write('journal', [funderId, 'lease', leaseId]);
  }
}
