/**
 * Copies a whole QUANTUM database from a SQLite file into an empty PostgreSQL database (npm run db:copy), table by
 * table in foreign-key order, in one PostgreSQL transaction that commits only when every table's row count and column
 * checksums match the source's. Table and column names come from the schema (db/schema), never from input; every value
 * is a bound parameter.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import { migrationsFolder } from './client';
import * as schema from './schema';

type Kind = 'integer' | 'boolean' | 'real' | 'text' | 'blob';
type CopyColumn = { name: string; kind: Kind };
type CopyTable = { name: string; columns: CopyColumn[]; identity: string | null; parents: string[] };

/** A table as copied: rows, and per column the checks that matched (or the first that did not). */
export type TableReport = { table: string; rows: number; checks: number; mismatches: string[] };

export type CopyOptions = {
  onTable?: (table: string, rows: number) => void;
  onRows?: (table: string, copied: number, total: number) => void;
};

export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefused';
  }
}

function kindOf(column: { getSQLType(): string; columnType: string }): Kind {
  if (column.columnType === 'SQLiteBoolean') return 'boolean';
  const type = column.getSQLType();
  if (type === 'integer') return 'integer';
  if (type === 'real') return 'real';
  if (type === 'blob') return 'blob';
  return 'text';
}

/** The schema's tables, parents before children (every foreign key points to a table copied earlier). */
export function copyOrder(): CopyTable[] {
  const tables = new Map<string, CopyTable>();
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    // The integer primary key, whatever its name (the journal's is `seq`): its identity continues after the copy.
    const pk = config.columns.find((c) => c.primary && c.getSQLType() === 'integer');
    tables.set(config.name, {
      name: config.name,
      columns: config.columns.map((c) => ({ name: c.name, kind: kindOf(c) })),
      identity: pk ? pk.name : null,
      parents: [
        ...new Set(config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((n) => n !== config.name)),
      ],
    });
  }
  const ordered: CopyTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`The schema's foreign keys form a cycle through ${name}.`);
    state.set(name, 'visiting');
    for (const parent of tables.get(name)!.parents) visit(parent);
    state.set(name, 'done');
    ordered.push(tables.get(name)!);
  };
  for (const name of [...tables.keys()].sort()) visit(name);
  return ordered;
}

/** How many SQLite migrations the code has: what a source file must have applied to be copied. */
export function committedSqliteMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

const q = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The source is at the schema this code copies: every committed SQLite migration applied. */
function assertSourceCurrent(source: Database.Database, migrations: number): void {
  const applied = source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get()
    ? (source.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n
    : 0;
  if (applied !== migrations)
    throw new CopyRefused(
      `The SQLite file has ${applied} of the ${migrations} migrations applied: bring it up to date first (DATABASE_URL=<file> npm run db:migrate).`,
    );
}

/**
 * The checks of one column, the same expression on both engines: rows with a value; for integers the sums of the
 * value's millions and of its remainder (exact in 64 bits for any book: one sum of epoch milliseconds over millions of
 * rows would overflow), for reals the sum (compared within a relative 1e-9: the engines add in different orders), for
 * booleans the true ones, for text and blobs the total length.
 */
function checkExpressions(column: CopyColumn, engine: 'sqlite' | 'pg'): string[] {
  const c = q(column.name);
  const cast = (e: string) => (engine === 'pg' ? `(${e})::text` : `CAST(${e} AS TEXT)`);
  const zero = (e: string) => `coalesce(${e}, 0)`;
  switch (column.kind) {
    case 'integer':
      return [`count(${c})`, cast(zero(`sum(${c} / 1000000)`)), cast(zero(`sum(${c} % 1000000)`))];
    case 'real':
      return [`count(${c})`, zero(`sum(${c})`)];
    case 'boolean':
      return [`count(${c})`, engine === 'pg' ? `count(*) FILTER (WHERE ${c})` : `count(CASE WHEN ${c} THEN 1 END)`];
    case 'blob':
      return [`count(${c})`, zero(engine === 'pg' ? `sum(octet_length(${c}))` : `sum(length(${c}))`)];
    default:
      return [`count(${c})`, zero(`sum(length(${c}))`)];
  }
}

function sameCheck(kind: Kind, a: unknown, b: unknown): boolean {
  if (kind === 'real' && typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return String(a) === String(b);
}

// node-postgres binds at most 65,535 parameters a statement.
const MAX_PARAMETERS = 60_000;

/**
 * Copies `source` into `target` (migrated, every table empty) and verifies every table before committing. Returns the
 * per-table report; throws CopyRefused when the target is not empty or the source not current, and rolls back (and
 * throws CopyRefused with the report's mismatches) when a check differs.
 */
export async function copySqliteToPostgres(
  source: Database.Database,
  target: pg.Pool,
  migrations: number,
  options: CopyOptions = {},
): Promise<TableReport[]> {
  assertSourceCurrent(source, migrations);
  const tables = copyOrder();
  const client = await target.connect();
  try {
    for (const table of tables) {
      const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${q(table.name)}) AS present`);
      if (rows[0].present)
        throw new CopyRefused(`The PostgreSQL database is not empty (table ${table.name} has rows): copy into a new, empty database.`);
    }
    await client.query('BEGIN');
    for (const table of tables) await copyTable(source, client, table, options);
    const reports = await verify(source, client, tables);
    const bad = reports.filter((r) => r.mismatches.length);
    if (bad.length) {
      await client.query('ROLLBACK');
      throw new CopyRefused(
        `The copy did not match its source, and nothing was kept: ${bad.map((r) => `${r.table} (${r.mismatches.join('; ')})`).join(', ')}`,
      );
    }
    await client.query('COMMIT');
    return reports;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

async function copyTable(source: Database.Database, client: pg.PoolClient, table: CopyTable, options: CopyOptions): Promise<void> {
  const names = table.columns.map((c) => q(c.name)).join(', ');
  const total = (source.prepare(`SELECT count(*) AS n FROM ${q(table.name)}`).get() as { n: number }).n;
  options.onTable?.(table.name, total);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length));
  const booleans = table.columns.map((c) => c.kind === 'boolean');
  const flush = async (batch: unknown[][]) => {
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const slots = row.map((value, k) => {
        params.push(booleans[k] && value !== null ? value !== 0 : value);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    await client.query(`INSERT INTO ${q(table.name)} (${names}) VALUES ${tuples.join(', ')}`, params);
  };
  // Iterated, never loaded whole (a 100,000-lease book has millions of schedule rows).
  const rows = source.prepare(`SELECT ${names} FROM ${q(table.name)}`).raw(true);
  let batch: unknown[][] = [];
  let copied = 0;
  for (const row of rows.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length === perStatement) {
      // The iterator holds the SQLite statement open across the await: nothing else uses this connection meanwhile.
      await flush(batch);
      copied += batch.length;
      options.onRows?.(table.name, copied, total);
      batch = [];
    }
  }
  if (batch.length) {
    await flush(batch);
    copied += batch.length;
    options.onRows?.(table.name, copied, total);
  }
  if (table.identity) {
    // The identity continues after the copied ids (an empty table starts at 1).
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${q(table.identity)}) FROM ${q(table.name)}), 0) + 1, false)`,
      [q(table.name), table.identity],
    );
  }
}

async function verify(source: Database.Database, client: pg.PoolClient, tables: CopyTable[]): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  for (const table of tables) {
    const kinds: Kind[] = ['integer'];
    const labels = ['rows'];
    const sqliteExprs = ['count(*)'];
    const pgExprs = ['count(*)'];
    for (const column of table.columns) {
      const s = checkExpressions(column, 'sqlite');
      const p = checkExpressions(column, 'pg');
      s.forEach((_, k) => {
        kinds.push(column.kind === 'real' && k > 0 ? 'real' : 'integer');
        labels.push(`${column.name}#${k}`);
      });
      sqliteExprs.push(...s);
      pgExprs.push(...p);
    }
    const expected = source
      .prepare(`SELECT ${sqliteExprs.join(', ')} FROM ${q(table.name)}`)
      .raw(true)
      .get() as unknown[];
    const { rows } = await client.query({ text: `SELECT ${pgExprs.join(', ')} FROM ${q(table.name)}`, rowMode: 'array' });
    const actual = rows[0] as unknown[];
    const mismatches: string[] = [];
    expected.forEach((value, k) => {
      if (!sameCheck(kinds[k]!, value, actual[k])) mismatches.push(`${labels[k]}: ${String(value)} ≠ ${String(actual[k])}`);
    });
    reports.push({ table: table.name, rows: Number(expected[0]), checks: expected.length, mismatches });
  }
  return reports;
}
