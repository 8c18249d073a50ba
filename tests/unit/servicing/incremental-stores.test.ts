/**
 * The incremental caches equal a full rebuild: after random sequences of lease creations, edits (terms,
 * status, lessee, currency), deletions, payments and reversals on a small book in a real SQLite file, the servicing book
 * (DPD, bucket, arrears, credit, outstanding per lease at several as-of dates), the clients behaviour
 * and the valuation (prin, price, npv, cash1..61) kept up to date lease by lease equal the same figures
 * computed from stores and a portfolio built anew from the database, to the cent. Plus the journal.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getFunder, updateFunder } from '@/db/queries/funders';
import { bookChangeStamp, bookChangesSince } from '@/db/queries/book-changes';
import { leaseTermsOf } from '@/db/queries/lease-terms';
import { createLease, deleteLease, getLease, updateLease, type LeaseInput } from '@/db/queries/leases';
import { recordPayment, reversePayment } from '@/db/queries/payments';
import { listPortfolioLeases } from '@/db/queries/portfolio';
import { bookLeases, paymentListsOfBook, reversalsOfBook, scheduleListsOfBook } from '@/db/queries/servicing';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { LeasePortfolio, formatDate, purchasePrices, valuePortfolio } from '@/lib/finance';
import { parseDate } from '@/lib/finance/dates';
import { bookAt, buildLedgerStore, buildScheduleStore } from '@/lib/servicing/book-store';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { valuationChangesSince, valueBook } from '@/services/portfolio/valuation';
import { changedLeasesSince, getServicingBook, servicingSettingsOf, servicingStores } from '@/services/servicing/book';
import { bucketSummary, behaviourRows, delinquencyView, filterSortRows, rollRates, type DelinquencyRow } from '@/services/servicing/views';
import { bucketOf, lesseeDpd, rollRateMatrix } from '@/lib/servicing';
import { servicingLabels } from '@/db/queries/servicing';

const TODAY = '2026-11-21';
const AS_OFS = ['2025-06-30', '2026-01-01', TODAY, '2027-03-15'];
const CUT_OFF = '2026-11-01';
const F = 1;

/** The servicing book and valuation computed from scratch (no cache). */
async function fullRebuild(db: Conn) {
  const funder = (await getFunder(db, F))!;
  const schedule = await buildScheduleStore(await bookLeases(db, F), (a, b) => scheduleListsOfBook(db, F, a, b));
  const ledger = await buildLedgerStore(schedule, (a, b) => paymentListsOfBook(db, F, a, b), await reversalsOfBook(db, F));
  const s = servicingSettingsOf(funder);
  const books = AS_OFS.map((asOf) =>
    // Only the leases in the pool at the as-of date (domain.md §3), as the product shows them.
    bookAt(schedule, ledger, asOf, {
      componentOrder: s.componentOrder,
      tolerance: s.tolerance,
      graceDays: s.graceDays,
      edges: s.edges,
    }).flatMap((st, i) =>
      st.inPool
        ? [
            {
              leaseId: schedule.leases[i]!.id,
              lesseeId: schedule.leases[i]!.lesseeId,
              currency: schedule.leases[i]!.currency,
              dpd: st.dpd,
              bucket: st.bucket,
              arrearsNet: st.arrearsNet,
              arrearsVat: st.arrearsVat,
              arrearsTotal: st.arrearsTotal,
              credit: st.credit,
              outstandingPrincipal: st.outstandingPrincipal,
              lastPaymentOn: st.lastPaymentDay === null ? null : formatDate(st.lastPaymentDay),
            },
          ]
        : [],
    ),
  );
  const records = await listPortfolioLeases(db, F);
  const p = new LeasePortfolio(records.length);
  for (const r of records) p.add(leaseTermsOf(r, funder.rateConvention));
  const purchaseDay = Int32Array.from(records, (r) => parseDate(r.purchaseDate, 'purchaseDate'));
  const v = valuePortfolio(p, {
    cutOff: CUT_OFF,
    buyRate: funder.buyRate,
    purchaseDay,
    purchasePrice: purchasePrices(p, {
      purchaseDay,
      agreed: Float64Array.from(records, (l) => l.agreedPurchasePrice ?? NaN),
      buyRate: funder.buyRate,
      convention: funder.discountConvention,
    }),
    discountRate: funder.discountRate ?? undefined,
    convention: funder.discountConvention,
    gross: false,
  });
  return { ids: records.map((r) => r.id), books, v };
}

/** Delinquency rows at both levels from the rebuilt book and freshly read labels (the pre-cache algorithm). */
async function expectedRows(db: Conn, states: Awaited<ReturnType<typeof fullRebuild>>['books'][number]) {
  const labels = await servicingLabels(db, F);
  const { edges } = servicingSettingsOf((await getFunder(db, F))!);
  const lease: DelinquencyRow[] = states.map((s) => ({
    key: `L${s.leaseId}`,
    leaseId: s.leaseId,
    contractNumber: labels.leases.get(s.leaseId)!.contractNumber,
    status: labels.leases.get(s.leaseId)!.status,
    lesseeId: s.lesseeId,
    lesseeName: labels.lessees.get(s.lesseeId)!.name,
    currency: s.currency,
    leases: 1,
    dpd: s.dpd,
    bucket: s.bucket,
    arrearsNet: s.arrearsNet,
    arrearsVat: s.arrearsVat,
    arrearsTotal: s.arrearsTotal,
    credit: s.credit,
    outstandingPrincipal: s.outstandingPrincipal,
    lastPaymentOn: s.lastPaymentOn,
  }));
  const groups = new Map<string, DelinquencyRow[]>();
  for (const r of lease) groups.set(`${r.lesseeId}:${r.currency}`, [...(groups.get(`${r.lesseeId}:${r.currency}`) ?? []), r]);
  const lessee: DelinquencyRow[] = [...groups].map(([k, g]) => {
    const dpd = lesseeDpd(g.map((r) => r.dpd));
    const sum = (f: (r: DelinquencyRow) => number) => g.reduce((n, r) => n + f(r), 0);
    const last =
      g
        .map((r) => r.lastPaymentOn)
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1) ?? null;
    return {
      key: `P${k}`,
      leaseId: null,
      contractNumber: null,
      status: null,
      lesseeId: g[0]!.lesseeId,
      lesseeName: g[0]!.lesseeName,
      currency: g[0]!.currency,
      leases: g.length,
      dpd,
      bucket: bucketOf(dpd, edges).key,
      arrearsNet: sum((r) => r.arrearsNet),
      arrearsVat: sum((r) => r.arrearsVat),
      arrearsTotal: sum((r) => r.arrearsTotal),
      credit: sum((r) => r.credit),
      outstandingPrincipal: sum((r) => r.outstandingPrincipal),
      lastPaymentOn: last,
    };
  });
  return { lease, lessee };
}

const VIEWS = [
  { sort: 'dpd', dir: 'desc' },
  { sort: 'name', dir: 'asc' },
  { sort: 'arrearsTotal', dir: 'desc', bucket: ['1-30', '91+'] },
  { sort: 'contract', dir: 'asc', q: 'a' },
] as const;

async function expectCachesEqualRebuild(db: Conn) {
  const full = await fullRebuild(db);
  const toState = new Map(full.books[2]!.map((r) => [r.leaseId, r]));
  const rolls = full.books[0]!.flatMap((r) =>
    toState.has(r.leaseId) ? [{ from: r.bucket, to: toState.get(r.leaseId)!.bucket, balance: r.outstandingPrincipal }] : [],
  );
  expect(await rollRates(db, F, AS_OFS[0]!, AS_OFS[2]!)).toEqual({
    from: AS_OFS[0],
    to: AS_OFS[2],
    ...rollRateMatrix(rolls, servicingSettingsOf((await getFunder(db, F))!).edges),
  });
  for (const k of [0, 2]) {
    const expected = await expectedRows(db, full.books[k]!);
    for (const level of ['lease', 'lessee'] as const) {
      for (const f of VIEWS) {
        const view = await delinquencyView(db, F, AS_OFS[k]!, { level, ...f, bucket: 'bucket' in f ? [...f.bucket] : undefined });
        const rows = filterSortRows(expected[level], { ...f, bucket: 'bucket' in f ? [...f.bucket] : undefined });
        expect(view.rows).toEqual(rows);
        expect(view.summary).toEqual(bucketSummary(view.bucketKeys, expected[level]));
      }
    }
  }
  for (const [k, asOf] of AS_OFS.entries()) {
    const book = await getServicingBook(db, F, asOf);
    const mine = book.leases.map((s) => ({
      leaseId: s.leaseId,
      lesseeId: s.lesseeId,
      currency: s.currency,
      dpd: s.dpd,
      bucket: s.bucket,
      arrearsNet: s.arrearsNet,
      arrearsVat: s.arrearsVat,
      arrearsTotal: s.arrearsTotal,
      credit: s.credit,
      outstandingPrincipal: s.outstandingPrincipal,
      lastPaymentOn: s.lastPaymentOn,
    }));
    expect(mine).toEqual(full.books[k]);
    expect([...book.byLeaseId.keys()].sort((a, b) => a - b)).toEqual(full.books[k]!.map((r) => r.leaseId));
  }
  // The live-row counts the updates keep (compaction is decided by them) equal the segments' rows.
  const { schedule, ledger } = await servicingStores(db, F);
  let live = 0;
  let liveL = 0;
  for (let i = 0; i < schedule.n; i++) {
    live += schedule.end[i]! - schedule.start[i]!;
    liveL += ledger.end[i]! - ledger.start[i]!;
  }
  expect([schedule.live, ledger.live]).toEqual([live, liveL]);
  const valued = await valueBook(db, F, CUT_OFF);
  expect(valued.leases.map((l) => l.id)).toEqual(full.ids);
  expect([...valued.indexById.entries()].sort((a, b) => a[1] - b[1]).map((e) => e[0])).toEqual(full.ids);
  expect(valued.valuation.count).toBe(full.v.count);
  for (const f of [
    'prin',
    'sellto4G',
    'purchasePrice',
    'inPool',
    'npv',
    'delta',
    'check',
    'totalcf',
    'cashBeyond',
    'remainingInstalments',
    'walYears',
  ] as const) {
    expect(Array.from(valued.valuation[f]), f).toEqual(Array.from(full.v[f]));
  }
  expect(Array.from(valued.valuation.cash)).toEqual(Array.from(full.v.cash));
}

/** Behaviour from the incremental stores equals behaviour from freshly built stores (a fresh in-memory copy would need a copy of the file; the stores are rebuilt instead). */
async function behaviourSnapshot(db: Conn, asOf: string) {
  return (await behaviourRows(db, F, asOf)).map((r) => JSON.stringify(r)).sort();
}

type Op =
  | { kind: 'create'; from: number }
  | { kind: 'terms'; lease: number; term: number; rate: number }
  | { kind: 'status'; lease: number; status: 'active' | 'closed' | 'defaulted' | 'terminated' }
  | { kind: 'delete'; lease: number }
  | { kind: 'move'; lease: number; to: number; currency: boolean }
  | { kind: 'pay'; lease: number; day: number; amount: number }
  | { kind: 'reverse'; payment: number; days: number }
  | { kind: 'settings'; grace: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), from: fc.nat(1000) }),
  fc.record({
    kind: fc.constant('terms' as const),
    lease: fc.nat(1000),
    term: fc.constantFrom(12, 24, 36, 48),
    rate: fc.constantFrom(0.03, 0.055, 0.09),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    lease: fc.nat(1000),
    status: fc.constantFrom('active' as const, 'closed' as const, 'defaulted' as const, 'terminated' as const),
  }),
  fc.record({ kind: fc.constant('delete' as const), lease: fc.nat(1000) }),
  // Another lessee (another lease's) and maybe another currency: the lease changes lessee row.
  fc.record({ kind: fc.constant('move' as const), lease: fc.nat(1000), to: fc.nat(1000), currency: fc.boolean() }),
  fc.record({
    kind: fc.constant('pay' as const),
    lease: fc.nat(1000),
    day: fc.integer({ min: -700, max: 200 }),
    amount: fc.integer({ min: 1, max: 400_000 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), payment: fc.nat(100_000), days: fc.integer({ min: 0, max: 90 }) }),
  fc.record({ kind: fc.constant('settings' as const), grace: fc.integer({ min: 0, max: 10 }) }),
);

function dayOffset(days: number): string {
  return new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function pickLease(db: Conn, n: number): { id: number; version: number; currency: string } | undefined {
  const rows = db.$client.prepare(`select id, version, currency from leases where funder_id = ? order by id`).all(F) as {
    id: number;
    version: number;
    currency: string;
  }[];
  return rows.length === 0 ? undefined : rows[n % rows.length];
}

async function apply(db: Conn, op: Op): Promise<void> {
  try {
    switch (op.kind) {
      case 'create': {
        const src = (await getLease(db, pickLease(db, op.from)!.id))!;
        const {
          id: _i,
          principal: _p,
          instalment: _n,
          version: _v,
          createdAt: _c,
          updatedAt: _u,
          createdBy: _b,
          contractNumber: _k,
          ...input
        } = src;
        await createLease(db, { ...input, status: 'active' } as LeaseInput, null);
        break;
      }
      case 'terms': {
        const l = pickLease(db, op.lease)!;
        await updateLease(db, l.id, l.version, { term: op.term, rate: op.rate }, null);
        break;
      }
      case 'status': {
        const l = pickLease(db, op.lease)!;
        await updateLease(db, l.id, l.version, { status: op.status }, null);
        break;
      }
      case 'delete': {
        const l = pickLease(db, op.lease)!;
        await deleteLease(db, l.id);
        break;
      }
      case 'move': {
        const l = pickLease(db, op.lease)!;
        const to = (await getLease(db, pickLease(db, op.to)!.id))!;
        await updateLease(
          db,
          l.id,
          l.version,
          { lesseeId: to.lesseeId, ...(op.currency ? { currency: l.currency === 'EUR' ? 'USD' : 'EUR' } : {}) },
          null,
        );
        break;
      }
      case 'pay': {
        const l = pickLease(db, op.lease)!;
        await recordPayment(
          db,
          F,
          { leaseId: l.id, receivedOn: dayOffset(op.day), amount: op.amount, currency: l.currency, method: 'transfer' },
          null,
        );
        break;
      }
      case 'reverse': {
        const ids = db.$client
          .prepare(`select id, received_on from payments where funder_id = ? and kind = 'payment' order by id`)
          .all(F) as { id: number; received_on: string }[];
        if (ids.length === 0) return;
        const p = ids[op.payment % ids.length]!;
        const on = new Date(Date.parse(`${p.received_on}T00:00:00Z`) + op.days * 86_400_000).toISOString().slice(0, 10);
        await reversePayment(db, F, p.id, { reversedOn: on }, null);
        break;
      }
      case 'settings':
        await updateFunder(db, F, { graceDays: op.grace });
        break;
    }
  } catch (err) {
    // Refused writes (a lease with payments cannot be deleted, a payment already reversed, an invalid edit) change nothing.
    const code = (err as { code?: string }).code;
    if (!code && !/FOREIGN KEY|constraint/i.test(String(err))) throw err;
  }
}

describe('incremental caches equal a full rebuild', () => {
  let dir: string;
  let file: string;
  let db: Conn;
  let other: Conn;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-incremental-'));
    file = path.join(dir, 'book.db');
    db = openDb(file);
    runMigrations(db);
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 40, today: TODAY, seed: 17 });
    seedPayments(db, { funderId: F, today: TODAY, seed: 17 });
    other = openDb(file);
  });
  afterAll(() => {
    db.$client.close();
    other.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the caches start equal to a rebuild', async () => {
    await expectCachesEqualRebuild(db);
  });

  test('after any sequence of writes (eager refresh or lazy on read, by either connection)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArb, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }), async (ops) => {
        // Warm every cache first, so the writes are applied to them incrementally.
        for (const asOf of AS_OFS) await getServicingBook(db, F, asOf);
        await behaviourRows(db, F, TODAY);
        await rollRates(db, F, AS_OFS[0]!, AS_OFS[2]!);
        for (const level of ['lease', 'lessee'] as const)
          for (const f of VIEWS)
            await delinquencyView(db, F, AS_OFS[0]!, { level, ...f, bucket: 'bucket' in f ? [...f.bucket] : undefined });
        await valueBook(db, F, CUT_OFF);
        const { entry } = await servicingStores(db, F);
        const rebuilt = entry.rebuiltAt;
        for (const [op, eager, viaOther] of ops) {
          await apply(viaOther ? other : db, op);
          if (eager) await afterBookWrite(db, F);
        }
        await expectCachesEqualRebuild(db);
        // Updated in place: the same entry, never rebuilt.
        expect((await servicingStores(db, F)).entry).toBe(entry);
        expect(entry.rebuiltAt).toBe(rebuilt);
        const incremental = await behaviourSnapshot(db, TODAY);
        // A lease write that bypasses the journal, then a settings row: the behaviour is the same.
        db.$client
          .prepare(`update leases set updated_at = updated_at + 1 where id = (select max(id) from leases where funder_id = ?)`)
          .run(F);
        await updateFunder(db, F, {});
        expect(await behaviourSnapshot(db, TODAY)).toEqual(incremental);
      }),
      { numRuns: 25, seed: 4242 },
    );
  }, 120_000);
});

describe('lease change journal', () => {
  let db: Conn;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-journal-'));
    db = openDb(path.join(dir, 'j.db'));
    runMigrations(db);
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 6, today: TODAY, seed: 2 });
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test.each([
    ['an edit journals the lease and bumps the data version', 'edit'],
    ['a status change journals the lease', 'status'],
    ['a deletion journals the lease', 'delete'],
    ['a creation journals the new lease', 'create'],
  ] as const)('%s', async (_name, kind) => {
    const before = await bookChangeStamp(db, F);
    const version = (await getFunder(db, F))!.dataVersion;
    const l = pickLease(db, 0)!;
    let id = l.id;
    if (kind === 'edit') await updateLease(db, l.id, l.version, { rate: 0.07 }, null);
    else if (kind === 'status') await updateLease(db, l.id, l.version, { status: 'closed' }, null);
    else if (kind === 'delete') await deleteLease(db, l.id);
    else {
      const src = (await getLease(db, pickLease(db, 1)!.id))!;
      const {
        id: _i,
        principal: _p,
        instalment: _n,
        version: _v,
        createdAt: _c,
        updatedAt: _u,
        createdBy: _b,
        contractNumber: _k,
        ...input
      } = src;
      id = (await createLease(db, input as LeaseInput, null)).id;
    }
    const changed = await bookChangesSince(db, F, before);
    expect(changed.lease).toEqual([id]);
    expect(changed.stamp).toBe(await bookChangeStamp(db, F));
    expect((await getFunder(db, F))!.dataVersion).toBe(version + 1);
    expect((await bookChangesSince(db, 2, before)).lease).toEqual([]);
  });

  test('a refused write (stale version) journals nothing', async () => {
    const before = await bookChangeStamp(db, F);
    const l = pickLease(db, 2)!;
    await expect(async () => await updateLease(db, l.id, l.version + 5, { rate: 0.04 }, null)).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    expect(await bookChangeStamp(db, F)).toBe(before);
  });

  test('the stores and the valuation answer which leases changed since a version', async () => {
    const s0 = (await servicingStores(db, F)).entry.version;
    const v0 = (await valueBook(db, F, CUT_OFF)).version;
    const a = pickLease(db, 0)!;
    await updateLease(db, a.id, a.version, { term: 24 }, null);
    await recordPayment(db, F, { leaseId: a.id, receivedOn: TODAY, amount: 500, currency: a.currency, method: 'transfer' }, null);
    await afterBookWrite(db, F);
    expect((await changedLeasesSince(db, F, s0)).ids).toEqual([a.id]);
    expect((await valuationChangesSince(db, F, v0)).ids).toEqual([a.id]);
    await updateFunder(db, F, { buyRate: 0.061 });
    expect((await valuationChangesSince(db, F, v0)).ids).toBeNull();
  });
});
