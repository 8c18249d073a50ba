/**
 * Statements prepared once per connection. Drizzle builds the SQL text and better-sqlite3 compiles it
 * on every call of a query builder; on the per-request path (the session check, the funder lookup)
 * that is most of the cost, so those queries are prepared once and only bound and stepped per call.
 * Keyed weakly by the connection (or transaction) object, so a closed test database takes its
 * statements with it.
 */
import Database from 'better-sqlite3';
import { sqliteOf, type DbOrTx } from '../client';

const statements = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<T>(db: object, name: string, prepare: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let stmt = byName.get(name) as T | undefined;
  if (stmt === undefined) {
    stmt = prepare();
    byName.set(name, stmt);
  }
  return stmt;
}

const bySql = new WeakMap<Database.Database, Map<string, Database.Statement>>();
/** Distinct SQL texts kept per connection (the code has a few hundred; texts built per call, e.g. IN lists, come and go). */
const MAX_SQL_TEXTS = 500;

/**
 * `client.prepare(sql)` compiled once per connection and SQL text: the read paths of every page (the stamps, the
 * snapshot months, the credit records, the lease journal) compiled their statements on every request (≈ 0.7 ms of a
 * Dashboard request under bench:ratio). For a statement used at once, where it is asked for (`statementFor(db,
 * sql).raw().all(…)`): the one handed out is reset to return objects (raw, pluck and expand off), and one still
 * iterating elsewhere is not shared (a fresh one is compiled).
 */
export function statementFor(db: DbOrTx | Database.Database, sql: string): Database.Statement {
  const client = db instanceof Database ? db : sqliteOf(db);
  let byText = bySql.get(client);
  if (!byText) bySql.set(client, (byText = new Map()));
  let stmt = byText.get(sql);
  if (stmt === undefined) {
    stmt = client.prepare(sql);
    if (byText.size >= MAX_SQL_TEXTS) byText.clear();
    byText.set(sql, stmt);
    return stmt;
  }
  if (stmt.busy) return client.prepare(sql);
  if (stmt.reader) stmt.raw(false).pluck(false).expand(false);
  return stmt;
}
