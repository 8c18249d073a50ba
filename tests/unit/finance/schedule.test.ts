import { describe, expect, test } from 'vitest';
import {
  buildSchedule,
  FinanceError,
  ipmt,
  irr,
  leaseInstalment,
  pmt,
  ppmt,
  roundHalfUp,
  solvePrincipalForInstalment,
  solveRateForInstalment,
  type LeaseTerms,
} from '@/lib/finance';

// The illustrative lease of lease-domain-research.md §2.3–2.5: C = 50,000, D = 5,000, RV = 5,000,
// 60 monthly instalments in advance at 6 %, VAT 23 %.
const research: LeaseTerms = {
  price: 5_000_000,
  downPayment: 500_000,
  residual: 500_000,
  term: 60,
  rate: 0.06,
  timing: 'advance',
  firstDueDate: '2025-01-01',
  vatRate: 0.23,
  currency: 'EUR',
};

describe('schedule of the research example (§2.3–2.5)', () => {
  const s = buildSchedule(research);

  test('instalment 794.34, VAT 182.70, gross 977.04', () => {
    expect(s.principal).toBe(4_500_000);
    expect(s.instalment).toBe(79_434);
    expect(s.rows[0]).toEqual({
      period: 1,
      dueDate: '2025-01-01',
      instalment: 79_434,
      interest: 0,
      principal: 79_434,
      vat: 18_270,
      fee: 0,
      gross: 97_704,
      balanceAfter: 4_420_566,
    });
  });

  test('rows 2 and 3 match the research table (interest on the rounded balance)', () => {
    expect(s.rows[1]).toMatchObject({ interest: 22_103, principal: 57_331, balanceAfter: 4_363_235 });
    expect(s.rows[2]).toMatchObject({ interest: 21_816, principal: 57_618, balanceAfter: 4_305_617 });
  });

  test('the last instalment carries the residual’s final-month interest and ends the balance at RV', () => {
    const last = s.rows[59]!;
    // Balance before it 5,740.79; interest 0.5 % of that (28.70) + 5,000 × 0.005/1.005 (24.88) = 53.58.
    expect(s.rows[58]!.balanceAfter).toBe(574_079);
    expect(last).toMatchObject({ period: 60, dueDate: '2029-12-01', interest: 5_358, principal: 74_079, balanceAfter: 500_000 });
    expect(last.instalment).toBe(79_437); // 3 cents of accumulated rounding absorbed
    expect(s.residualDueDate).toBe('2030-01-01');
    expect(s.residualVat).toBe(115_000);
  });

  test('totals reconcile', () => {
    expect(s.totals.principal + s.residual).toBe(s.principal);
    expect(s.totals.instalment).toBe(59 * 79_434 + 79_437);
    expect(s.totals.interest).toBe(s.totals.instalment - (s.principal - s.residual));
    expect(s.totals.gross).toBe(s.totals.instalment + s.totals.vat);
    expect(s.totals.cash).toBe(s.totals.gross + 500_000 + 115_000);
  });

  test('rates: effective annual 6.1678 %, lessor yield ≈ contract rate without fees', () => {
    expect(s.effectiveAnnualRate).toBeCloseTo(0.0616778118644996, 12);
    expect(s.lessorYield).not.toBeNull();
    expect(Math.abs(s.lessorYield! - 0.06)).toBeLessThan(1e-6);
  });

  test('rows 1..59 match Excel IPMT/PPMT to the cent', () => {
    for (let k = 1; k <= 59; k++) {
      const row = s.rows[k - 1]!;
      expect(Math.abs(row.interest + ipmt(0.005, k, 60, 4_500_000, -500_000, 1))).toBeLessThanOrEqual(2);
      expect(Math.abs(row.principal + ppmt(0.005, k, 60, 4_500_000, -500_000, 1))).toBeLessThanOrEqual(2);
    }
  });
});

describe('instalments match Oracle’s PMT documentation', () => {
  const base = { price: 5_000_000, term: 120, rate: 0.14, firstDueDate: '2024-01-15', currency: 'EUR' } as const;
  test.each([
    ['arrears, no residual: 776.33', { ...base, timing: 'arrears' as const }, 77_633],
    ['arrears, 30,000 balloon: 660.53', { ...base, timing: 'arrears' as const, residual: 3_000_000 }, 66_053],
    ['advance, 30,000 balloon: 652.92', { ...base, timing: 'advance' as const, residual: 3_000_000 }, 65_292],
  ])('%s', (_n, terms: LeaseTerms, expected) => {
    expect(leaseInstalment(terms)).toBe(expected);
    const s = buildSchedule(terms);
    expect(s.rows[s.rows.length - 1]!.balanceAfter).toBe(terms.residual ?? 0);
  });
});

describe('fees, down payment, VAT regimes, frequencies', () => {
  test('an unfinanced fee is collected with instalment 1 and raises the yield, not the instalment', () => {
    const noFee = buildSchedule(research);
    const s = buildSchedule({ ...research, fee: 50_000 });
    expect(s.instalment).toBe(noFee.instalment);
    expect(s.rows[0]!.fee).toBe(50_000);
    expect(s.rows[0]!.gross).toBe(79_434 + 18_270 + 50_000);
    expect(s.rows[1]!.fee).toBe(0);
    expect(s.lessorYield!).toBeGreaterThan(noFee.lessorYield! + 0.004);
  });

  test('a financed fee enlarges P and the instalment; the yield is the IRR of the lessor’s own flows', () => {
    const s = buildSchedule({ ...research, fee: 50_000, feeFinanced: true });
    expect(s.principal).toBe(4_550_000);
    expect(s.instalment).toBe(roundHalfUp(-pmt(0.005, 60, 4_550_000, -500_000, 1)));
    expect(s.rows[0]!.fee).toBe(0);
    // The lessor pays out C − D = 45,000 and receives instalments on 45,500 plus the residual.
    const flows = s.rows.map((r) => r.instalment);
    flows[0] = flows[0]! - 4_500_000;
    flows.push(500_000);
    expect(s.lessorYield!).toBeCloseTo(12 * irr(flows), 12);
    expect(s.lessorYield!).toBeGreaterThan(0.064);
    expect(s.lessorYieldEffective!).toBeCloseTo((1 + irr(flows)) ** 12 - 1, 12);
  });

  test('upfront VAT regime: VAT on the asset price with row 1, none afterwards or on the residual', () => {
    const s = buildSchedule({ ...research, vatRegime: 'upfront' });
    expect(s.rows[0]!.vat).toBe(1_150_000);
    expect(s.rows.slice(1).every((r) => r.vat === 0)).toBe(true);
    expect(s.residualVat).toBe(0);
    expect(s.rows[1]!.interest).toBe(22_103); // VAT never enters interest
  });

  test('quarterly in arrears: due dates every 3 months, period rate i/4', () => {
    const s = buildSchedule({
      price: 1_200_000,
      term: 8,
      rate: 0.08,
      timing: 'arrears',
      frequency: 'quarterly',
      firstDueDate: '2024-03-31',
      currency: 'GBP',
    });
    expect(s.rows.map((r) => r.dueDate)).toEqual([
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
      '2025-03-31',
      '2025-06-30',
      '2025-09-30',
      '2025-12-31',
    ]);
    expect(s.startDate).toBe('2023-12-31');
    expect(s.periodRate).toBe(0.02);
    expect(s.rows[0]!.interest).toBe(24_000);
    expect(s.instalment).toBe(roundHalfUp(-pmt(0.02, 8, 1_200_000)));
  });

  test('semi-annual and annual frequencies', () => {
    const semi = buildSchedule({
      price: 1_000_000,
      term: 4,
      rate: 0.1,
      timing: 'arrears',
      frequency: 'semi-annual',
      firstDueDate: '2024-06-30',
      currency: 'USD',
    });
    expect(semi.rows.map((r) => r.dueDate)).toEqual(['2024-06-30', '2024-12-30', '2025-06-30', '2025-12-30']);
    expect(semi.rows[0]!.interest).toBe(50_000);
    const annual = buildSchedule({
      price: 1_000_000,
      term: 3,
      rate: 0.1,
      timing: 'advance',
      frequency: 'annual',
      firstDueDate: '2024-02-29',
      currency: 'USD',
    });
    expect(annual.rows.map((r) => r.dueDate)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
    expect(annual.residualDueDate).toBe('2027-02-28');
  });

  test('effective rate convention: period rate (1+i)^(1/12) − 1', () => {
    const s = buildSchedule({ ...research, rateConvention: 'effective' });
    expect(s.periodRate).toBeCloseTo(0.00486755056534305, 14);
    expect(s.effectiveAnnualRate).toBeCloseTo(0.06, 14);
  });

  test('JPY has no minor unit: amounts are whole yen', () => {
    const s = buildSchedule({
      price: 3_000_000,
      term: 36,
      rate: 0.02,
      timing: 'arrears',
      firstDueDate: '2024-04-10',
      currency: 'JPY',
      vatRate: 0.1,
    });
    expect(s.minorUnitDigits).toBe(0);
    expect(s.instalment).toBe(roundHalfUp(-pmt(0.02 / 12, 36, 3_000_000)));
    expect(s.rows[0]!.vat).toBe(roundHalfUp(0.1 * s.instalment));
  });
});

const month = (terms: Partial<LeaseTerms>): LeaseTerms => ({
  price: 1_000_000,
  term: 12,
  rate: 0.06,
  timing: 'arrears',
  firstDueDate: '2024-01-31',
  currency: 'EUR',
  ...terms,
});

describe('edge cases', () => {
  test.each([
    ['term 1 in arrears', month({ term: 1 }), [{ instalment: 1_005_000, interest: 5_000, principal: 1_000_000, balanceAfter: 0 }]],
    [
      'term 1 in advance',
      month({ term: 1, timing: 'advance' }),
      [{ instalment: 1_000_000, interest: 0, principal: 1_000_000, balanceAfter: 0 }],
    ],
    [
      'term 1 in advance with a residual (its month of interest rides on the one instalment)',
      month({ term: 1, timing: 'advance', residual: 400_000 }),
      [{ instalment: 601_990, interest: 1_990, principal: 600_000, balanceAfter: 400_000 }],
    ],
    [
      'term 1 in arrears with a residual',
      month({ term: 1, residual: 400_000 }),
      [{ instalment: 605_000, interest: 5_000, principal: 600_000, balanceAfter: 400_000 }],
    ],
  ])('%s', (_n, terms, rows) => {
    expect(buildSchedule(terms).rows).toMatchObject(rows);
  });

  test.each([
    ['zero rate, arrears', month({ rate: 0, price: 1_000_001 })],
    ['zero rate, advance, residual', month({ rate: 0, timing: 'advance', residual: 100_000 })],
  ])('%s: no interest, equal instalments, the last absorbs the remainder', (_n, terms) => {
    const s = buildSchedule(terms);
    expect(s.rows.every((r) => r.interest === 0)).toBe(true);
    const rv = terms.residual ?? 0;
    expect(s.instalment).toBe(roundHalfUp((terms.price - rv) / 12));
    expect(s.totals.principal).toBe(terms.price - rv);
    expect(s.rows[11]!.instalment).toBe(terms.price - rv - 11 * s.instalment);
    expect(s.lessorYield).toBeCloseTo(0, 12);
  });

  test('residual equal to principal, arrears: interest-only instalments, balance stays at P', () => {
    const s = buildSchedule(month({ residual: 1_000_000 }));
    expect(s.instalment).toBe(5_000);
    expect(s.rows.every((r) => r.interest === 5_000 && r.principal === 0 && r.balanceAfter === 1_000_000)).toBe(true);
  });

  test('residual equal to principal, advance: row 1 is all principal, the last row gives it back', () => {
    // A = 0.005 × 10,000 / 1.005 = 49.75; the first advance instalment carries no interest by
    // definition, so it amortises 49.75, and the last row's interest includes the residual's final
    // month (49.75), which takes the balance back up to the residual.
    const s = buildSchedule(month({ residual: 1_000_000, timing: 'advance' }));
    expect(s.instalment).toBe(4_975);
    expect(s.rows[0]).toMatchObject({ interest: 0, principal: 4_975, balanceAfter: 995_025 });
    expect(s.rows.slice(1, 11).every((r) => r.interest === 4_975 && r.principal === 0)).toBe(true);
    expect(s.rows[11]).toMatchObject({ instalment: 4_975, interest: 9_950, principal: -4_975, balanceAfter: 1_000_000 });
    expect(s.totals.principal).toBe(0);
  });

  test.each([
    ['29 February first due date, monthly', '2024-02-29', ['2024-02-29', '2024-03-29', '2024-04-29'], '2025-01-29', '2025-02-28'],
    ['31 January first due date keeps month ends', '2024-01-31', ['2024-01-31', '2024-02-29', '2024-03-31'], '2024-12-31', '2025-01-31'],
    ['30 November first due date', '2023-11-30', ['2023-11-30', '2023-12-30', '2024-01-30'], '2024-10-30', '2024-11-30'],
  ])('due dates: %s', (_n, first, firstThree, last, residualAdvance) => {
    const arrears = buildSchedule(month({ firstDueDate: first }));
    expect(arrears.rows.slice(0, 3).map((r) => r.dueDate)).toEqual(firstThree);
    expect(arrears.rows[11]!.dueDate).toBe(last);
    expect(arrears.residualDueDate).toBe(last);
    const advance = buildSchedule(month({ firstDueDate: first, timing: 'advance', residual: 1000 }));
    expect(advance.residualDueDate).toBe(residualAdvance);
  });

  test('31 January over a leap year and a common year, 26 months', () => {
    const s = buildSchedule(month({ firstDueDate: '2024-01-31', term: 26 }));
    expect(s.rows[1]!.dueDate).toBe('2024-02-29');
    expect(s.rows[13]!.dueDate).toBe('2025-02-28');
    expect(s.rows[14]!.dueDate).toBe('2025-03-31');
    expect(s.startDate).toBe('2023-12-31');
  });
});

describe('invalid terms are typed VALUE errors naming the field', () => {
  test.each([
    ['price missing', { price: undefined as unknown as number }, 'price'],
    ['fractional cents', { price: 100.5 }, 'price'],
    ['negative down payment', { downPayment: -1 }, 'downPayment'],
    ['down payment above the price', { downPayment: 2_000_000 }, 'downPayment'],
    ['residual above the principal', { residual: 1_000_001 }, 'residual'],
    ['term 0', { term: 0 }, 'term'],
    ['fractional term', { term: 12.5 }, 'term'],
    ['NaN rate', { rate: Number.NaN }, 'rate'],
    ['rate below −100 % a period', { rate: -12.5 }, 'rate'],
    ['bad timing', { timing: 'later' as never }, 'timing'],
    ['bad frequency', { frequency: 'weekly' as never }, 'frequency'],
    ['29 February in a common year', { firstDueDate: '2023-02-29' }, 'firstDueDate'],
    ['VAT rate of 100 %', { vatRate: 1 }, 'vatRate'],
    ['bad VAT regime', { vatRegime: 'never' as never }, 'vatRegime'],
    ['unknown currency', { currency: 'XYZ' as never }, 'currency'],
  ])('%s', (_n, patch, field) => {
    let caught: unknown;
    try {
      buildSchedule(month(patch));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FinanceError);
    expect((caught as FinanceError).code).toBe('VALUE');
    expect((caught as FinanceError).field).toBe(field);
  });
});

describe('inverse solvers', () => {
  test('the rate for the research instalment is 6 %', () => {
    const r = solveRateForInstalment(research, 79_434);
    expect(Math.abs(r - 0.06)).toBeLessThan(2e-6);
    expect(leaseInstalment({ ...research, rate: r })).toBe(79_434);
  });

  test('the principal for the research instalment is 45,000 within the instalment’s rounding', () => {
    const { principal, price } = solvePrincipalForInstalment(research, 79_434);
    expect(Math.abs(principal - 4_500_000)).toBeLessThanOrEqual(30);
    expect(price).toBe(principal + 500_000);
    expect(leaseInstalment({ ...research, price })).toBe(79_434);
  });

  test('the rate for an instalment that repays less than the principal is negative', () => {
    const r = solveRateForInstalment(month({}), 80_000); // 12 × 800 = 9,600 < 10,000
    expect(r).toBeLessThan(0);
    expect(leaseInstalment(month({ rate: r }))).toBe(80_000);
  });

  test('no rate makes a zero instalment work; a non-positive instalment is rejected', () => {
    expect(() => solveRateForInstalment(month({}), 0)).toThrowError(FinanceError);
    expect(() => solvePrincipalForInstalment(month({ residual: 500_000 }), 100)).toThrowError(FinanceError);
  });
});
