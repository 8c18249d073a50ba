import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { addDays } from '@/lib/finance';
import {
  allocatePayments,
  DEFAULT_COMPONENT_ORDER,
  instalmentsAsOf,
  type Component,
  type Instalment,
  type LedgerEntry,
} from '@/lib/servicing';

const amount = fc.integer({ min: 0, max: 50_000 });
const scheduleArb = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 40 }),
      vat: amount,
      fee: fc.integer({ min: 0, max: 2_000 }),
      interest: amount,
      principal: amount,
    }),
    {
      minLength: 0,
      maxLength: 12,
    },
  )
  .map((rows) => {
    let day = 0;
    return rows.map((r, i): Instalment => {
      day += r.gap;
      return { period: i + 1, dueDate: addDays('2024-01-15', day), vat: r.vat, fee: r.fee, interest: r.interest, principal: r.principal };
    });
  });
const ledgerArb = fc
  .array(fc.record({ offset: fc.integer({ min: -30, max: 500 }), amount: fc.integer({ min: 0, max: 120_000 }), reverse: fc.boolean() }), {
    maxLength: 15,
  })
  .map((rows) => {
    const entries: LedgerEntry[] = [];
    rows.forEach((r, i) => {
      entries.push({ id: `p${i}`, receivedDate: addDays('2024-01-15', r.offset), amount: r.amount });
      if (r.reverse) entries.push({ id: `r${i}`, reversalOf: `p${i}`, date: addDays('2024-01-15', r.offset + 3) });
    });
    return { entries, reversed: new Set(rows.flatMap((r, i) => (r.reverse ? [`p${i}`] : []))) };
  });
const orderArb = fc.shuffledSubarray([...DEFAULT_COMPONENT_ORDER], { minLength: 4, maxLength: 4 }) as fc.Arbitrary<Component[]>;

describe('allocation invariant (property)', () => {
  test('Σ allocated + credit = Σ payments not reversed; no component over-paid; deterministic', () => {
    fc.assert(
      fc.property(scheduleArb, ledgerArb, orderArb, (schedule, { entries, reversed }, order) => {
        const r = allocatePayments(schedule, entries, { componentOrder: order });
        const paymentsTotal = entries.reduce((s, e) => ('amount' in e && !reversed.has(e.id) ? s + e.amount : s), 0);
        const allocated = r.allocations.reduce((s, a) => s + a.amount, 0);
        expect(allocated + r.credit).toBe(paymentsTotal);
        expect(r.totals.allocated + r.totals.credit).toBe(r.totals.payments);
        expect(r.totals.allocated).toBe(allocated);
        for (const s of r.instalments) {
          for (const c of DEFAULT_COMPONENT_ORDER) {
            expect(s.paid[c]).toBeGreaterThanOrEqual(0);
            expect(s.paid[c]).toBeLessThanOrEqual(s.due[c]);
            expect(s.paid[c] + s.unpaid[c]).toBe(s.due[c]);
          }
          expect(s.paidInFullDate === null).toBe(s.totalUnpaid > 0);
        }
        // Credit only when everything is paid; no reversed payment is allocated.
        if (r.credit > 0) expect(r.totals.unpaid).toBe(0);
        for (const a of r.allocations) expect(reversed.has(a.paymentId)).toBe(false);
        expect(allocatePayments(schedule, entries, { componentOrder: order })).toEqual(r);
      }),
      { numRuns: 600 },
    );
  });

  test('replaying allocations up to a date equals allocating only the payments received by then', () => {
    fc.assert(
      fc.property(scheduleArb, ledgerArb, fc.integer({ min: -30, max: 520 }), (schedule, { entries }, offset) => {
        const payments = entries.filter((e) => 'amount' in e);
        const asOf = addDays('2024-01-15', offset);
        const replayed = instalmentsAsOf(allocatePayments(schedule, payments), asOf);
        const direct = allocatePayments(schedule, payments, { asOf });
        expect(replayed).toEqual(direct.instalments);
      }),
      { numRuns: 500 },
    );
  });
});
