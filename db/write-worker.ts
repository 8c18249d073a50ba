/**
 * A write transaction whose SQL runs on a worker thread. better-sqlite3 runs every statement on the calling
 * thread: a tape import's commit of 100k leases (millions of schedule rows, a due-date index built over them, a
 * COMMIT writing a gigabyte of WAL) held the server's event loop for seconds at a time even in time slices —
 * the index build and the COMMIT alone 3.5–6.5 s. Here the main thread keeps the logic (it reads, checks and
 * computes, and hands over the rows to write in batches) and a worker with a connection of its own executes
 * them in ONE transaction (BEGIN IMMEDIATE … COMMIT): all-or-nothing as before, and a process killed meanwhile
 * leaves nothing written (SQLite ignores an uncommitted WAL tail).
 *
 * While the worker holds the write lock no other connection can write, so the main thread's own connection reads
 * exactly what the transaction started from (the writer never needs to read its own writes back: ids are
 * assigned by the caller, see LeaseBulkWriter).
 *
 * Staged (WorkerSinkOptions.staged), the worker writes in the turns of the server's writer, handing the turn over to
 * the server's transactions, and publishes at the end in one transaction: the caller checks that what it read has
 * not moved meanwhile (a statement that must change a row, PrepareOptions.mustChange).
 *
 * The worker runs plain CommonJS given as text (as db/checkpoint.ts does), so nothing has to be bundled for it.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { driverPath } from './checkpoint';
import { sqliteOf, type DbOrTx } from './client';
import { pgClientOf, toPgText } from './dialect';
import { STALE_WRITE, StaleWrite } from './errors';
import { writerOf, type WriteTurn } from './transaction';

/** Where a bulk writer sends its writes: statements registered once by name, then run with positional parameters. */
export interface WriteSink {
  /** `mustChange`: each run must change exactly one row, or the write fails with StaleWrite (its row moved meanwhile). */
  prepare(name: string, sql: string, opts?: PrepareOptions): void;
  run(name: string, params: unknown[]): void;
  exec(sql: string): void;
}

export type PrepareOptions = { mustChange?: boolean };

/** Writes on the caller's connection, at once (inside the caller's transaction). */
export class DirectSink implements WriteSink {
  private readonly st = new Map<string, BetterSqlite3.Statement>();
  private readonly must = new Set<string>();
  constructor(private readonly sqlite: BetterSqlite3.Database) {}
  prepare(name: string, sql: string, opts?: PrepareOptions): void {
    if (!this.st.has(name)) this.st.set(name, this.sqlite.prepare(sql));
    if (opts?.mustChange) this.must.add(name);
  }
  run(name: string, params: unknown[]): void {
    const { changes } = this.st.get(name)!.run(params);
    if (changes !== 1 && this.must.has(name)) throw new StaleWrite(name);
  }
  exec(sql: string): void {
    this.sqlite.exec(sql);
  }
}

type Op = [0, string, unknown[]] | [1, string] | [2, string, string, 0 | 1];
type FromWorker =
  | { type: 'ready' }
  | { type: 'ack' }
  | { type: 'done'; published?: Record<string, [count: number, ms: number]>; ahead?: Record<string, [count: number, ms: number]> }
  | { type: 'released' }
  | { type: 'reserved'; ranges: Record<string, [number, number]> }
  | { type: 'error'; message: string; code?: string };

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const st = new Map();
const must = new Set();
const staged = workerData.staged;
const direct = new Set(staged ? staged.direct : []);
let stage = null;
let seq = 0;
// Staged: where the writes before the publication took their time, by statement (count, ms).
const ahead = {};
function note(name, t0, into = ahead) {
  const t = into[name] || (into[name] = [0, 0]);
  t[0]++;
  t[1] += performance.now() - t0;
}
let db = null;
let failed = false;
function end(msg) {
  try { if (db && db.inTransaction) db.exec('ROLLBACK'); } catch {}
  try { if (db) db.close(); } catch {}
  db = null;
  parentPort.postMessage(msg);
}
function stale(name) {
  const e = new Error('The row written by ' + name + ' was changed or deleted meanwhile.');
  e.code = '${STALE_WRITE}';
  return e;
}
function run(name, params) {
  const info = st.get(name).run(params);
  if (info.changes !== 1 && must.has(name)) throw stale(name);
}
function apply(op) {
  if (op[0] === 0) run(op[1], op[2]);
  else if (op[0] === 1) db.exec(op[1]);
  else if (!st.has(op[1])) {
    st.set(op[1], db.prepare(op[2]));
    if (op[3]) must.add(op[1]);
  }
}
try {
  db = new Database(workerData.file, { timeout: workerData.busyTimeout });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = ' + workerData.busyTimeout);
  db.pragma('journal_size_limit = 67108864');
  if (workerData.autocheckpoint !== null) db.pragma('wal_autocheckpoint = ' + workerData.autocheckpoint);
  if (staged) {
    // The direct writes refer to rows published only at the end (the caller's order): checked then, not now.
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -131072');
    db.exec('create temp table stage (seq integer primary key, name text not null, params text not null)');
    stage = db.prepare('insert into temp.stage (seq, name, params) values (?, ?, ?)');
  } else {
    db.pragma('foreign_keys = ON');
    db.exec('BEGIN IMMEDIATE');
  }
  parentPort.postMessage({ type: 'ready' });
} catch (e) {
  failed = true;
  end({ type: 'error', message: String((e && e.message) || e), code: e && e.code });
}
function publish() {
  // The direct writes first (the foreign keys are checked from here on, a setting no transaction may be open for).
  if (db.inTransaction) db.exec('COMMIT');
  // Every staged write, in the order asked for, in ONE transaction: all of them become visible at once, or none.
  db.pragma('foreign_keys = ON');
  db.exec('BEGIN IMMEDIATE');
  const took = {};
  const page = db.prepare('select seq, name, params from temp.stage where seq > ? order by seq limit 2000');
  for (let after = 0; ; ) {
    const rows = page.all(after);
    if (!rows.length) break;
    for (const r of rows) {
      const t0 = performance.now();
      if (r.name === '') db.exec(r.params);
      else run(r.name, JSON.parse(r.params));
      note(r.name, t0, took);
    }
    after = rows[rows.length - 1].seq;
  }
  const t0 = performance.now();
  db.exec('COMMIT');
  note('COMMIT', t0, took);
  return took;
}
parentPort.on('message', (m) => {
  if (failed) return;
  try {
    if (m.type === 'batch') {
      if (staged) {
        // In a transaction left open for the next batches until the caller asks for its COMMIT ('release').
        let t0 = performance.now();
        if (!db.inTransaction) {
          db.exec('BEGIN IMMEDIATE');
          note('BEGIN', t0);
        }
        for (const op of m.ops) {
          t0 = performance.now();
          if (op[0] === 0 && !direct.has(op[1])) {
            stage.run(++seq, op[1], JSON.stringify(op[2]));
            note('(kept aside)', t0);
          } else if (op[0] === 1) stage.run(++seq, '', op[1]);
          else {
            apply(op);
            if (op[0] === 0) note(op[1], t0);
          }
        }
      } else for (const op of m.ops) apply(op);
      parentPort.postMessage({ type: 'ack' });
    } else if (m.type === 'release') {
      const t0 = performance.now();
      if (db.inTransaction) db.exec('COMMIT');
      note('COMMIT', t0);
      parentPort.postMessage({ type: 'released' });
    } else if (m.type === 'reserve') {
      if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
      const ranges = {};
      for (const [table, n] of m.tables) {
        const row = db.prepare('select seq from sqlite_sequence where name = ?').get(table);
        const max = db.prepare('select max(id) as m from "' + table + '"').get().m || 0;
        const first = Math.max(row ? row.seq : 0, max) + 1;
        const last = first + n - 1;
        if (n > 0) {
          if (row) db.prepare('update sqlite_sequence set seq = ? where name = ?').run(last, table);
          else db.prepare('insert into sqlite_sequence (name, seq) values (?, ?)').run(table, last);
        }
        ranges[table] = [first, last];
      }
      db.exec('COMMIT');
      parentPort.postMessage({ type: 'reserved', ranges });
    } else if (m.type === 'commit') {
      let published;
      if (staged) published = publish();
      else db.exec('COMMIT');
      end({ type: 'done', published, ahead: staged ? ahead : undefined });
    } else if (m.type === 'rollback') {
      end({ type: 'done' });
    }
  } catch (e) {
    failed = true;
    end({ type: 'error', message: String((e && e.message) || e), code: e && e.code });
  }
});`;

/** The worker failed: a statement, the BEGIN, or the COMMIT (SQLite's message and code). */
export class WorkerWriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WorkerWriteError';
  }
}

export interface WorkerSinkOptions {
  /** The worker connection's wal_autocheckpoint (0: none; a bulk write checkpoints afterwards, db/checkpoint.ts). Default: SQLite's. */
  autocheckpoint?: number;
  busyTimeoutMs?: number;
  /** Operations per message (a batch is also sent by flush()). */
  batchOps?: number;
  /**
   * A write that lets this process's transactions through while it goes on, published at the end all at once:
   * - The worker writes while holding the writer's turn (`turn`, db/transaction.ts writeTurn), in a transaction it
   *   COMMITs and gives the turn up as soon as a transaction of this process waits for it (or after MAX_HOLD_MS), then
   *   takes the turn again. A waiting transaction is never blocked on SQLite's lock: it waits in the queue, the event
   *   loop free, at most one batch of operations and a COMMIT.
   * - The statements named in `direct` are written so (rows no reader reaches until the published ones refer to them:
   *   written with the foreign keys unchecked). Every other write is kept in a temporary table of the worker's
   *   connection and run, in the order asked for, in ONE transaction by commit(), holding the turn.
   * A failure or a rollback() leaves the committed direct rows: the caller deletes them. So does a process killed
   * meanwhile (the temporary table goes with the connection).
   */
  staged?: { direct: ReadonlySet<string>; turn: () => Promise<WriteTurn | null> };
}

/** A staged write gives up the writer's turn after holding it this long, even when no transaction waits (ms). */
const MAX_HOLD_MS = 2000;

/** The turn of a database without a queue of transactions (none to let through). */
const NO_TURN: WriteTurn = { wanted: () => false, release: () => undefined };

/**
 * A write transaction on a worker thread: begin() resolves once the worker holds the write lock (BEGIN IMMEDIATE).
 * run/exec queue the writes; flush() sends them; drain() waits until the worker has caught up to within a few batches
 * (so a fast producer does not pile up the whole write in memory); commit() and rollback() end the transaction and the
 * worker. A failed statement rolls the transaction back in the worker at once, and the next flush, drain or commit throws it.
 * Staged (WorkerSinkOptions.staged), the worker writes in turns and publishes at the end.
 */
export class WorkerSink implements WriteSink {
  private ops: Op[] = [];
  private inFlight = 0;
  private error: WorkerWriteError | null = null;
  private finished = false;
  private committed = false;
  private waiters: (() => void)[] = [];
  private done: Promise<void>;
  private resolveDone!: () => void;
  private readonly batchOps: number;
  private readonly staged: WorkerSinkOptions['staged'] | null;
  /** Staged: the messages to the worker in order, each sent once the turn is held (a reserve, release or commit waits for its answer). */
  private chain: Promise<void> = Promise.resolve();
  private reply: ((m: FromWorker) => void) | null = null;
  private turn: WriteTurn | null = null;
  private heldSince = 0;
  private releasing = false;
  /** From asking for the COMMIT to hearing it done (ms), once committed. */
  commitMs: number | null = null;
  /** The batches written. */
  batches = 0;
  /** Staged: the transactions the writes took before the publication, and the longest time the turn was held by one (ms). */
  turns = 0;
  longestTurnMs = 0;
  /** Staged: what the publication ran, by statement: how many, and how long they took (ms); the COMMIT's own entry too. */
  published: Record<string, [count: number, ms: number]> | null = null;
  /** Staged: the same of the writes before the publication (the direct ones by statement, the rest kept aside). */
  writtenAhead: Record<string, [count: number, ms: number]> | null = null;

  private constructor(
    private readonly worker: Worker,
    opts: WorkerSinkOptions,
  ) {
    this.batchOps = opts.batchOps ?? 2000;
    this.staged = opts.staged ?? null;
    this.done = new Promise((r) => (this.resolveDone = r));
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'error') this.fail(new WorkerWriteError(m.message, m.code));
      else if (m.type === 'ack') {
        this.inFlight--;
        this.batches++;
        // Staged: a transaction of this process waits (or the turn is long held): the worker COMMITs after the batches
        // already sent, and the turn passes on.
        if (this.turn && !this.releasing && (this.turn.wanted() || performance.now() - this.heldSince > MAX_HOLD_MS)) {
          this.releasing = true;
          this.enqueue(() => this.releaseTurn());
        }
      } else if (this.staged) {
        const reply = this.reply;
        this.reply = null;
        reply?.(m);
        if (m.type === 'done') this.end();
      } else if (m.type === 'done') this.end();
      this.wake();
    });
    worker.on('error', (e) => this.fail(new WorkerWriteError(e instanceof Error ? e.message : String(e))));
    worker.on('exit', () => {
      if (!this.finished) this.fail(new WorkerWriteError('The write worker stopped before the transaction ended.'));
    });
  }

  static begin(file: string, opts: WorkerSinkOptions = {}): Promise<WorkerSink> {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        file,
        driver: driverPath(),
        busyTimeout: opts.busyTimeoutMs ?? 5000,
        autocheckpoint: opts.autocheckpoint ?? null,
        staged: opts.staged ? { direct: [...opts.staged.direct] } : null,
      },
    });
    const sink = new WorkerSink(worker, opts);
    return new Promise((resolve, reject) => {
      const onReady = (m: FromWorker) => {
        if (m.type === 'ready') resolve(sink);
        else if (m.type === 'error') reject(new WorkerWriteError(m.message, m.code));
        else return;
        worker.off('message', onReady);
      };
      worker.on('message', onReady);
      worker.once('exit', () => reject(new WorkerWriteError('The write worker stopped before the transaction began.')));
    });
  }

  prepare(name: string, sql: string, opts?: PrepareOptions): void {
    this.push([2, name, sql, opts?.mustChange ? 1 : 0]);
  }

  /**
   * Staged: takes `count` ids of each AUTOINCREMENT table given (the table's counter moved past them, so no other
   * connection's insert gets one), after the writes sent before. Resolves with each table's [first, last] (last =
   * first - 1 when none were asked for).
   */
  async reserve(tables: readonly [table: string, count: number][]): Promise<Record<string, [number, number]>> {
    if (!this.staged) throw new Error('WorkerSink: ids are reserved by a staged write only.');
    for (const [table, n] of tables)
      if (!/^[a-z_]+$/.test(table) || !Number.isInteger(n) || n < 0) throw new Error(`WorkerSink: cannot reserve ${n} ids of ${table}.`);
    this.flush();
    let ranges: Record<string, [number, number]> | null = null;
    this.enqueue(async () => {
      await this.holdTurn();
      const m = await this.ask({ type: 'reserve', tables });
      if (m.type === 'reserved') ranges = m.ranges;
    });
    await this.chain;
    this.check();
    return ranges!;
  }

  run(name: string, params: unknown[]): void {
    this.push([0, name, params]);
  }

  exec(sql: string): void {
    this.push([1, sql]);
  }

  /** Sends the queued writes. */
  flush(): void {
    this.check();
    if (!this.ops.length) return;
    const ops = this.ops;
    this.ops = [];
    this.inFlight++;
    if (!this.staged) {
      this.worker.postMessage({ type: 'batch', ops });
      return;
    }
    // Sent once the turn is held, without waiting for the batches before it: the worker goes from one to the next.
    this.enqueue(async () => {
      await this.holdTurn();
      this.worker.postMessage({ type: 'batch', ops });
    });
  }

  /** Sends the queued writes and waits until at most `maxInFlight` batches are still to be written. */
  async drain(maxInFlight = 0): Promise<void> {
    this.flush();
    while (this.inFlight > maxInFlight && !this.error && !this.finished) await new Promise<void>((r) => this.waiters.push(r));
    this.check();
  }

  /**
   * Writes what is queued and COMMITs (staged: publishes); resolves once the transaction is in the WAL (visible to every
   * connection). Other connections may see the data a little before this resolves (the worker's message takes a turn):
   * a cache that must not be caught stale in between is told beforehand (services/imports passes this promise to its
   * rebuilds).
   */
  async commit(): Promise<void> {
    await this.drain(0);
    if (this.staged) await this.chain;
    this.check();
    const t0 = performance.now();
    if (this.staged) {
      this.enqueue(async () => {
        await this.holdTurn();
        const m = await this.ask({ type: 'commit' });
        if (m.type === 'done') {
          this.published = m.published ?? null;
          this.writtenAhead = m.ahead ?? null;
        }
      });
    } else this.worker.postMessage({ type: 'commit' });
    await this.done;
    if (this.error) throw this.error;
    this.committed = true;
    this.commitMs = performance.now() - t0;
  }

  /** Ends the transaction without writing anything more (also after a failure). */
  async rollback(): Promise<void> {
    if (!this.finished && !this.committed) {
      this.ops = [];
      this.worker.postMessage({ type: 'rollback' });
      await this.done;
    }
  }

  private push(op: Op): void {
    this.ops.push(op);
    if (this.ops.length >= this.batchOps) this.flush();
  }

  /** Staged: `job` after the messages before it (skipped once the write has failed or ended). */
  private enqueue(job: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.error || this.finished) return;
      try {
        await job();
      } catch (e) {
        this.fail(e instanceof WorkerWriteError ? e : new WorkerWriteError(e instanceof Error ? e.message : String(e)));
      }
      this.wake();
    });
  }

  /** Staged: sends a message and waits for the worker's answer. */
  private ask(message: object): Promise<FromWorker> {
    return new Promise((resolve) => {
      this.reply = resolve;
      this.worker.postMessage(message);
    });
  }

  private async holdTurn(): Promise<void> {
    if (this.turn) return;
    this.turn = (await this.staged!.turn()) ?? NO_TURN;
    this.heldSince = performance.now();
    // The write failed or ended while waiting for the turn.
    if (this.finished) this.giveUpTurn();
  }

  /** Staged: the worker COMMITs what it wrote in this turn, then the turn passes to whoever waits for it. */
  private async releaseTurn(): Promise<void> {
    this.releasing = false;
    if (!this.turn) return;
    await this.ask({ type: 'release' });
    this.turns++;
    this.longestTurnMs = Math.max(this.longestTurnMs, performance.now() - this.heldSince);
    this.giveUpTurn();
  }

  private giveUpTurn(): void {
    this.turn?.release();
    this.turn = null;
  }

  private check(): void {
    if (this.error) throw this.error;
    if (this.finished) throw new WorkerWriteError('The write transaction has ended.');
  }

  private fail(e: WorkerWriteError): void {
    if (!this.error) this.error = e;
    this.end();
  }

  private end(): void {
    if (this.finished) return;
    this.finished = true;
    // The worker is gone (its connection closed, an open transaction rolled back): the turn passes on.
    this.giveUpTurn();
    const reply = this.reply;
    this.reply = null;
    reply?.({ type: 'error', message: this.error?.message ?? 'The write transaction has ended.' });
    this.resolveDone();
    void this.worker.terminate();
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** Rows of a COPY sent to the server as one chunk of text (the stream waits for the socket between chunks). */
const COPY_ROWS = 1000;

type PgGroup =
  | { kind: 'copy'; copy: string; width: number; values: unknown[]; deferred: boolean }
  | { kind: 'statement'; text: string; runs: unknown[][]; deferred: boolean; mustChange: string | null };

/** The transaction's client: queries, and a COPY stream (pg-copy-streams). */
export type PgSinkClient = Pick<pg.PoolClient, 'query'>;

/**
 * A bulk writer's writes inside a PostgreSQL transaction, sent by `flush()`: every single-row `insert into t (…)
 * values (?, …)` registered for the same table and columns (whatever its name, and however many rows its text holds) is
 * gathered and written by one `COPY t (…) FROM STDIN` a flush (pg-copy-streams): the rows go to the server as text,
 * a chunk at a time, while it writes the ones before. Measured here for schedule rows (their keys, indexes and foreign
 * key): 1.7 times as fast as multi-row INSERTs of the same rows, which the server parses and plans 65,535 parameters at
 * a time. Any other statement runs once per `run`, in order.
 * The groups are written in the order they were first registered, so a writer registers its statements parents first
 * (lessees, leases, then the rows that refer to them): within one flush the writes of a group all come before the next
 * group's, in the order they were asked for.
 *
 * Statements named in `deferred` (the funder's lock and the journal rows, db/queries/book-changes.ts) are held until
 * `flush(true)`, the last before COMMIT: the funder's row is locked for the moment before the COMMIT, not for the whole
 * import, so other writers of the funder's book are not kept waiting by it.
 */
export class PgBatchSink implements WriteSink {
  private readonly groups: PgGroup[] = [];
  private readonly copies = new Map<string, PgGroup & { kind: 'copy' }>();
  private readonly byName = new Map<string, PgGroup>();

  constructor(
    private readonly client: PgSinkClient,
    private readonly deferred: ReadonlySet<string> = new Set(),
  ) {}

  prepare(name: string, sql: string, opts?: PrepareOptions): void {
    if (this.byName.has(name)) return;
    const m = /^\s*insert\s+into\s+("?[\w]+"?)\s*\(([^)]*)\)\s*values\s*(\([^)]*\))/is.exec(sql);
    let group: PgGroup;
    const deferred = this.deferred.has(name);
    if (m && !opts?.mustChange && !/\breturning\b|\bon\s+conflict\b/i.test(sql)) {
      const copy = `copy ${m[1]} (${m[2]!.replace(/\s+/g, ' ').trim()}) from stdin`;
      const width = (m[3]!.match(/\?/g) ?? []).length;
      const key = `${deferred ? 'deferred ' : ''}${copy}`;
      let g = this.copies.get(key);
      if (!g) {
        g = { kind: 'copy', copy, width, values: [], deferred };
        this.copies.set(key, g);
        this.groups.push(g);
      }
      group = g;
    } else {
      group = { kind: 'statement', text: toPgText(sql), runs: [], deferred, mustChange: opts?.mustChange ? name : null };
      this.groups.push(group);
    }
    this.byName.set(name, group);
  }

  run(name: string, params: unknown[]): void {
    const g = this.byName.get(name);
    if (!g) throw new Error(`PgBatchSink: no statement ${name} registered.`);
    if (g.kind === 'copy') for (const p of params) g.values.push(p);
    else g.runs.push(params);
  }

  exec(sql: string): void {
    const g: PgGroup = { kind: 'statement', text: sql, runs: [[]], deferred: false, mustChange: null };
    this.groups.push(g);
  }

  /**
   * Writes what is queued (with `last`, the deferred statements too), the event loop turning between chunks of rows.
   * What is queued is taken at once, when called: writes queued while it runs wait for the next flush, so a writer may
   * compute its next rows while the server writes these (never more than one flush at a time: await each).
   */
  async flush(last = false): Promise<void> {
    const work: (() => Promise<unknown>)[] = [];
    for (const g of this.groups) {
      if (g.deferred && !last) continue;
      if (g.kind === 'copy') {
        const values = g.values;
        g.values = [];
        if (values.length) work.push(() => pipeline(Readable.from(copyChunks(values, g.width)), this.client.query(copyFrom(g.copy))));
      } else {
        const runs = g.runs;
        g.runs = [];
        for (const params of runs)
          work.push(async () => {
            const { rowCount } = await this.client.query(g.text, params);
            if (g.mustChange !== null && rowCount !== 1) throw new StaleWrite(g.mustChange);
          });
      }
    }
    for (const write of work) await write();
  }
}

/** `values` (rows of `width` values, one after another) as COPY's text format, COPY_ROWS rows a chunk. */
function* copyChunks(values: readonly unknown[], width: number): Generator<string> {
  const step = COPY_ROWS * width;
  for (let start = 0; start < values.length; start += step) {
    const end = Math.min(values.length, start + step);
    let text = '';
    for (let i = start; i < end; i += width) {
      for (let c = 0; c < width; c++) text += (c ? '\t' : '') + copyText(values[i + c]);
      text += '\n';
    }
    yield text;
  }
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in COPY's text format, as node-postgres would send it as a parameter's text (a number's String, a
 * boolean's true/false), a string's backslash, tab and line breaks escaped, and null as \N.
 */
function copyText(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  switch (typeof v) {
    case 'string':
      return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : v;
    case 'number':
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      throw new TypeError(`PgBatchSink: a value of type ${typeof v} cannot be written by COPY.`);
  }
}

/** Where a bulk writer inside `transaction(db, …)` writes: on SQLite at once on the connection; on PostgreSQL batched on the transaction's client (flush it). */
export function transactionSinkOf(tx: DbOrTx, deferred?: ReadonlySet<string>): DirectSink | PgBatchSink {
  const pgClient = pgClientOf(tx);
  if (pgClient) return new PgBatchSink(pgClient as PgSinkClient, deferred);
  return new DirectSink(sqliteOf(tx));
}

/** The SQLite database file a worker can open for `db`; null for an in-memory database or a PostgreSQL one. */
export function workerFileOf(db: DbOrTx): string | null {
  if (pgClientOf(db)) return null;
  const name = sqliteOf(db).name;
  return name && name !== ':memory:' ? name : null;
}

/**
 * Runs `fn` with the busy timeout of the database's writer connection (db/transaction.ts) set to `ms`, then restores
 * it: while a worker holds the write lock, a write on this thread waits that long (the event loop blocked) before it
 * gives up.
 */
export async function withWriterBusyTimeout<T>(db: DbOrTx, ms: number, fn: () => Promise<T>): Promise<T> {
  const writer = sqliteOf(writerOf(db));
  const busyTimeout = writer.pragma('busy_timeout', { simple: true }) as number;
  writer.pragma(`busy_timeout = ${ms}`);
  try {
    return await fn();
  } finally {
    writer.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
