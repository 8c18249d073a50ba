import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDb, sqliteOf, type Conn, type DbOrTx, type Tx } from './client';
import * as schema from './schema';
import * as pgSchema from './schema-pg';
import { pgClientOf } from './dialect';

/**
 * Transactions whose bodies await: the one way the app writes (#35: one async data layer over SQLite and PostgreSQL).
 *
 * On SQLite a transaction runs on the database file's WRITER connection behind an async mutex: top-level transactions
 * queue one behind the other (the event loop is not blocked while one waits), then run BEGIN IMMEDIATE … COMMIT
 * (ROLLBACK on a throw). A transaction started inside one (the same async context, known through AsyncLocalStorage) is
 * a SAVEPOINT of it.
 *
 * Why a connection of its own: a body that awaits lets other requests run in between. Had the transaction been open on
 * the connection every request reads through, another request could read its uncommitted rows, or write into it and be
 * rolled back with it. The server's requests read through a connection that cannot write (`Db`: no insert, update or
 * delete in its type, and opened read-only, db/index.ts) and see only committed data, as on PostgreSQL's pool; every
 * write comes here. An in-memory database (unit tests) has one connection, which is also its writer.
 *
 * On PostgreSQL a transaction takes a client of the pool for itself (BEGIN … COMMIT on it, ROLLBACK on a throw), so
 * transactions run at once, each on its own connection; requests read through the pool. Its `tx` is a drizzle handle
 * over that client. Nested transactions are savepoints, as on SQLite. Check-then-act writes take their row or advisory
 * locks inside (READ COMMITTED, PostgreSQL's default).
 */

interface Held {
  client: Database.Database;
  savepoints: number;
  /** False once the transaction has ended: work it started and left running (a background rebuild) is not inside it. */
  open: boolean;
}

const held = new AsyncLocalStorage<Held>();
/** This async context's transaction on `client`, while it is open. */
const heldOn = (client: Database.Database): Held | undefined => {
  const current = held.getStore();
  return current?.open && current.client === client ? current : undefined;
};
/** The writer connection of each database file in this process, and how many open connections use it. */
const writers = new Map<string, { tx: Conn; users: number }>();
/** Each writer connection's drizzle handle (the transactions' `tx`). */
const writerHandles = new WeakMap<Database.Database, Conn>();
const registered = new WeakSet<Database.Database>();
/** The tail of each writer's queue of transactions. */
const queues = new WeakMap<Database.Database, Promise<void>>();

/**
 * The connection transactions of this database write through: for a file, ONE per process, whichever connection asks
 * (the server's reader, a warm-up's or a script's own connection), so no two connections of this thread ever wait for
 * each other's write lock (a wait that blocks the thread would stall the very transaction it waits for). The first
 * connection of a file that may write becomes it (a script's or a test's single connection, as before); a read-only one
 * (the server's reader) gets one of its own, `writer` or opened here. It closes when the last connection that used it
 * closes. An in-memory database is its own writer.
 */
export function writerOf(db: DbOrTx, writer?: Conn): Tx {
  const client = sqliteOf(db);
  if (client.memory || !client.name) return db as Tx;
  const own = writerHandles.get(client);
  if (own) return own;
  let entry = writers.get(client.name);
  if (!entry || !entry.tx.$client.open) {
    const tx = writer ?? (client.readonly ? openDb(client.name) : drizzle(client, { schema }));
    writerHandles.set(tx.$client, tx);
    entry = { tx, users: 0 };
    writers.set(client.name, entry);
    if (tx.$client === client) return tx;
  } else if (writer && writer !== entry.tx) {
    // This file has its writer already (a connection opened earlier in this process): the one offered is not needed.
    writer.$client.close();
  }
  if (!registered.has(client)) {
    registered.add(client);
    const mine = entry;
    mine.users++;
    const close = client.close.bind(client);
    client.close = () => {
      if (--mine.users === 0 && writers.get(client.name) === mine) {
        writers.delete(client.name);
        // A writer that is a connection of its own closes with the last connection that used it.
        if (mine.tx.$client.open) mine.tx.$client.close();
      }
      return close();
    };
  }
  return entry.tx;
}

/**
 * The server's database: `reader` reads (read-only), `writer` (a connection to the same file that may write) takes
 * every transaction. Returns the reader.
 */
export function withWriter<D extends DbOrTx>(reader: D, writer?: Conn): D {
  writerOf(reader, writer);
  return reader;
}

/**
 * `run` inside a savepoint of the open transaction (a transaction started inside another): released when it returns,
 * rolled back to (only its own writes) and released when it throws. `exec` runs a statement on the transaction's
 * connection, on either engine (both spell these statements the same).
 */
async function inSavepoint<T>(exec: (statement: string) => unknown, name: string, run: () => Promise<T> | T): Promise<T> {
  await exec(`SAVEPOINT ${name}`);
  try {
    const result = await run();
    await exec(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (e) {
    await exec(`ROLLBACK TO SAVEPOINT ${name}`);
    await exec(`RELEASE SAVEPOINT ${name}`);
    throw e;
  }
}

function warnAside(e: unknown): void {
  console.warn('[db] a memo write failed:', e instanceof Error ? e.message : e);
}

/** This async context's open PostgreSQL transaction: its client, the pool it came from, its handle. */
interface HeldPg {
  client: pg.PoolClient;
  pool: pg.Pool;
  tx: Tx;
  savepoints: number;
  open: boolean;
  /**
   * Writes asked for aside (writeAside) from synchronous code inside it: run after its body, each in a savepoint (a
   * failing one is only logged), before it commits. Run then, not at once: a savepoint opened while the body's
   * statements still run on the same client would take them in, and its rollback would undo them.
   */
  aside: ((tx: Tx) => void | Promise<void>)[];
}
const heldPg = new AsyncLocalStorage<HeldPg>();

/** This context's open transaction on `client` (its pool, or its own client), if any. */
function heldPgOn(client: pg.Pool | pg.PoolClient): HeldPg | undefined {
  const current = heldPg.getStore();
  return current?.open && (current.pool === client || current.client === client) ? current : undefined;
}

async function pgTransaction<T>(client: pg.Pool | pg.PoolClient, fn: (tx: Tx) => Promise<T> | T): Promise<T> {
  const current = heldPgOn(client);
  if (current)
    return await inSavepoint(
      (statement) => current.client.query(statement),
      `sp${++current.savepoints}`,
      () => fn(current.tx),
    );
  if (!(client instanceof pg.Pool))
    throw new Error('transaction(): a PostgreSQL transaction handle was used outside its transaction; pass the database instead.');
  const conn = await client.connect();
  const store: HeldPg = {
    client: conn,
    pool: client,
    tx: drizzlePg(conn, { schema: pgSchema }) as unknown as Tx,
    savepoints: 0,
    open: true,
    aside: [],
  };
  let broken: unknown;
  try {
    return await heldPg.run(store, async () => {
      await conn.query('BEGIN');
      try {
        const result = await fn(store.tx);
        for (let f = store.aside.shift(); f; f = store.aside.shift()) await pgTransaction(client, f).catch(warnAside);
        await conn.query('COMMIT');
        return result;
      } catch (e) {
        await conn.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
        throw e;
      } finally {
        store.open = false;
      }
    });
  } finally {
    // A client whose ROLLBACK failed is in an unknown state: the pool closes it instead of handing it out again.
    conn.release(broken instanceof Error ? broken : undefined);
  }
}

/**
 * Runs `fn` in a transaction and returns its result; a throw rolls every write of it back and is rethrown. Inside
 * another transaction of the same database it is a savepoint of that one (its rollback undoes only its own writes).
 */
export async function transaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T> | T): Promise<T> {
  const pgClient = pgClientOf(db);
  if (pgClient) return await pgTransaction(pgClient, fn);
  const tx = writerOf(db);
  const client = sqliteOf(tx);
  const current = heldOn(client);
  if (current)
    return await inSavepoint(
      (statement) => client.exec(statement),
      `sp${++current.savepoints}`,
      () => fn(tx),
    );
  const turn = await takeTurn(client);
  try {
    if (client.inTransaction)
      throw new Error('transaction(): the connection is inside a synchronous transaction (a bulk load); run this after it.');
    const store: Held = { client, savepoints: 0, open: true };
    return await held.run(store, async () => {
      client.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(tx);
        client.exec('COMMIT');
        return result;
      } catch (e) {
        if (client.inTransaction) client.exec('ROLLBACK');
        throw e;
      } finally {
        store.open = false;
      }
    });
  } finally {
    turn.release();
  }
}

/** The writer's turn, held by work that writes through another connection of the same file (writeTurn). */
export interface WriteTurn {
  /** Whether a transaction (or another turn) waits for this one. */
  wanted(): boolean;
  release(): void;
}

/**
 * Waits for the turn of the database file's writer, as a transaction does, and holds it until released: for work that
 * writes through another connection of the same file (a bulk commit's worker, db/write-worker.ts), so that this
 * process's transactions wait for it in their queue, the event loop free, rather than for SQLite's write lock with the
 * thread blocked. Null on PostgreSQL and in memory (no such queue).
 */
export async function writeTurn(db: DbOrTx): Promise<WriteTurn | null> {
  if (pgClientOf(db)) return null;
  const client = sqliteOf(writerOf(db));
  if (client.memory || !client.name) return null;
  return await takeTurn(client);
}

/** Queues for the writer's turn and resolves once it is this caller's: the transactions before it have ended. */
async function takeTurn(client: Database.Database): Promise<WriteTurn> {
  const before = queues.get(client) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  queues.set(client, tail);
  await before;
  let released = false;
  return {
    wanted: () => queues.get(client) !== tail,
    release: () => {
      if (released) return;
      released = true;
      release();
      if (queues.get(client) === tail) queues.delete(client);
    },
  };
}

/**
 * A write a read makes on the side (a memo of a computed result), from code that cannot await: at once when the writer
 * is idle (a synchronous statement cannot interleave with anything) or inside this context's own transaction; otherwise
 * queued as a transaction of its own, whose failure is only logged (the memo is computed again next time).
 */
export function writeAside(db: DbOrTx, fn: (tx: Tx) => void | Promise<void>): void {
  const pgClient = pgClientOf(db);
  if (pgClient) {
    // PostgreSQL: inside this context's transaction, done before it commits; otherwise a transaction of its own.
    const current = heldPgOn(pgClient);
    if (current) current.aside.push(fn);
    else transaction(db, fn).catch(warnAside);
    return;
  }
  const tx = writerOf(db);
  const client = sqliteOf(tx);
  if (heldOn(client) || (!queues.has(client) && !client.inTransaction)) {
    const done = fn(tx);
    if (done instanceof Promise) done.catch(warnAside);
    return;
  }
  transaction(db, fn).catch(warnAside);
}
