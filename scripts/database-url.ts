/** What the command-line tools do with DATABASE_URL: the SQLite file it names, or a clear message and exit code 2. */
import { DatabaseUrlError, databasePath } from '@/lib/env';

/** The SQLite file of DATABASE_URL; a malformed, unsupported or PostgreSQL URL ends the process with `prefix` and the reason. */
export function databaseFileOrExit(prefix: string): string {
  try {
    return databasePath();
  } catch (e) {
    if (!(e instanceof DatabaseUrlError)) throw e;
    console.error(`${prefix}: ${e.message}`);
    process.exit(2);
  }
}
