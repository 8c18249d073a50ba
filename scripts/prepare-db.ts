/**
 * Creates the database if needed, applies the committed migrations and seeds demo data on first creation: a SQLite
 * file or a PostgreSQL database (DATABASE_URL).
 */
import { DatabaseUnavailable, prepareConfiguredDatabase, prepareDatabase } from '@/services/database/prepare';
import { databaseConfigOrExit } from './database-url';

export { prepareDatabase };

if (process.argv[1] && /prepare-db\.ts$/.test(process.argv[1])) {
  prepareConfiguredDatabase(databaseConfigOrExit('The database cannot be prepared')).then(
    ({ display, seeded, areas }) => {
      const note = seeded ? ' (seeded with demo data)' : areas.length ? ` (demo data added: ${areas.join(', ')})` : '';
      console.log(`Database ready: ${display}${note}`);
    },
    (e: unknown) => {
      console.error(e instanceof DatabaseUnavailable ? `The database cannot be prepared: ${e.message}` : e);
      process.exit(1);
    },
  );
}
