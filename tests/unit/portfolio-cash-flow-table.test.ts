import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import { getFunder } from '@/db/queries/funders';
import { leaseTermsOf } from '@/db/queries/lease-terms';
import { listPortfolioLeases, type PortfolioLeaseRecord } from '@/db/queries/portfolio';
import { seedPortfolio } from '@/db/seed/portfolio';
import { CF_PERIODS, LeasePortfolio, valuePortfolio, type PortfolioValuation } from '@/lib/finance';
import {
  applyView,
  endedCount,
  filteredIndices,
  hasRemainingFlows,
  isCheckFlagged,
  liveIndices,
  pageOf,
  parseLenient,
  periodMonth,
  sortedIndices,
  toTableRow,
  toTotalCashRow,
  totalCashQuerySchema,
  VIEW_COLUMNS,
  cashFlowPageQuerySchema,
  type CashFlowFilter,
  type CashFlowSource,
  type SortKey,
  type StatusedCashFlowSource,
} from '@/lib/portfolio/cash-flow-table';
import { shownStatus } from '@/lib/validations/leases';

const CUT_OFF = '2026-11-01';
const NO_FILTER: CashFlowFilter = { q: '', currency: [], assetType: [], status: [], checkNonZero: false };

/** A valued book built without lib/portfolio/valuation.ts's process-wide cache (test databases share funder ids). */
function valued(leases: PortfolioLeaseRecord[], cutOff = CUT_OFF, gross = false): StatusedCashFlowSource & { portfolio: LeasePortfolio } {
  const portfolio = new LeasePortfolio(leases.length);
  for (const l of leases) portfolio.add(leaseTermsOf(l));
  const valuation = valuePortfolio(portfolio, {
    cutOff,
    buyRate: 0.055,
    purchasePrice: Float64Array.from(leases, (l) => l.agreedPurchasePrice ?? NaN),
    gross,
  });
  // No servicing book here: every lease's credit status is performing, so the shown status is the business event or performing.
  return { leases, portfolio, valuation, statuses: leases.map((l) => shownStatus(l.status, undefined)) };
}

let book: ReturnType<typeof valued>;
beforeAll(async () => {
  const db = createTestDb();
  seedPortfolio(db, { leases: 400, today: '2026-11-21', seed: 11 });
  expect(await getFunder(db, 1)).toBeDefined();
  book = valued(await listPortfolioLeases(db, 1));
});

const ids = (src: CashFlowSource, idx: ArrayLike<number>) => Array.from(idx, (i) => src.leases[i]!.id);

describe('which leases are rows', () => {
  test('a lease with nothing left at the cut-off is not a row, and is counted as ended', () => {
    const live = liveIndices(book);
    const v = book.valuation;
    const ended = Array.from({ length: v.count }, (_, i) => i).filter((i) => !live.includes(i));
    expect(ended.length).toBeGreaterThan(0);
    expect(endedCount(book)).toBe(ended.length);
    for (const i of ended) {
      expect(v.remainingInstalments[i]).toBe(0);
      expect(v.prin[i]).toBe(0);
      expect(v.totalcf[i]).toBe(0);
    }
    for (const i of live) expect(hasRemainingFlows(v, i)).toBe(true);
  });

  test('a lease starting after the cut-off is a row with all its flows', () => {
    const leases = book.leases as PortfolioLeaseRecord[];
    const i = leases.findIndex((l) => l.firstDueDate > '2027-01-01');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(liveIndices(book)).toContain(i);
    expect(book.valuation.remainingInstalments[i]).toBe(leases[i]!.term);
  });
});

describe('row shapes', () => {
  test('the API row has the documented keys in minor units, and totalcf = Σ cash1..cash61 + cashBeyond', () => {
    for (const i of liveIndices(book)) {
      const row = toTotalCashRow(book, i);
      expect(Object.keys(row)).toEqual([
        'id',
        'prin',
        'sellto4G',
        'npv',
        'delta',
        'check',
        'fx',
        'totalcf',
        'lessee',
        ...Array.from({ length: 61 }, (_, k) => `cash${k + 1}`),
        'cashBeyond',
      ]);
      let sum = row.cashBeyond;
      for (let k = 1; k <= CF_PERIODS; k++) {
        expect(Number.isInteger(row[`cash${k}`])).toBe(true);
        sum += row[`cash${k}`]!;
      }
      expect(row.totalcf).toBe(sum);
      expect(row.delta).toBe(row.sellto4G - row.npv);
    }
  });

  test('the screen row carries the same figures as the API row', () => {
    const i = liveIndices(book)[3]!;
    const api = toTotalCashRow(book, i);
    const row = toTableRow(book, i);
    expect(row.cash).toEqual(Array.from({ length: 61 }, (_, k) => api[`cash${k + 1}`]));
    expect({ id: row.id, prin: row.prin, npv: row.npv, fx: row.fx, lessee: row.lessee }).toEqual({
      id: api.id,
      prin: api.prin,
      npv: api.npv,
      fx: api.fx,
      lessee: api.lessee,
    });
    expect(row.contractNumber).toBe(book.leases[i]!.contractNumber);
  });

  test.each([
    [1, '2026-11-01'],
    [2, '2026-12-01'],
    [3, '2027-01-01'],
    [61, '2031-11-01'],
  ])('period %i of a 2026-11 cut-off is the month of %s', (k, month) => {
    expect(periodMonth('2026-11-15', k)).toBe(month);
  });
});

describe('paging math (api-reference §1.5)', () => {
  const all = () => filteredIndices(book, NO_FILTER);
  test.each([
    { page: 1, perPage: 10 },
    { page: 2, perPage: 25 },
    { page: 4, perPage: 100 },
  ])('page $page of $perPage: total is the filtered count and the slice is (page−1)·perPage …', ({ page, perPage }) => {
    const rows = all();
    const p = pageOf(rows, page, perPage);
    expect(p.total).toBe(rows.length);
    expect(Array.from(p.indices)).toEqual(Array.from(rows).slice((page - 1) * perPage, page * perPage));
  });

  test('the last page holds the remainder and a page past the end is empty with the same total', () => {
    const rows = all();
    const perPage = 7;
    const last = Math.ceil(rows.length / perPage);
    const p = pageOf(rows, last, perPage);
    expect(p.pageCount).toBe(last);
    expect(p.indices.length).toBe(rows.length - (last - 1) * perPage);
    const past = pageOf(rows, last + 1, perPage);
    expect(past.indices.length).toBe(0);
    expect(past.total).toBe(rows.length);
  });

  test('an empty result has one (empty) page', () => {
    const p = pageOf(filteredIndices(book, { ...NO_FILTER, q: 'no such lessee or contract' }), 1, 10);
    expect(p).toMatchObject({ total: 0, pageCount: 1 });
    expect(p.indices.length).toBe(0);
  });
});

describe('sorting', () => {
  const value = (src: CashFlowSource, key: SortKey, i: number): number | string => {
    const row = toTotalCashRow(src, i);
    return row[key as keyof typeof row] as number | string;
  };

  test.each<[SortKey, 'asc' | 'desc']>([
    ['prin', 'asc'],
    ['prin', 'desc'],
    ['npv', 'desc'],
    ['delta', 'asc'],
    ['check', 'desc'],
    ['totalcf', 'asc'],
    ['sellto4G', 'desc'],
    ['cash1', 'desc'],
    ['cash37', 'asc'],
    ['id', 'desc'],
  ])('by %s %s: ordered, ties in id order, every row once', (key, dir) => {
    const order = sortedIndices(book, key, dir);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from(liveIndices(book)));
    for (let j = 1; j < order.length; j++) {
      const a = value(book, key, order[j - 1]!) as number;
      const b = value(book, key, order[j]!) as number;
      if (dir === 'asc') expect(a).toBeLessThanOrEqual(b);
      else expect(a).toBeGreaterThanOrEqual(b);
      if (a === b && key !== 'id') expect(book.leases[order[j - 1]!]!.id).toBeLessThan(book.leases[order[j]!]!.id);
    }
  });

  test.each([
    ['lessee', 'asc'],
    ['lessee', 'desc'],
    ['fx', 'asc'],
    ['fx', 'desc'],
  ] as const)('by %s %s: case-insensitive text order, ties in id order, rows only', (key, dir) => {
    const order = sortedIndices(book, key, dir);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from(liveIndices(book)));
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    for (let j = 1; j < order.length; j++) {
      const c = collator.compare(String(value(book, key, order[j - 1]!)), String(value(book, key, order[j]!)));
      expect(dir === 'asc' ? c : -c).toBeLessThanOrEqual(0);
      if (c === 0) expect(order[j - 1]!).toBeLessThan(order[j]!);
    }
  });

  test('the sorted index is computed once per valuation and reused', () => {
    expect(sortedIndices(book, 'npv', 'asc')).toBe(sortedIndices(book, 'npv', 'asc'));
    const other = valued(book.leases as PortfolioLeaseRecord[]);
    expect(sortedIndices(other, 'npv', 'asc')).not.toBe(sortedIndices(book, 'npv', 'asc'));
    expect(Array.from(sortedIndices(other, 'npv', 'asc'))).toEqual(Array.from(sortedIndices(book, 'npv', 'asc')));
  });
});

describe('filtering', () => {
  test('q matches the contract number or the lessee, case-insensitively', () => {
    const i = liveIndices(book)[5]!;
    const lease = book.leases[i]!;
    const byContract = filteredIndices(book, { ...NO_FILTER, q: lease.contractNumber.toLowerCase() });
    expect(ids(book, byContract)).toEqual([lease.id]);
    const word = lease.lesseeName.split(' ')[0]!.toUpperCase();
    const byLessee = filteredIndices(book, { ...NO_FILTER, q: word });
    expect(byLessee).toContain(i);
    for (const j of byLessee) {
      const l = book.leases[j]!;
      expect(`${l.contractNumber} ${l.lesseeName}`.toLowerCase()).toContain(word.toLowerCase());
    }
  });

  test.each([
    { filter: { currency: ['GBP'] }, field: 'currency', allowed: ['GBP'] },
    { filter: { currency: ['EUR', 'CHF'] }, field: 'currency', allowed: ['EUR', 'CHF'] },
    { filter: { assetType: ['medical'] }, field: 'assetType', allowed: ['medical'] },
    { filter: { status: ['closed'] }, field: 'status', allowed: ['closed'] },
    { filter: { status: ['performing'] }, field: 'status', allowed: ['performing'] },
  ] as const)('$field in $allowed keeps exactly those rows', ({ filter, field, allowed }) => {
    const rows = filteredIndices(book, { ...NO_FILTER, ...filter } as unknown as CashFlowFilter);
    // The status filter reads the shown status (the register's), not the stored one.
    const valueOf = (i: number) => (field === 'status' ? book.statuses[i]! : book.leases[i]![field]);
    const expected = Array.from(liveIndices(book)).filter((i) => (allowed as readonly string[]).includes(valueOf(i)));
    expect(rows.length).toBeGreaterThan(0);
    expect(Array.from(rows)).toEqual(expected);
  });

  test('filters combine and keep the sort order', () => {
    const rows = filteredIndices(book, { ...NO_FILTER, currency: ['EUR'], assetType: ['vehicle'] }, { sort: 'prin', dir: 'desc' });
    const order = Array.from(sortedIndices(book, 'prin', 'desc'));
    expect(Array.from(rows)).toEqual(order.filter((i) => book.leases[i]!.currency === 'EUR' && book.leases[i]!.assetType === 'vehicle'));
  });

  test('a sound book has cents of rounding in check but no flagged row', () => {
    const live = Array.from(liveIndices(book));
    expect(live.some((i) => book.valuation.check[i] !== 0)).toBe(true);
    expect(live.filter((i) => isCheckFlagged(book.valuation, i))).toEqual([]);
    expect(filteredIndices(book, { ...NO_FILTER, checkNonZero: true }).length).toBe(0);
  });

  test('check ≠ 0 keeps the rows beyond one cent per remaining instalment', () => {
    const v: PortfolioValuation = { ...book.valuation, check: book.valuation.check.slice() };
    const live = liveIndices(book);
    const [a, b, c, d] = [live[2]!, live[9]!, live[11]!, live[14]!];
    const rem = (i: number) => Math.max(1, v.remainingInstalments[i]!);
    v.check[a] = rem(a) + 1;
    v.check[b] = -120_00;
    v.check[c] = rem(c); // within the allowance
    v.check[d] = -rem(d);
    const src = { leases: book.leases, valuation: v };
    expect(ids(src, filteredIndices(src, { ...NO_FILTER, checkNonZero: true }))).toEqual([book.leases[a]!.id, book.leases[b]!.id]);
  });
});

describe('saved views', () => {
  const view = {
    columns: ['cash2', 'npv', 'lessee', 'nope', 'prin'],
    filters: { currency: 'GBP', sort: 'prin', dir: 'desc', page: '9', funderId: '2' },
  };

  test("the view's filters are defaults the URL overrides; other keys in it are ignored", () => {
    expect(applyView(view, {}).raw).toEqual({ currency: 'GBP', sort: 'prin', dir: 'desc' });
    expect(applyView(view, { currency: 'CHF', q: 'x' }).raw).toEqual({ currency: 'CHF', sort: 'prin', dir: 'desc', q: 'x' });
  });

  test("its columns choose the amount columns, in the table's order", () => {
    expect(applyView(view, {}).columns).toEqual(['prin', 'npv', 'cash2']);
  });

  test('a Management view\'s "cash" stands for every period and the amount beyond them', () => {
    const columns = applyView({ columns: ['id', 'lessee', 'fx', 'prin', 'cash'], filters: {} }, {}).columns;
    expect(columns[0]).toBe('prin');
    expect(columns).toHaveLength(1 + 61 + 1);
    expect(columns.at(-1)).toBe('cashBeyond');
  });

  test.each([
    ['no view', undefined],
    ['a view without columns', { columns: [], filters: {} }],
  ])('%s shows every column', (_label, v) => {
    expect(applyView(v, {}).columns).toEqual([...VIEW_COLUMNS]);
    expect(VIEW_COLUMNS).toHaveLength(6 + 61 + 1);
  });
});

describe('query parameters', () => {
  test.each([
    [{ perPage: '500' }, 'perPage'],
    [{ page: '0' }, 'page'],
    [{ cutOff: '2026-02-30' }, 'cutOff'],
    [{ sort: 'nope' }, 'sort'],
    [{ currency: 'XXX' }, 'currency'],
    [{ gross: 'yes' }, 'gross'],
  ])('%o is rejected on the %s field', (raw, field) => {
    const r = totalCashQuerySchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => String(i.path[0]))).toContain(field);
  });

  test('defaults: funder 1, net, page 1 of 10, id ascending, no filter, no allData', () => {
    expect(totalCashQuerySchema.parse({})).toEqual({
      funderId: 1,
      gross: false,
      q: '',
      currency: [],
      assetType: [],
      status: [],
      checkNonZero: false,
      sort: 'id',
      dir: 'asc',
      page: 1,
      perPage: 10,
      allData: false,
    });
  });

  test('lists accept repeated and comma-separated values', () => {
    expect(totalCashQuerySchema.parse({ currency: 'EUR,GBP', assetType: ['it', 'medical'] })).toMatchObject({
      currency: ['EUR', 'GBP'],
      assetType: ['it', 'medical'],
    });
  });

  test('a page URL keeps its valid parameters and reports the invalid ones', () => {
    const { value, ignored } = parseLenient(cashFlowPageQuerySchema, { cutOff: '2026-02-30', sort: 'npv', perPage: '9999', q: 'atlas' });
    expect(ignored.sort()).toEqual(['cutOff', 'perPage']);
    expect(value).toMatchObject({ sort: 'npv', q: 'atlas', perPage: 25 });
    expect(value.cutOff).toBeUndefined();
  });
});
