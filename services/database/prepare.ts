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

export function prepareDatabase(file = databasePath()): { file: string; seeded: boolean; areas: string[] } {
  const db = openDb(file);
  try {
    runMigrations(db);
    // A new database gets its demo facilities inside the seed's bulk load; one seeded earlier, when it has none.
    let made = 0;
    const { seeded, areas } = seedIfEmpty(db, { finish: (d, today) => void (made = seedDemoFacilities(d, today)) });
    if (process.env.SEED_DEMO !== '0' && !seeded) made = seedDemoFacilities(db, todayIso());
    if (made > 0) areas.push('facilities');
    return { file, seeded, areas };
  } finally {
    db.$client.close();
  }
}
