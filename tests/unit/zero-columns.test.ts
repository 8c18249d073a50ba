/**
 * All-zero columns (issue #13): a column of nothing but zeros — the servicing store's fee column when no lease charges a
 * fee with its instalments — is a view of one shared zero block, never written; the first other value gives it memory
 * of its own. The shared block must stay zero whatever is written around it.
 */
import { describe, expect, it } from 'vitest';
import { growColumn, isZeroColumn, ownColumn, setAmount, setAmounts, zeroColumn, type AmountColumn } from '@/lib/finance/columns';
import {
  applyLeaseRewrites,
  bookAt,
  buildLedgerStore,
  buildScheduleStore,
  compactStores,
  type StoreLease,
} from '@/lib/servicing/book-store';

/** The shared block is still all zeros (a fresh view of all of it reads zeros only). */
const blockIsZero = () => zeroColumn(1 << 16).every((v) => v === 0);

describe('zero columns', () => {
  it('read zeros, stay shared through zero writes and growth, and get their own memory on the first other value', () => {
    const cols: { a: AmountColumn } = { a: zeroColumn(8) };
    expect(isZeroColumn(cols.a)).toBe(true);
    expect([...cols.a]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    setAmount(cols, 'a', 3, 0);
    setAmounts(cols, 'a', 0, Int32Array.of(0, 0, 0));
    cols.a = growColumn(cols.a, 12);
    expect(isZeroColumn(cols.a)).toBe(true);
    expect(cols.a).toHaveLength(12);
    setAmount(cols, 'a', 5, 42);
    expect(isZeroColumn(cols.a)).toBe(false);
    expect(cols.a).toBeInstanceOf(Int32Array);
    expect([...cols.a]).toEqual([0, 0, 0, 0, 0, 42, 0, 0, 0, 0, 0, 0]);
    const list: { a: AmountColumn } = { a: zeroColumn(4) };
    setAmounts(list, 'a', 1, Float64Array.of(0, 3_000_000_000), 2);
    expect(list.a).toBeInstanceOf(Float64Array);
    expect([...list.a]).toEqual([0, 0, 3_000_000_000, 0]);
    expect(ownColumn(zeroColumn(3))).not.toBe(zeroColumn(3));
    expect(blockIsZero()).toBe(true);
  });
});

describe('the servicing store fee column', () => {
  const lease = (id: number): StoreLease => ({
    id,
    lesseeId: 1,
    currency: 'EUR',
    status: 'active',
    residual: 1_000,
    vatRate: 0.2,
    vatRegime: 'per-instalment',
    firstDueDate: '2025-01-31',
    term: 3,
    timing: 'arrears',
    frequency: 'monthly',
  });
  // Due dates deliberately out of order for lease 2: the builder sorts the rows (and must not move the fee column's zeros).
  const lists = (id: number, fees: string): [number, string, string, string, string, string] =>
    id === 2
      ? [id, '2025-03-31,2025-01-31,2025-02-28', '30,10,20', fees, '3,1,2', '300,100,200']
      : [id, '2025-01-31,2025-02-28,2025-03-31', '10,20,30', fees, '1,2,3', '100,200,300'];
  const options = { componentOrder: ['fee', 'interest', 'principal', 'vat'] as const, tolerance: 0, graceDays: 0, edges: [1, 31, 61, 91] };
  const build = async (fees: string[]) => {
    const leases = fees.map((_, i) => lease(i + 1));
    const schedule = await buildScheduleStore(leases, () => fees.map((f, i) => lists(i + 1, f)));
    const ledger = await buildLedgerStore(schedule, () => [[1, '2025-02-15', '150'] as [number, string, string]], []);
    return { schedule, ledger };
  };
  const feesOf = (s: Awaited<ReturnType<typeof build>>['schedule']) =>
    Array.from({ length: s.n }, (_, i) => [...s.fee.subarray(s.start[i]!, s.end[i]!)]);

  it('is all-zero while no lease charges a fee, owns memory once one does, and equals a store built with it', async () => {
    const { schedule, ledger } = await build(['0,0,0', '0,0,0', '0,0,0']);
    expect(isZeroColumn(schedule.fee)).toBe(true);
    expect(feesOf(schedule)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    compactStores(schedule, ledger, true);
    expect(isZeroColumn(schedule.fee)).toBe(true);

    // A rewrite with a fee: the column gets its own memory; the other leases keep zeros.
    applyLeaseRewrites(schedule, ledger, [{ id: 2, lease: lease(2), schedule: lists(2, '0,7,0'), payments: null, reversals: [] }]);
    expect(isZeroColumn(schedule.fee)).toBe(false);
    const rebuilt = await build(['0,0,0', '0,7,0', '0,0,0']);
    expect(isZeroColumn(rebuilt.schedule.fee)).toBe(false);
    // Lease 2's rows sorted by due date: its fee of 7 was listed with 2025-01-31.
    expect(feesOf(schedule)).toEqual([
      [0, 0, 0, 0],
      [7, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(feesOf(rebuilt.schedule)).toEqual(feesOf(schedule));
    expect(bookAt(schedule, ledger, '2025-04-30', options)).toEqual(bookAt(rebuilt.schedule, rebuilt.ledger, '2025-04-30', options));
    expect(blockIsZero()).toBe(true);
  });
});
