/**
 * Makes a database ready to serve: creates it if needed, applies the committed migrations, seeds the demo data on
 * first creation (db/seed) and the demo facilities, which are computed from the seeded book through the services
 * (db/seed cannot reach them). The one path for `npm run db:migrate` / dev / start (scripts/prepare-db.ts), the
 * benches, the test servers and a Vercel preview's /tmp database (instrumentation.ts, before the first request).
 */
import { openDb, runMigrations } from '@/db/client';
import { seedIfEmpty } from '@/db/seed';
import { databaseConfig, databasePath, type DatabaseConfig } from '@/lib/env';
import { hasDemoUsers } from '@/db/seed/users';
import { databaseErrorCode } from '@/db/errors';
import { todayIso } from '@/lib/clock';
import { seedDemoFacilities } from '@/services/facilities/demo';

export async function prepareDatabase(file = databasePath()): Promise<{ file: string; seeded: boolean; areas: string[]; demo: boolean }> {
  const db = openDb(file);
  try {
    runMigrations(db);
    // The demo facilities come after the seed's bulk load (their draws and certificates are transactions of the
    // services, which await), and into a demo database seeded earlier that has none.
    const { seeded, areas } = seedIfEmpty(db);
    const made = process.env.SEED_DEMO !== '0' ? await seedDemoFacilities(db, todayIso()) : 0;
    if (made > 0) areas.push('facilities');
    return { file, seeded, areas, demo: hasDemoUsers(db) };
  } finally {
    db.$client.close();
  }
}

/** A database made ready: where (`display`: a file, or a URL without its password), and what was done. */
export type Prepared = { display: string; seeded: boolean; areas: string[]; demo: boolean };

/**
 * Prepares the database DATABASE_URL (or `config`) names, on either engine: a SQLite file as above, a PostgreSQL
 * database by services/database/prepare-pg.ts (migrated, and seeded through a temporary SQLite file when empty).
 */
export async function prepareConfiguredDatabase(config: DatabaseConfig = databaseConfig()): Promise<Prepared> {
  if (config.engine === 'postgres') {
    const { preparePostgresDatabase } = await import('./prepare-pg');
    try {
      return { display: config.display, ...(await preparePostgresDatabase(config.url)) };
    } catch (e) {
      throw new DatabaseUnavailable(postgresProblem(e, config.display) ?? (e instanceof Error ? e.message : String(e)), e);
    }
  }
  const { file, ...rest } = await prepareDatabase(config.file);
  return { display: file, ...rest };
}

/** The database could not be made ready: `message` says why, in words for the person starting the server. */
export class DatabaseUnavailable extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseUnavailable';
  }
}

/** What a connection failure to PostgreSQL means, for the errors a misconfiguration gives; undefined for others. */
export function postgresProblem(e: unknown, display: string): string | undefined {
  const code = databaseErrorCode(e);
  const detail = e instanceof Error ? e.message : String(e);
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ECONNRESET':
      return `The PostgreSQL server of ${display} does not answer (${detail}): is it running, and are the host and port right?`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the sign-in for ${display} (${detail}): check the user name and password.`;
    case '3D000':
      return `The database of ${display} does not exist on that server: create it first (createdb), then start again.`;
    case '42501':
      return `The user of ${display} may not create QUANTUM's tables (${detail}): give it the CREATE privilege on the database, or run the migrations as its owner.`;
    default:
      return undefined;
  }
}
