/**
 * Creates the database if needed, applies the committed migrations and seeds demo data on first creation: a SQLite
 * file or a PostgreSQL database (DATABASE_URL; DATABASE_URL_UNPOOLED when set, the direct URL a pooler's
 * transaction mode would break the preparation's advisory lock on).
 */
import { DatabaseUnavailable, prepareConfiguredDatabase, prepareDatabase } from '@/services/database/prepare';
import { databaseConfigOrExit } from './database-url';

export { prepareDatabase };

if (process.argv[1] && /prepare-db\.ts$/.test(process.argv[1])) {
  prepareConfiguredDatabase(databaseConfigOrExit('The database cannot be prepared', process.env.DATABASE_URL_UNPOOLED)).then(
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
