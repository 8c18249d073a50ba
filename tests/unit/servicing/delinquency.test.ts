import { describe, expect, test } from 'vitest';
import {
  allocatePayments,
  arrearsAt,
  bucketOf,
  bucketsFor,
  daysPastDue,
  delinquencyAt,
  isServicingError,
  lesseeDpd,
  overdueSince,
  rollRateMatrix,
  type Instalment,
  type LedgerEntry,
} from '@/lib/servicing';

function ins(period: number, dueDate: string, over: Partial<Instalment> = {}): Instalment {
  return { period, dueDate, vat: 2100, fee: 0, interest: 2000, principal: 8000, ...over };
}
const pay = (id: string, receivedDate: string, amount: number): LedgerEntry => ({ id, receivedDate, amount });

describe('days past due', () => {
  const cases: {
    name: string;
    schedule: Instalment[];
    entries: LedgerEntry[];
    asOf: string;
    grace?: number;
    tolerance?: number;
    dpd: number;
    since: string | null;
  }[] = [
    {
      name: 'nothing paid, one instalment 10 days overdue',
      schedule: [ins(1, '2025-01-10')],
      entries: [],
      asOf: '2025-01-20',
      dpd: 10,
      since: '2025-01-10',
    },
    { name: 'due today is not past due', schedule: [ins(1, '2025-01-20')], entries: [], asOf: '2025-01-20', dpd: 0, since: null },
    {
      name: 'one day after the due date is 1',
      schedule: [ins(1, '2025-01-20')],
      entries: [],
      asOf: '2025-01-21',
      dpd: 1,
      since: '2025-01-20',
    },
    {
      name: 'grace days are subtracted',
      schedule: [ins(1, '2025-01-10')],
      entries: [],
      asOf: '2025-01-20',
      grace: 5,
      dpd: 5,
      since: '2025-01-10',
    },
    {
      name: 'grace floors at 0',
      schedule: [ins(1, '2025-01-10')],
      entries: [],
      asOf: '2025-01-20',
      grace: 15,
      dpd: 0,
      since: '2025-01-10',
    },
    {
      name: 'tolerance: 0.99 unpaid does not age',
      schedule: [ins(1, '2025-01-10')],
      entries: [pay('p1', '2025-01-10', 12100 - 99)],
      asOf: '2025-03-01',
      dpd: 0,
      since: null,
    },
    {
      name: 'tolerance: exactly 1.00 unpaid ages',
      schedule: [ins(1, '2025-01-10')],
      entries: [pay('p1', '2025-01-10', 12100 - 100)],
      asOf: '2025-01-20',
      dpd: 10,
      since: '2025-01-10',
    },
    {
      name: 'tolerance 0: one cent ages',
      schedule: [ins(1, '2025-01-10')],
      entries: [pay('p1', '2025-01-10', 12100 - 1)],
      asOf: '2025-01-20',
      tolerance: 0,
      dpd: 10,
      since: '2025-01-10',
    },
    {
      name: 'tolerance: an old crumb does not age, the next material instalment does',
      schedule: [ins(1, '2025-01-10'), ins(2, '2025-02-10')],
      entries: [pay('p1', '2025-01-10', 12100 - 50)],
      asOf: '2025-02-20',
      dpd: 10,
      since: '2025-02-10',
    },
    {
      name: 'tolerance on the lease total: two crumbs that add up to 1.00 age from the second',
      schedule: [
        ins(1, '2025-01-10', { vat: 50, interest: 0, principal: 0 }),
        ins(2, '2025-02-10', { vat: 50, interest: 0, principal: 0 }),
      ],
      entries: [],
      asOf: '2025-02-20',
      dpd: 10,
      since: '2025-02-10',
    },
    {
      name: 'oldest unpaid instalment, not the latest',
      schedule: [ins(1, '2025-01-31'), ins(2, '2025-02-28'), ins(3, '2025-03-31')],
      entries: [pay('p1', '2025-03-01', 12100)],
      asOf: '2025-04-10',
      dpd: 41,
      since: '2025-02-28',
    },
    {
      name: 'payments after the as-of date do not count',
      schedule: [ins(1, '2025-01-10')],
      entries: [pay('p1', '2025-01-25', 12100)],
      asOf: '2025-01-20',
      dpd: 10,
      since: '2025-01-10',
    },
    {
      name: 'month end: 31 Jan to 28 Feb is 28 days',
      schedule: [ins(1, '2025-01-31')],
      entries: [],
      asOf: '2025-02-28',
      dpd: 28,
      since: '2025-01-31',
    },
    {
      name: '29 February in a leap year: 31 Jan to 1 Mar 2024 is 30 days',
      schedule: [ins(1, '2024-01-31')],
      entries: [],
      asOf: '2024-03-01',
      dpd: 30,
      since: '2024-01-31',
    },
    {
      name: 'due on 29 Feb 2024, as of 31 Mar 2024 is 31 days',
      schedule: [ins(1, '2024-02-29')],
      entries: [],
      asOf: '2024-03-31',
      dpd: 31,
      since: '2024-02-29',
    },
    {
      name: 'across a year end: 15 Dec 2024 to 14 Jan 2025 is 30 days',
      schedule: [ins(1, '2024-12-15')],
      entries: [],
      asOf: '2025-01-14',
      dpd: 30,
      since: '2024-12-15',
    },
    {
      name: 'paid in full → current',
      schedule: [ins(1, '2025-01-10')],
      entries: [pay('p1', '2025-01-15', 12100)],
      asOf: '2025-02-01',
      dpd: 0,
      since: null,
    },
  ];
  test.each(cases)('$name', ({ schedule, entries, asOf, grace, tolerance, dpd, since }) => {
    const r = allocatePayments(schedule, entries);
    expect(daysPastDue(r, asOf, { graceDays: grace, tolerance })).toBe(dpd);
    expect(overdueSince(r, asOf, tolerance)).toBe(since);
  });

  test('custom order (principal first) changes which component stays unpaid, not the DPD', () => {
    const schedule = [ins(1, '2025-01-31'), ins(2, '2025-02-28')];
    const entries = [pay('p1', '2025-03-01', 10000), pay('p2', '2025-03-02', 12100)];
    const std = allocatePayments(schedule, entries);
    const pf = allocatePayments(schedule, entries, { componentOrder: ['principal', 'interest', 'fee', 'vat'] });
    expect(daysPastDue(std, '2025-03-10')).toBe(10);
    expect(daysPastDue(pf, '2025-03-10')).toBe(10);
    expect(std.instalments[1]!.unpaid).toEqual({ vat: 0, fee: 0, interest: 0, principal: 2100 });
    expect(pf.instalments[1]!.unpaid).toEqual({ vat: 2100, fee: 0, interest: 0, principal: 0 });
  });
});

describe('arrears', () => {
  test('net, VAT and total of past-due instalments; due today is not in arrears', () => {
    const schedule = [ins(1, '2025-01-31', { fee: 300 }), ins(2, '2025-02-28'), ins(3, '2025-03-31')];
    const r = allocatePayments(schedule, [pay('p1', '2025-02-01', 5000)]);
    // Instalment 1: VAT 2100 + fee 300 + interest 2000 paid with 4400; 600 principal paid; 7400 principal open.
    expect(arrearsAt(r, '2025-02-28')).toEqual({ vat: 0, fee: 0, interest: 0, principal: 7400, net: 7400, total: 7400 });
    expect(arrearsAt(r, '2025-03-01')).toEqual({ vat: 2100, fee: 0, interest: 2000, principal: 15400, net: 17400, total: 19500 });
  });

  test('delinquencyAt bundles dpd, bucket and arrears', () => {
    const r = allocatePayments([ins(1, '2025-01-01')], []);
    const d = delinquencyAt(r, '2025-03-02');
    expect(d.dpd).toBe(60);
    expect(d.bucket.key).toBe('31-60');
    expect(d.arrears.total).toBe(12100);
    expect(d.overdueSince).toBe('2025-01-01');
  });
});

describe('buckets', () => {
  const cases: { dpd: number; edges?: number[]; key: string; min: number; max: number | null }[] = [
    { dpd: 0, key: 'current', min: 0, max: 0 },
    { dpd: 1, key: '1-30', min: 1, max: 30 },
    { dpd: 30, key: '1-30', min: 1, max: 30 },
    { dpd: 31, key: '31-60', min: 31, max: 60 },
    { dpd: 60, key: '31-60', min: 31, max: 60 },
    { dpd: 61, key: '61-90', min: 61, max: 90 },
    { dpd: 90, key: '61-90', min: 61, max: 90 },
    { dpd: 91, key: '91+', min: 91, max: null },
    { dpd: 5000, key: '91+', min: 91, max: null },
    { dpd: 29, edges: [29, 59, 89], key: '1-29', min: 1, max: 29 },
    { dpd: 30, edges: [29, 59, 89], key: '30-59', min: 30, max: 59 },
    { dpd: 90, edges: [29, 59, 89], key: '90+', min: 90, max: null },
    { dpd: 121, edges: [30, 60, 90, 120, 150, 180], key: '121-150', min: 121, max: 150 },
    { dpd: 181, edges: [30, 60, 90, 120, 150, 180], key: '181+', min: 181, max: null },
  ];
  test.each(cases)('$dpd days with edges $edges → $key', ({ dpd, edges, key, min, max }) => {
    const b = bucketOf(dpd, edges);
    expect(b).toMatchObject({ key, min, max });
  });

  test('bucketOf follows an edges array changed in place (its buckets are kept per array and checked against it)', () => {
    const edges = [30, 60, 90];
    expect(bucketOf(45, edges).key).toBe('31-60');
    edges[1] = 50;
    expect(bucketOf(45, edges)).toEqual({ key: '31-50', index: 2, min: 31, max: 50 });
    edges[2] = 40;
    expect(() => bucketOf(45, edges)).toThrow();
    // Each call answers its own object: changing one leaves the next answer alone.
    const b = bucketOf(10);
    b.max = 99;
    expect(bucketOf(10).max).toBe(30);
  });

  test('bucketsFor lists the default buckets in order', () => {
    expect(bucketsFor().map((b) => [b.index, b.key])).toEqual([
      [0, 'current'],
      [1, '1-30'],
      [2, '31-60'],
      [3, '61-90'],
      [4, '91+'],
    ]);
  });

  test.each([
    { name: 'non-increasing edges', run: () => bucketsFor([30, 30]) },
    { name: 'zero edge', run: () => bucketsFor([0, 30]) },
    { name: 'empty edges', run: () => bucketsFor([]) },
    { name: 'negative dpd', run: () => bucketOf(-1) },
    { name: 'fractional dpd', run: () => bucketOf(1.5) },
  ])('$name → VALUE', ({ run }) => {
    expect(() => run()).toThrow();
    try {
      run();
    } catch (e) {
      expect(isServicingError(e, 'VALUE')).toBe(true);
    }
  });
});

describe('lessee DPD and roll rates', () => {
  test.each([
    { dpds: [], want: 0 },
    { dpds: [0, 12, 45, 3], want: 45 },
    { dpds: [7], want: 7 },
  ])('lesseeDpd($dpds) = $want', ({ dpds, want }) => {
    expect(lesseeDpd(dpds)).toBe(want);
  });

  test('roll-rate counts and balance-weighted matrix', () => {
    const m = rollRateMatrix([
      { from: 'current', to: 'current', balance: 1000 },
      { from: 'current', to: '1-30', balance: 500 },
      { from: '1-30', to: '31-60', balance: 200 },
      { from: '1-30', to: 'current', balance: 300 },
      { from: '1-30', to: '31-60', balance: 100 },
      { from: '61-90', to: '91+', balance: 50 },
    ]);
    expect(m.buckets.map((b) => b.key)).toEqual(['current', '1-30', '31-60', '61-90', '91+']);
    expect(m.counts).toEqual([
      [1, 1, 0, 0, 0],
      [1, 0, 2, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 1],
      [0, 0, 0, 0, 0],
    ]);
    expect(m.balances[1]).toEqual([300, 0, 300, 0, 0]);
    expect(m.rowCounts).toEqual([2, 3, 0, 1, 0]);
    expect(m.rowBalances).toEqual([1500, 600, 0, 50, 0]);
  });

  test('roll rate from DPDs at two dates with custom edges; unknown key is VALUE', () => {
    const edges = [29, 59, 89];
    const rows = [
      { a: 0, b: 30 },
      { a: 35, b: 65 },
    ].map(({ a, b }) => ({ from: bucketOf(a, edges).key, to: bucketOf(b, edges).key, balance: 1 }));
    const m = rollRateMatrix(rows, edges);
    expect(m.counts[0]![2]).toBe(1);
    expect(m.counts[2]![3]).toBe(1);
    expect(() => rollRateMatrix([{ from: '1-30', to: 'current', balance: 0 }], edges)).toThrow(/unknown bucket/);
  });
});
