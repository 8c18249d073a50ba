/**
 * The driver's error code of a database error (better-sqlite3's `SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`…;
 * node-postgres's SQLSTATE `23505`, `40P01`… or a socket's `ECONNREFUSED`), whether thrown as it is or wrapped by
 * drizzle, which rethrows the driver's error as the `cause` of its own "Failed query". Undefined for other errors.
 */
export function databaseErrorCode(e: unknown): string | undefined {
  for (let x = e, depth = 0; x instanceof Error && depth < 4; x = (x as { cause?: unknown }).cause, depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A write that had to change exactly one row changed none: the row was changed or deleted meanwhile (its version moved). */
export class StaleWrite extends Error {
  readonly code = STALE_WRITE;
  constructor(statement: string) {
    super(`The row written by ${statement} was changed or deleted meanwhile.`);
    this.name = 'StaleWrite';
  }
}

/** The driver-like code of a StaleWrite (also sent by a write worker, db/write-worker.ts). */
export const STALE_WRITE = 'QUANTUM_STALE_WRITE';
