/**
 * `npm run seed [-- --leases N] [--reset]`: applies the migrations and seeds the demo users and a demo
 * portfolio of N leases (default SEED_LEASES or 600) into DATABASE_URL (default data/quantum.db).
 * --reset deletes the database file first; without it a database that has data is left alone.
 * On a PostgreSQL DATABASE_URL the database must be empty: the book is seeded into a temporary SQLite file by this
 * script in a child process, then copied in and verified (services/database/prepare-pg.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty, seedLeaseCount } from '@/db/seed';
import { seedDemoFacilities } from '@/services/facilities/demo';
import { todayIso } from '@/lib/clock';
import { databaseConfigOrExit } from './database-url';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? '') : undefined;
};
const leases = flag('--leases') !== undefined ? Number(flag('--leases')) : seedLeaseCount();
if (!Number.isInteger(leases) || leases < 0) {
  console.error('--leases must be a whole number ≥ 0');
  process.exit(2);
}
const database = databaseConfigOrExit('The demo book cannot be seeded');
if (database.engine === 'postgres') {
  if (args.includes('--reset')) {
    console.error(
      `The demo book cannot be seeded: --reset deletes a SQLite file; for PostgreSQL create a new, empty database instead (createdb) and seed that.`,
    );
    process.exit(2);
  }
  void seedPostgres(database.url, database.display).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
} else seedSqlite(database.file);

async function seedPostgres(url: string, display: string): Promise<number> {
  const t0 = Date.now();
  const { preparePostgresDatabase } = await import('@/services/database/prepare-pg');
  // Migrated, and seeded when empty, as npm start prepares it (under its lock), with this script's book.
  const { seeded } = await preparePostgresDatabase(url, { seed: ['scripts/seed.ts', '--leases', String(leases)], echo: true });
  console.log(
    seeded
      ? `Seeded ${display} in ${((Date.now() - t0) / 1000).toFixed(1)} s`
      : `${display} already has data: nothing seeded (seed a new, empty database)`,
  );
  return 0;
}

function seedSqlite(file: string): void {
  if (args.includes('--reset')) for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix);
  main(file).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

async function main(file: string): Promise<void> {
  const t0 = Date.now();
  const db = openDb(file);
  runMigrations(db);
  let last = 0;
  const { seeded } = seedIfEmpty(db, {
    leases,
    onProgress: (done, total) => {
      const pct = Math.floor((done / total) * 100);
      if (pct >= last + 10) {
        last = pct;
        process.stdout.write(`  ${pct} % (${done} leases)\n`);
      }
    },
  });
  // The demo facilities after the book (their draws and certificates are the services' transactions).
  if (seeded) await seedDemoFacilities(db, todayIso());
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  console.log(
    seeded
      ? `Seeded the demo users and ${leases} leases (plus the second funder's book) into ${file} in ${((Date.now() - t0) / 1000).toFixed(1)} s`
      : `${file} already has data: nothing seeded (use --reset to start over)`,
  );
}
