/**
 * Makes a PostgreSQL database ready to serve (#35): applies the committed PostgreSQL migrations and, on an empty
 * database, puts the demo book in, as `npm start` does on a new SQLite file.
 *
 * The demo seed is SQLite's (one synchronous bulk transaction, db/seed): it runs in a child process on a temporary
 * SQLite file (`npm run db:migrate` there, which adds the demo facilities through the services), and the file is then
 * copied into PostgreSQL by db/copy.ts, which verifies every table's rows and sums before it commits. A child, because
 * the engine is chosen when the data layer's modules load (db/tables.ts reads DATABASE_URL): in this process they are
 * PostgreSQL's.
 *
 * Several servers may start at once on one database: the whole preparation holds a PostgreSQL advisory lock, so one
 * migrates and seeds while the others wait, then find the work done.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { committedSqliteMigrations, copySqliteToPostgres } from '@/db/copy';
import { openPgDb, runPgMigrations } from '@/db/pg-client';
import { DEMO_USERS } from '@/db/seed/users';

/** The advisory lock key of the preparation (any fixed number: QUANTUM takes no other advisory lock with it). */
const PREPARE_LOCK = 35_0001;

export type PgPrepared = { seeded: boolean; areas: string[]; demo: boolean };

/**
 * Migrates the database `url` names and seeds the demo data when it has no users and no funders (SEED_DEMO=0 skips
 * the seed). `demo`: users with the demo's published password exist.
 */
export async function preparePostgresDatabase(
  url: string,
  options: {
    /** The script that seeds the temporary SQLite file, with its arguments (default: the demo, as `npm start` seeds it). */
    seed?: string[];
    /** Shows the seed script's output as it runs, and says when the copy starts (a large book's progress). */
    echo?: boolean;
  } = {},
): Promise<PgPrepared> {
  const db = openPgDb(url, { max: 2 });
  try {
    const client = await db.$client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
      try {
        await runPgMigrations(db);
        const { rows } = await client.query<{ users: boolean; funders: boolean }>(
          'SELECT EXISTS (SELECT 1 FROM users) AS users, EXISTS (SELECT 1 FROM funders) AS funders',
        );
        const empty = !rows[0]!.users && !rows[0]!.funders;
        let seeded = false;
        if (empty && process.env.SEED_DEMO !== '0') {
          await seedThroughSqlite(db.$client, options.seed ?? ['scripts/prepare-db.ts'], options.echo ?? false);
          seeded = true;
        }
        const demo = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM users WHERE email = ANY($1::text[]) AND password_hash IS NOT NULL',
          [DEMO_USERS.map((u) => u.email)],
        );
        return { seeded, areas: seeded ? ['demo'] : [], demo: demo.rows[0]!.n > 0 };
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  } finally {
    await db.$client.end();
  }
}

/**
 * Runs `script` (a QUANTUM script that seeds DATABASE_URL, with `args`) on a temporary SQLite file in a child process,
 * then copies that file into the empty, migrated PostgreSQL database of `pool`. The temporary file is removed. `echo`:
 * the script's output is shown as it runs (a long seed's progress).
 */
async function seedThroughSqlite(pool: import('pg').Pool, [script, ...args]: string[], echo: boolean): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quantum-seed-'));
  try {
    const file = path.join(dir, 'seed.db');
    await runChild(script!, args, { ...process.env, DATABASE_URL: file }, echo);
    if (echo) console.log('Copying the book into PostgreSQL…');
    const source = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await copySqliteToPostgres(source, pool, committedSqliteMigrations());
    } finally {
      source.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a script in a child; its output is shown as it comes when `echo`, else only when it fails. */
function runChild(script: string, args: string[], env: NodeJS.ProcessEnv, echo: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    // tsx as a loader of this Node (the scripts are TypeScript, as `npm run` runs them).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), script), ...args], {
      cwd: process.cwd(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      if (echo) process.stdout.write(d);
      else output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`The demo seed (${script}) failed (${signal ?? `exit code ${code}`}):\n${output.trim().slice(-4000)}`)),
    );
  });
}
