import { seedFunders } from '@/db/seed/sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, test } from 'vitest';
import { openDb, runMigrations } from '@/db/client';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { listPortfolioLeases } from '@/db/queries/portfolio';
import { DomainError } from '@/lib/domain/errors';
import { writeOffProposeBody } from '@/lib/validations/credit';
import { approveLeaseWriteOff, flagLease, previewUtpContagion, proposeLeaseWriteOff } from '@/services/credit/actions';
import { creditStatesAt, leasePositionAt } from '@/services/credit/book';
import { defaultsAt, eclAt, lossLedger, lossMeasuresAt } from '@/services/credit/screen';
import { valueBook } from '@/services/portfolio/valuation';

/**
 * The credit officer's actions of the issue "Screens a credit officer can read and trust" over a real SQLite file with
 * the demo seed: a partial write-off (domain.md §8 gives a write-off an amount, by default the exposure, and says
 * nothing of less: the rest stays on the lease, which stays in the pool and keeps being serviced), the amount's
 * bounds, four eyes, and the contagion a flag would cause, listed before it is written.
 */
const TODAY = '2026-11-21';
const dir = mkdtempSync(path.join(tmpdir(), 'quantum-credit-'));
const db = openDb(path.join(dir, 'credit.db'));
runMigrations(db);
seedDemoUsers(db);
seedPortfolio(db, { leases: 600, today: TODAY });
for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const funderId = seedFunders(db)[0]!.id;
const userId = (email: string) => db.$client.prepare('select id from users where email = ?').pluck().get(email) as number;
const analyst = { userId: userId('analyst@quantum.demo'), email: 'analyst@quantum.demo' };
const admin = { userId: userId('admin@quantum.demo'), email: 'admin@quantum.demo' };
const writeOffCount = (leaseId: number) =>
  db.$client.prepare(`select count(*) from write_offs where lease_id = ?`).pluck().get(leaseId) as number;
/** Defaulted leases on TODAY with no write-off record at all, in id order. */
const untouchedDefaults = async () =>
  (await creditStatesAt(db, funderId, TODAY)).states.filter((s) => s.status === 'defaulted' && writeOffCount(s.leaseId) === 0);
const inPool = async (leaseId: number) => {
  const book = await valueBook(db, funderId, '2026-12-01');
  return book.valuation.inPool[book.indexById.get(leaseId)!];
};

describe('a partial write-off', () => {
  it('books exactly its amount in the loss ledger, leaves the rest exposed on a lease still in the pool, and the ECL follows', async () => {
    const target = (await untouchedDefaults())[0]!;
    const currency = target.currency;
    const exposure = (await leasePositionAt(db, funderId, target.leaseId, TODAY))!.exposure;
    expect(exposure).toBeGreaterThan(3);
    const row = async () => (await defaultsAt(db, funderId, TODAY)).find((r) => r.leaseId === target.leaseId);
    expect((await row())!.exposure).toBe(exposure);
    const eclBefore = (await eclAt(db, funderId, TODAY)).totals.find((t) => t.currency === currency)!;
    const stage3Before = (await eclAt(db, funderId, TODAY)).rows.find((r) => r.currency === currency && r.stage === 3)!;
    const ledgerBefore = (await lossLedger(db, funderId)).filter((e) => e.currency === currency);
    const grossBefore = (await lossMeasuresAt(db, funderId, TODAY)).find((m) => m.currency === currency)!.grossLoss;

    // More than half of it: the approval must weigh it against the exposure before this write-off, not the rest after it.
    const part = Math.round(exposure * 0.6);
    const w = await proposeLeaseWriteOff(
      db,
      funderId,
      { leaseId: target.leaseId, writeOffOn: TODAY, amount: part, note: 'asset sold' },
      analyst,
    );
    expect(w.amount).toBe(part);
    await approveLeaseWriteOff(db, w.id, null, admin);

    // The loss ledger: one more entry, of exactly the amount, and the balance moves by it.
    const ledger = (await lossLedger(db, funderId)).filter((e) => e.currency === currency);
    expect(ledger).toHaveLength(ledgerBefore.length + 1);
    expect(ledger.find((e) => e.kind === 'write_off' && e.id === w.id)).toMatchObject({ amount: part, leaseId: target.leaseId });
    expect(ledger.at(-1)!.balance - (ledgerBefore.at(-1)?.balance ?? 0)).toBe(part);
    expect((await lossMeasuresAt(db, funderId, TODAY)).find((m) => m.currency === currency)!.grossLoss - grossBefore).toBe(part);

    // The rest stays on the lease: in the pool, still in default, serviced, its exposure reduced by the amount.
    expect((await listPortfolioLeases(db, funderId, [target.leaseId]))[0]!.writtenOffOn).toBeNull();
    expect(await inPool(target.leaseId)).toBe(1);
    expect((await creditStatesAt(db, funderId, TODAY)).states.find((s) => s.leaseId === target.leaseId)).toMatchObject({
      status: 'defaulted',
      writtenOff: part,
    });
    expect((await row())!.exposure).toBe(exposure - part);
    expect((await leasePositionAt(db, funderId, target.leaseId, TODAY))!.exposure).toBe(exposure - part);

    // ECL: the written-off part is no longer provided for (stage 3 cell and totals lose exactly the amount of exposure).
    const ecl = await eclAt(db, funderId, TODAY);
    const eclAfter = ecl.totals.find((t) => t.currency === currency)!;
    const stage3After = ecl.rows.find((r) => r.currency === currency && r.stage === 3)!;
    expect(stage3Before.exposure - stage3After.exposure).toBe(part);
    expect(eclBefore.exposure - eclAfter.exposure).toBe(part);
    expect(eclAfter.partlyWrittenOff).toBe(part);
    expect(eclAfter.outstanding + eclAfter.arrearsNet - eclAfter.partlyWrittenOff).toBe(eclAfter.exposure);
    expect(eclAfter.leases).toBe(eclBefore.leases);
    expect(eclAfter.ecl).toBe(ecl.rows.filter((r) => r.currency === currency).reduce((s, r) => s + r.ecl, 0));
    expect(eclAfter.ecl).toBeLessThan(eclBefore.ecl);

    // A later proposal is bounded by the rest; writing off the rest writes the lease off and takes it out of the pool.
    await expect(
      async () =>
        await proposeLeaseWriteOff(
          db,
          funderId,
          { leaseId: target.leaseId, writeOffOn: TODAY, amount: exposure - part + 1, note: '' },
          analyst,
        ),
    ).rejects.toThrow(DomainError);
    const rest = await proposeLeaseWriteOff(db, funderId, { leaseId: target.leaseId, writeOffOn: TODAY, note: 'rest' }, analyst);
    expect(rest.amount).toBe(exposure - part);
    await approveLeaseWriteOff(db, rest.id, null, admin);
    expect((await listPortfolioLeases(db, funderId, [target.leaseId]))[0]!.writtenOffOn).toBe(TODAY);
    expect(await inPool(target.leaseId)).toBe(0);
    expect((await creditStatesAt(db, funderId, TODAY)).states.find((s) => s.leaseId === target.leaseId)).toMatchObject({
      status: 'written_off',
      writtenOff: exposure,
    });
    const final = (await lossLedger(db, funderId)).filter((e) => e.currency === currency);
    expect(final.at(-1)!.balance - (ledgerBefore.at(-1)?.balance ?? 0)).toBe(exposure);
  });
});

describe('the amount of a proposal', async () => {
  const target = (await untouchedDefaults())[1]!;
  const exposure = (await leasePositionAt(db, funderId, target.leaseId, TODAY))!.exposure;

  test.each([
    ['above the exposure', () => exposure + 1],
    ['zero', () => 0],
    ['negative', () => -100],
    ['not whole minor units', () => 10.5],
  ])('%s is refused by the service on the field amount', async (_name, amount) => {
    let error: unknown;
    try {
      await proposeLeaseWriteOff(db, funderId, { leaseId: target.leaseId, writeOffOn: TODAY, amount: amount(), note: '' }, analyst);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('invalid');
    expect((error as DomainError).issues?.map((i) => i.field)).toEqual(['amount']);
    expect(writeOffCount(target.leaseId)).toBe(0);
  });

  test.each([
    ['zero', 0],
    ['negative', -100],
    ['fractional', 10.5],
  ])('%s is refused by the request schema on the field amount', (_name, amount) => {
    const r = writeOffProposeBody.safeParse({ leaseId: target.leaseId, writeOffOn: TODAY, amount });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['amount']);
  });

  it('the whole exposure, exactly, is accepted (the default of the dialog)', async () => {
    const w = await proposeLeaseWriteOff(db, funderId, { leaseId: target.leaseId, writeOffOn: TODAY, amount: exposure, note: '' }, analyst);
    expect(w.amount).toBe(exposure);
    // Four eyes (domain.md §12): the proposer cannot approve their own proposal, another user can.
    await expect(async () => await approveLeaseWriteOff(db, w.id, null, analyst)).rejects.toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
    expect(db.$client.prepare('select status from write_offs where id = ?').pluck().get(w.id)).toBe('proposed');
    await approveLeaseWriteOff(db, w.id, null, admin);
    expect((await listPortfolioLeases(db, funderId, [target.leaseId]))[0]!.writtenOffOn).toBe(TODAY);
  });
});

describe('the contagion of an unlikely-to-pay flag', () => {
  /** Leases newly in default by contagion on TODAY between two state lists. */
  const byContagion = async () =>
    new Set(
      (await creditStatesAt(db, funderId, TODAY)).states
        .filter((s) => s.status === 'defaulted' && s.why === 'contagion')
        .map((s) => s.leaseId),
    );
  const candidates = async () => {
    const states = (await creditStatesAt(db, funderId, TODAY)).states;
    const perLessee = new Map<number, number>();
    for (const s of states) perLessee.set(s.lesseeId, (perLessee.get(s.lesseeId) ?? 0) + 1);
    return states.filter((s) => s.status === 'performing' && !s.utp && (perLessee.get(s.lesseeId) ?? 0) > 1);
  };

  it('the preview lists exactly the leases the flag then defaults, and writes nothing', async () => {
    let hit: { s: Awaited<ReturnType<typeof candidates>>[number]; preview: Awaited<ReturnType<typeof previewUtpContagion>> } | undefined;
    for (const s of await candidates()) {
      const preview = await previewUtpContagion(db, funderId, s.leaseId, TODAY);
      if (preview.length > 0) {
        hit = { s, preview };
        break;
      }
    }
    // The demo book has a lessee whose flag spreads (else this test would be vacuous).
    expect(hit).toBeDefined();
    const { s, preview } = hit!;
    const flagsBefore = db.$client.prepare('select count(*) from credit_flags').pluck().get();
    expect(await previewUtpContagion(db, funderId, s.leaseId, TODAY)).toEqual(preview);
    expect(db.$client.prepare('select count(*) from credit_flags').pluck().get()).toBe(flagsBefore);
    const before = await byContagion();
    const { contagion } = await flagLease(
      db,
      { funderId, leaseId: s.leaseId, kind: 'utp', flaggedOn: TODAY, reason: 'insolvency' },
      analyst,
    );
    const after = [...(await byContagion())].filter((id) => !before.has(id));
    const ids = (xs: { leaseId: number }[]) => xs.map((x) => x.leaseId).sort((a, b) => a - b);
    expect(ids(preview)).toEqual(after.sort((a, b) => a - b));
    expect(ids(contagion)).toEqual(ids(preview));
    expect(preview.every((p) => typeof p.contractNumber === 'string' && p.contractNumber.length > 0)).toBe(true);
  });

  it('an empty preview for a flag that spreads to no other lease, and the flag defaults none', async () => {
    let quiet: Awaited<ReturnType<typeof candidates>>[number] | undefined;
    for (const s of await candidates()) {
      if ((await previewUtpContagion(db, funderId, s.leaseId, TODAY)).length === 0) {
        quiet = s;
        break;
      }
    }
    if (!quiet) throw new Error('the demo book has a lease whose flag spreads to no other');
    const before = await byContagion();
    const { contagion } = await flagLease(
      db,
      { funderId, leaseId: quiet.leaseId, kind: 'utp', flaggedOn: TODAY, reason: 'insolvency' },
      analyst,
    );
    expect(contagion).toEqual([]);
    expect([...(await byContagion())].filter((id) => !before.has(id))).toEqual([]);
  });
});
