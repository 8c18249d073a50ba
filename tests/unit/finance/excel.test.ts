import { describe, expect, test } from 'vitest';
import {
  cumipmt,
  cumprinc,
  effect,
  FinanceError,
  fv,
  ipmt,
  irr,
  nominal,
  nper,
  npv,
  pmt,
  ppmt,
  pv,
  rate,
  xirr,
  xnpv,
  type FinanceErrorCode,
} from '@/lib/finance';
// A copy of shared/spec/finance-reference-cases.json (sources inside each case), kept in the repo
// so CI does not depend on the shared folder.
import referenceCases from './reference-cases.json';

interface ReferenceCase {
  id: string;
  function: string;
  args: unknown[];
  expected: number;
  abs_tol: number;
  source: string;
  note: string;
}

type AnyFn = (...args: never[]) => number;
const FUNCTIONS: Record<string, AnyFn> = {
  PMT: pmt,
  PV: pv,
  FV: fv,
  NPER: nper,
  RATE: rate,
  IPMT: ipmt,
  PPMT: ppmt,
  CUMIPMT: cumipmt,
  CUMPRINC: cumprinc,
  NPV: npv,
  IRR: irr,
  XNPV: xnpv,
  XIRR: xirr,
};

function call(name: string, args: unknown[]): number {
  const fn = FUNCTIONS[name];
  if (!fn) throw new Error(`no function ${name}`);
  return (fn as (...a: unknown[]) => number)(...args);
}

const cases = referenceCases as ReferenceCase[];

describe('finance-reference-cases.json (every case at its stated tolerance)', () => {
  test('the copy holds all 38 reference cases', () => {
    expect(cases).toHaveLength(38);
  });

  test.each(cases.map((c) => [`${c.id} ${c.function} — ${c.source}`, c] as const))('%s', (_name, c) => {
    const got = call(c.function, c.args);
    expect(Number.isFinite(got)).toBe(true);
    expect(Math.abs(got - c.expected)).toBeLessThanOrEqual(c.abs_tol);
  });
});

// Examples printed in the Excel and LibreOffice help pages, checked at the precision the page shows.
const MS = 'support.microsoft.com';
const LO = 'help.libreoffice.org';
const docCases: [string, () => number, number, number][] = [
  [`PV: ${MS} PV example, =PV(8%/12, 12*20, 500) → (59,777.15)`, () => pv(0.08 / 12, 240, 500), -59777.15, 0.005],
  [`FV: ${MS} FV example 1, =FV(6%/12, 10, -200, -500, 1) → 2,581.40`, () => fv(0.06 / 12, 10, -200, -500, 1), 2581.4, 0.005],
  [`FV: ${MS} FV example 2, =FV(12%/12, 12, -1000) → 12,682.50`, () => fv(0.12 / 12, 12, -1000), 12682.5, 0.005],
  [`FV: ${MS} FV example 2, =FV(11%/12, 35, -2000, , 1) → 82,846.25`, () => fv(0.11 / 12, 35, -2000, 0, 1), 82846.25, 0.005],
  [`NPER: ${MS} NPER example, =NPER(12%/12, -100, -1000, 10000) → 60.0821229`, () => nper(0.01, -100, -1000, 10000), 60.0821229, 5e-8],
  [`NPER: ${MS} NPER example, =NPER(12%/12, -100, -1000) → -9.57859404`, () => nper(0.01, -100, -1000), -9.57859404, 5e-9],
  [`RATE: ${MS} RATE example, =RATE(4*12, -200, 8000)*12 → 9.24%`, () => rate(48, -200, 8000) * 12, 0.09241767, 5e-9],
  [`IPMT: ${MS} IPMT example, =IPMT(10%/12, 1, 3*12, 8000) → (66.67)`, () => ipmt(0.1 / 12, 1, 36, 8000), -66.67, 0.005],
  [`IPMT: ${MS} IPMT example, =IPMT(10%, 3, 3, 8000) → (292.45)`, () => ipmt(0.1, 3, 3, 8000), -292.45, 0.005],
  [`PPMT: ${MS} PPMT example 1, =PPMT(10%/12, 1, 2*12, 2000) → (75.62)`, () => ppmt(0.1 / 12, 1, 24, 2000), -75.62, 0.005],
  [
    `CUMIPMT: ${MS} CUMIPMT example, =CUMIPMT(9%/12, 30*12, 125000, 13, 24, 0) → -11135.23`,
    () => cumipmt(0.09 / 12, 360, 125000, 13, 24, 0),
    -11135.23,
    0.005,
  ],
  [
    `CUMIPMT: ${MS} CUMIPMT example, =CUMIPMT(9%/12, 30*12, 125000, 1, 1, 0) → -937.50`,
    () => cumipmt(0.09 / 12, 360, 125000, 1, 1, 0),
    -937.5,
    0.005,
  ],
  [
    `CUMPRINC: ${MS} CUMPRINC example, =CUMPRINC(9%/12, 30*12, 125000, 13, 24, 0) → -934.1071234`,
    () => cumprinc(0.09 / 12, 360, 125000, 13, 24, 0),
    -934.1071234,
    5e-8,
  ],
  [
    `CUMPRINC: ${MS} CUMPRINC example, =CUMPRINC(9%/12, 30*12, 125000, 1, 1, 0) → -68.27827118`,
    () => cumprinc(0.09 / 12, 360, 125000, 1, 1, 0),
    -68.27827118,
    5e-9,
  ],
  [`NPV: ${MS} NPV example 1, =NPV(10%, -10000, 3000, 4200, 6800) → 1,188.44`, () => npv(0.1, -10000, 3000, 4200, 6800), 1188.44, 0.005],
  [`NPV: ${MS} NPV example 2, =NPV(8%, A4:A8) + A3 → 1,922.06`, () => npv(0.08, [8000, 9200, 10000, 12000, 14500]) - 40000, 1922.06, 0.005],
  [
    `NPV: ${MS} NPV example 2, =NPV(8%, A4:A8, -9000) + A3 → (3,749.47)`,
    () => npv(0.08, [8000, 9200, 10000, 12000, 14500], -9000) - 40000,
    -3749.47,
    0.005,
  ],
  [`IRR: ${MS} IRR example, =IRR(A2:A7) after five years → 8.7%`, () => irr([-70000, 12000, 15000, 18000, 21000, 26000]), 0.087, 0.0005],
  [
    `XIRR: ${MS} XIRR example → 0.373362535`,
    () => xirr([-10000, 2750, 4250, 3250, 2750], ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01']),
    0.373362535,
    5e-9,
  ],
  [`EFFECT: ${MS} EFFECT example, =EFFECT(5.25%, 4) → 0.053542667`, () => effect(0.0525, 4), 0.053542667, 5e-10],
  [`NOMINAL: ${MS} NOMINAL example, =NOMINAL(5.3543%, 4) → 0.05250032`, () => nominal(0.053543, 4), 0.05250032, 5e-9],
  [`PMT: ${LO} PMT, =PMT(1.99%/12; 36; 25000) → -715.96`, () => pmt(0.0199 / 12, 36, 25000), -715.96, 0.005],
  [`FV: ${LO} FV, =FV(4%; 2; 750; 2500) → -4234.00`, () => fv(0.04, 2, 750, 2500), -4234, 0.005],
  [`PV: ${LO} PV, =PV(8%/12; 48; 500; 20000) → -35,019.37`, () => pv(0.08 / 12, 48, 500, 20000), -35019.37, 0.005],
  [`NPER: ${LO} NPER, =NPER(6%; 153.75; 2600) → -12.02`, () => nper(0.06, 153.75, 2600), -12.02, 0.005],
  [`RATE: ${LO} RATE, =RATE(3; -10; 900) → -75.63%`, () => rate(3, -10, 900), -0.7563, 0.00005],
  [`IPMT: ${LO} IPMT, =IPMT(5%; 5; 7; 15000) → -352.97`, () => ipmt(0.05, 5, 7, 15000), -352.97, 0.005],
  [`NPV: ${LO} NPV, =NPV(8.75%; 10; 20; 30) → 49.43`, () => npv(0.0875, 10, 20, 30), 49.43, 0.005],
  [`IRR: ${LO} IRR, =IRR(-10000; 3500; 7600; 1000) → 11.33%`, () => irr([-10000, 3500, 7600, 1000]), 0.1133, 0.00005],
  [
    `XNPV: ${LO} XNPV example (rate 6%) → 323.02`,
    () => xnpv(0.06, [-10000, 2000, 2500, 5000, 1000], ['2001-01-01', '2001-02-01', '2001-03-15', '2001-05-12', '2001-08-10']),
    323.02,
    0.005,
  ],
];

describe('examples from the Excel and LibreOffice help', () => {
  test.each(docCases)('%s', (_name, run, expected, tol) => {
    expect(Math.abs(run() - expected)).toBeLessThanOrEqual(tol);
  });
});

describe('Excel semantics', () => {
  test('NPV discounts the first value one full period (Excel), unlike numpy.npv', () => {
    // numpy-financial: npv(0.08, [-40000, 5000, 8000, 12000, 30000]) = 3065.22267 (first value at t=0)
    expect(npv(0.08, [-40000, 5000, 8000, 12000, 30000])).toBeCloseTo(3065.22267 / 1.08, 4);
    expect(npv(0.08, [-40000, 5000, 8000, 12000, 30000])).toBeCloseTo(2838.169137, 5);
  });

  test('any non-zero type means advance, as in Excel', () => {
    expect(pmt(0.01, 12, 1000, 0, 5)).toBe(pmt(0.01, 12, 1000, 0, 1));
  });

  test('rate 0 uses the linear limits', () => {
    expect(pmt(0, 10, 1000, -100)).toBe(-90);
    expect(pv(0, 10, -100, 50)).toBe(950);
    expect(fv(0, 10, -100, -1000)).toBe(2000);
    expect(nper(0, -100, 1000)).toBe(10);
    expect(ipmt(0, 3, 10, 1000)).toBe(0);
    expect(ppmt(0, 3, 10, 1000)).toBe(-100);
  });

  test('tiny rates keep full precision (expm1/log1p), where (1+r)^n − 1 would cancel', () => {
    // Exact value -416.666691875000499965... (50-digit decimal arithmetic).
    expect(pmt(1e-9, 120, 50000)).toBeCloseTo(-416.6666918750005, 9);
  });

  test('PMT, PV, FV, NPER and RATE agree with each other (TVM equation)', () => {
    const r = 0.0065;
    const p = pmt(r, 48, 25000, -5000, 1);
    expect(pv(r, 48, p, -5000, 1)).toBeCloseTo(25000, 8);
    expect(fv(r, 48, p, 25000, 1)).toBeCloseTo(-5000, 8);
    expect(nper(r, p, 25000, -5000, 1)).toBeCloseTo(48, 9);
    expect(rate(48, p, 25000, -5000, 1)).toBeCloseTo(r, 12);
  });

  test('IPMT + PPMT = PMT for every period, and Σ PPMT = −pv − fv', () => {
    const p = pmt(0.005, 24, 10000, -2000, 1);
    let sumP = 0;
    for (let per = 1; per <= 24; per++) {
      expect(ipmt(0.005, per, 24, 10000, -2000, 1) + ppmt(0.005, per, 24, 10000, -2000, 1)).toBeCloseTo(p, 9);
      sumP += ppmt(0.005, per, 24, 10000, -2000, 1);
    }
    expect(sumP).toBeCloseTo(-10000 + 2000 / 1.005, 6);
  });

  test('RATE converges from the default guess where plain Newton from 10 % struggles (RATE-05)', () => {
    expect(rate(348, -13093.25, 790000)).toBeCloseTo(0.01651835816, 10);
  });

  test('RATE finds a large rate', () => {
    // 3 payments of 1000 on a loan of 1000: the lender earns ~83.93 % per period.
    const r = rate(3, -1000, 1000);
    expect(pv(r, 3, -1000)).toBeCloseTo(1000, 8);
    expect(r).toBeGreaterThan(0.8);
  });

  test('IRR from a far guess still lands on the root', () => {
    expect(irr([-75000, 12000, 15000, 18000, 21000, 24000], 5)).toBeCloseTo(0.05715142887178467, 12);
    expect(irr([-70000, 12000, 15000], 0.9)).toBeCloseTo(-0.44350694133474, 10);
  });

  test('IRR of a monthly lease vector returns its period rate', () => {
    const r = 0.004;
    const a = -pmt(r, 36, 30000, -6000, 0);
    const flows = [-30000, ...Array.from({ length: 35 }, () => a), a + 6000];
    expect(irr(flows)).toBeCloseTo(r, 12);
  });

  test('XIRR with a negative answer converges (issue class: solvers failing below 0)', () => {
    const r = xirr([-1000, 300, 300], ['2020-01-01', '2021-01-01', '2022-01-01']);
    expect(xnpv(r, [-1000, 300, 300], ['2020-01-01', '2021-01-01', '2022-01-01'])).toBeCloseTo(0, 8);
    expect(r).toBeLessThan(-0.2);
  });

  test('XNPV and XIRR accept day numbers (days since 1970-01-01) as well as text', () => {
    const days = [13879, 13939, 14182, 14290, 14335]; // the Microsoft XNPV dates
    expect(xnpv(0.09, [-10000, 2750, 4250, 3250, 2750], days)).toBeCloseTo(2086.6476020315, 8);
  });
});

const errorCases: [string, () => unknown, FinanceErrorCode][] = [
  ['PMT with nper = 0 is #NUM!', () => pmt(0.01, 0, 1000), 'NUM'],
  ['PMT with a NaN argument is #VALUE!', () => pmt(Number.NaN, 10, 1000), 'VALUE'],
  ['PV with an infinite argument is #VALUE!', () => pv(0.01, Number.POSITIVE_INFINITY, 10), 'VALUE'],
  ['NPER when the payment never covers the interest is #NUM!', () => nper(0.01, -100, 20000), 'NUM'],
  ['NPER with rate 0 and pmt 0 is #NUM!', () => nper(0, 0, 1000), 'NUM'],
  ['RATE with all flows of one sign has no solution', () => rate(10, 100, 1000), 'NO_SOLUTION'],
  ['RATE with nper ≤ 0 is #NUM!', () => rate(0, -100, 1000), 'NUM'],
  ['IPMT with per = 0 is #NUM!', () => ipmt(0.01, 0, 12, 1000), 'NUM'],
  ['PPMT with per > nper is #NUM!', () => ppmt(0.01, 13, 12, 1000), 'NUM'],
  ['CUMIPMT with rate ≤ 0 is #NUM!', () => cumipmt(0, 12, 1000, 1, 12, 0), 'NUM'],
  ['CUMIPMT with pv ≤ 0 is #NUM!', () => cumipmt(0.01, 12, -1000, 1, 12, 0), 'NUM'],
  ['CUMIPMT with start > end is #NUM!', () => cumipmt(0.01, 12, 1000, 5, 4, 0), 'NUM'],
  ['CUMIPMT with start < 1 is #NUM!', () => cumipmt(0.01, 12, 1000, 0, 4, 0), 'NUM'],
  ['CUMPRINC with type 2 is #NUM!', () => cumprinc(0.01, 12, 1000, 1, 4, 2), 'NUM'],
  ['CUMPRINC with end > nper is #NUM!', () => cumprinc(0.01, 12, 1000, 1, 13, 0), 'NUM'],
  ['NPV at rate −1 is #DIV/0!', () => npv(-1, 100, 200), 'DIV0'],
  ['NPV without values is #VALUE!', () => npv(0.1), 'VALUE'],
  ['IRR with all flows positive has no solution', () => irr([100, 200, 300]), 'NO_SOLUTION'],
  ['IRR with all flows negative has no solution', () => irr([-100, -200]), 'NO_SOLUTION'],
  ['IRR of all zeros has no solution', () => irr([0, 0, 0]), 'NO_SOLUTION'],
  ['IRR whose NPV never reaches zero has no solution', () => irr([100, -300, 250]), 'NO_SOLUTION'],
  ['XIRR with all flows of one sign has no solution', () => xirr([100, 200], ['2020-01-01', '2021-01-01']), 'NO_SOLUTION'],
  ['XIRR with a date before the first date is #NUM!', () => xirr([-100, 200], ['2020-01-01', '2019-01-01']), 'NUM'],
  ['XNPV with mismatched lengths is #NUM!', () => xnpv(0.1, [-100, 200], ['2020-01-01']), 'NUM'],
  ['XNPV with a malformed date is #VALUE!', () => xnpv(0.1, [-100, 200], ['2020-01-01', '2020-02-30']), 'VALUE'],
  ['XNPV with rate ≤ −1 is #NUM!', () => xnpv(-1, [-100, 200], ['2020-01-01', '2020-02-01']), 'NUM'],
  ['EFFECT with npery < 1 is #NUM!', () => effect(0.05, 0.5), 'NUM'],
  ['NOMINAL with a rate ≤ 0 is #NUM!', () => nominal(0, 4), 'NUM'],
];

describe('typed errors instead of NaN / Infinity / guesses', () => {
  test.each(errorCases)('%s', (_name, run, code) => {
    let caught: unknown;
    try {
      run();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FinanceError);
    expect((caught as FinanceError).code).toBe(code);
    expect((caught as FinanceError).message.length).toBeGreaterThan(10);
  });

  test('errors carry the Excel error value they replace', () => {
    const e = (() => {
      try {
        irr([1, 2]);
      } catch (err) {
        return err as FinanceError;
      }
      throw new Error('no error');
    })();
    expect(e.excelError).toBe('#NUM!');
    expect(new FinanceError('DIV0', 'x').excelError).toBe('#DIV/0!');
    expect(new FinanceError('VALUE', 'x').excelError).toBe('#VALUE!');
  });
});
