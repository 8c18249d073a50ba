/**
 * Bulk loading for a new database: the secondary (non-unique) indexes of the tables being filled are
 * dropped, the rows go in, and the indexes are created again at the end — SQLite builds an index from
 * sorted data far faster than it inserts millions of keys in random order (schedule due dates, payment
 * dates). Everything happens in ONE transaction (SQLite's DDL is transactional): a seed that fails or is
 * killed half-way leaves the database exactly as it was, indexes included. A larger page cache and
 * synchronous=OFF apply to this connection for the duration only (a new file has nothing to lose).
 */
import type { Db } from '../client';

export function bulkLoad<T>(db: Db, tables: readonly string[], fn: () => T): T {
  const sqlite = db.$client;
  const placeholders = tables.map(() => '?').join(', ');
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  const synchronous = sqlite.pragma('synchronous', { simple: true }) as number;
  const threads = sqlite.pragma('threads', { simple: true }) as number;
  const tempStore = sqlite.pragma('temp_store', { simple: true }) as number;
  sqlite.pragma('cache_size = -524288');
  sqlite.pragma('synchronous = OFF');
  // The index builds sort in memory on a helper thread.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('threads = 2');
  try {
    return sqlite.transaction(() => {
      // Explicit, non-unique indexes only: primary keys and unique constraints stay (they guard the data).
      const indexes = sqlite
        .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and sql not like 'CREATE UNIQUE%' and tbl_name in (${placeholders})`)
        .all(...tables) as { name: string; sql: string }[];
      for (const i of indexes) sqlite.exec(`drop index "${i.name.replaceAll('"', '""')}"`);
      const result = fn();
      for (const i of indexes) sqlite.exec(i.sql);
      return result;
    })();
  } finally {
    sqlite.pragma(`threads = ${threads}`);
    sqlite.pragma(`temp_store = ${tempStore}`);
    sqlite.pragma(`synchronous = ${synchronous}`);
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
}
