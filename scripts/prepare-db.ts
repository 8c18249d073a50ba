/** Creates the database if needed, applies the committed migrations and seeds demo data on first creation. */
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { databasePath } from '@/lib/env';
import { todayIso } from '@/lib/finance/dates';
import { seedDemoFacilities } from '@/services/facilities/demo';

export function prepareDatabase(file = databasePath()): { file: string; seeded: boolean; areas: string[] } {
  const db = openDb(file);
  try {
    runMigrations(db);
    const { seeded, areas } = seedIfEmpty(db);
    // Facilities are computed from the seeded book through the services (db/seed cannot reach them).
    if (process.env.SEED_DEMO !== '0' && seedDemoFacilities(db, todayIso()) > 0) areas.push('facilities');
    return { file, seeded, areas };
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && /prepare-db\.ts$/.test(process.argv[1])) {
  const { file, seeded, areas } = prepareDatabase();
  const note = seeded ? ' (seeded with demo data)' : areas.length ? ` (demo data added: ${areas.join(', ')})` : '';
  console.log(`Database ready: ${file}${note}`);
}
