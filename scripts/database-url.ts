/** What the command-line tools do with DATABASE_URL: the database it names, or a clear message and exit code 2. */
import { databaseConfig, DatabaseUrlError, databasePath, type DatabaseConfig } from '@/lib/env';

function orExit<T>(prefix: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof DatabaseUrlError)) throw e;
    console.error(`${prefix}: ${e.message}`);
    process.exit(2);
  }
}

/**
 * The database of DATABASE_URL (a SQLite file or a PostgreSQL server), or of `url` when given; a malformed or
 * unsupported URL ends the process.
 */
export function databaseConfigOrExit(prefix: string, url?: string): DatabaseConfig {
  return orExit(prefix, () => databaseConfig(url || undefined));
}

/** The SQLite file of DATABASE_URL, for the tools that work on a file only; any other URL ends the process with the reason. */
export function databaseFileOrExit(prefix: string): string {
  return orExit(prefix, () => databasePath());
}
