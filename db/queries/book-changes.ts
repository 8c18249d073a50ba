/**
 * The book change journal (table book_changes, db/schema/portfolio.ts): every write that moves a figure of the book
 * appends a row in its own transaction; the views of the book read the rows after the seq they hold and apply only
 * those (services/portfolio/valuation.ts, services/servicing/book.ts, services/credit/book.ts).
 *
 * Order. A view that read up to seq S must never meet a row below S later. Seqs are handed out when a row is inserted
 * and a transaction's rows become visible when it commits, so two writers could commit out of seq order. Each writer
 * therefore takes the funder's lock first — it moves the funder's book_version, an UPDATE of the funder's row, which
 * holds that row until the commit — and only then inserts its row: a second writer of the funder waits on the row and
 * takes a higher seq after the first has committed. (SQLite runs one write transaction at a time anyway; a server
 * database runs them side by side, and this is what keeps its journal in commit order.)
 *
 * book_version is also what a view checks first: the same value as when it last read the journal, nothing changed.
 * A change of the leases, of the settings or of the whole book moves the funder's data_version as well (what a
 * proposal's base version and the valuations are checked by); a payment or a credit record does not.
 */
import type { DbOrTx, Tx } from '../client';
import { arraysOf, executeSql, pgClientOf, valueOf } from '../dialect';

export type BookChangeKind = 'lease' | 'ledger' | 'flag' | 'loss' | 'lessee' | 'settings' | 'book';

/**
 * The funder's lock, the first statement of every journalled write: with `terms`, a change of the leases, of the
 * settings or of the whole book, which moves data_version as well. Also written by the bulk writer
 * (db/queries/lease-bulk.ts), which prepares its statements on a worker's connection.
 */
export const LOCK_FUNDER_SQL = {
  terms: 'update funders set book_version = book_version + 1, data_version = data_version + 1 where id = ?',
  other: 'update funders set book_version = book_version + 1 where id = ?',
} as const;
/** The journal row, by (funder_id, kind, lease_id). */
export const INSERT_BOOK_CHANGE_SQL = 'insert into book_changes (funder_id, kind, lease_id) values (?, ?, ?)';

/** Journals a change of the funder's book (call inside the write's transaction): the funder's lock, then the row. */
export async function recordBookChange(tx: Tx, funderId: number, kind: BookChangeKind, leaseId: number | null = null): Promise<void> {
  const terms = kind === 'lease' || kind === 'settings' || kind === 'book';
  await executeSql(tx, terms ? LOCK_FUNDER_SQL.terms : LOCK_FUNDER_SQL.other, [funderId]);
  await executeSql(tx, INSERT_BOOK_CHANGE_SQL, [funderId, kind, leaseId]);
}

/** The funder's last journal seq (0 when none): what a view is as of. */
export async function bookChangeStamp(db: DbOrTx, funderId: number): Promise<number> {
  return (await valueOf<number>(db, `select coalesce(max(seq), 0) from book_changes where funder_id = ?`, [funderId])) ?? 0;
}

/** What changed in the funder's book after seq `since`, by kind (lease ids ascending, distinct), and the last seq read. */
export type BookChanges = {
  stamp: number;
  /** Rows read (0: nothing changed). */
  count: number;
  lease: number[];
  ledger: number[];
  flag: number[];
  loss: number[];
  lessee: boolean;
  settings: boolean;
  /** A bulk write of the whole book: every view rebuilds. */
  book: boolean;
};

export async function bookChangesSince(db: DbOrTx, funderId: number, since: number): Promise<BookChanges> {
  const rows = await arraysOf<[number, BookChangeKind, number | null]>(
    db,
    `select seq, kind, lease_id from book_changes where funder_id = ? and seq > ? order by seq`,
    [funderId, since],
  );
  const sets = { lease: new Set<number>(), ledger: new Set<number>(), flag: new Set<number>(), loss: new Set<number>() };
  const out: BookChanges = {
    stamp: rows.length > 0 ? rows[rows.length - 1]![0] : since,
    count: rows.length,
    lease: [],
    ledger: [],
    flag: [],
    loss: [],
    lessee: false,
    settings: false,
    book: false,
  };
  for (const [, kind, leaseId] of rows) {
    if (kind === 'lessee' || kind === 'settings' || kind === 'book') out[kind] = true;
    else if (leaseId !== null) sets[kind].add(leaseId);
  }
  const ascending = (s: Set<number>) => [...s].sort((a, b) => a - b);
  out.lease = ascending(sets.lease);
  out.ledger = ascending(sets.ledger);
  out.flag = ascending(sets.flag);
  out.loss = ascending(sets.loss);
  return out;
}

/** The lease ids that a lease or ledger change touched (what the servicing stores re-read). */
export function leasesTouched(c: BookChanges): number[] {
  return [...new Set([...c.lease, ...c.ledger])].sort((a, b) => a - b);
}

/**
 * The funder's write lock: the FIRST statement of a write that checks the book and then acts on it (a payment's
 * allocation, a reversal, a write-off or settings approval, a draw within availability, a certificate, a lease edit).
 * On PostgreSQL, where writers run at once, it is `SELECT … FOR NO KEY UPDATE` of the funder's row — the lock the
 * UPDATE of recordBookChange takes on it — so a second such writer of the funder waits here until the first has committed, and then reads what the first
 * wrote (READ COMMITTED: each statement sees the latest commits). Taken first and alone, it cannot deadlock with another
 * of these writes. Not FOR UPDATE: that one also waits for every open transaction that inserted a row referring to the
 * funder (a foreign key's KEY SHARE lock), such as a tape import's commit, which must not hold payments back. SQLite runs
 * one write transaction at a time already (BEGIN IMMEDIATE): nothing to take.
 */
export async function lockFunder(tx: Tx, funderId: number): Promise<void> {
  if (pgClientOf(tx)) await executeSql(tx, 'select id from funders where id = ? for no key update', [funderId]);
}

/** How long a write waits for a lease row that another write holds before it is answered 503 (try again). */
export const LEASE_LOCK_WAIT_MS = 5_000;

/**
 * Locks a lease's row, then its funder's (lockFunder): the order of every write that changes a lease row (an edit, a
 * delete, a full write-off). A tape import's commit on PostgreSQL updates lease rows batch by batch and takes the
 * funder's lock only after its last lease row, just before it commits; a write that held the funder's lock while it
 * waited for a lease row the import holds would deadlock with it (and hold every other writer of the funder back
 * meanwhile). Taken in the same order by all, the locks cannot form a cycle. The lease row is waited for at most
 * LEASE_LOCK_WAIT_MS (PostgreSQL's lock_timeout: then error 55P03, answered 503, try again); the funder's lock as
 * long as it takes, as everywhere. SQLite runs one write transaction at a time: nothing to take.
 */
export async function lockLeaseAndFunder(tx: Tx, leaseId: number): Promise<void> {
  if (!pgClientOf(tx)) return;
  await executeSql(tx, `set local lock_timeout = ${LEASE_LOCK_WAIT_MS}`);
  const funderId = await valueOf<number>(tx, 'select funder_id from leases where id = ? for no key update', [leaseId]);
  await executeSql(tx, 'set local lock_timeout to default');
  if (funderId !== undefined) await lockFunder(tx, funderId);
}

/** The tables whose rows belong to one funder and are decided under its lock (lockFunderOf). */
type FunderOwned = 'facilities' | 'funder_change_proposals' | 'write_offs';

/**
 * lockFunder for the funder a row of `table` belongs to, before that row is read to be decided (a draw's facility, a
 * settings proposal, a proposed write-off): on PostgreSQL the row read after the lock is the one a decision made
 * meanwhile left. Nothing when the row does not exist (the read after it answers 404) or on SQLite.
 */
export async function lockFunderOf(tx: Tx, table: FunderOwned, id: number): Promise<void> {
  if (!pgClientOf(tx)) return;
  const funderId = await valueOf<number>(tx, `select funder_id from ${table} where id = ?`, [id]);
  if (funderId !== undefined) await lockFunder(tx, funderId);
}
