import type Database from 'better-sqlite3';
import { sqliteOf, type DbOrTx } from '../client';
import { pgClientOf } from '../dialect';
import { preparedFor } from './prepared';

/**
 * Reads kept until the database changes. Every authenticated request read the session's user, the user's funder
 * assignments and the funder row the valuation cache checks: three drizzle queries of ≈ 15–30 µs each, most of it
 * mapping the row. Whether anything changed is cheaper to ask.
 *
 * The stamp: `total_changes()` (rows written by this connection, counted for every INSERT, UPDATE or DELETE and
 * never going back, not even on a rollback) and `PRAGMA data_version` (moves when another connection commits: a
 * tape import's commit worker, a script). Any write drops every memo of the connection: writes are rare next to
 * reads, and no write path has to remember what to invalidate. Inside a transaction nothing is read from or kept in
 * the memo: what a transaction reads may be rolled back, and a rollback does not move the stamp.
 *
 * Asking costs ≈ 7 µs (`PRAGMA data_version` looks at the WAL index; `total_changes()` is free); the drizzle reads it
 * saves cost 15–30 µs each.
 */
type Memo = { changes: number; dataVersion: number; values: Map<string, unknown> };

const memos = new WeakMap<Database.Database, Memo>();
/** A bound on the entries kept between two writes (users and funders are few; a bound all the same). */
const MAX_ENTRIES = 10_000;

/** `read()` as of now: from the memo when the database has not changed since it was read under `key`. */
export function readUntilChange<T>(db: DbOrTx, key: string, read: () => T): T {
  // PostgreSQL has no cheap stamp of "nothing changed since" that covers other servers' writes: read every time.
  if (pgClientOf(db)) return read();
  const client = sqliteOf(db);
  if (client.inTransaction) return read();
  const changes = preparedFor(client, 'changeMemo.changes', () => client.prepare('select total_changes()').pluck()).get() as number;
  const dataVersion = preparedFor(client, 'changeMemo.dataVersion', () => client.prepare('pragma data_version').pluck()).get() as number;
  let memo = memos.get(client);
  if (!memo || memo.changes !== changes || memo.dataVersion !== dataVersion || memo.values.size >= MAX_ENTRIES) {
    memo = { changes, dataVersion, values: new Map() };
    memos.set(client, memo);
  }
  if (memo.values.has(key)) return memo.values.get(key) as T;
  const value = read();
  memo.values.set(key, value);
  // A promise is kept while it is pending too (callers at once share one read); one that fails is not kept.
  if (value instanceof Promise) {
    const kept = memo;
    value.catch(() => {
      if (kept.values.get(key) === value) kept.values.delete(key);
    });
  }
  return value;
}

/** A value made read-only all the way down: what a memo hands the same objects of to every caller. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
