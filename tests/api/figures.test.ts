/**
 * Issue #11 "Figures that were wrong", against a real server on a seeded database:
 * - sellto4G is the PV at the funder's buy rate of the row's own cash1..cash61 (monthly convention),
 *   within one minor unit per period, never a historical agreed price;
 * - the tape at a cut-off contains no lease purchased after it;
 * - the funding line's balance on a date is the same on the Liability CF and the Liability servicing
 *   report.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Row = Record<string, number | string> & { id: number; sellto4G: number; cashBeyond: number; fx: string };

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['viewer'] as const));
});

async function json<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${tokens.viewer}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const firstOfMonth = (offset = 0) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
  return m.toISOString().slice(0, 10);
};

describe('sellto4G is the price at the cut-off', () => {
  it('every row with no flow beyond period 61: sellto4G = PV at the buy rate of its own cash1..cash61, within one minor unit per period', async () => {
    const funder = await json<{ funder?: { buyRate: number; discountConvention: string }; buyRate?: number; discountConvention?: string }>(
      '/api/funders/1',
    );
    const f = (funder.funder ?? funder) as { buyRate: number; discountConvention: string };
    expect(f.discountConvention).toBe('monthly');
    const rows = await json<Row[]>('/api/sqn/all-total-cash?funderId=1');
    const checked = rows.filter((r) => r.cashBeyond === 0);
    expect(checked.length).toBeGreaterThan(100);
    const v = 1 / (1 + f.buyRate / 12);
    const off: number[] = [];
    for (const r of checked) {
      let pv = 0;
      let periods = 0;
      for (let k = 1; k <= 61; k++) {
        const c = r[`cash${k}`] as number;
        if (c !== 0) periods++;
        pv += c * v ** (k - 1);
      }
      if (Math.abs(r.sellto4G - pv) > Math.max(1, periods)) off.push(r.id);
    }
    expect(off).toEqual([]);
  });
});

describe('the tape at a cut-off', () => {
  it('contains no lease purchased after the cut-off, and as many rows as the Total Cash Flow', async () => {
    type Tape = { cutOff: string; total: number; rows: { leaseId: number; purchaseDate: string; poolAdditionDate: string }[] };
    const cutOff = firstOfMonth(-6);
    const first = await json<Tape>(`/api/reports/tape?funderId=1&asOf=${cutOff}&perPage=100`);
    expect(first.cutOff).toBe(cutOff);
    const rows = [...first.rows];
    for (let page = 2; rows.length < first.total; page++)
      rows.push(...(await json<Tape>(`/api/reports/tape?funderId=1&asOf=${cutOff}&perPage=100&page=${page}`)).rows);
    expect(rows.length).toBe(first.total);
    expect(rows.filter((r) => r.purchaseDate > cutOff || r.poolAdditionDate > cutOff)).toEqual([]);
    // Its rows are the pool's at the cut-off: as many as the Total Cash Flow's (domain.md §14), at this cut-off and today's.
    for (const at of [cutOff, firstOfMonth(0)]) {
      const tape = await json<Tape>(`/api/reports/tape?funderId=1&asOf=${at}&perPage=1`);
      const totalCf = await json<{ total: number }>(`/api/reports/cash-flow/lease?funderId=1&asOf=${at}&perPage=1`);
      expect(tape.total).toBe(totalCf.total);
    }
  });
});

describe('one funding-line balance', () => {
  it('Liability CF on the first of a month = the Liability servicing report of that month (opening) and of the month before (closing + that day’s draws)', async () => {
    type Liability = { cutOff: string; lines: { currency: string; balance: number; opening: number }[] };
    type Report = {
      from: string;
      to: string;
      lines: { currency: string; opening: number; drawn: number; principal: number; writtenOff: number; closing: number }[];
    };
    type Draws = { lines: { currency: string; purchaseDate: string; drawn: number }[] };
    const on = firstOfMonth(-1);
    const month = on.slice(0, 7);
    const before = firstOfMonth(-2).slice(0, 7);
    const cf = await json<Liability>(`/api/reports/liability/principal?funderId=1&asOf=${on}`);
    const report = await json<Report>(`/api/reports/servicing/liability?funderId=1&month=${month}`);
    const previous = await json<Report>(`/api/reports/servicing/liability?funderId=1&month=${before}`);
    const draws = await json<Draws>(`/api/reports/servicing/draws?funderId=1&month=${month}`);
    expect(cf.cutOff).toBe(on);
    expect(cf.lines.length).toBeGreaterThan(0);
    for (const line of cf.lines) {
      const r = report.lines.find((l) => l.currency === line.currency);
      expect(r?.opening, line.currency).toBe(line.balance);
      expect(r!.closing).toBe(r!.opening + r!.drawn - r!.principal - r!.writtenOff);
      const drawnOnFirst = draws.lines
        .filter((d) => d.currency === line.currency && d.purchaseDate === on)
        .reduce((s, d) => s + d.drawn, 0);
      const p = previous.lines.find((l) => l.currency === line.currency);
      expect((p?.closing ?? 0) + drawnOnFirst, line.currency).toBe(line.balance);
    }
  });
});
