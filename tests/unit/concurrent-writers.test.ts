/**
 * Two concurrent writers on each check-then-act of the data layer. The query functions are async at their boundary,
 * so two requests of one process interleave at every `await`: each writer below runs the steps its route handler
 * runs (app/api/**), yielding to the event loop before each step, and both start at once (Promise.allSettled). The
 * invariant is asserted on what the database holds afterwards. The writers call the same service and query
 * functions as the handlers, never raw SQL, so the cases can run on PostgreSQL later; raw SQL only reads.
 */
import { describe, expect, test } from 'vitest';
import type { Conn } from '@/db/client';
import { pageAudit } from '@/db/queries/audit';
import { createFacility, getFacility, listCertificates, listDraws, type Facility, type FacilityActor } from '@/db/queries/facilities';
import { approveFunderProposal, changeFunderSettings, listFunderProposals, type Actor } from '@/db/queries/funder-proposals';
import { getFunder, listFunders } from '@/db/queries/funders';
import { getLease } from '@/db/queries/leases';
import { instalmentsOfLease, recordPayment, type PaymentInput, type PaymentRow } from '@/db/queries/payments';
import { registerUser } from '@/db/queries/registration';
import { setUserRole } from '@/db/queries/users';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { statusOf } from '@/lib/api/errors';
import { DomainError } from '@/lib/domain/errors';
import { createFacilityBody } from '@/lib/validations/facilities';
import { approveLeaseWriteOff, paymentAsRecovery, proposeLeaseWriteOff } from '@/services/credit/actions';
import { creditStatesAt, leasePositionAt } from '@/services/credit/book';
import { lossLedger } from '@/services/credit/screen';
import { decideFacilityDraw, prepareFacilityCertificate, requestFacilityDraw } from '@/services/facilities/service';
import { facilityBorrowingBase } from '@/services/facilities/screen';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';
const CLOCK = { today: TODAY };

/** Yields to the event loop, as an `await` in a route handler does: the other writer runs its next step in between. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One step of a writer: yield first, then write. Two writers started together so alternate step by step. */
async function step<T>(write: () => T | Promise<T>): Promise<T> {
  await turn();
  return await write();
}

/** The HTTP status a rejected writer would answer (a DomainError's); anything else is a test failure. */
function statusOfReason(reason: unknown): number {
  if (reason instanceof DomainError) return statusOf(reason);
  throw reason;
}

function settled<T>(results: PromiseSettledResult<T>[]): { fulfilled: T[]; statuses: number[] } {
  const fulfilled: T[] = [];
  const statuses: number[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') fulfilled.push(r.value);
    else statuses.push(statusOfReason(r.reason));
  }
  return { fulfilled, statuses };
}

const userId = (db: Conn, email: string): number => db.$client.prepare('select id from users where email = ?').pluck().get(email) as number;
const demoActor = (db: Conn, who: string): Actor & FacilityActor => {
  const email = `${who}@quantum.demo`;
  return { userId: userId(db, email), email };
};
const auditActions = async (db: Conn, entity: string, action: string): Promise<number> =>
  (await pageAudit(db, { entity }, 1, 1000)).rows.filter((r) => r.action === action).length;

// ---- 1 and 2: facilities ----

async function facilityDb(): Promise<{ db: Conn; f: Facility }> {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 40, today: TODAY, seed: 11 });
  // With its payments: without them every lease would be > 90 days past due, so in default and ineligible.
  seedPayments(db, { funderId: 1, today: TODAY, seed: 11 });
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
      reserves: 10_000_00,
      startDate: '2025-01-15',
      maturityDate: '2029-01-15',
      criteria: [{ kind: 'notInDefault' }, { kind: 'maxDpd', value: 60 }],
      limits: [],
      covenants: [],
    }),
    demoActor(db, 'analyst'),
  );
  return { db, f };
}

/** The facility of the path, read per request as pathFacility does (facilityFor without the principal's scope). */
const pathFacility = async (db: Conn, id: number): Promise<Facility> => (await getFacility(db, id))!;

/** The waterfall as GET /api/facilities/{id}/borrowing-base and the facility screen read it. */
const baseOf = async (db: Conn, id: number) => (await facilityBorrowingBase(db, await pathFacility(db, id), { asOf: TODAY }, CLOCK)).base;

describe('facility draws: two writers on the same availability', () => {
  test.each([
    { approvers: ['admin', 'admin'] as const, label: 'the same approver' },
    { approvers: ['admin', 'admin2'] as const, label: 'two approvers' },
  ])('two draws of more than half the availability, each requested and approved in its own flow ($label)', async ({ approvers }) => {
    const { db, f } = await facilityDb();
    const before = await baseOf(db, f.id);
    expect(before.outstanding).toBe(0);
    expect(before.availability).toBeGreaterThan(0);
    const amount = Math.floor(before.availability * 0.6);
    const requester = demoActor(db, 'analyst');

    // POST …/draws, then POST …/draws/{drawId}/approve by another user: the handler flow, per writer.
    const writer = async (approver: string) => {
      const draw = await step(async () =>
        requestFacilityDraw(db, await pathFacility(db, f.id), { type: 'draw', amount, valueDate: TODAY, note: '' }, requester),
      );
      return await step(async () => decideFacilityDraw(db, await pathFacility(db, f.id), draw.id, 'approved', demoActor(db, approver)));
    };
    const { fulfilled, statuses } = settled(await Promise.allSettled(approvers.map(writer)));

    // Both approved would make the outstanding 2 × 0.6 = 1.2 × the availability: above the maximum advance, and two fulfilled.
    expect(fulfilled).toHaveLength(1);
    expect(statuses).toEqual([409]);
    const after = await baseOf(db, f.id);
    expect(after.outstanding).toBe(amount);
    expect(after.outstanding).toBeLessThanOrEqual(before.maximumAdvance);
    expect(after.availability).toBeGreaterThanOrEqual(0);
    const draws = await listDraws(db, f.id);
    expect(draws.map((d) => d.status).sort()).toEqual(['approved', 'pending']);
    expect(await auditActions(db, 'facility', 'approve_draw')).toBe(1);
  });

  test('the same pending draw approved by two users at once: one approval, the other 409, the outstanding raised once', async () => {
    const { db, f } = await facilityDb();
    const before = await baseOf(db, f.id);
    const amount = Math.floor(before.availability * 0.6);
    const draw = await requestFacilityDraw(db, f, { type: 'draw', amount, valueDate: TODAY, note: '' }, demoActor(db, 'analyst'));
    const approve = async (who: string) =>
      await step(async () => await decideFacilityDraw(db, await pathFacility(db, f.id), draw.id, 'approved', demoActor(db, who)));
    const { fulfilled, statuses } = settled(await Promise.allSettled([approve('admin'), approve('admin2')]));

    // A second approval would write a second approve_draw audit row and a second decider over the first.
    expect(fulfilled).toHaveLength(1);
    expect(statuses).toEqual([409]);
    expect((await baseOf(db, f.id)).outstanding).toBe(amount);
    expect(await auditActions(db, 'facility', 'approve_draw')).toBe(1);
    expect((await listDraws(db, f.id)).map((d) => [d.status, d.decidedBy])).toEqual([['approved', fulfilled[0]!.decidedBy]]);
  });
});

describe('borrowing-base certificates: two preparations for the same facility and date', () => {
  // prepareCertificate (db/queries/facilities.ts) once inserted a pending certificate without looking for a pending one
  // of the same facility and date: both preparations succeeded, two pending certificates of one date waited for approval
  // (and both could be issued). It refuses the second now (409), inside its transaction.
  test('leave one pending certificate for the date: the second is refused with 409', async () => {
    const { db, f } = await facilityDb();
    const asOf = '2026-10-31';
    const prepare = (who: string) =>
      step(async () => prepareFacilityCertificate(db, await pathFacility(db, f.id), asOf, demoActor(db, who), Date.UTC(2026, 10, 2)));
    const { fulfilled, statuses } = settled(await Promise.allSettled([prepare('analyst'), prepare('admin')]));

    expect(statuses).toEqual([409]);
    expect(fulfilled).toHaveLength(1);
    // A double write leaves 2 pending certificates for the date here.
    const pending = (await listCertificates(db, f.id)).filter((c) => c.asOf === asOf && c.status === 'pending');
    expect(pending).toHaveLength(1);
  });
});

// ---- 3: four eyes on funder settings ----

describe('four eyes on funder settings: two admins approve the same proposal at once', () => {
  test('exactly one approval applies the change; the other is a 409; the settings change once', async () => {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 4, today: TODAY, seed: 7 });
    // A third admin: the proposer cannot approve, so two other admins are needed.
    const registered = await registerUser(db, { email: 'admin3@example.com', username: 'admin3', passwordHash: 'h' });
    if (!registered.ok) throw new Error('registration failed');
    await setUserRole(db, registered.user.id, 'admin');
    const admin3: Actor = { userId: registered.user.id, email: registered.user.email };

    const before = (await getFunder(db, 1))!;
    const { proposal } = await changeFunderSettings(db, 1, { graceDays: before.graceDays + 5 }, demoActor(db, 'admin'));
    expect(proposal?.status).toBe('pending');
    const approve = (actor: Actor) => step(async () => approveFunderProposal(db, proposal!.id, actor));
    const { fulfilled, statuses } = settled(await Promise.allSettled([approve(demoActor(db, 'admin2')), approve(admin3)]));

    // Applied twice, dataVersion would be before + 2 and the audit would hold two 'update' and two 'approve' rows.
    expect(fulfilled).toHaveLength(1);
    expect(statuses).toEqual([409]);
    const after = (await getFunder(db, 1))!;
    expect(after.graceDays).toBe(before.graceDays + 5);
    expect(after.dataVersion).toBe(before.dataVersion + 1);
    expect(await auditActions(db, 'funder', 'update')).toBe(1);
    expect(await auditActions(db, 'funder', 'approve')).toBe(1);
    expect((await listFunderProposals(db, { funderId: 1, status: 'all' })).map((p) => [p.id, p.status])).toEqual([
      [proposal!.id, 'approved'],
    ]);
  });
});

// ---- 4: payments ----

describe('payments: two payments recorded at once on the same lease', () => {
  type Allocation = { paymentId: number; period: number; component: string; amount: number };

  /** POST /api/payments: a payment on a written-off lease is a recovery, else it is recorded and the caches refreshed. */
  async function postPayment(db: Conn, input: PaymentInput, actor: Actor): Promise<PaymentRow> {
    const recovery = await step(() =>
      paymentAsRecovery(db, 1, { ...input, reference: input.reference ?? '', note: input.note ?? '' }, actor),
    );
    expect(recovery).toBeNull();
    const payment = await step(() => recordPayment(db, 1, input, actor.userId));
    await afterBookWrite(db, 1);
    return payment;
  }

  test.each([
    { label: 'each three quarters of the first instalment', share: 0.75 },
    { label: 'each one and a half first instalments', share: 1.5 },
  ])('both are recorded and allocated once: $label', async ({ share }) => {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 40, today: TODAY, seed: 11 });
    // An active lease with instalments due and no payments yet (the seed of payments is not run here).
    const row = db.$client
      .prepare(
        `select id, currency from leases where funder_id = 1 and status = 'active' and first_due_date < '2026-06-01' order by id limit 1`,
      )
      .get() as { id: number; currency: string };
    const lease = (await getLease(db, row.id))!;
    const instalments = await instalmentsOfLease(db, lease);
    const first = instalments[0]!;
    const amount = Math.round((first.vat + first.fee + first.interest + first.principal) * share);
    expect(amount).toBeGreaterThan(0);
    const input = (reference: string): PaymentInput => ({
      leaseId: lease.id,
      receivedOn: '2026-11-10',
      amount,
      currency: row.currency,
      method: 'transfer',
      reference,
    });
    const results = await Promise.allSettled([
      postPayment(db, input('A'), demoActor(db, 'analyst')),
      postPayment(db, input('B'), demoActor(db, 'admin')),
    ]);
    const { fulfilled, statuses } = settled(results);
    expect(statuses).toEqual([]);
    expect(fulfilled).toHaveLength(2);

    const allocations = db.$client
      .prepare('select payment_id as paymentId, period, component, amount from payment_allocations where lease_id = ?')
      .all(lease.id) as Allocation[];
    // Σ allocations = the two amounts: a payment allocated twice (or lost) would make it 3× or 1× the amount.
    expect(allocations.reduce((s, a) => s + a.amount, 0)).toBe(2 * amount);
    for (const p of fulfilled) expect(allocations.filter((a) => a.paymentId === p.id).reduce((s, a) => s + a.amount, 0)).toBe(amount);
    // No component beyond its due: both payments allocated against a stale ledger would pay the first instalment twice.
    const due = new Map(
      instalments.flatMap((i) => (['vat', 'fee', 'interest', 'principal'] as const).map((c) => [`${i.period}:${c}`, i[c]])),
    );
    const paid = new Map<string, number>();
    for (const a of allocations)
      if (a.component !== 'credit') paid.set(`${a.period}:${a.component}`, (paid.get(`${a.period}:${a.component}`) ?? 0) + a.amount);
    const over = [...paid].filter(([key, v]) => v > (due.get(key) ?? 0));
    expect(over).toEqual([]);
  });
});

// ---- 5: four eyes on a write-off ----

describe('write-offs: the same proposal approved by two other users at once', () => {
  test('exactly one approval; the loss ledger holds the amount once', async () => {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 200, today: TODAY, seed: 11 });
    for (const f of await listFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY, seed: 11 });
    const funderId = (await listFunders(db))[0]!.id;
    const target = (await creditStatesAt(db, funderId, TODAY)).states.find((s) => s.status === 'defaulted');
    expect(target).toBeDefined();
    const exposure = (await leasePositionAt(db, funderId, target!.leaseId, TODAY))!.exposure;
    expect(exposure).toBeGreaterThan(0);
    const w = await proposeLeaseWriteOff(db, funderId, { leaseId: target!.leaseId, writeOffOn: TODAY, note: '' }, demoActor(db, 'analyst'));
    const ledgerBefore = (await lossLedger(db, funderId)).filter((e) => e.currency === w.currency);

    // POST /api/credit/write-offs/{id}/approve by two users other than the proposer (admins: funder scope null).
    const approve = (who: string) => step(() => approveLeaseWriteOff(db, w.id, null, demoActor(db, who)));
    const { fulfilled, statuses } = settled(await Promise.allSettled([approve('admin'), approve('admin2')]));

    expect(fulfilled).toHaveLength(1);
    expect(statuses).toEqual([409]);
    const ledger = (await lossLedger(db, funderId)).filter((e) => e.currency === w.currency);
    // Booked twice, the ledger would hold two entries of the write-off and its balance would move by 2 × the amount.
    expect(ledger.filter((e) => e.kind === 'write_off' && e.leaseId === target!.leaseId)).toHaveLength(1);
    expect(ledger).toHaveLength(ledgerBefore.length + 1);
    expect((ledger.at(-1)?.balance ?? 0) - (ledgerBefore.at(-1)?.balance ?? 0)).toBe(w.amount);
    expect(await auditActions(db, 'write_off', 'approve')).toBe(1);
  });
});
