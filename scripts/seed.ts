/** `npm run seed`: applies the migrations and seeds the demo data into an empty database (DATABASE_URL or data/quantum.db). */
import { prepareDatabase } from './prepare-db';

const { file, seeded } = prepareDatabase();
console.log(seeded ? `Seeded demo data into ${file}` : `${file} already has data: nothing seeded (delete the file to start over)`);
