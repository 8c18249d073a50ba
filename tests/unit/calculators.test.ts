import { describe, expect, it } from 'vitest';
import { computeNpvIrr, computePrice, computeRate, computeSchedule } from '@/lib/calculators';
import { leaseTermsInput, npvIrrRequest, priceRequest } from '@/lib/validations/calculators';

// lease-domain-research.md §2.3/§2.9 illustrative example: C 50,000, D 5,000, RV 5,000, 60 monthly in advance at 6 %.
const example = leaseTermsInput.parse({
  currency: 'EUR',
  price: 5_000_000,
  downPayment: 500_000,
  residual: 500_000,
  term: 60,
  rate: 0.06,
  timing: 'advance',
  firstDueDate: '2026-01-01',
});

describe('lease calculators', () => {
  it('instalment of the research example is 794.34 and the schedule reconciles', () => {
    const s = computeSchedule(example);
    expect(s.instalment).toBe(79_434);
    expect(s.rows).toHaveLength(60);
    expect(s.rows[0]).toMatchObject({ interest: 0, principal: 79_434, balanceAfter: 4_420_566 });
    expect(s.totals.principal + s.residual).toBe(4_500_000);
    expect(s.rows.at(-1)!.balanceAfter).toBe(500_000);
  });

  it('solves the rate back from the instalment', () => {
    const { rate, schedule } = computeRate({ terms: { ...example }, instalment: 79_434 });
    expect(rate).toBeCloseTo(0.06, 5);
    expect(schedule.instalment).toBe(79_434);
  });

  it('prices the research example at a 5 % buy rate: 46,164.07, NPV 45,000.00, delta 1,164.07, yield 5 %', () => {
    const r = computePrice(priceRequest.parse({ terms: example, cutOff: '2026-01-01', buyRate: 0.05 }));
    expect(r.price).toBe(4_616_407);
    expect(r.npv).toBe(4_500_000);
    expect(r.delta).toBe(116_407);
    expect(r.check).toBe(0);
    expect(r.yield).toBeCloseTo(0.05, 6);
  });

  it('NPV/IRR/XIRR of dated flows (Excel XIRR help example: 0.373362535)', () => {
    const r = computeNpvIrr(
      npvIrrRequest.parse({
        rate: 0.09,
        flows: [
          { amount: -10000, date: '2008-01-01' },
          { amount: 2750, date: '2008-03-01' },
          { amount: 4250, date: '2008-10-30' },
          { amount: 3250, date: '2009-02-15' },
          { amount: 2750, date: '2009-04-01' },
        ],
      }),
    );
    expect(r.xirr).toBeCloseTo(0.373362535, 8);
    expect(r.xnpv).toBeCloseTo(2086.6476, 3);
    expect(r.irr).not.toBeNull();
  });

  it('says "no solution" for flows of one sign instead of guessing', () => {
    const r = computeNpvIrr(npvIrrRequest.parse({ flows: [{ amount: 1 }, { amount: 2 }] }));
    expect(r.irr).toBeNull();
    expect(r.irrError).toBe('no_solution');
  });

  it.each([
    ['a negative term', { term: -1 }, 'term'],
    ['a residual above the price', { residual: 6_000_000 }, 'residual'],
    ['a rate below −100 %', { rate: -1.5 }, 'rate'],
    ['a down payment equal to the price', { downPayment: 5_000_000 }, 'downPayment'],
    ['an impossible date', { firstDueDate: '2026-02-30' }, 'firstDueDate'],
  ])('rejects %s with the field named', (_name, patch, field) => {
    const r = leaseTermsInput.safeParse({ ...example, ...patch });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toContain(field);
  });
});
