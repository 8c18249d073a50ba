import { describe, expect, test } from 'vitest';
import { allocatePayments, lesseeBehaviour, paymentBehaviour, type Instalment, type LedgerEntry, type MonthStatus } from '@/lib/servicing';

function ins(period: number, dueDate: string): Instalment {
  return { period, dueDate, vat: 2100, fee: 0, interest: 2000, principal: 8000 };
}
const pay = (id: string, receivedDate: string, amount: number): LedgerEntry => ({ id, receivedDate, amount });
// Monthly instalments on the 10th, Jan..Jun 2025.
const schedule = [1, 2, 3, 4, 5, 6].map((m) => ins(m, `2025-0${m}-10`));

describe('payment behaviour', () => {
  const cases: {
    name: string;
    entries: LedgerEntry[];
    asOf: string;
    grace?: number;
    want: Partial<ReturnType<typeof paymentBehaviour>>;
  }[] = [
    {
      name: 'all paid on the due date',
      entries: [1, 2, 3].map((m) => pay(`p${m}`, `2025-0${m}-10`, 12100)),
      asOf: '2025-03-20',
      want: {
        instalmentsDue: 3,
        paidOnTime: 3,
        paidLate: 0,
        unpaidOverdue: 0,
        pending: 0,
        onTimeRate: 1,
        averageDaysLate: null,
        maxDaysLate: 0,
        lastPaymentDate: '2025-03-10',
        lastPaymentAmount: 12100,
      },
    },
    {
      name: 'one paid 5 days late, one unpaid 10 days overdue',
      entries: [pay('p1', '2025-01-10', 12100), pay('p2', '2025-02-15', 12100)],
      asOf: '2025-03-20',
      want: {
        instalmentsDue: 3,
        paidOnTime: 1,
        paidLate: 1,
        unpaidOverdue: 1,
        onTimeRate: 1 / 3,
        averageDaysLate: 7.5,
        maxDaysLate: 10,
        totalDaysLate: 15,
      },
    },
    {
      name: 'grace makes a 5-day-late payment on time',
      entries: [pay('p1', '2025-01-10', 12100), pay('p2', '2025-02-15', 12100)],
      asOf: '2025-03-12',
      grace: 5,
      want: { instalmentsDue: 3, paidOnTime: 2, paidLate: 0, unpaidOverdue: 0, pending: 1, onTimeRate: 1, averageDaysLate: null },
    },
    {
      name: 'due today and unpaid is pending, not late',
      entries: [pay('p1', '2025-01-10', 12100)],
      asOf: '2025-02-10',
      want: { instalmentsDue: 2, paidOnTime: 1, pending: 1, unpaidOverdue: 0, onTimeRate: 1 },
    },
    {
      name: 'paid in advance counts as on time; partial under the tolerance settles',
      entries: [pay('p1', '2025-01-01', 24200 - 50)],
      asOf: '2025-02-20',
      want: { instalmentsDue: 2, paidOnTime: 2, onTimeRate: 1, lastPaymentDate: '2025-01-01' },
    },
    {
      name: 'nothing due yet',
      entries: [],
      asOf: '2024-12-31',
      want: { instalmentsDue: 0, onTimeRate: null, averageDaysLate: null, lastPaymentDate: null, lastPaymentAmount: null },
    },
  ];
  test.each(cases)('$name', ({ entries, asOf, grace, want }) => {
    const b = paymentBehaviour(allocatePayments(schedule, entries), asOf, { graceDays: grace });
    expect(b).toMatchObject(want);
  });

  test('12-month strip ends with the as-of month', () => {
    const entries = [pay('p1', '2025-01-10', 12100), pay('p2', '2025-02-20', 12100), pay('p3', '2025-04-01', 12100)];
    // Jan on time; Feb late; Mar paid 2025-04-01 (late); Apr..May unpaid (Apr: p3 went to Mar); Jun not due by 2025-06-05.
    const b = paymentBehaviour(allocatePayments(schedule, entries), '2025-06-05');
    const want: [string, MonthStatus][] = [
      ['2024-07', 'none'],
      ['2024-08', 'none'],
      ['2024-09', 'none'],
      ['2024-10', 'none'],
      ['2024-11', 'none'],
      ['2024-12', 'none'],
      ['2025-01', 'paid-on-time'],
      ['2025-02', 'paid-late'],
      ['2025-03', 'paid-late'],
      ['2025-04', 'unpaid'],
      ['2025-05', 'unpaid'],
      ['2025-06', 'none'],
    ];
    expect(b.strip.map((c) => [c.month, c.status])).toEqual(want);
    expect(b.maxDaysLate).toBe(56); // April instalment, 2025-04-10 → 2025-06-05
  });

  test('strip across a year end and payments after as-of ignored', () => {
    const s = [ins(1, '2024-11-30'), ins(2, '2024-12-31'), ins(3, '2025-01-31')];
    const b = paymentBehaviour(allocatePayments(s, [pay('p1', '2024-11-30', 12100), pay('p2', '2025-03-01', 24200)]), '2025-02-01');
    expect(b.strip.slice(-4).map((c) => [c.month, c.status])).toEqual([
      ['2024-11', 'paid-on-time'],
      ['2024-12', 'unpaid'],
      ['2025-01', 'unpaid'],
      ['2025-02', 'none'],
    ]);
    expect(b.lastPaymentDate).toBe('2024-11-30');
  });

  test('lessee behaviour sums counts and takes the worst month', () => {
    const a = allocatePayments(schedule, [pay('p1', '2025-01-10', 12100)]);
    const b = allocatePayments([ins(1, '2025-01-20')], [pay('q1', '2025-01-25', 12100)]);
    const l = lesseeBehaviour([a, b], '2025-02-10');
    expect(l).toMatchObject({
      instalmentsDue: 3,
      paidOnTime: 1,
      paidLate: 1,
      pending: 1,
      onTimeRate: 0.5,
      maxDaysLate: 5,
      lastPaymentDate: '2025-01-25',
    });
    expect(l.strip[11]).toEqual({ month: '2025-02', status: 'unpaid' });
    expect(l.strip[10]).toEqual({ month: '2025-01', status: 'paid-late' });
  });
});
