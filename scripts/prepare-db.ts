/** Creates the database if needed, applies the committed migrations and seeds demo data on first creation. */
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { databasePath } from '@/lib/env';

export function prepareDatabase(file = databasePath()): { file: string; seeded: boolean; areas: string[] } {
  const db = openDb(file);
  try {
    runMigrations(db);
    const { seeded, areas } = seedIfEmpty(db);
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
