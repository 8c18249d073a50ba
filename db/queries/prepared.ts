/**
 * Statements prepared once per connection. Drizzle builds the SQL text and better-sqlite3 compiles it
 * on every call of a query builder; on the per-request path (the session check, the funder lookup)
 * that is most of the cost, so those queries are prepared once and only bound and stepped per call.
 * Keyed weakly by the connection (or transaction) object, so a closed test database takes its
 * statements with it.
 */
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
