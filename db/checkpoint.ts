/**
 * WAL checkpoints off the event loop. After a bulk write (a tape import's commit writes about a gigabyte of
 * WAL for 100k leases) the automatic checkpoint would copy all of it back into the database inside the next
 * COMMIT on the server's thread — seconds during which no request is served. Instead the writer turns the
 * automatic checkpoint off, and this runs a PASSIVE checkpoint on a connection of its own in a worker
 * thread: PASSIVE never takes the write lock and never waits, so readers and writers go on meanwhile.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sqliteOf, type Db } from './client';
import { writerOf } from './transaction';

/** SQLite's default automatic checkpoint threshold (pages). */
export const DEFAULT_AUTOCHECKPOINT = 1000;

export type CheckpointResult = { busy: number; log: number; checkpointed: number };

// Plain CommonJS evaluated by the worker (no bundling involved): opens the file, checkpoints, closes.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 5000 });
try {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage({ ok: true, row });
} catch (e) {
  parentPort.postMessage({ ok: false, error: String(e && e.message || e) });
} finally {
  db.close();
}`;

/** The driver's entry file, resolved from the app's root (a worker evaluates plain CommonJS: nothing of the bundle). */
export function driverPath(): string {
  return createRequire(path.join(process.cwd(), 'package.json')).resolve('better-sqlite3');
}

/**
 * Checkpoints the database file in a worker thread. Resolves with SQLite's counts, or null when the file is
 * in memory or the worker failed (a checkpoint is an optimisation: SQLite checkpoints later by itself).
 */
export function checkpointInBackground(file: string): Promise<CheckpointResult | null> {
  if (!file || file === ':memory:') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_CODE, { eval: true, workerData: { file, driver: driverPath() } });
    } catch {
      resolve(null);
      return;
    }
    let settled = false;
    const done = (r: CheckpointResult | null) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    worker.once('message', (m: { ok: boolean; row?: CheckpointResult }) => done(m.ok && m.row ? m.row : null));
    worker.once('error', () => done(null));
    worker.once('exit', () => done(null));
  });
}

/**
 * Runs `write` with the automatic checkpoint of `db`'s connection turned off, then checkpoints in the
 * background and turns it back on — so neither the write's COMMIT nor a request's small write in the
 * meantime copies the whole WAL on the event loop.
 */
export async function withBackgroundCheckpoint<T>(db: Db, write: () => Promise<T>): Promise<T> {
  // The connection that commits checkpoints automatically: the database's writer (db/transaction.ts).
  const writer = sqliteOf(writerOf(db));
  const file = writer.name;
  if (!file || file === ':memory:') return write();
  writer.pragma('wal_autocheckpoint = 0');
  try {
    return await write();
  } finally {
    try {
      await checkpointInBackground(file);
    } finally {
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    }
  }
}
