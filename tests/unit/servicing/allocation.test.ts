import { describe, expect, test } from 'vitest';
import {
  allocatePayments,
  instalmentsAsOf,
  isServicingError,
  ServicingError,
  type Component,
  type Instalment,
  type LedgerEntry,
} from '@/lib/servicing';

// Three monthly instalments of 121.00 (VAT 21.00, interest 20.00, principal 80.00), no fee.
function ins(period: number, dueDate: string, over: Partial<Instalment> = {}): Instalment {
  return { period, dueDate, vat: 2100, fee: 0, interest: 2000, principal: 8000, ...over };
}
const schedule: Instalment[] = [ins(1, '2025-01-31'), ins(2, '2025-02-28'), ins(3, '2025-03-31')];
const pay = (id: string, receivedDate: string, amount: number): LedgerEntry => ({ id, receivedDate, amount });

describe('allocation: cases', () => {
  const cases: {
    name: string;
    entries: LedgerEntry[];
    order?: Component[];
    paid: Record<number, Partial<Record<Component, number>>>;
    fullDates: (string | null)[];
    credit: number;
  }[] = [
    {
      name: 'partial payment pays VAT, then interest, principal stays unpaid',
      entries: [pay('p1', '2025-01-31', 5000)],
      paid: { 1: { vat: 2100, interest: 2000, principal: 900 } },
      fullDates: [null, null, null],
      credit: 0,
    },
    {
      name: 'exact payment settles the instalment on the payment date',
      entries: [pay('p1', '2025-02-03', 12100)],
      paid: { 1: { vat: 2100, interest: 2000, principal: 8000 } },
      fullDates: ['2025-02-03', null, null],
      credit: 0,
    },
    {
      name: 'overpayment → the excess is applied to the next instalment',
      entries: [pay('p1', '2025-01-31', 15000)],
      paid: { 1: { vat: 2100, interest: 2000, principal: 8000 }, 2: { vat: 2100, interest: 800 } },
      fullDates: ['2025-01-31', null, null],
      credit: 0,
    },
    {
      name: 'payment before the due date counts as paid in advance',
      entries: [pay('p1', '2025-01-15', 12100)],
      paid: { 1: { vat: 2100, interest: 2000, principal: 8000 } },
      fullDates: ['2025-01-15', null, null],
      credit: 0,
    },
    {
      name: 'two instalments paid by one payment, oldest first',
      entries: [pay('p1', '2025-03-01', 24200)],
      paid: { 1: { vat: 2100, interest: 2000, principal: 8000 }, 2: { vat: 2100, interest: 2000, principal: 8000 } },
      fullDates: ['2025-03-01', '2025-03-01', null],
      credit: 0,
    },
    {
      name: 'cash beyond the last instalment stays as credit',
      entries: [pay('p1', '2025-01-31', 40000)],
      paid: {
        1: { vat: 2100, interest: 2000, principal: 8000 },
        2: { vat: 2100, interest: 2000, principal: 8000 },
        3: { vat: 2100, interest: 2000, principal: 8000 },
      },
      fullDates: ['2025-01-31', '2025-01-31', '2025-01-31'],
      credit: 40000 - 36300,
    },
    {
      name: 'a reversal recomputes as if the payment never happened',
      entries: [pay('p1', '2025-01-31', 12100), pay('p2', '2025-02-28', 5000), { id: 'r1', reversalOf: 'p1', date: '2025-03-05' }],
      paid: { 1: { vat: 2100, interest: 2000, principal: 900 } },
      fullDates: [null, null, null],
      credit: 0,
    },
    {
      name: 'custom order principal first leaves the VAT unpaid',
      entries: [pay('p1', '2025-01-31', 10000)],
      order: ['principal', 'interest', 'fee', 'vat'],
      paid: { 1: { principal: 8000, interest: 2000 } },
      fullDates: [null, null, null],
      credit: 0,
    },
  ];

  test.each(cases)('$name', ({ entries, order, paid, fullDates, credit }) => {
    const r = allocatePayments(schedule, entries, order ? { componentOrder: order } : {});
    for (const s of r.instalments) {
      const want = paid[s.period] ?? {};
      expect(s.paid).toEqual({ vat: want.vat ?? 0, fee: want.fee ?? 0, interest: want.interest ?? 0, principal: want.principal ?? 0 });
      expect(s.totalUnpaid).toBe(s.totalDue - s.totalPaid);
    }
    expect(r.instalments.map((s) => s.paidInFullDate)).toEqual(fullDates);
    expect(r.credit).toBe(credit);
    expect(r.totals.allocated + r.totals.credit).toBe(r.totals.payments);
  });

  test('allocations list who paid what, oldest first, in the component order', () => {
    const r = allocatePayments(schedule, [pay('p1', '2025-01-31', 5000), pay('p2', '2025-02-01', 10000)]);
    expect(r.allocations).toEqual([
      { paymentId: 'p1', date: '2025-01-31', period: 1, component: 'vat', amount: 2100 },
      { paymentId: 'p1', date: '2025-01-31', period: 1, component: 'interest', amount: 2000 },
      { paymentId: 'p1', date: '2025-01-31', period: 1, component: 'principal', amount: 900 },
      { paymentId: 'p2', date: '2025-02-01', period: 1, component: 'principal', amount: 7100 },
      { paymentId: 'p2', date: '2025-02-01', period: 2, component: 'vat', amount: 2100 },
      { paymentId: 'p2', date: '2025-02-01', period: 2, component: 'interest', amount: 800 },
    ]);
    expect(r.instalments[0]!.paidInFullDate).toBe('2025-02-01');
  });

  test('fee component and a residual instalment (principal + VAT only)', () => {
    const withFee = [
      ins(1, '2025-01-31', { fee: 500 }),
      { period: 99, dueDate: '2025-02-28', vat: 210, fee: 0, interest: 0, principal: 1000 },
    ];
    const r = allocatePayments(withFee, [pay('p1', '2025-01-31', 12600 + 1210)]);
    expect(r.instalments.map((s) => s.paidInFullDate)).toEqual(['2025-01-31', '2025-01-31']);
    expect(r.instalments[0]!.paid.fee).toBe(500);
    expect(r.credit).toBe(0);
  });

  test('reversed payments are listed and excluded from totals; asOf ignores later entries', () => {
    const entries: LedgerEntry[] = [
      pay('p1', '2025-01-31', 12100),
      pay('p2', '2025-02-28', 12100),
      { id: 'r1', reversalOf: 'p2', date: '2025-03-10' },
    ];
    const r = allocatePayments(schedule, entries);
    expect(r.reversedPaymentIds).toEqual(['p2']);
    expect(r.totals.payments).toBe(12100);
    const before = allocatePayments(schedule, entries, { asOf: '2025-03-01' });
    expect(before.totals.payments).toBe(24200);
    expect(before.instalments[1]!.paidInFullDate).toBe('2025-02-28');
    // instalmentsAsOf replays only allocations on or before the date.
    const asOf = instalmentsAsOf(allocatePayments(schedule, entries.slice(0, 2)), '2025-02-27');
    expect(asOf.map((s) => s.paidInFullDate)).toEqual(['2025-01-31', null, null]);
    expect(asOf[1]!.totalUnpaid).toBe(12100);
  });

  test('instalments are taken in due-date order whatever the input order', () => {
    const r = allocatePayments([schedule[2]!, schedule[0]!, schedule[1]!], [pay('p1', '2025-01-31', 12100)]);
    expect(r.instalments.map((s) => [s.period, s.paidInFullDate])).toEqual([
      [1, '2025-01-31'],
      [2, null],
      [3, null],
    ]);
  });
});

describe('allocation: typed errors', () => {
  const cases: { name: string; run: () => unknown; code: string }[] = [
    {
      name: 'reversal of an unknown payment',
      run: () => allocatePayments(schedule, [{ id: 'r1', reversalOf: 'nope', date: '2025-01-31' }]),
      code: 'UNKNOWN_PAYMENT',
    },
    {
      name: 'payment reversed twice',
      run: () =>
        allocatePayments(schedule, [
          pay('p1', '2025-01-31', 1),
          { id: 'r1', reversalOf: 'p1', date: '2025-02-01' },
          { id: 'r2', reversalOf: 'p1', date: '2025-02-02' },
        ]),
      code: 'DUPLICATE_REVERSAL',
    },
    {
      name: 'order that is not a permutation',
      run: () => allocatePayments(schedule, [], { componentOrder: ['vat', 'vat', 'interest', 'principal'] }),
      code: 'COMPONENT_ORDER',
    },
    {
      name: 'order missing a component',
      run: () => allocatePayments(schedule, [], { componentOrder: ['vat', 'interest', 'principal'] }),
      code: 'COMPONENT_ORDER',
    },
    { name: 'negative payment', run: () => allocatePayments(schedule, [pay('p1', '2025-01-31', -5)]), code: 'VALUE' },
    { name: 'fractional amount', run: () => allocatePayments([ins(1, '2025-01-31', { vat: 1.5 })], []), code: 'VALUE' },
    { name: 'invalid date', run: () => allocatePayments([ins(1, '2025-02-29')], []), code: 'VALUE' },
    {
      name: 'duplicate entry id',
      run: () => allocatePayments(schedule, [pay('p1', '2025-01-31', 1), pay('p1', '2025-02-01', 1)]),
      code: 'VALUE',
    },
    { name: 'duplicate period', run: () => allocatePayments([ins(1, '2025-01-31'), ins(1, '2025-02-28')], []), code: 'VALUE' },
  ];
  test.each(cases)('$name → $code', ({ run, code }) => {
    let caught: unknown;
    try {
      run();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ServicingError);
    expect(isServicingError(caught, code as ServicingError['code'])).toBe(true);
  });
});
