/**
 * A seeded book in a database file of its own, and the same views computed from scratch over a copy of it: the views'
 * caches are keyed by the database file, so a copy's start empty (tests/unit/book, tests/unit/servicing: incremental
 * = rebuild).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { seedDemoUsers } from '@/db/seed/users';

export type BookFile = { db: Conn; dir: string; file: string; close: () => void };

/** A migrated database file with the demo users, seeded by `seed`, in a new temporary directory. */
export function bookFile(prefix: string, seed: (db: Conn) => void): BookFile {
  const dir = mkdtempSync(path.join(os.tmpdir(), `quantum-${prefix}-`));
  const file = path.join(dir, 'book.db');
  const db = openDb(file);
  runMigrations(db);
  seedDemoUsers(db);
  seed(db);
  return {
    db,
    dir,
    file,
    close: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let copies = 0;

/** What `of` gives over a copy of the book's file as it is now: every view built from scratch. */
export async function fromScratch<T>(book: BookFile, of: (db: Conn) => T | Promise<T>): Promise<T> {
  book.db.$client.pragma('wal_checkpoint(TRUNCATE)');
  const copy = path.join(book.dir, `copy-${++copies}.db`);
  copyFileSync(book.file, copy);
  const fresh = openDb(copy);
  try {
    return await of(fresh);
  } finally {
    fresh.$client.close();
    rmSync(copy, { force: true });
  }
}
