/** Creates the database if needed, applies the committed migrations and seeds demo data on first creation. */
import { prepareDatabase } from '@/services/database/prepare';
import { databaseFileOrExit } from './database-url';

export { prepareDatabase };

if (process.argv[1] && /prepare-db\.ts$/.test(process.argv[1])) {
  prepareDatabase(databaseFileOrExit('The database cannot be prepared')).then(
    ({ file, seeded, areas }) => {
      const note = seeded ? ' (seeded with demo data)' : areas.length ? ` (demo data added: ${areas.join(', ')})` : '';
      console.log(`Database ready: ${file}${note}`);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
