/**
 * What the two engines do differently, in one place, so that a query is written once (ARCHITECTURE.md "Two database
 * engines, one data layer"):
 * - drizzle's builders are awaited on both (`await q`, `(await q.limit(1))[0]`); a write's count of changed rows
 *   differs in shape (`rowsChanged`);
 * - SQL text written by hand runs through `rowsOf` / `arraysOf` / `firstOf` / `valueOf` / `executeSql`, with `?`
 *   placeholders: on SQLite a statement prepared once per connection (db/queries/prepared.ts), on PostgreSQL the
 *   connection's `query` with `$1, $2 …`;
 * - the few functions the dialects spell differently are fragments here (`jsonText`, `idListSql`).
 *
 * A process serves one engine (db/tables.ts); which one a handle is on is read from the handle itself.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { statementFor } from './queries/prepared';
import { tablesEngine } from './tables';

/** This process's queries run on PostgreSQL (DATABASE_URL names a PostgreSQL server). */
export const onPostgres = tablesEngine === 'postgres';

type PgResult = { rows: unknown[]; rowCount: number | null };

/** The node-postgres pool or pooled client under a PostgreSQL handle (a drizzle database over it); undefined for SQLite. */
export function pgClientOf(db: DbOrTx): pg.Pool | pg.PoolClient | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client === undefined || client instanceof Database) return undefined;
  return client instanceof pg.Pool || client instanceof pg.Client ? (client as pg.Pool | pg.PoolClient) : undefined;
}

/** `text` (with `?` placeholders) on the PostgreSQL client of a handle that is not SQLite's. */
async function pgQuery(db: DbOrTx, text: string, params: readonly unknown[], rowMode?: 'array'): Promise<PgResult> {
  const client = pgClientOf(db) as { query: (config: { text: string; values: unknown[]; rowMode?: 'array' }) => Promise<PgResult> };
  return await client.query({ text: toPgText(text), values: [...params], rowMode });
}

/** Which engine a handle is on, from the handle itself (a process serves one, but the tools and tests hold both). */
function isSqlite(db: DbOrTx): boolean {
  return pgClientOf(db) === undefined;
}

const pgTexts = new Map<string, string>();
const MAX_PG_TEXTS = 500;

/**
 * A SQL text with `?` placeholders in PostgreSQL's numbered form (`$1, $2 …`). A `?` inside a quoted string or a
 * quoted name is left alone. Kept per text: the texts are few and fixed (a text built per call, e.g. an IN list,
 * comes and goes within the bound).
 */
export function toPgText(text: string): string {
  let out = pgTexts.get(text);
  if (out !== undefined) return out;
  let n = 0;
  let quote: string | null = null;
  out = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else out += ch === '?' ? `$${++n}` : ch;
  }
  if (pgTexts.size >= MAX_PG_TEXTS) pgTexts.clear();
  pgTexts.set(text, out);
  return out;
}

/** The rows of a query, as objects named by their columns. */
export async function rowsOf<T>(db: DbOrTx, text: string, params: readonly unknown[] = []): Promise<T[]> {
  if (isSqlite(db)) return statementFor(db, text).all(...params) as T[];
  return (await pgQuery(db, text, params)).rows as T[];
}

/** The rows of a query, each an array of its columns in order (no name needed, none shadowed). */
export async function arraysOf<T extends unknown[]>(db: DbOrTx, text: string, params: readonly unknown[] = []): Promise<T[]> {
  if (isSqlite(db))
    return statementFor(db, text)
      .raw()
      .all(...params) as T[];
  return (await pgQuery(db, text, params, 'array')).rows as T[];
}

/** The first row of a query as an object, or undefined. */
export async function firstOf<T>(db: DbOrTx, text: string, params: readonly unknown[] = []): Promise<T | undefined> {
  if (isSqlite(db)) return statementFor(db, text).get(...params) as T | undefined;
  return (await pgQuery(db, text, params)).rows[0] as T | undefined;
}

/** The first column of the first row, or undefined when there is no row. */
export async function valueOf<T>(db: DbOrTx, text: string, params: readonly unknown[] = []): Promise<T | undefined> {
  if (isSqlite(db))
    return statementFor(db, text)
      .pluck()
      .get(...params) as T | undefined;
  const rows = (await pgQuery(db, text, params, 'array')).rows as unknown[][];
  return rows[0]?.[0] as T | undefined;
}

/** The first column of every row. */
export async function columnOf<T>(db: DbOrTx, text: string, params: readonly unknown[] = []): Promise<T[]> {
  if (isSqlite(db))
    return statementFor(db, text)
      .pluck()
      .all(...params) as T[];
  const rows = (await pgQuery(db, text, params, 'array')).rows as unknown[][];
  return rows.map((r) => r[0] as T);
}

/** Runs a statement that returns no rows; answers how many rows it changed. */
export async function executeSql(db: DbOrTx, text: string, params: readonly unknown[] = []): Promise<number> {
  if (isSqlite(db)) return statementFor(db, text).run(...params).changes;
  return (await pgQuery(db, text, params)).rowCount ?? 0;
}

/** How many rows an awaited insert, update or delete changed (SQLite's `changes`, PostgreSQL's `rowCount`). */
export function rowsChanged(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return r.changes ?? r.rowCount ?? 0;
}

/**
 * The text at `path` inside a JSON text column (`jsonText(h.changes, ['status', 1])`: `$.status[1]`), or null when
 * there is none. SQLite's `json_extract` answers a JSON value in its own type; this answers text on both engines, so
 * compare it with text.
 */
export function jsonText(column: SQLWrapper, path: readonly (string | number)[]): SQL {
  if (onPostgres) return sql`(${column}::jsonb #>> ${pgJsonPath(path)})`;
  return sql`cast(json_extract(${column}, ${sqliteJsonPath(path)}) as text)`;
}

/** `jsonText` inside SQL text written by hand: `expression` is SQL text (a column name), `path` a constant of the code. */
export function jsonTextSql(expression: string, path: readonly (string | number)[]): string {
  if (onPostgres) return `(${expression}::jsonb #>> '${pgJsonPath(path)}')`;
  return `cast(json_extract(${expression}, '${sqliteJsonPath(path)}') as text)`;
}

function pgJsonPath(path: readonly (string | number)[]): string {
  return `{${path.join(',')}}`;
}
function sqliteJsonPath(path: readonly (string | number)[]): string {
  return '$' + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
}

/**
 * SQLite's unary `+` before a column in a WHERE term keeps the planner off that column's index (a hint, no change of
 * meaning); PostgreSQL has no unary plus on text and needs no such hint, so it is left out there.
 */
export const NO_INDEX = onPostgres ? '' : '+';

/** The case-insensitive LIKE of the text searches (SQLite's LIKE is, for ASCII letters; PostgreSQL's is ILIKE). */
export const LIKE: SQL = sql.raw(onPostgres ? 'ilike' : 'like');
/** `column LIKE pattern`, case-insensitively on both engines. */
export function likeText(column: SQLWrapper, pattern: string): SQL {
  return sql`${column} ${LIKE} ${pattern}`;
}

/**
 * A list of ids as one bound parameter, for a text query: `id ${idListSql}` with `idListParam(ids)` in the params.
 * One statement serves every list length (SQLite: a JSON array read by json_each; PostgreSQL: an int8 array).
 */
export const idListSql = onPostgres ? '= any(?::int8[])' : 'in (select value from json_each(?))';
export function idListParam(ids: readonly number[]): unknown {
  return onPostgres ? ids : JSON.stringify(ids);
}

/** `column` is one of `ids`, as a drizzle condition with the list as one parameter (idListSql's twin). */
export function inIdList(column: SQLWrapper, ids: readonly number[]): SQL {
  return onPostgres
    ? sql`${column} = any(${sql.param(ids)}::int8[])`
    : sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * A list of ids as a table of one column `value` (distinct ids), for a text query's FROM: `from ${idTableSql} j` with
 * `idListParam(ids)` in the params (SQLite: json_each over a JSON array; PostgreSQL: unnest of an int8 array).
 */
export const idTableSql = onPostgres ? '(select distinct unnest(?::int8[]) as value)' : '(select distinct value from json_each(?))';

/**
 * The values of `expression` over a group as one comma-separated text, in `order`. SQLite's group_concat takes the
 * order of the scan (the servicing lists read a covering index in exactly that order); PostgreSQL's string_agg is
 * told the order.
 */
export function listAgg(expression: string, order: string): string {
  return onPostgres ? `string_agg((${expression})::text, ',' order by ${order})` : `group_concat(${expression})`;
}

/** SQLite's `indexed by` clause (the index a query must read, where its planner would pick a worse one); PostgreSQL's planner picks. */
export function indexedBy(index: string): string {
  return onPostgres ? '' : `indexed by ${index}`;
}

/** A LIMIT parameter that sets no limit (SQLite: a negative one; PostgreSQL: NULL, which refuses a negative one). */
export const NO_LIMIT: number | null = onPostgres ? null : -1;

/**
 * A join kept in the order written: SQLite's CROSS JOIN (its planner then never reorders the tables, a hint that may
 * take an ON clause); PostgreSQL's plain JOIN (its CROSS JOIN takes no ON, and its planner orders the tables).
 */
export const JOIN_IN_ORDER = onPostgres ? 'join' : 'cross join';

/** The JSON array of texts in the text column `column` holds `value` (a task's tag, a mail's label). */
export function jsonArrayHas(column: SQLWrapper, value: string): SQL {
  if (onPostgres) return sql`(${column}::jsonb @> jsonb_build_array(${value}::text))`;
  return sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}

/** `column` contains `text`, letter case aside (a search box's plain substring, no LIKE wildcards). */
export function containsText(column: SQLWrapper, text: string): SQL {
  return onPostgres ? sql`strpos(lower(${column}), lower(${text})) > 0` : sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** `column` compared by code units (SQLite's BINARY collation, PostgreSQL's "C"): an order that is the same everywhere. */
export function binaryOrder(column: SQLWrapper): SQL {
  return onPostgres ? sql`${column} collate "C"` : sql`${column} collate binary`;
}
