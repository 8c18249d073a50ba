import { describe, expect, it } from 'vitest';
import { createFacility, type FacilityActor } from '@/db/queries/facilities';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import {
  bookLiability,
  facilityLiabilityLine,
  liabilityExportColumns,
  liabilityExportRows,
  type CurrencyLiability,
} from '@/lib/portfolio/liability';
import { createFacilityBody } from '@/lib/validations/facilities';
import { facilityLiability } from '@/services/facilities/liability';
import { decideFacilityDraw, facilityBase, requestFacilityDraw } from '@/services/facilities/service';
import { valueBook } from '@/services/portfolio/valuation';
import { createTestDb } from '../../helpers/test-db';

const TODAY = '2026-11-21';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 40, today: TODAY, seed: 11 });
  seedPayments(db, { funderId: 1, today: TODAY, seed: 11 });
  return db;
}
type TestDb = ReturnType<typeof seeded>;

const actor = (db: TestDb, who: string): FacilityActor => {
  const email = `${who}@quantum.demo`;
  return { userId: db.$client.prepare('select id from users where email = ?').pluck().get(email) as number, email };
};

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

function line(principal: number[], interest: number[], beyond = 0): CurrencyLiability {
  const pad = (xs: number[]) => [...xs, ...new Array<number>(61 - xs.length).fill(0)];
  const p = pad(principal);
  const i = pad(interest);
  return {
    currency: 'EUR',
    leases: 3,
    opening: sum(principal) + beyond,
    balance: sum(principal) + beyond,
    principal: p,
    interest: i,
    vat: pad([]),
    beyond: { principal: beyond, interest: 0, vat: 0 },
    total: { principal: sum(p) + beyond, interest: sum(i), vat: 0 },
  };
}

describe('a facility funding line (domain.md §4 and §11)', () => {
  it('scales the pool line to the outstanding: Σ principal = outstanding to the cent, same shape, interest in proportion', () => {
    const pool = line([333_33, 333_33, 333_34], [5_00, 3_33, 1_67]);
    const f = facilityLiabilityLine(pool, 'EUR', 500_01, 600_00);
    expect(f.balance).toBe(500_01);
    expect(f.opening).toBe(600_00);
    expect(f.total.principal).toBe(500_01);
    expect(f.principal.slice(0, 3)).toEqual([166_67, 166_67, 166_67]);
    expect(f.beyond.principal).toBe(0);
    expect(f.interest.slice(0, 3)).toEqual([2_50, 1_67, 84]);
    // Rounding on the cumulative figure: an odd outstanding over many small periods still ends at exactly zero.
    const long = facilityLiabilityLine(line(new Array<number>(61).fill(1_00), [], 39_00), 'EUR', 12_345_67, 12_345_67);
    expect(long.total.principal).toBe(12_345_67);
    expect(long.principal.every((p) => p === 12_345 || p === 12_346)).toBe(true);
    expect(long.beyond.principal).toBe(12_345_67 - Math.round(12_345_67 * 0.61));
    // Nothing left in the pool to amortise with: the outstanding falls in beyond.
    const none = facilityLiabilityLine(undefined, 'EUR', 1_000_00, 1_000_00);
    expect(none.beyond.principal).toBe(1_000_00);
    expect(sum(none.principal)).toBe(0);
  });

  it('the facility page outstanding and the Liability CF of the facility agree to the cent on every date', async () => {
    const db = seeded();
    const currency = db.$client
      .prepare('select currency from leases where funder_id = 1 group by currency order by count(*) desc limit 1')
      .pluck()
      .get() as string;
    const f = await createFacility(
      db,
      createFacilityBody.parse({
        funderId: 1,
        name: 'Senior A',
        lender: 'Bank',
        currency,
        commitment: 1_000_000_000_00,
        advanceRate: 0.85,
        reserves: 0,
        startDate: '2025-01-15',
        maturityDate: '2029-01-15',
        criteria: [{ kind: 'notInDefault' }],
        limits: [],
      }),
      actor(db, 'analyst'),
    );
    const analyst = actor(db, 'analyst');
    const admin = actor(db, 'admin');
    const move = async (type: 'draw' | 'repayment', amount: number, valueDate: string) =>
      await decideFacilityDraw(
        db,
        f,
        (await requestFacilityDraw(db, f, { type, amount, valueDate, note: '' }, analyst)).id,
        'approved',
        admin,
      );
    const first = Math.floor((await facilityBase(db, f, '2025-06-30')).base.availability * 0.5);
    expect(first).toBeGreaterThan(0);
    await move('draw', first, '2025-06-30');
    await move('draw', 1_234_567, '2026-02-15');
    await move('repayment', 333_331, '2026-05-31');
    const funder = db.$client
      .prepare('select advance_rate as advanceRate, facility_rate as facilityRate, base_currency as baseCurrency from funders where id = 1')
      .get() as {
      advanceRate: number;
      facilityRate: number;
      baseCurrency: string;
    };
    const params = { advanceRate: funder.advanceRate, facilityRate: funder.facilityRate };
    const expected = {
      '2025-03-01': 0,
      '2025-07-01': first,
      '2026-03-01': first + 1_234_567,
      '2026-06-01': first + 1_234_567 - 333_331,
      '2026-11-01': first + 1_234_567 - 333_331,
    };
    for (const [on, outstanding] of Object.entries(expected)) {
      const book = await valueBook(db, 1, on, false);
      const page = (await facilityBase(db, f, on)).base.outstanding;
      const cf = await facilityLiability(db, f, book, params, funder.baseCurrency, on);
      expect(page).toBe(outstanding);
      expect(cf.balance).toBe(page);
      expect(cf.total.principal).toBe(page);
      expect(cf.currency).toBe(currency);
      // It amortises with the pool's §4 line: where the pool repays nothing, neither does the facility.
      const pool = bookLiability(book, params, funder.baseCurrency).find((l) => l.currency === currency)!;
      pool.principal.forEach((p, k) => {
        if (p === 0) expect(cf.principal[k]).toBe(0);
      });
      if (page > 0) expect(cf.interest[0]! / page).toBeCloseTo(pool.interest[0]! / pool.total.principal, 6);
    }
  });

  it('the table export: periods 1–61 with their month, beyond and the total, one money column per currency', () => {
    const a = line([1_00, 2_00], [10, 20], 3_00);
    const b = { ...line([5_00], [], 0), currency: 'USD' };
    const rows = liabilityExportRows([a, b], 'principal', '2026-11-01', { beyond: 'After period 61', total: 'Total' });
    expect(rows).toHaveLength(63);
    expect(rows[0]).toEqual({ period: '1', month: '2026-11', amounts: [1_00, 5_00] });
    expect(rows[60]!.month).toBe('2031-11');
    expect(rows[61]).toEqual({ period: 'After period 61', month: '', amounts: [3_00, 0] });
    expect(rows[62]).toEqual({ period: 'Total', month: '', amounts: [6_00, 5_00] });
    const cols = liabilityExportColumns([a, b], { period: 'Period', month: 'Month' });
    expect(cols.map((c) => c.header)).toEqual(['Period', 'Month', 'EUR', 'USD']);
    expect(cols[3]!.value(rows[0]!)).toBe(5_00);
    expect(cols[3]!.currency!(rows[0]!)).toBe('USD');
  });
});
