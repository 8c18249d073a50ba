/**
 * Bulk lease writes for a caller that already holds a write transaction (a tape import's commit): the same
 * rows as insertLease / applyLeaseUpdate (db/queries/leases.ts) — lease, schedule, history, audit row, change
 * journal — with the same checks (lessee of the funder, contract number free, optimistic version), but through
 * statements prepared once and reused for every lease, schedule rows inserted many to a statement, and the
 * funder's lock (db/queries/book-changes.ts) taken once, before the first journal row, instead of once per lease.
 *
 * The writes are synchronous (handed to a sink: a worker's SQLite transaction, the caller's SQLite connection, or a
 * PostgreSQL transaction's batches, db/write-worker.ts); what they need to read comes first, through the async data
 * layer: the funder, its lessees and contract numbers (open), and per chunk of rows the leases it updates and the ids of
 * the rows it inserts (readAhead; on PostgreSQL the leases are read FOR UPDATE and the ids taken from the sequences).
 *
 * Values are written as Drizzle writes them: every column, a missing value taking the column's default, and
 * mapped to the driver by the column (booleans as 0/1 on SQLite); rows read back are mapped by the columns as well,
 * so the audit rows hold the same JSON as the form's.
 */
import { getTableColumns, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type BetterSqlite3 from 'better-sqlite3';
import { Conflict, Invalid, NotFound } from '@/lib/domain/errors';
import type { Schedule } from '@/lib/finance';
import type { DbOrTx } from '../client';
import { columnOf, idListParam, idListSql, onPostgres, pgClientOf, rowsOf, valueOf } from '../dialect';
import { transactionSinkOf, type WriteSink } from '../write-worker';
import { type Lease } from '../schema/portfolio';
import { leases, lessees, openingPositions } from '../tables';
import { getFunder } from './funders';
import { INSERT_BOOK_CHANGE_SQL, LOCK_FUNDER_SQL } from './book-changes';
import { scheduleOfLease } from './lease-terms';
import { LEASE_TRACKED, type LeaseInput } from './leases';

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
const UPDATE_COLS = LEASE_COLS.filter((c) => c.key !== 'id' && c.key !== 'createdAt' && c.key !== 'createdBy');
const SCHEDULE_COLUMNS = ['lease_id', 'period', 'due_date', 'instalment', 'interest', 'principal', 'vat', 'fee', 'gross', 'balance_after'];
const DUE_INDEX = 'schedule_rows_due_idx';
/** Schedule rows per multi-row insert (10 parameters each, well under SQLite's limit). */
const SCHEDULE_BATCH = 64;

/**
 * The statements' names, parents first: a PostgreSQL sink writes them grouped in this order (db/write-worker.ts
 * PgBatchSink), the funder's lock before its journal rows.
 */
const WRITES = [
  'insertLessee',
  'insertLease',
  'updateLease',
  'deleteSchedule',
  'scheduleOne',
  'scheduleMany',
  'replaceSchedule',
  'history',
  'updateHistory',
  'audit',
  'insertOpening',
  'bump',
  'journal',
] as const;
type Write = (typeof WRITES)[number];
/** The statements' names in a sink another writer may share. */
const PREFIX = 'lease-bulk:';
/**
 * The funder's lock and the journal rows: a PostgreSQL sink holds them until its last flush before COMMIT (the funder's
 * row is locked for that moment only, not for the whole commit).
 */
export const JOURNAL_WRITES: ReadonlySet<string> = new Set([`${PREFIX}bump`, `${PREFIX}journal`]);
/**
 * The writes that belong to a lease created by the writer and are read only through it (its schedule rows, its first
 * history row, its opening position): a commit in chunks may write them before the lease itself is visible
 * (db/write-worker.ts WorkerSink `staged`). Updated leases write their schedule and history by other statements.
 */
export const NEW_LEASE_WRITES: ReadonlySet<string> = new Set(
  (['scheduleOne', 'scheduleMany', 'history', 'insertOpening'] satisfies Write[]).map((w) => `${PREFIX}${w}`),
);

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

/** nextAutoincrementId through the async data layer (SQLite only: PostgreSQL's ids come from the table's sequence). */
async function nextSqliteId(db: DbOrTx, table: 'leases' | 'lessees'): Promise<number> {
  const seq = (await valueOf<number>(db, 'select seq from sqlite_sequence where name = ?', [table])) ?? 0;
  const max = (await valueOf<number | null>(db, `select max(id) from ${q(table)}`)) ?? 0;
  return Math.max(seq, max) + 1;
}

/**
 * The ids a writer gives the rows it inserts, assigned before the insert (a writer on a worker, or batching its inserts,
 * cannot read them back). SQLite: counted on from the table's AUTOINCREMENT high mark (safe: the write lock is held).
 * PostgreSQL: taken from the table's identity sequence ahead of use (`reserve`), so a concurrent writer never gets one.
 */
class Ids {
  private readonly reserved: number[] = [];
  private constructor(
    private readonly table: 'leases' | 'lessees',
    private next: number | null,
    /** The last id of a range reserved beforehand (IdRanges); Infinity: counted on freely. */
    private readonly last = Infinity,
  ) {}

  static async of(db: DbOrTx, table: 'leases' | 'lessees', range?: readonly [number, number]): Promise<Ids> {
    if (range) return new Ids(table, range[0], range[1]);
    return new Ids(table, pgClientOf(db) ? null : await nextSqliteId(db, table));
  }

  /** Makes sure `n` ids are at hand (PostgreSQL: taken from the sequence; SQLite: nothing to do). */
  async reserve(db: DbOrTx, n: number): Promise<void> {
    const missing = n - this.reserved.length;
    if (this.next !== null || missing <= 0) return;
    const ids = await columnOf<number>(
      db,
      `select nextval(pg_get_serial_sequence('${this.table}', 'id')) from generate_series(1, ?::int)`,
      [missing],
    );
    this.reserved.push(...ids.map(Number).sort((a, b) => a - b));
  }

  take(): number {
    if (this.next !== null) {
      if (this.next > this.last) throw new Error(`LeaseBulkWriter: more ${this.table} written than ids reserved (${this.last}).`);
      return this.next++;
    }
    const id = this.reserved.shift();
    if (id === undefined) throw new Error(`LeaseBulkWriter: no ${this.table} id reserved (call readAhead() first).`);
    return id;
  }
}

export type NewLesseeValues = { idOdoo: string | null; name: string; taxId: string; country: string; region: string; industry: string };

/**
 * Ids reserved for the writer beforehand, [first, last] of each table (a commit in chunks on SQLite, where other
 * connections insert between the chunks: services/imports/service.ts).
 */
export type IdRanges = { leases: readonly [number, number]; lessees: readonly [number, number] };

/** What a writer needs at hand before its next writes (readAhead()). */
export type BulkNeeds = {
  /** Leases the next writes update: read (and on PostgreSQL locked) now. */
  updates?: readonly number[];
  /** Leases and lessees the next writes insert. */
  inserts?: number;
  lessees?: number;
};

export class LeaseBulkWriter {
  /** The leases to update, as read by readAhead() (null: it does not exist). */
  private readonly current = new Map<number, Record<string, unknown> | null>();
  private dueIndexSql: string | null = null;
  private schedule: unknown[] = [];
  private scheduleRows = 0;
  /** Whether the funder's lock is taken (its first journal row written). */
  private locked = false;

  private constructor(
    private readonly tx: DbOrTx,
    private readonly funderId: number,
    private readonly userId: number | null,
    private readonly now: number,
    private readonly sink: WriteSink,
    private readonly rateConvention: 'nominal' | 'effective',
    private readonly lesseeIds: Set<number>,
    private readonly contractNumbers: Set<string>,
    private readonly userEmail: string,
    private readonly leaseIds: Ids,
    private readonly lesseeIdsNext: Ids,
    private readonly journalAsBook: boolean,
  ) {
    const insertInto = (table: string, cols: { name: string }[]) =>
      `insert into ${q(table)} (${cols.map((c) => q(c.name)).join(', ')}) values (${cols.map(() => '?').join(', ')})`;
    const oneSchedule = `(${SCHEDULE_COLUMNS.map(() => '?').join(', ')})`;
    const statements: Record<Write, string> = {
      insertLessee: insertInto('lessees', LESSEE_COLS),
      insertLease: insertInto('leases', LEASE_COLS),
      // The version read: the lease must not have moved since (another writer between a commit's chunks).
      updateLease: `update leases set ${UPDATE_COLS.map((c) => `${q(c.name)} = ?`).join(', ')} where id = ? and version = ?`,
      deleteSchedule: 'delete from schedule_rows where lease_id = ?',
      scheduleOne: `insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${oneSchedule}`,
      scheduleMany: `insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${Array.from({ length: SCHEDULE_BATCH }, () => oneSchedule).join(', ')}`,
      replaceSchedule: `insert into schedule_rows (${SCHEDULE_COLUMNS.join(', ')}) values ${oneSchedule}`,
      history: 'insert into lease_history (lease_id, version, action, changes, user_id, at) values (?, ?, ?, ?, ?, ?)',
      updateHistory: 'insert into lease_history (lease_id, version, action, changes, user_id, at) values (?, ?, ?, ?, ?, ?)',
      audit:
        'insert into audit_log (at, user_id, user_email, funder_id, entity, entity_id, action, before, after) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      insertOpening: insertInto('opening_positions', OPENING_COLS),
      bump: LOCK_FUNDER_SQL.terms,
      journal: INSERT_BOOK_CHANGE_SQL,
    };
    for (const name of WRITES) sink.prepare(`${PREFIX}${name}`, statements[name], { mustChange: name === 'updateLease' });
  }

  /**
   * Reads the funder, its lessees and contract numbers once through `tx`, which sees what the write transaction
   * started from: the caller's transaction itself, or (writes sent to a worker, db/write-worker.ts) a connection of
   * the caller's while the worker holds the write lock. The writes go to `sink`: by default the transaction's own
   * (db/write-worker.ts transactionSinkOf: at once on SQLite; on PostgreSQL batched, the caller flushes it).
   */
  static async open(
    tx: DbOrTx,
    funderId: number,
    userId: number | null,
    now: number,
    sink: WriteSink = transactionSinkOf(tx, JOURNAL_WRITES),
    opts: {
      /**
       * Journal the write as one `book` row (every view rebuilds the funder's book) instead of a `lease` row a lease: for
       * a bulk write (a tape import of many leases), which the views would rebuild from anyway (services/servicing/book.ts
       * BULK_CHANGES). On PostgreSQL the funder's lock is then held only for a moment before the COMMIT, not while a row
       * a lease is written.
       */
      journalAsBook?: boolean;
      /** The ids to give the leases and lessees inserted, reserved beforehand (default: counted on from the tables). */
      ids?: IdRanges;
    } = {},
  ): Promise<LeaseBulkWriter> {
    const funder = await getFunder(tx, funderId);
    if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
    const lesseeIds = new Set((await columnOf<number>(tx, 'select id from lessees where funder_id = ?', [funderId])).map(Number));
    const contractNumbers = new Set(await columnOf<string>(tx, 'select contract_number from leases where funder_id = ?', [funderId]));
    const userEmail = userId === null ? 'system' : ((await valueOf<string>(tx, 'select email from users where id = ?', [userId])) ?? '');
    return new LeaseBulkWriter(
      tx,
      funderId,
      userId,
      now,
      sink,
      funder.rateConvention,
      lesseeIds,
      contractNumbers,
      userEmail,
      await Ids.of(tx, 'leases', opts.ids?.leases),
      await Ids.of(tx, 'lessees', opts.ids?.lessees),
      opts.journalAsBook ?? false,
    );
  }

  /**
   * Reads the leases the next writes update (on PostgreSQL with their rows locked until the COMMIT: no one else changes
   * them in between) and, on PostgreSQL, takes the ids of the next inserts from the sequences.
   */
  async readAhead(needs: BulkNeeds): Promise<void> {
    const ids = (needs.updates ?? []).filter((id) => !this.current.has(id));
    if (ids.length) {
      const rows = await rowsOf<Record<string, unknown>>(
        this.tx,
        `select * from leases where id ${idListSql}${onPostgres ? ' order by id for no key update' : ''}`,
        [idListParam(ids)],
      );
      for (const id of ids) this.current.set(id, null);
      for (const r of rows) this.current.set(Number(r.id), r);
    }
    await this.leaseIds.reserve(this.tx, needs.inserts ?? 0);
    await this.lesseeIdsNext.reserve(this.tx, needs.lessees ?? 0);
  }

  private write(name: Write, params: unknown[]): void {
    this.sink.run(`${PREFIX}${name}`, params);
  }

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
    const id = this.lesseeIdsNext.take();
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
    bound[LEASE_ID] = this.leaseIds.take();
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
    const raw = this.current.get(id);
    if (raw === undefined) throw new Error(`LeaseBulkWriter: lease ${id} was not read (call readAhead() first).`);
    this.current.delete(id);
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
    this.write('updateLease', [...driverValues(UPDATE_COLS, next), id, current.version]);
    const updated = asStored<Lease>(LEASE_COLS, driverValues(LEASE_COLS, next));
    this.write('deleteSchedule', [id]);
    for (const r of schedule.rows)
      this.write('replaceSchedule', [
        id,
        r.period,
        r.dueDate,
        r.instalment,
        r.interest,
        r.principal,
        r.vat,
        r.fee,
        r.gross,
        r.balanceAfter,
      ]);
    const action = Object.keys(changes).length === 1 && 'status' in changes ? 'status' : 'updated';
    this.write('updateHistory', [id, next.version, action, JSON.stringify(changes), this.userId, this.now]);
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
  async deferDueDateIndex(): Promise<void> {
    // PostgreSQL: not done (its DDL would lock the table against every reader until the COMMIT).
    if (pgClientOf(this.tx) || this.dueIndexSql) return;
    const sql = await valueOf<string>(this.tx, `select sql from sqlite_master where type = 'index' and name = ?`, [DUE_INDEX]);
    if (!sql) return;
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

  /**
   * Journals the lease (or, journalAsBook, the whole book once); the first time, the funder's lock comes first
   * (book-changes.ts: journal rows in commit order).
   */
  private journal(leaseId: number, funderId: number): void {
    if (!this.locked) {
      this.write('bump', [funderId]);
      if (this.journalAsBook) this.write('journal', [funderId, 'book', null]);
    }
    this.locked = true;
    if (!this.journalAsBook) this.write('journal', [funderId, 'lease', leaseId]);
  }
}
