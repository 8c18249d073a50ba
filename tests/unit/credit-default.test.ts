import { describe, expect, it } from 'vitest';
import {
  NEVER,
  cashPositionAt,
  contagionIntervals,
  contagionLessees,
  contagionStateAt,
  creditDpdAt,
  creditTimeline,
  defaultStateAt,
  expectedCreditLoss,
  ifrs9Stage,
  isMaterial,
  lossLedgerBalance,
  lossMeasures,
  parseProvisionMatrix,
  provisionRate,
  withoutOwnDefault,
  type CreditLeaseInput,
} from '@/lib/credit';
import { addMonths, formatDate, parseDate } from '@/lib/finance';
import { DEFAULT_COMPONENT_ORDER } from '@/lib/servicing';

type Ins = { due: string; principal: number; interest?: number; vat?: number };
type Pay = { on: string; amount: number; reversedOn?: string };

function lease(instalments: Ins[], payments: Pay[] = [], utp: { from: string; to?: string }[] = []): CreditLeaseInput {
  return {
    due: instalments.map((i) => parseDate(i.due)),
    vat: instalments.map((i) => i.vat ?? 0),
    fee: instalments.map(() => 0),
    interest: instalments.map((i) => i.interest ?? 0),
    principal: instalments.map((i) => i.principal),
    from: 0,
    to: instalments.length,
    payDay: payments.map((p) => parseDate(p.on)),
    payAmount: payments.map((p) => p.amount),
    payReversedOn: payments.map((p) => (p.reversedOn ? parseDate(p.reversedOn) : NEVER)),
    payFrom: 0,
    payTo: payments.length,
    componentOrder: DEFAULT_COMPONENT_ORDER,
    utp: utp.map((u) => ({ from: parseDate(u.from), to: u.to ? parseDate(u.to) : NEVER })),
  };
}

/** Monthly instalments of `amount` from `first`, `n` of them. */
function monthly(first: string, n: number, amount: number): Ins[] {
  return Array.from({ length: n }, (_, k) => ({ due: addMonths(first, k), principal: amount }));
}

const rules = { absolute: 50000, relative: 0.01, probationMonths: 3 };
const d = (s: string) => parseDate(s);
const f = (n: number) => (n === NEVER ? 'never' : formatDate(n));

describe('§8 examples', () => {
  it('default 100, recovered 80 → recovery rate 80 %, severity 20 %', () => {
    const m = lossMeasures({ grossLoss: 10000, recoveries: 8000, originalPrincipal: 1_000_000 });
    expect(m.recoveryRate).toBeCloseTo(0.8, 12);
    expect(m.severity).toBeCloseTo(0.2, 12);
    expect(m.netLoss).toBe(2000);
    expect(m.cumulativeNetLossRate).toBeCloseTo(0.002, 12);
  });
  it('ECL: 7.0 m × 1.5 % + 4.0 m × 3.4 % + 2.5 m × 7.1 % + 1.0 m × 10.8 % = 526,500.00', () => {
    const m = parseProvisionMatrix('{}');
    const cells = [
      { exposure: 700_000_000, rate: provisionRate(m, 'EUR', 'current') },
      { exposure: 400_000_000, rate: provisionRate(m, 'EUR', '1-30') },
      { exposure: 250_000_000, rate: provisionRate(m, 'EUR', '31-60') },
      { exposure: 100_000_000, rate: provisionRate(m, 'EUR', '61-90') },
    ];
    expect(expectedCreditLoss(cells)).toBe(52_650_000);
  });
  it('a funder matrix row per currency wins over the default', () => {
    const m = parseProvisionMatrix(JSON.stringify({ CHF: { current: 0.02 } }));
    expect(provisionRate(m, 'CHF', 'current')).toBe(0.02);
    expect(provisionRate(m, 'EUR', 'current')).toBe(0.015);
  });
  it('IFRS 9 stages', () => {
    expect([
      ifrs9Stage(30, false, false),
      ifrs9Stage(31, false, false),
      ifrs9Stage(90, false, false),
      ifrs9Stage(0, false, true),
      ifrs9Stage(0, true, false),
    ]).toEqual([1, 2, 2, 2, 3]);
  });
  it('Σ loss ledger = write-offs − recoveries', () => {
    const entries = [
      { kind: 'write_off' as const, amount: 120000 },
      { kind: 'recovery' as const, amount: 30000 },
      { kind: 'write_off' as const, amount: 50000 },
      { kind: 'recovery' as const, amount: 5000 },
    ];
    expect(lossLedgerBalance(entries)).toBe(120000 + 50000 - 30000 - 5000);
  });
});

describe('materiality', () => {
  it.each([
    ['exactly at the absolute threshold: not material', 50000, 1_000_000, false],
    ['one cent above both: material', 50001, 1_000_000, true],
    ['above absolute, exactly at 1 % of exposure: not material', 60000, 6_000_000, false],
    ['above absolute, above 1 %: material', 60001, 6_000_000, true],
  ])('%s', (_, pastDue, exposure, expected) => {
    expect(isMaterial(pastDue, exposure, rules)).toBe(expected);
  });

  it('an arrears exactly at the threshold never counts DPD, so no default however long it lasts', () => {
    // One instalment of 500.00 unpaid for a year on a small lease: past due = 500.00, not above 500.00.
    const x = lease(
      [{ due: '2025-01-01', principal: 50000 }, ...monthly('2025-02-01', 3, 1000).map((i) => ({ ...i }))],
      [
        { on: '2025-02-01', amount: 1000 },
        { on: '2025-03-01', amount: 1000 },
        { on: '2025-04-01', amount: 1000 },
      ],
    );
    const t = creditTimeline(x, rules);
    expect(t.episodes).toEqual([]);
    const pos = cashPositionAt(x, d('2026-01-01'));
    expect(pos.pastDue).toBe(50000);
    expect(creditDpdAt(t, pos, d('2026-01-01'))).toBe(0);
  });
});

describe('default and cure', () => {
  // 12 monthly instalments of 1,000.00 from 15 Jan 2026; nothing paid from the first.
  const book = monthly('2026-01-15', 12, 100000);

  it('defaults on the 91st day past due, the first day the condition held, across a month end', () => {
    const t = creditTimeline(lease(book), rules);
    expect(t.episodes).toHaveLength(1);
    // Past due from 16 Jan (DPD 1) → DPD 91 on 16 Apr.
    expect(f(t.episodes[0]!.start)).toBe('2026-04-16');
    expect(t.episodes[0]!.dpd).toBe(91);
    expect(t.episodes[0]!.reason).toBe('dpd');
    // Exposure at default: all principal unpaid (12 × 1,000.00), no interest in this schedule.
    expect(t.episodes[0]!.exposure).toBe(1_200_000);
    expect(defaultStateAt(t, { utp: [] }, d('2026-03-31'), 3)).toEqual({ state: 'none' });
    const at = defaultStateAt(t, { utp: [] }, d('2026-04-30'), 3);
    expect(at.state).toBe('defaulted');
  });

  it('the DPD counts only from the day the arrears became material', () => {
    // Small arrears first: 100.00 per month unpaid (below 500.00) — material only once five months add up to > 500.00.
    const small = monthly('2026-01-01', 12, 10000);
    const t = creditTimeline(lease(small), { ...rules, relative: 0 });
    // 6 instalments past due (600.00 > 500.00) on 2 Jun; + 90 days → 31 Aug.
    expect(t.runs.slice(0, 2)).toEqual([d('2026-06-02'), NEVER]);
    expect(f(t.episodes[0]!.start)).toBe('2026-08-31');
  });

  it('cures after 3 months of probation without the condition, and not before', () => {
    // Everything paid back on 10 May 2026 (after the default on 16 Apr), the rest on time.
    const pays: Pay[] = [{ on: '2026-05-10', amount: 500000 }];
    for (let k = 5; k < 12; k++) pays.push({ on: addMonths('2026-01-15', k), amount: 100000 });
    const x = lease(book, pays);
    const t = creditTimeline(x, rules);
    expect(t.episodes).toHaveLength(1);
    expect(f(t.episodes[0]!.end)).toBe('2026-08-10');
    const inProbation = defaultStateAt(t, x, d('2026-07-31'), 3);
    expect(inProbation).toMatchObject({ state: 'defaulted', why: 'probation' });
    expect(inProbation.state === 'defaulted' && f(inProbation.probationUntil)).toBe('2026-08-10');
    // In probation the DPD is 0: the screen says "in probation", never a bare "defaulted".
    expect(creditDpdAt(t, cashPositionAt(x, d('2026-07-31')), d('2026-07-31'))).toBe(0);
    expect(defaultStateAt(t, x, d('2026-08-10'), 3)).toMatchObject({ state: 'cured' });
  });

  it('a new material arrears during probation restarts it', () => {
    const pays: Pay[] = [
      { on: '2026-05-10', amount: 500000 },
      { on: '2026-06-15', amount: 100000 },
      // July instalment missed until 20 Aug (material 1,000.00 past due from 16 Jul).
      { on: '2026-08-20', amount: 200000 },
      ...book.slice(8).map((i) => ({ on: i.due, amount: 100000 })),
    ];
    const t = creditTimeline(lease(book, pays), rules);
    expect(t.episodes[0]!.probation[0]).toEqual([d('2026-05-10'), d('2026-07-16')]);
    expect(f(t.episodes[0]!.end)).toBe('2026-11-20');
  });

  it('unlikely to pay defaults from the flag date with DPD 0 and cures only after probation', () => {
    const pays = book.map((i) => ({ on: i.due, amount: 100000 }));
    const x = lease(book, pays, [{ from: '2026-03-03', to: '2026-04-01' }]);
    const t = creditTimeline(x, rules);
    expect(t.episodes[0]).toMatchObject({ reason: 'utp', dpd: 0 });
    expect(f(t.episodes[0]!.start)).toBe('2026-03-03');
    expect(defaultStateAt(t, x, d('2026-03-20'), 3)).toMatchObject({ state: 'defaulted', why: 'utp' });
    expect(defaultStateAt(t, x, d('2026-05-01'), 3)).toMatchObject({ state: 'defaulted', why: 'probation' });
    expect(f(t.episodes[0]!.end)).toBe('2026-07-01');
  });

  it('repaid once the last instalment has fallen due and is settled; a reversal undoes it from its date', () => {
    const pays: Pay[] = book.map((i, k) => ({ on: i.due, amount: 100000, ...(k === 11 ? { reversedOn: '2027-01-20' } : {}) }));
    const t = creditTimeline(lease(book, pays), rules);
    expect(t.repaidDay).toBe(NEVER);
    const t2 = creditTimeline(
      lease(
        book,
        book.map((i) => ({ on: i.due, amount: 100000 })),
      ),
      rules,
    );
    // The last instalment is due and paid on 2026-12-15: on that day its principal is still the pool's outstanding (domain.md
    // §3: the balance after the instalments due before the day), so the lease leaves the pool — repaid — the day after (§14).
    expect(f(t2.repaidDay)).toBe('2026-12-16');
    // Paid ahead of schedule is not repaid: the lease stays in the pool until its last instalment has fallen due.
    const t3 = creditTimeline(lease(book, [{ on: book[0]!.due, amount: 100000 * book.length }]), rules);
    expect(f(t3.repaidDay)).toBe('2026-12-16');
  });
});

describe('kept timelines', () => {
  // The credit book keeps a timeline per lease that ever defaulted (every lease of a tape imported without payments).
  it('hold no spare arrays: empty ones are one shared frozen array, full ones keep their content', () => {
    const book = monthly('2026-01-15', 12, 100000);
    const paid = book.map((i) => ({ on: i.due, amount: 100000 }));
    const clean = [creditTimeline(lease(book, paid), rules), creditTimeline(lease(monthly('2025-03-01', 6, 5000), paid), rules)];
    expect(clean[0]!.episodes).toBe(clean[1]!.episodes);
    expect(clean[0]!.runs).toBe(clean[1]!.runs);
    expect(Object.isFrozen(clean[0]!.runs) && Object.isFrozen(clean[0]!.episodes)).toBe(true);
    // Two leases in default, neither with a probation stretch: one shared empty probation list.
    const [a, b] = [creditTimeline(lease(book), rules), creditTimeline(lease(monthly('2026-02-15', 12, 90000)), rules)];
    expect(a.episodes[0]!.probation).toBe(b.episodes[0]!.probation);
    expect(a.episodes[0]!.probation).toEqual([]);
    expect(Object.isFrozen(a.episodes[0]!.probation)).toBe(true);
    expect(a.runs).toEqual([d('2026-01-16'), NEVER]);
    expect(a.runs).not.toBe(b.runs);
  });
});

describe('contagion', () => {
  it.each([
    ['defaulted share above 20 %: all the lessee is in default', 30, 100, true],
    ['exactly 20 %: not', 20, 100, false],
    ['below: not', 10, 100, false],
  ])('%s', (_, defaulted, total, expected) => {
    const rows = [
      { lesseeId: 1, exposure: defaulted, defaulted: true },
      { lesseeId: 1, exposure: total - defaulted, defaulted: false },
      { lesseeId: 2, exposure: 500, defaulted: false },
    ];
    const hit = contagionLessees(rows, 0.2);
    expect(hit.has(1)).toBe(expected);
    expect(hit.has(2)).toBe(false);
  });
});

describe('contagion history (domain.md §8: the same probation and cure rule; ever defaulted stays)', () => {
  const d = (s: string) => parseDate(s);
  // Lessee with two leases: A in default on its own from 1 Mar to its cure on 1 Sep 2026 (probation included),
  // B performing with a constant exposure; A's exposure is 30 % of the lessee's, above the 20 % limit.
  const A = {
    episodes: [{ start: d('2026-03-01'), end: d('2026-09-01') }],
    exposureAt: () => 30_000,
    changeDays: [d('2026-04-02'), d('2026-05-02')],
    exitDay: NEVER,
  };
  const B = { episodes: [], exposureAt: () => 70_000, changeDays: [d('2026-04-02')], exitDay: NEVER };

  it('the lessee is in contagion while its defaulted share exceeds the limit', () => {
    expect(contagionIntervals([A, B], 0.2)).toEqual([[d('2026-03-01'), d('2026-09-01')]]);
    expect(contagionIntervals([A, B], 0.3)).toEqual([]);
    expect(contagionIntervals([B], 0.2)).toEqual([]);
    // A written off on 1 Jun 2026 no longer counts: the contagion ends then.
    expect(contagionIntervals([{ ...A, exitDay: d('2026-06-01') }, B], 0.2)).toEqual([[d('2026-03-01'), d('2026-06-01')]]);
  });

  it('a contagion default that ends is in probation for 3 months, then cured; the first default day stays', () => {
    const b = withoutOwnDefault(contagionIntervals([A, B], 0.2), B.episodes);
    const at = (s: string) => contagionStateAt(b, d(s), 3);
    expect(at('2026-02-28')).toEqual({ state: 'none' });
    expect(at('2026-03-01')).toEqual({
      state: 'defaulted',
      since: d('2026-03-01'),
      why: 'contagion',
      probationUntil: NEVER,
      first: d('2026-03-01'),
    });
    expect(at('2026-09-01')).toEqual({
      state: 'defaulted',
      since: d('2026-03-01'),
      why: 'probation',
      probationUntil: d('2026-12-01'),
      first: d('2026-03-01'),
    });
    expect(at('2026-11-30')).toMatchObject({ state: 'defaulted', why: 'probation' });
    expect(at('2026-12-01')).toEqual({ state: 'cured', since: d('2026-12-01'), first: d('2026-03-01') });
    // Ever defaulted is monotone: from the first contagion day on, every later day knows it.
    for (let day = d('2026-03-01'); day < d('2027-06-01'); day += 7) expect(contagionStateAt(b, day, 3)).not.toEqual({ state: 'none' });
  });

  it('contagion coming back within the probation continues the same episode; after a full probation it is a new one', () => {
    const again = [
      [d('2026-03-01'), d('2026-05-01')],
      [d('2026-06-15'), d('2026-07-01')],
    ] as [number, number][];
    expect(contagionStateAt(again, d('2026-06-20'), 3)).toMatchObject({ state: 'defaulted', since: d('2026-03-01'), why: 'contagion' });
    expect(contagionStateAt(again, d('2026-09-30'), 3)).toMatchObject({
      state: 'defaulted',
      since: d('2026-03-01'),
      why: 'probation',
      probationUntil: d('2026-10-01'),
    });
    const later = [
      [d('2026-03-01'), d('2026-05-01')],
      [d('2026-09-01'), NEVER],
    ] as [number, number][];
    expect(contagionStateAt(later, d('2026-08-15'), 3)).toEqual({ state: 'cured', since: d('2026-08-01'), first: d('2026-03-01') });
    expect(contagionStateAt(later, d('2026-09-01'), 3)).toEqual({
      state: 'defaulted',
      since: d('2026-09-01'),
      why: 'contagion',
      probationUntil: NEVER,
      first: d('2026-03-01'),
    });
  });

  it('the lease in default on its own gets no second probation from the contagion it caused', () => {
    expect(withoutOwnDefault(contagionIntervals([A, B], 0.2), A.episodes)).toEqual([]);
    expect(
      withoutOwnDefault(
        [[10, 100]],
        [
          { start: 20, end: 30 },
          { start: 90, end: NEVER },
        ],
      ),
    ).toEqual([
      [10, 20],
      [30, 90],
    ]);
  });
});
