import { seedFunders } from '@/db/seed/sqlite';
/**
 * The credit states memo is patched lease by lease after a write (services/credit/book.ts patchMemo): after any
 * sequence of lease edits (rate, lessee), payments, reversals, flags, write-offs and recoveries, the memoised states,
 * ECL and loss measures equal those of a cache built from scratch, on every memoised day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { getLease, updateLease } from '@/db/queries/leases';
import { recordPayment, reversePayment } from '@/db/queries/payments';
import { flagLease, unflagLease } from '@/db/queries/credit';
import { approveLeaseWriteOff, paymentAsRecovery, proposeLeaseWriteOff } from '@/services/credit/actions';
import { creditStatesAt, creditStatesById, dropCreditCache } from '@/services/credit/book';
import { eclAt, lossMeasuresAt } from '@/services/credit/screen';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';
const DAYS = [TODAY, '2026-06-30'];

const db = createTestDb();
seedDemoUsers(db);
seedPortfolio(db, { leases: 240, today: TODAY });
for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
const funderId = seedFunders(db)[0]!.id;
const one = <T>(q: string, ...a: unknown[]) =>
  db.$client
    .prepare(q)
    .pluck()
    .get(...a) as T;
const all = <T>(q: string, ...a: unknown[]) =>
  db.$client
    .prepare(q)
    .pluck()
    .all(...a) as T[];
const actor = (email: string) => ({ userId: one<number>('select id from users where email = ?', email), email });
const analyst = actor('analyst@quantum.demo');
const admin = actor('admin@quantum.demo');
const leaseIds = all<number>(`select id from leases where funder_id = ? and status = 'active' order by id`, funderId);
const lesseeIds = all<number>('select id from lessees where funder_id = ? order by id', funderId);

type Op =
  | { kind: 'rate'; lease: number; bp: number }
  | { kind: 'lessee'; lease: number; lessee: number }
  | { kind: 'pay'; lease: number; amount: number; back: number }
  | { kind: 'reverse'; lease: number }
  | { kind: 'utp'; lease: number }
  | { kind: 'writeOff'; lease: number }
  | { kind: 'recovery'; lease: number; amount: number };

const lease = fc.integer({ min: 0, max: leaseIds.length - 1 }).map((i) => leaseIds[i]!);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rate' as const), lease, bp: fc.integer({ min: -50, max: 50 }) }),
  fc.record({
    kind: fc.constant('lessee' as const),
    lease,
    lessee: fc.integer({ min: 0, max: lesseeIds.length - 1 }).map((i) => lesseeIds[i]!),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    lease,
    amount: fc.integer({ min: 1, max: 500_000 }),
    back: fc.integer({ min: 0, max: 200 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), lease }),
  fc.record({ kind: fc.constant('utp' as const), lease }),
  fc.record({ kind: fc.constant('writeOff' as const), lease }),
  fc.record({ kind: fc.constant('recovery' as const), lease, amount: fc.integer({ min: 1, max: 100_000 }) }),
);

const dayBefore = (days: number) => new Date(Date.parse(TODAY) - days * 86_400_000).toISOString().slice(0, 10);

const done = new Set<Op['kind']>();

async function apply(o: Op): Promise<void> {
  const l = (await getLease(db, o.lease))!;
  switch (o.kind) {
    case 'rate':
      await updateLease(db, l.id, l.version, { rate: Math.max(0, Math.round((l.rate + o.bp / 10_000) * 10_000) / 10_000) }, null);
      break;
    case 'lessee':
      await updateLease(db, l.id, l.version, { lesseeId: o.lessee }, null);
      break;
    case 'pay':
      if (one<number>(`select count(*) from write_offs where lease_id = ? and status = 'approved'`, l.id) > 0) return;
      await recordPayment(
        db,
        funderId,
        { leaseId: l.id, receivedOn: dayBefore(o.back), amount: o.amount, currency: l.currency, method: 'transfer' },
        null,
      );
      break;
    case 'reverse': {
      const id = one<number | undefined>(
        `select p.id from payments p where p.lease_id = ? and p.kind = 'payment' and not exists (select 1 from payments r where r.reverses_id = p.id) order by p.id desc limit 1`,
        l.id,
      );
      if (id === undefined) return;
      await reversePayment(db, funderId, id, { reversedOn: TODAY }, null);
      break;
    }
    case 'utp': {
      const open = one<number>(`select count(*) from credit_flags where lease_id = ? and kind = 'utp' and cleared_on is null`, l.id) > 0;
      if (open) await unflagLease(db, { funderId, leaseId: l.id, kind: 'utp', clearedOn: TODAY, reason: 'paid up' }, analyst);
      else await flagLease(db, { funderId, leaseId: l.id, kind: 'utp', flaggedOn: dayBefore(30), reason: 'insolvency filing' }, analyst);
      break;
    }
    case 'writeOff': {
      // The k-th lease in default without a write-off (the op's lease picks k).
      const open = (await creditStatesAt(db, funderId, TODAY)).states.filter(
        (x) => x.status === 'defaulted' && one<number>(`select count(*) from write_offs where lease_id = ?`, x.leaseId) === 0,
      );
      if (open.length === 0) return;
      const w = await proposeLeaseWriteOff(
        db,
        funderId,
        { leaseId: open[l.id % open.length]!.leaseId, writeOffOn: TODAY, note: '' },
        analyst,
      );
      await approveLeaseWriteOff(db, w.id, null, admin);
      break;
    }
    case 'recovery': {
      const written = all<number>(
        `select lease_id from write_offs where funder_id = ? and status = 'approved' order by lease_id`,
        funderId,
      );
      if (written.length === 0) return;
      expect(
        await paymentAsRecovery(
          db,
          funderId,
          { leaseId: written[l.id % written.length]!, receivedOn: TODAY, amount: o.amount, reference: 'late', note: '' },
          analyst,
        ),
      ).not.toBeNull();
      break;
    }
  }
  done.add(o.kind);
  await afterBookWrite(db, funderId);
}

async function read() {
  const out = [];
  for (const d of DAYS) {
    const { states } = await creditStatesAt(db, funderId, d);
    const byId = [...(await creditStatesById(db, funderId, d)).entries()].sort((a, b) => a[0] - b[0]);
    out.push({ states: [...states], byId, ecl: await eclAt(db, funderId, d), measures: await lossMeasuresAt(db, funderId, d) });
  }
  return out;
}

describe('credit states memo (incremental after each write)', () => {
  it('equals a cache built from scratch after any sequence of writes, on every memoised day', async () => {
    await read();
    let patched = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 5 }), async (ops) => {
        for (const o of ops) {
          const before = (await creditStatesAt(db, funderId, TODAY)).states;
          await apply(o);
          const got = await read();
          if (got[0]!.states.length === before.length) patched++;
          dropCreditCache(funderId, db);
          expect(got).toEqual(await read());
        }
      }),
      { numRuns: 12, seed: 20261124 },
    );
    expect(patched).toBeGreaterThan(10);
    expect([...done].sort()).toEqual(['lessee', 'pay', 'rate', 'recovery', 'reverse', 'utp', 'writeOff']);
  }, 60_000);
});
