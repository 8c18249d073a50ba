/**
 * Tape: one row per lease of the book, ESMA header list in order, batches cover every lease once, CSV
 * line count = lease count + header. Customers: Σ outstanding per currency = the Summary's, shares add
 * to 1, paging/sorting/filtering.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { seedPortfolio } from '@/db/seed/portfolio';
import { csvStream } from '@/lib/exports';
import { poolBook, type ValuedBook } from '@/services/portfolio/valuation';
import { buildCustomers, queryCustomers } from '@/lib/reports/customers';
import { summaryTotalsOf } from '@/lib/reports/stratification';
import { TAPE_COLUMNS, TAPE_HEADERS, tapeBatches, tapeExportColumns, tapeRow } from '@/lib/reports/tape';

let book: ValuedBook;
beforeAll(async () => {
  const db = createTestDb();
  seedPortfolio(db, { leases: 250, today: '2026-11-21', seed: 9 });
  book = await poolBook(db, 1, '2026-11-01');
});
const tapeSrc = () => ({ funderId: 1, buyRate: book.funder.buyRate, ...book });

describe('tape', () => {
  test('the ESMA-coded columns, in order', () => {
    expect(TAPE_HEADERS.filter((h) => h.startsWith('LESL'))).toEqual([
      'LESL1 Unique Identifier',
      'LESL2 Original Underlying Exposure Identifier',
      'LESL3 New Underlying Exposure Identifier',
      'LESL4 Original Obligor Identifier',
      'LESL6 Data Cut-Off Date',
      'LESL7 Pool Addition Date',
      'LESL22 Origination Date',
      'LESL23 Maturity Date',
      'LESL24 Original Term',
      'LESL72 Original Valuation Amount',
      'LESL27 Original Principal Balance',
      'LESL28 Current Principal Balance',
      'LESL29 Purchase Price',
      'LESL31 Amortisation Type',
      'LESL33 Scheduled Principal Payment Frequency',
      'LESL36 Current Interest Rate',
      'LESL57 Account Status',
      'LESL55 Arrears Balance',
      'LESL56 Number Of Days In Arrears',
      'LESL59 Default Amount',
      'LESL60 Default Date',
      'LESL61 Allocated Losses',
      'LESL62 Cumulative Recoveries',
    ]);
    expect(new Set(TAPE_COLUMNS.map((c) => c.id)).size).toBe(TAPE_COLUMNS.length);
  });

  // Issue #11: the tape at a cut-off holds the leases in the pool on it, not those purchased later (domain.md §3).
  test.each([1, 7, 1000])('batches of %i cover every lease in the pool at the cut-off exactly once, in book order', (size) => {
    const ids = [...tapeBatches(tapeSrc(), size)].flat().map((r) => r.leaseId);
    expect(ids).toEqual(book.leases.filter((l) => l.purchaseDate <= book.cutOff).map((l) => l.id));
  });

  test('no lessee name on the tape; current principal = prin; maturity after origination', () => {
    for (let i = 0; i < book.valuation.count; i++) {
      const r = tapeRow(tapeSrc(), i);
      expect(Object.values(r)).not.toContain(book.leases[i]!.lesseeName);
      expect(r.currentPrincipal).toBe(book.valuation.prin[i]);
      expect(r.maturityDate >= r.originationDate).toBe(true);
    }
  });

  test('streamed CSV has one line per lease in the pool plus the header', async () => {
    const text = await new Response(csvStream(tapeExportColumns(), tapeBatches(tapeSrc(), 64))).text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(book.leases.filter((l) => l.purchaseDate <= book.cutOff).length + 1);
    expect(lines[0]!.replace('\uFEFF', '').split(',')).toEqual([...TAPE_HEADERS]);
  });
});

describe('customers', () => {
  test('Σ outstanding and leases per currency = Summary; shares add to 1', () => {
    const rows = buildCustomers(book);
    for (const s of summaryTotalsOf(book)) {
      const mine = rows.filter((r) => r.currency === s.currency);
      expect(mine.reduce((n, r) => n + r.outstanding, 0)).toBe(s.prin);
      expect(mine.reduce((n, r) => n + r.leases, 0)).toBe(s.count);
      expect(mine.reduce((n, r) => n + r.price, 0)).toBe(s.sellto4G);
      expect(mine.reduce((n, r) => n + r.share, 0)).toBeCloseTo(1, 12);
    }
  });

  test.each([
    ['outstanding', 'desc'],
    ['leases', 'asc'],
    ['lesseeName', 'asc'],
  ] as const)('sorted by %s %s, paged', (sort, dir) => {
    const rows = buildCustomers(book);
    const all = queryCustomers(rows, { q: '', sort, dir, page: 1, perPage: 1000 }).rows;
    const p2 = queryCustomers(rows, { q: '', sort, dir, page: 2, perPage: 10 });
    expect(p2.rows).toEqual(all.slice(10, 20));
    expect(p2.total).toBe(rows.length);
    if (sort !== 'lesseeName') {
      for (let k = 1; k < all.length; k++) expect((all[k]![sort] - all[k - 1]![sort]) * (dir === 'asc' ? 1 : -1)).toBeGreaterThanOrEqual(0);
    }
  });

  test('q filters by name', () => {
    const rows = buildCustomers(book);
    const name = rows[0]!.lesseeName;
    const r = queryCustomers(rows, { q: name.slice(0, 5).toUpperCase(), sort: 'outstanding', dir: 'desc', page: 1, perPage: 100 });
    expect(r.rows.length).toBeGreaterThan(0);
    for (const x of r.rows) expect(x.lesseeName.toLowerCase()).toContain(name.slice(0, 5).toLowerCase());
  });
});
