/**
 * `npm run seed [-- --leases N] [--reset]`: applies the migrations and seeds the demo users and a demo
 * portfolio of N leases (default SEED_LEASES or 600) into DATABASE_URL (default data/quantum.db).
 * --reset deletes the database file first; without it a database that has data is left alone.
 */
import { existsSync, rmSync } from 'node:fs';
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty, seedLeaseCount } from '@/db/seed';
import { seedDemoFacilities } from '@/services/facilities/demo';
import { todayIso } from '@/lib/clock';
import { databaseFileOrExit } from './database-url';

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
const file = databaseFileOrExit('The demo book cannot be seeded');
if (args.includes('--reset')) for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix);

async function main(): Promise<void> {
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

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
