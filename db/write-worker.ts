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
 * The worker runs plain CommonJS given as text (as db/checkpoint.ts does), so nothing has to be bundled for it.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { driverPath } from './checkpoint';

/** Where a bulk writer sends its writes: statements registered once by name, then run with positional parameters. */
export interface WriteSink {
  prepare(name: string, sql: string): void;
  run(name: string, params: unknown[]): void;
  exec(sql: string): void;
}

/** Writes on the caller's connection, at once (inside the caller's transaction). */
export class DirectSink implements WriteSink {
  private readonly st = new Map<string, BetterSqlite3.Statement>();
  constructor(private readonly sqlite: BetterSqlite3.Database) {}
  prepare(name: string, sql: string): void {
    if (!this.st.has(name)) this.st.set(name, this.sqlite.prepare(sql));
  }
  run(name: string, params: unknown[]): void {
    this.st.get(name)!.run(params);
  }
  exec(sql: string): void {
    this.sqlite.exec(sql);
  }
}

type Op = [0, string, unknown[]] | [1, string] | [2, string, string];
type FromWorker = { type: 'ready' } | { type: 'ack' } | { type: 'done' } | { type: 'error'; message: string; code?: string };

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const st = new Map();
let db = null;
let failed = false;
function end(msg) {
  try { if (db && db.inTransaction) db.exec('ROLLBACK'); } catch {}
  try { if (db) db.close(); } catch {}
  db = null;
  parentPort.postMessage(msg);
}
try {
  db = new Database(workerData.file, { timeout: workerData.busyTimeout });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = ' + workerData.busyTimeout);
  db.pragma('journal_size_limit = 67108864');
  if (workerData.autocheckpoint !== null) db.pragma('wal_autocheckpoint = ' + workerData.autocheckpoint);
  db.exec('BEGIN IMMEDIATE');
  parentPort.postMessage({ type: 'ready' });
} catch (e) {
  failed = true;
  end({ type: 'error', message: String((e && e.message) || e), code: e && e.code });
}
parentPort.on('message', (m) => {
  if (failed) return;
  try {
    if (m.type === 'batch') {
      for (const op of m.ops) {
        if (op[0] === 0) st.get(op[1]).run(op[2]);
        else if (op[0] === 1) db.exec(op[1]);
        else if (!st.has(op[1])) st.set(op[1], db.prepare(op[2]));
      }
      parentPort.postMessage({ type: 'ack' });
    } else if (m.type === 'commit') {
      db.exec('COMMIT');
      end({ type: 'done' });
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
}

/**
 * A write transaction on a worker thread: begin() resolves once the worker holds the write lock (BEGIN IMMEDIATE).
 * run/exec queue the writes; flush() sends them; drain() waits until the worker has caught up to within a few batches
 * (so a fast producer does not pile up the whole write in memory); commit() and rollback() end the transaction and the
 * worker. A failed statement rolls the transaction back in the worker at once, and the next flush, drain or commit throws it.
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
  /** From asking for the COMMIT to hearing it done (ms), once committed. */
  commitMs: number | null = null;

  private constructor(
    private readonly worker: Worker,
    opts: WorkerSinkOptions,
  ) {
    this.batchOps = opts.batchOps ?? 2000;
    this.done = new Promise((r) => (this.resolveDone = r));
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ack') this.inFlight--;
      else if (m.type === 'error') this.fail(new WorkerWriteError(m.message, m.code));
      else if (m.type === 'done') this.end();
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
      workerData: { file, driver: driverPath(), busyTimeout: opts.busyTimeoutMs ?? 5000, autocheckpoint: opts.autocheckpoint ?? null },
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

  prepare(name: string, sql: string): void {
    this.push([2, name, sql]);
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
    this.worker.postMessage({ type: 'batch', ops });
  }

  /** Sends the queued writes and waits until at most `maxInFlight` batches are still to be written. */
  async drain(maxInFlight = 0): Promise<void> {
    this.flush();
    while (this.inFlight > maxInFlight && !this.error && !this.finished) await new Promise<void>((r) => this.waiters.push(r));
    this.check();
  }

  /**
   * Writes what is queued and COMMITs; resolves once the transaction is in the WAL (visible to every connection).
   * Other connections may see the data a little before this resolves (the worker's message takes a turn): a cache
   * that must not be caught stale in between is told beforehand (services/imports passes this promise to its rebuilds).
   */
  async commit(): Promise<void> {
    await this.drain(0);
    const t0 = performance.now();
    this.worker.postMessage({ type: 'commit' });
    await this.done;
    if (this.error) throw this.error;
    this.committed = true;
    this.commitMs = performance.now() - t0;
  }

  /** Ends the transaction without writing anything (also after a failure). */
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
