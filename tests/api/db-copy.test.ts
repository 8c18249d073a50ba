/**
 * npm run db:copy: the demo book of a real SQLite file into a real PostgreSQL database — every row, every amount, the
 * booleans and bytes as they were, ids that continue after the copied ones; a target that is not empty is refused; a
 * copy that does not match its source is rolled back whole.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPgDb, runPgMigrations } from '@/db/pg-client';
import { createTestDatabase, type TestDatabase } from '../helpers/pg';

const root = process.cwd();
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

function tool(script: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [tsx, script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run db:copy', () => {
  let dir: string;
  let file: string;
  let source: Database.Database;
  const databases: TestDatabase[] = [];
  const newDatabase = async () => {
    const d = await createTestDatabase('copy');
    databases.push(d);
    return d;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-copy-'));
    file = path.join(dir, 'book.db');
    const prepared = tool('scripts/prepare-db.ts', [], { DATABASE_URL: file });
    expect(prepared.status, prepared.stderr).toBe(0);
    source = new Database(file, { readonly: true });
  });

  afterAll(async () => {
    source?.close();
    for (const d of databases) await d.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('copies the demo book whole: the same rows, amounts, booleans and bytes; new ids continue after the copied ones', async () => {
    const target = await newDatabase();
    const res = tool('scripts/db-copy.ts', ['--from', file, '--to', target.url]);
    expect(res.status, res.stderr).toBe(0);
    const tables = (
      source
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'")
        .all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    const total = tables.reduce((s, t) => s + (source.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n, 0);
    expect(res.stdout).toContain(`${tables.length} tables, ${total.toLocaleString('en')} rows`);

    const db = openPgDb(target.url, { max: 1 });
    try {
      for (const t of tables) {
        const { rows } = await db.$client.query(`SELECT count(*) AS n FROM "${t}"`);
        expect({ table: t, rows: rows[0].n }).toEqual({
          table: t,
          rows: (source.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n,
        });
      }
      // Amounts in minor units, read back as numbers (int8 parsed once, db/pg-client.ts), to the unit.
      const money = source.prepare('SELECT sum(price) AS price, sum(principal) AS principal FROM leases').get() as {
        price: number;
        principal: number;
      };
      const { rows: pgMoney } = await db.$client.query('SELECT sum(price) AS price, sum(principal) AS principal FROM leases');
      expect(pgMoney[0]).toEqual(money);
      expect(money.price).toBeGreaterThan(0);
      const sampleLease = source
        .prepare('SELECT id, contract_number, principal, first_due_date FROM leases ORDER BY id LIMIT 1 OFFSET 7')
        .get() as Record<string, unknown>;
      const { rows: pgLease } = await db.$client.query('SELECT id, contract_number, principal, first_due_date FROM leases WHERE id = $1', [
        sampleLease.id,
      ]);
      expect(pgLease[0]).toEqual(sampleLease);
      // A boolean stays a boolean.
      const fourEyes = source.prepare('SELECT id, four_eyes FROM funders ORDER BY id').all() as { id: number; four_eyes: number }[];
      const { rows: pgFourEyes } = await db.$client.query('SELECT id, four_eyes FROM funders ORDER BY id');
      expect(pgFourEyes).toEqual(fourEyes.map((f) => ({ id: f.id, four_eyes: f.four_eyes === 1 })));
      // Bytes stay bytes: the facility certificates' workbooks.
      const blobs = source.prepare('SELECT id, xlsx FROM facility_certificates ORDER BY id').all() as { id: number; xlsx: Buffer }[];
      expect(blobs.length).toBeGreaterThan(0);
      const { rows: pgBlobs } = await db.$client.query('SELECT id, xlsx FROM facility_certificates ORDER BY id');
      expect(pgBlobs.map((b) => [b.id, Buffer.compare(b.xlsx, blobs.find((x) => x.id === b.id)!.xlsx)])).toEqual(
        blobs.map((b) => [b.id, 0]),
      );
      // The next id of a table continues after the copied ones.
      const maxLessee = (source.prepare('SELECT max(id) AS m FROM lessees').get() as { m: number }).m;
      const { rows: inserted } = await db.$client.query(
        "INSERT INTO lessees (funder_id, name, kind, created_at, updated_at) SELECT funder_id, 'Copy test', kind, 0, 0 FROM lessees LIMIT 1 RETURNING id",
      );
      expect(inserted[0].id).toBe(maxLessee + 1);
    } finally {
      await db.$client.end();
    }
  });

  test('refuses a database that already holds a book, and leaves it as it was', async () => {
    const target = await newDatabase();
    expect(tool('scripts/db-copy.ts', ['--from', file, '--to', target.url]).status).toBe(0);
    const again = tool('scripts/db-copy.ts', ['--from', file, '--to', target.url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/is not empty \(table \w+ has rows\): copy into a new, empty database/);
  });

  test('a copy that does not match its source is rolled back whole', async () => {
    const target = await newDatabase();
    const db = openPgDb(target.url, { max: 1 });
    try {
      await runPgMigrations(db);
      // The target alters what it is given: the lessees' names come out one character longer.
      await db.$client.query(
        `CREATE FUNCTION tamper() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.name := NEW.name || '!'; RETURN NEW; END $$`,
      );
      await db.$client.query('CREATE TRIGGER tamper BEFORE INSERT ON lessees FOR EACH ROW EXECUTE FUNCTION tamper()');
      const res = tool('scripts/db-copy.ts', ['--from', file, '--to', target.url]);
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/did not match its source, and nothing was kept: lessees \(name#1: \d+ ≠ \d+\)/);
      const { rows } = await db.$client.query('SELECT (SELECT count(*) FROM leases) AS leases, (SELECT count(*) FROM users) AS users');
      expect(rows[0]).toEqual({ leases: 0, users: 0 });
    } finally {
      await db.$client.end();
    }
  });

  test.each([
    ['no arguments', [], /^Usage: npm run db:copy/m],
    ['a missing source file', ['--from', '/nonexistent/q.db', '--to', 'postgres://u@h/d'], /no SQLite file at \/nonexistent\/q\.db/],
    ['a target that is not PostgreSQL', ['--from', 'package.json', '--to', 'mysql://u@h/d'], /--to: DATABASE_URL names a "mysql" database/],
    ['a target without a database name', ['--from', 'package.json', '--to', 'postgres://u@h:5432'], /--to: .*names no database/],
  ])('refuses %s with a message', (_case, args, message) => {
    const res = tool('scripts/db-copy.ts', args);
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(message);
  });
});
