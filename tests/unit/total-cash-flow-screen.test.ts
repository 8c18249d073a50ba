import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { isSessionCurrent, bumpSessionVersion, createUser } from '@/db/queries/users';
import { getFunder } from '@/db/queries/funders';
import { seedPortfolio } from '@/db/seed/portfolio';
import {
  filteredIndices,
  pageOf,
  toTotalCashRow,
  totalCashRowJson,
  type CashFlowFilter,
  type CashFlowSource,
} from '@/lib/portfolio/cash-flow-table';
import { totalCashFlowScreen, totalCashPageJson, type TotalCashFlowQuery } from '@/services/portfolio/total-cash-flow';

const CUT_OFF = '2026-11-01';
const NO_FILTER: CashFlowFilter = { q: '', currency: [], assetType: [], status: [], checkNonZero: false };
const query = (over: Partial<TotalCashFlowQuery> = {}): TotalCashFlowQuery => ({
  ...NO_FILTER,
  sort: 'id',
  dir: 'asc',
  cutOff: CUT_OFF,
  gross: false,
  ...over,
});

let db: Conn;
beforeAll(() => {
  db = createTestDb();
  seedPortfolio(db, { leases: 300, today: '2026-11-21', seed: 5 });
});

describe('row JSON text', () => {
  test('is byte for byte JSON.stringify of the documented row, for every row of the book', async () => {
    const { book, liveRows } = await totalCashFlowScreen(db, 1, query());
    expect(liveRows.length).toBeGreaterThan(0);
    for (const i of liveRows) expect(totalCashRowJson(book, i)).toBe(JSON.stringify(toTotalCashRow(book, i)));
  });

  test.each([
    { case: 'quotes, backslash and a line separator in the lessee', lessee: 'A "B" \\ C\u2028D é', amount: 123 },
    { case: 'a non-finite amount (JSON.stringify writes null)', lessee: 'X', amount: Number.NaN },
    { case: 'negative zero', lessee: 'X', amount: -0 },
    { case: 'a negative amount', lessee: 'X', amount: -4567 },
  ])('$case', async ({ lessee, amount }) => {
    const { book, liveRows } = await totalCashFlowScreen(db, 1, query());
    const i = liveRows[0]!;
    const leases = book.leases.map((l, k) => (k === i ? { ...l, lesseeName: lessee } : l));
    const prin = Float64Array.from(book.valuation.prin);
    const cash = Float64Array.from(book.valuation.cash);
    prin[i] = amount;
    cash[i * 61 + 60] = amount;
    const src: CashFlowSource = { leases, valuation: { ...book.valuation, prin, cash } };
    expect(totalCashRowJson(src, i)).toBe(JSON.stringify(toTotalCashRow(src, i)));
  });
});

describe('the screen service', () => {
  test('the API page body equals what JSON.stringify writes for the page', async () => {
    const q = query({ sort: 'npv', dir: 'desc' });
    const screen = await totalCashFlowScreen(db, 1, q);
    for (const [page, perPage] of [
      [1, 50],
      [2, 7],
      [1000, 10],
    ] as const) {
      const p = pageOf(filteredIndices(screen.book, q, q), page, perPage);
      const expected = JSON.stringify({
        allData: [],
        invoices: Array.from(p.indices, (i) => toTotalCashRow(screen.book, i)),
        total: p.total,
      });
      expect(totalCashPageJson(screen, page, perPage)).toBe(expected);
    }
  });

  test('rows are the filtered, sorted order, cached per filter and sort for the valuation', async () => {
    const q = query({ q: 'a', sort: 'prin', dir: 'asc', currency: ['EUR'] });
    const first = await totalCashFlowScreen(db, 1, q);
    expect(Array.from(first.rows)).toEqual(Array.from(filteredIndices(first.book, q, q)));
    expect((await totalCashFlowScreen(db, 1, { ...q, q: 'A' })).rows).toBe(first.rows);
    expect((await totalCashFlowScreen(db, 1, { ...q, dir: 'desc' })).rows).not.toBe(first.rows);
  });

  test("unfiltered totals are the Summary's, filtered ones cover only the rows", async () => {
    const all = await totalCashFlowScreen(db, 1, query());
    const some = await totalCashFlowScreen(db, 1, query({ checkNonZero: false, currency: ['EUR'] }));
    expect(all.totals().reduce((n, t) => n + t.count, 0)).toBe(all.liveCount);
    expect(some.totals().map((t) => t.currency)).toEqual(some.rows.length > 0 ? ['EUR'] : []);
    // Every lease of the book is live, ended, or not yet in the pool at the cut-off (domain.md §3).
    const notYetInPool = all.book.valuation.inPool.reduce((n, x) => n + (x === 0 ? 1 : 0), 0);
    expect(all.liveCount + all.endedCount + notYetInPool).toBe(all.book.valuation.count);
  });

  test('a change of the book gives a new valuation, and the rows follow it', async () => {
    const before = await totalCashFlowScreen(db, 1, query());
    db.$client.prepare('update funders set buy_rate = buy_rate + 0.01, data_version = data_version + 1 where id = 1').run();
    const after = await totalCashFlowScreen(db, 1, query());
    expect(after.book.valuation).not.toBe(before.book.valuation);
    const i = after.liveRows[0]!;
    expect(after.rowJson(i)).toBe(JSON.stringify(toTotalCashRow(after.book, i)));
    expect(after.rowJson(i)).not.toBe(before.rowJson(i));
    expect((await getFunder(db, 1))!.dataVersion).toBeGreaterThan(before.funder.dataVersion);
  });
});

describe('the per-request session check (prepared statement)', () => {
  test('reads the current session version on every call: a revocation applies at once', async () => {
    const user = await createUser(db, { email: 'screen@test.example', username: 'screen', role: 'analyst', passwordHash: null });
    expect((await isSessionCurrent(db, user.id, 0))?.id).toBe(user.id);
    await bumpSessionVersion(db, user.id);
    expect(await isSessionCurrent(db, user.id, 0)).toBeUndefined();
    expect((await isSessionCurrent(db, user.id, 1))?.email).toBe('screen@test.example');
    db.$client.prepare("update users set status = 'inactive' where id = ?").run(user.id);
    expect(await isSessionCurrent(db, user.id, 1)).toBeUndefined();
  });
});

describe('the encoded API page body', () => {
  test('is the UTF-8 of the page JSON, kept for the same order and page, recomputed for another', async () => {
    const q = query({ sort: 'lessee', dir: 'asc' });
    const screen = await totalCashFlowScreen(db, 1, q);
    const body = screen.pageBody(2, 25);
    expect(new TextDecoder().decode(body)).toBe(totalCashPageJson(screen, 2, 25));
    expect((await totalCashFlowScreen(db, 1, q)).pageBody(2, 25)).toBe(body);
    expect((await totalCashFlowScreen(db, 1, q)).pageBody(3, 25)).not.toBe(body);
    expect((await totalCashFlowScreen(db, 1, { ...q, dir: 'desc' })).pageBody(2, 25)).not.toBe(body);
  });
});
