import { seedFunders } from '@/db/seed/sqlite';
import { describe, expect, it } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { listPortfolioLeases } from '@/db/queries/portfolio';
import { DEFAULT_BUCKET, cashPositionAt, expectedCreditLoss, lossLedgerBalance, provisionRate } from '@/lib/credit';
import { addMonthsToDay, formatDate, parseDate } from '@/lib/finance';
import { approveLeaseWriteOff, paymentAsRecovery, proposeLeaseWriteOff } from '@/services/credit/actions';
import { creditEntry, creditStatesAt, inputOf } from '@/services/credit/book';
import { creditFactsAt } from '@/services/credit/facts';
import { defaultsAt, eclAt, lossLedger, lossMeasuresAt } from '@/services/credit/screen';
import { getServicingBook } from '@/services/servicing/book';
import { valueBook } from '@/services/portfolio/valuation';
import { DomainError } from '@/lib/domain/errors';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 600, today: TODAY });
  for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
  for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
  return db;
}
const userId = (db: ReturnType<typeof seeded>, email: string) =>
  db.$client.prepare('select id from users where email = ?').pluck().get(email) as number;

describe('the demo book', () => {
  const db = seeded();
  const funderId = seedFunders(db)[0]!.id;

  it('shows every derived status, the cure after probation among them', async () => {
    const counts: Record<string, number> = {};
    for (const f of (await creditFactsAt(db, funderId, TODAY)).values()) counts[f.status] = (counts[f.status] ?? 0) + 1;
    expect(counts.defaulted).toBeGreaterThan(0);
    // The seeded cure after probation of a lease's own default; the others were in default by their lessee's
    // contagion, which ended: they cure after the same probation (domain.md §8), not back to performing at once.
    const e = await creditEntry(db, funderId);
    const cured = [...(await creditFactsAt(db, funderId, TODAY)).values()].filter((f) => f.status === 'cured');
    expect(cured.filter((f) => (e.timelines.get(f.leaseId)?.episodes[0]?.start ?? Infinity) <= parseDate(TODAY))).toHaveLength(1);
    expect(cured.length).toBe(counts.cured);
    const approved = db.$client
      .prepare(`select count(*) from write_offs where funder_id = ? and status = 'approved'`)
      .pluck()
      .get(funderId) as number;
    expect(approved).toBeGreaterThan(0);
    expect(counts.written_off).toBe(approved);
    expect(counts.performing).toBeGreaterThan(0);
  });

  it('ECL = Σ bucket exposure × rate, recomputed from the leases one by one', async () => {
    const { rows, totals } = await eclAt(db, funderId, TODAY);
    const e = await creditEntry(db, funderId);
    const book = await getServicingBook(db, funderId, TODAY);
    const cells = new Map<string, { currency: string; bucket: string; exposure: number }>();
    for (const s of (await creditStatesAt(db, funderId, TODAY)).states) {
      const sv = book.byLeaseId.get(s.leaseId);
      if (!sv || s.status === 'written_off' || s.status === 'repaid') continue;
      const stage = s.status === 'defaulted' ? 3 : sv.dpd > 30 || s.sicr ? 2 : 1;
      const bucket = stage === 3 ? DEFAULT_BUCKET : sv.bucket;
      const key = `${s.currency}|${stage}|${bucket}`;
      const c = cells.get(key) ?? { currency: s.currency, bucket, exposure: 0 };
      c.exposure += cashPositionAt(inputOf(e, e.schedule.indexById.get(s.leaseId)!), parseDate(TODAY)).exposure;
      cells.set(key, c);
    }
    for (const t of totals) {
      const mine = [...cells.values()].filter((c) => c.currency === t.currency);
      expect(t.ecl).toBe(
        expectedCreditLoss(mine.map((c) => ({ exposure: c.exposure, rate: provisionRate(e.settings.matrix, c.currency, c.bucket) }))),
      );
      expect(t.exposure).toBe(mine.reduce((s, c) => s + c.exposure, 0));
    }
    expect(rows.length).toBe(cells.size);
  });

  it("the default rows of a few leases (a table page's notes) are those of the whole list", async () => {
    const all = await defaultsAt(db, funderId, TODAY);
    expect(all.length).toBeGreaterThan(2);
    const some = new Set([
      all[0]!.leaseId,
      all[all.length - 1]!.leaseId,
      (await creditStatesAt(db, funderId, TODAY)).states.find((s) => s.status === 'performing')!.leaseId,
    ]);
    expect(await defaultsAt(db, funderId, TODAY, undefined, some)).toEqual(all.filter((d) => some.has(d.leaseId)));
  });

  it('Σ loss ledger = write-offs − recoveries, and the measures agree', async () => {
    const ledger = await lossLedger(db, funderId);
    const eur = ledger.filter((l) => l.currency === 'EUR');
    expect(eur.length).toBeGreaterThan(2);
    expect(eur.at(-1)!.balance).toBe(lossLedgerBalance(eur));
    const m = (await lossMeasuresAt(db, funderId, TODAY)).find((x) => x.currency === 'EUR')!;
    expect(m.netLoss).toBe(eur.at(-1)!.balance);
    expect(m.recoveryRate! + m.severity!).toBeCloseTo(1, 12);
  });

  it('a write-off: self-approval is refused, another user approves, the lease leaves the portfolio cash flow, and a payment on it becomes a recovery', async () => {
    const analyst = { userId: userId(db, 'analyst@quantum.demo'), email: 'analyst@quantum.demo' };
    const admin = { userId: userId(db, 'admin@quantum.demo'), email: 'admin@quantum.demo' };
    const target = (await creditStatesAt(db, funderId, TODAY)).states.find(
      (s) =>
        s.status === 'defaulted' && db.$client.prepare(`select count(*) from write_offs where lease_id = ?`).pluck().get(s.leaseId) === 0,
    )!;
    const w = await proposeLeaseWriteOff(db, funderId, { leaseId: target.leaseId, writeOffOn: TODAY, note: '' }, analyst);
    expect(w.amount).toBeGreaterThan(0);
    await expect(async () => await approveLeaseWriteOff(db, w.id, null, analyst)).rejects.toThrow(DomainError);
    const inPoolAfter = async () => {
      const book = await valueBook(db, funderId, '2026-12-01');
      return book.valuation.inPool[book.indexById.get(target.leaseId)!];
    };
    expect(await inPoolAfter()).toBe(1);
    await approveLeaseWriteOff(db, w.id, null, admin);
    // Its remaining flows leave the portfolio cash flow from the write-off date on (the lease stays in the book
    // with its write-off date, so cut-offs before it still count it: tests/unit/write-off-pool.test.ts).
    expect((await listPortfolioLeases(db, funderId, [target.leaseId]))[0]!.writtenOffOn).toBe(TODAY);
    expect(await inPoolAfter()).toBe(0);
    await expect(async () => await approveLeaseWriteOff(db, w.id, null, admin)).rejects.toThrow(/already/);
    const before = db.$client.prepare('select count(*) from payments where lease_id = ?').pluck().get(target.leaseId);
    const r = await paymentAsRecovery(
      db,
      funderId,
      { leaseId: target.leaseId, receivedOn: TODAY, amount: 5000, reference: 'late', note: '' },
      analyst,
    );
    expect(r).toMatchObject({ leaseId: target.leaseId, amount: 5000, kind: 'late_collection' });
    expect(db.$client.prepare('select count(*) from payments where lease_id = ?').pluck().get(target.leaseId)).toBe(before);
    const facts = (await creditFactsAt(db, funderId, TODAY)).get(target.leaseId)!;
    expect(facts).toMatchObject({ status: 'written_off', writtenOff: w.amount, writeOffDate: TODAY });
    expect(facts.recoveries).toBe(5000);
    // A performing lease pays normally.
    const performing = (await creditStatesAt(db, funderId, TODAY)).states.find((s) => s.status === 'performing')!;
    expect(
      await paymentAsRecovery(
        db,
        funderId,
        { leaseId: performing.leaseId, receivedOn: TODAY, amount: 100, reference: '', note: '' },
        analyst,
      ),
    ).toBeNull();
  });
});

describe('contagion over the month ends of the demo book (domain.md §8)', () => {
  const db = seeded();
  it('ever defaulted never flips back, and a contagion default that ends goes through probation to cured, never straight to performing', async () => {
    const monthEnds = Array.from({ length: 24 }, (_, m) => formatDate(addMonthsToDay(parseDate('2024-12-31'), m)));
    let contagionSeen = 0;
    let probationAfterContagion = 0;
    for (const f of seedFunders(db)) {
      const last = new Map<number, { ever: boolean; first: string | null; status: string; why: string | null }>();
      for (const asOf of monthEnds) {
        for (const [id, x] of await creditFactsAt(db, f.id, asOf)) {
          const s = (await creditStatesAt(db, f.id, asOf)).states.find((y) => y.leaseId === id)!;
          const before = last.get(id);
          if (before?.ever) {
            expect(x.everDefaulted, `lease ${id} on ${asOf}`).toBe(true);
            expect(x.firstDefaultDate).toBe(before.first);
          }
          if (before?.status === 'defaulted') expect(x.status, `lease ${id} on ${asOf}`).not.toBe('performing');
          if (before?.why === 'contagion' && s.status === 'defaulted' && s.why === 'probation') probationAfterContagion++;
          if (s.why === 'contagion') contagionSeen++;
          last.set(id, { ever: x.everDefaulted, first: x.firstDefaultDate, status: x.status, why: s.why });
        }
      }
    }
    // The demo book has lessee contagion that ends (a lessee's defaulted lease written off): the test is not vacuous.
    expect(contagionSeen).toBeGreaterThan(0);
    expect(probationAfterContagion).toBeGreaterThan(0);
  });
});
