/**
 * Makes a database ready to serve: creates it if needed, applies the committed migrations, seeds the demo data on
 * first creation (db/seed) and the demo facilities, which are computed from the seeded book through the services
 * (db/seed cannot reach them). The one path for `npm run db:migrate` / dev / start (scripts/prepare-db.ts), the
 * benches, the test servers and a Vercel preview's /tmp database (instrumentation.ts, before the first request).
 */
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { databasePath } from '@/lib/env';
import { todayIso } from '@/lib/clock';
import { seedDemoFacilities } from '@/services/facilities/demo';

export async function prepareDatabase(file = databasePath()): Promise<{ file: string; seeded: boolean; areas: string[] }> {
  const db = openDb(file);
  try {
    runMigrations(db);
    // The demo facilities come after the seed's bulk load (their draws and certificates are transactions of the
    // services, which await), and into a demo database seeded earlier that has none.
    const { seeded, areas } = seedIfEmpty(db);
    const made = process.env.SEED_DEMO !== '0' ? await seedDemoFacilities(db, todayIso()) : 0;
    if (made > 0) areas.push('facilities');
    return { file, seeded, areas };
  } finally {
    db.$client.close();
  }
}
