/**
 * Bulk loading for a new database. Everything happens in ONE transaction (SQLite's DDL is transactional): a seed
 * that fails or is killed half-way leaves the database exactly as it was, indexes included. A larger page cache,
 * synchronous=OFF, a rollback journal and foreign keys checked once at the end apply to this connection for the
 * duration only (a new file has nothing to lose).
 *
 * Inside it, `fill(tables, fn)` drops the secondary (non-unique) indexes of the tables `fn` fills, runs `fn` and
 * creates them again — SQLite builds an index from sorted data far faster than it inserts millions of keys in
 * random order (schedule due dates, payment dates). The fills are phases: the indexes of one phase's tables are
 * back before the next phase reads them (the payment history reads the schedules lease by lease; the credit demo
 * records payments, each of which reads and rewrites one lease's ledger and allocations by index).
 */
import type { Database, Statement } from 'better-sqlite3';
import type { Conn as Db } from '../client';

export type Fill = <R>(tables: readonly string[], fn: () => R) => R;

/** The page cache of the load (KiB, as a negative cache_size): the tables are written mostly in memory. */
const LOAD_CACHE = -524288;
/**
 * The page cache while a fill's indexes are built. SQLite's sorter cuts its input into runs of the page cache's size,
 * sorts them on the helper threads (pragma threads) and merges them: with the load's 512 MiB cache a table of
 * millions of rows is one run, sorted on the connection's own thread. 16 MiB gave the fastest builds of the
 * 100,000-lease seed (2 cores): schedule rows' and payments' indexes 9.3 s against 15.0 s with 512 MiB in memory.
 */
const INDEX_CACHE = -16384;

export function bulkLoad<T>(db: Db, fn: (fill: Fill) => T): T {
  const sqlite = db.$client;
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  const synchronous = sqlite.pragma('synchronous', { simple: true }) as number;
  const threads = sqlite.pragma('threads', { simple: true }) as number;
  const tempStore = sqlite.pragma('temp_store', { simple: true }) as number;
  // A rollback journal instead of the WAL for the load: on a new file it holds the few pages that existed before
  // (the schema), where the WAL would take every page of the book and then copy it into the file again at the
  // checkpoint. Still one atomic transaction. Only when no other connection is open (otherwise the WAL stays).
  const journal = sqlite.pragma('journal_mode', { simple: true }) as string;
  const rollbackJournal = journal === 'wal' && trySetJournal(sqlite, 'delete');
  sqlite.pragma(`cache_size = ${LOAD_CACHE}`);
  sqlite.pragma('synchronous = OFF');
  // The index builds sort on helper threads: SQLite's sorter starts them only when its runs may go to temporary
  // files (never with temp_store = MEMORY), and each run is as large as the page cache (see INDEX_CACHE).
  sqlite.pragma('temp_store = FILE');
  sqlite.pragma('threads = 2');
  const fill: Fill = (tables, run) => {
    const placeholders = tables.map(() => '?').join(', ');
    // Explicit, non-unique indexes only: primary keys and unique constraints stay (they guard the data).
    const indexes = sqlite
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and sql is not null and sql not like 'CREATE UNIQUE%' and tbl_name in (${placeholders})`,
      )
      .all(...tables) as { name: string; sql: string }[];
    for (const i of indexes) sqlite.exec(`drop index "${i.name.replaceAll('"', '""')}"`);
    const result = run();
    sqlite.pragma(`cache_size = ${INDEX_CACHE}`);
    try {
      for (const i of indexes) sqlite.exec(i.sql);
    } finally {
      sqlite.pragma(`cache_size = ${LOAD_CACHE}`);
    }
    return result;
  };
  // Foreign keys are checked once over the loaded tables at the end (foreign_key_check) instead of row by row; a
  // violation rolls the whole load back.
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) as number;
  sqlite.pragma('foreign_keys = OFF');
  try {
    return sqlite.transaction(() => {
      const result = fn(fill);
      if (foreignKeys) {
        const violation = sqlite.prepare('pragma foreign_key_check').get() as { table: string; rowid: number; parent: string } | undefined;
        if (violation)
          throw new Error(`bulk load: a row of ${violation.table} (rowid ${violation.rowid}) names a missing ${violation.parent} row`);
      }
      return result;
    })();
  } finally {
    sqlite.pragma(`foreign_keys = ${foreignKeys}`);
    sqlite.pragma(`threads = ${threads}`);
    sqlite.pragma(`temp_store = ${tempStore}`);
    sqlite.pragma(`synchronous = ${synchronous}`);
    sqlite.pragma(`cache_size = ${cacheSize}`);
    if (rollbackJournal) sqlite.pragma(`journal_mode = ${journal}`);
  }
}

function trySetJournal(sqlite: Database, mode: string): boolean {
  try {
    return sqlite.pragma(`journal_mode = ${mode}`, { simple: true }) === mode;
  } catch {
    return false;
  }
}

/** No bulk phase (a database that already has data): `fn` runs as it is. */
export const noFill: Fill = (_tables, fn) => fn();

/**
 * Buffers rows of `columns` values and writes them `batch` rows per statement (`insert into … values (…), (…), …`,
 * prepared once per row count): one call into the driver per batch instead of one per row. `flush` writes what is
 * left; the caller flushes before anything reads the table. Rows keep their order, so rowids are as with
 * row-by-row inserts. For a table a foreign key refers to, only with foreign keys off (the bulk load) or the
 * children's indexes in place: with foreign keys on, a statement writing several rows of a parent table makes SQLite
 * look up every new key in each child table (sqlite3FkCheck, isMultiWrite) — a full scan each without the index.
 */
export class RowBuffer {
  private readonly statements = new Map<number, Statement>();
  private values: unknown[] = [];
  private readonly width: number;

  constructor(
    private readonly sqlite: Database,
    private readonly head: string,
    columns: number,
    private readonly batch = 128,
    /** A buffer of the rows these rows refer to (a foreign key): flushed first, so every row's parent is written before it. */
    private readonly after?: RowBuffer,
  ) {
    this.width = columns;
  }

  private statement(rows: number): Statement {
    let s = this.statements.get(rows);
    if (!s) {
      const row = `(${new Array<string>(this.width).fill('?').join(', ')})`;
      s = this.sqlite.prepare(`${this.head} values ${new Array<string>(rows).fill(row).join(', ')}`);
      this.statements.set(rows, s);
    }
    return s;
  }

  /** Adds one row (exactly `columns` values). */
  push(...row: unknown[]): void {
    for (const v of row) this.values.push(v);
    if (this.values.length >= this.width * this.batch) this.flush();
  }

  flush(): void {
    if (this.values.length === 0) return;
    this.after?.flush();
    this.statement(this.values.length / this.width).run(this.values);
    this.values = [];
  }
}
