import { customType } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL `bytea`, the twin of SQLite's `blob(name, { mode: 'buffer' })`: drizzle-orm 0.45's pg-core has no bytea
 * builder. node-postgres reads a bytea as a Buffer and writes a Buffer as one, so no mapping is needed.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
