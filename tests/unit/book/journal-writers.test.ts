/**
 * One ordered change journal per funder (domain.md §14, db/queries/book-changes.ts): two writer processes change
 * one funder's book at the same time — payments, reversals, lease edits, flags, lessee kinds — while this process
 * keeps reading the book through the views (servicing book, credit states, valuation), which apply the journal's
 * rows as they find them. Afterwards every view equals the same view built from scratch over a copy of the file, to
 * the cent: no committed change was skipped, whatever order the writers committed in. And each journal row came with
 * its funder lock: the funder's book_version moved once per row.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Conn } from '@/db/client';
import { bookChangeStamp } from '@/db/queries/book-changes';
import { getFunder } from '@/db/queries/funders';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { creditStatesAt } from '@/services/credit/book';
import { valueBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { bookFile, fromScratch, type BookFile } from '../../helpers/book-file';

const TODAY = '2026-11-21';
const DATES = ['2026-06-30', TODAY, '2027-02-28'];
const F = 1;
const WRITES = 60;

let book: BookFile;
let db: Conn;
beforeAll(() => {
  book = bookFile('writers', (d) => {
    seedPortfolio(d, { leases: 40, today: TODAY, seed: 7 });
    seedPayments(d, { funderId: F, today: TODAY, seed: 7 });
  });
  db = book.db;
});
afterAll(() => book.close());

/** Every figure the views give, as plain data. */
async function figures(d: Conn) {
  const out = [];
  for (const asOf of DATES) {
    const valued = await valueBook(d, F, asOf);
    const row = {
      servicing: (await getServicingBook(d, F, asOf)).leases.map((s) => ({ ...s })),
      credit: (await creditStatesAt(d, F, asOf)).states.map((s) => ({ ...s })),
      prin: Array.from(valued.valuation.prin),
      npv: Array.from(valued.valuation.npv),
      inPool: Array.from(valued.valuation.inPool),
    };
    out.push(row);
  }
  return out;
}

function runWriter(k: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join('tests', 'helpers', 'book-writer.ts'), book.file, String(k), '2', String(WRITES), TODAY],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`writer ${k} exited ${code}: ${err}`))));
  });
}

test('two writers at once: the views, applying the journal as they read, equal a rebuild from scratch', async () => {
  const before = await figures(db);
  const stampBefore = await bookChangeStamp(db, F);
  const versionBefore = (await getFunder(db, F))!.bookVersion;
  let done = false;
  const writers = Promise.all([runWriter(0), runWriter(1)]).finally(() => (done = true));
  let reads = 0;
  while (!done) {
    await figures(db);
    reads++;
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(await writers).toEqual([WRITES, WRITES]);
  expect(reads).toBeGreaterThan(1);

  const rows = db.$client
    .prepare(`select seq, kind from book_changes where funder_id = ? and seq > ? order by seq`)
    .all(F, stampBefore) as {
    seq: number;
    kind: string;
  }[];
  // 2 writers × WRITES writes; a reversal is a second ledger row after its payment.
  expect(rows.length).toBe(2 * WRITES + 2 * (WRITES / 5));
  expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['ledger', 'lease', 'flag', 'lessee']));
  expect((await getFunder(db, F))!.bookVersion - versionBefore).toBe(rows.length);

  const incremental = await figures(db);
  expect(incremental).not.toEqual(before);
  expect(incremental).toEqual(await fromScratch(book, figures));
}, 120_000);
