/**
 * The committed migrations of both engines build the same database: applied to a fresh SQLite file and to a fresh
 * PostgreSQL database, they hold the same tables, columns (types mapped, nullability, defaults), primary keys, foreign
 * keys and indexes. Columns are compared by name, not position: SQLite appends a column added by a later migration,
 * where PostgreSQL's one migration has it in the schema's order (every query names its columns). (tests/unit/schema-dialects.test.ts compares the two drizzle schemas; this compares what the
 * migrations made on real servers, so a migration generated for one engine only fails here.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations } from '@/db/client';
import { openPgDb, runPgMigrations, type PgDb } from '@/db/pg-client';
import { createTestDatabase, type TestDatabase } from '../helpers/pg';

type Column = { name: string; type: string; notNull: boolean; hasDefault: boolean };
const byName = (a: Column, b: Column) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * A unique index by its columns only: a unique constraint is an unnamed automatic index on SQLite
 * (sqlite_autoindex_…) and drizzle-kit makes a column's .unique() a unique index there but a constraint on PostgreSQL.
 */
function indexLabel(name: string, unique: boolean, cols: string[]): string {
  return unique ? `unique (${cols.join(',')})` : `${name} (${cols.join(',')})`;
}

type Shape = {
  columns: Column[];
  primaryKey: string[];
  foreignKeys: string[];
  indexes: string[];
};

// SQLite's declared types as the PostgreSQL ones map back: int8 and boolean are INTEGER, double precision is REAL.
const PG_TYPES: Record<string, string> = { bigint: 'integer', boolean: 'integer', 'double precision': 'real', text: 'text', bytea: 'blob' };
const ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

function sqliteShapes(file: string): Map<string, Shape> {
  const db = openDb(file);
  runMigrations(db);
  const s = db.$client;
  const shapes = new Map<string, Shape>();
  const tables = s
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name",
    )
    .all() as { name: string }[];
  for (const { name } of tables) {
    const info = s.pragma(`table_info("${name}")`) as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const columns = info
      .map((c) => ({
        name: c.name,
        type: c.type.toLowerCase(),
        notNull: c.notnull === 1 || c.pk > 0,
        hasDefault: c.dflt_value !== null,
      }))
      .sort(byName);
    const fkRows = s.pragma(`foreign_key_list("${name}")`) as {
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string;
      on_delete: string;
      on_update: string;
    }[];
    const byId = new Map<number, typeof fkRows>();
    for (const r of fkRows) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
    const foreignKeys = [...byId.values()]
      .map((rows) => {
        rows.sort((a, b) => a.seq - b.seq);
        const r = rows[0]!;
        return `(${rows.map((x) => x.from).join(',')}) → ${r.table}(${rows.map((x) => x.to).join(',')}) delete ${r.on_delete} update ${r.on_update}`;
      })
      .sort();
    const indexList = s.pragma(`index_list("${name}")`) as { name: string; unique: number; origin: string }[];
    const indexes = indexList
      .filter((i) => i.origin !== 'pk')
      .map((i) => {
        const cols = (s.pragma(`index_info("${i.name}")`) as { seqno: number; name: string }[])
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name);
        return indexLabel(i.name, i.unique === 1, cols);
      })
      .sort();
    shapes.set(name, { columns, primaryKey, foreignKeys, indexes });
  }
  db.$client.close();
  return shapes;
}

async function pgShapes(db: PgDb): Promise<Map<string, Shape>> {
  const c = db.$client;
  const shapes = new Map<string, Shape>();
  const { rows: tables } = await c.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  for (const { name } of tables) {
    const { rows: cols } = await c.query<{ name: string; type: string; nullable: string; dflt: string | null; identity: string }>(
      `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS dflt, is_identity AS identity
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [name],
    );
    const { rows: pk } = await c.query<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = $1::regclass AND i.indisprimary
        ORDER BY array_position(i.indkey, a.attnum)`,
      [`"${name}"`],
    );
    const { rows: fks } = await c.query<{ cols: string[]; ftable: string; fcols: string[]; del: string; upd: string }>(
      `SELECT array(SELECT attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = con.conrelid AND attnum = k.n ORDER BY o) AS cols,
              cf.relname AS ftable,
              array(SELECT attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = con.confrelid AND attnum = k.n ORDER BY o) AS fcols,
              con.confdeltype AS del, con.confupdtype AS upd
         FROM pg_constraint con JOIN pg_class cf ON cf.oid = con.confrelid
        WHERE con.conrelid = $1::regclass AND con.contype = 'f'`,
      [`"${name}"`],
    );
    const { rows: idx } = await c.query<{ name: string; unique: boolean; cols: string[] }>(
      `SELECT ic.relname AS name, i.indisunique AS unique,
              array(SELECT attname::text FROM unnest(i.indkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = i.indrelid AND attnum = k.n ORDER BY o) AS cols
         FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
        WHERE i.indrelid = $1::regclass AND NOT i.indisprimary`,
      [`"${name}"`],
    );
    shapes.set(name, {
      columns: cols
        .map((col) => ({
          name: col.name,
          type: PG_TYPES[col.type] ?? col.type,
          notNull: col.nullable === 'NO',
          // An identity column has no default on PostgreSQL, and an INTEGER PRIMARY KEY none on SQLite.
          hasDefault: col.dflt !== null && col.identity !== 'YES',
        }))
        .sort(byName),
      primaryKey: pk.map((r) => r.name),
      foreignKeys: fks
        .map((f) => `(${f.cols.join(',')}) → ${f.ftable}(${f.fcols.join(',')}) delete ${ACTIONS[f.del]} update ${ACTIONS[f.upd]}`)
        .sort(),
      indexes: idx.map((i) => indexLabel(i.name, i.unique, i.cols)).sort(),
    });
  }
  return shapes;
}

describe('the committed migrations of SQLite and PostgreSQL build the same database', () => {
  let dir: string;
  let database: TestDatabase;
  let pgDb: PgDb;
  let sqliteFile: string;
  let sqlite: Map<string, Shape>;
  let postgres: Map<string, Shape>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-schema-'));
    sqliteFile = path.join(dir, 'q.db');
    sqlite = sqliteShapes(sqliteFile);
    database = await createTestDatabase('schema');
    pgDb = openPgDb(database.url, { max: 2 });
    await runPgMigrations(pgDb);
    postgres = await pgShapes(pgDb);
  });

  afterAll(async () => {
    await pgDb?.$client.end();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the same tables', () => {
    expect(sqlite.size).toBeGreaterThan(60);
    expect([...postgres.keys()]).toEqual([...sqlite.keys()]);
  });

  test('each table: the same columns, types, nullability, defaults, primary key, foreign keys and indexes', () => {
    for (const [name, shape] of sqlite) expect({ table: name, ...postgres.get(name) }).toEqual({ table: name, ...shape });
  });

  // SQLite has no TRUNCATE (a DELETE without WHERE is its form).
  test.each([
    ["UPDATE audit_log SET action = 'x'", true],
    ['DELETE FROM audit_log', true],
    ['TRUNCATE audit_log', false],
  ])('the audit trail is append-only: %s fails', async (statement, onSqlite) => {
    const insert = "INSERT INTO audit_log (at, entity, entity_id, action) VALUES (1, 'lease', '1', 'update')";
    const db = openDb(sqliteFile);
    try {
      db.$client.exec(insert);
      if (onSqlite) expect(() => db.$client.exec(statement)).toThrow(/audit_log is append-only/);
    } finally {
      db.$client.close();
    }
    await pgDb.$client.query(insert);
    await expect(pgDb.$client.query(statement)).rejects.toThrow(/audit_log is append-only/);
  });
});
