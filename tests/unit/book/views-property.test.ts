/**
 * Incremental = full rebuild, to the cent, for every view of the book and every kind of change the journal carries
 * (domain.md §14; db/queries/book-changes.ts): random sequences of writes — lease terms, status and purchase date,
 * payments and reversals, unlikely-to-pay flags set and cleared, lessee kinds, write-offs proposed and approved,
 * recoveries, opening positions, servicing and credit settings — applied while the views are warm, after which every
 * view (valuation and pool, servicing book, Delinquency, credit states, defaults, ECL, loss measures) equals the
 * same view computed from scratch over a copy of the database file (its caches are keyed by the file: a copy starts
 * empty).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Conn } from '@/db/client';
import { approveWriteOff, createRecovery, flagLease, proposeWriteOff, unflagLease } from '@/db/queries/credit';
import { updateFunder } from '@/db/queries/funders';
import { getLease, updateLease } from '@/db/queries/leases';
import { updateLesseeKind } from '@/db/queries/lessees';
import { setOpeningPosition } from '@/db/queries/opening-positions';
import { instalmentsOfLease, recordPayment, reversePayment } from '@/db/queries/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { formatDate, tryParseDate } from '@/lib/finance';
import { componentsTotal } from '@/lib/servicing/allocation';
import { openingArrears } from '@/lib/servicing/opening';
import { creditStatesAt } from '@/services/credit/book';
import { defaultsAt, eclAt, lossMeasuresAt } from '@/services/credit/screen';
import { poolBook, valueBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { delinquencyView } from '@/services/servicing/views';
import { bookFile, fromScratch, type BookFile } from '../../helpers/book-file';

const TODAY = '2026-11-21';
const DATES = ['2026-03-31', TODAY, '2027-02-28'];
const F = 1;
const day = (offset: number) => formatDate(tryParseDate(TODAY)! + offset);

/** Every view's figures as plain data. */
function figures(db: Conn) {
  return Promise.all(
    DATES.map(async (asOf) => {
      const valued = await valueBook(db, F, asOf);
      const pool = await poolBook(db, F, asOf);
      return {
        prin: Array.from(valued.valuation.prin),
        npv: Array.from(valued.valuation.npv),
        poolPrin: Array.from(pool.valuation.prin),
        servicing: (await getServicingBook(db, F, asOf)).leases.map((s) => ({ ...s })),
        delinquency: (await delinquencyView(db, F, asOf, { level: 'lessee', sort: 'dpd', dir: 'desc' })).rows,
        credit: (await creditStatesAt(db, F, asOf)).states.map((s) => ({ ...s })),
        defaults: await defaultsAt(db, F, asOf),
        ecl: await eclAt(db, F, asOf),
        measures: await lossMeasuresAt(db, F, asOf),
      };
    }),
  );
}

const lease = fc.nat(200);
const opArb = fc.oneof(
  fc.record({ kind: fc.constant('terms' as const), lease, rate: fc.integer({ min: 10, max: 120 }).map((n) => n / 1000) }),
  fc.record({ kind: fc.constant('status' as const), lease, status: fc.constantFrom('active', 'closed', 'terminated' as const) }),
  fc.record({
    kind: fc.constant('pay' as const),
    lease,
    day: fc.integer({ min: -400, max: 0 }),
    amount: fc.integer({ min: 1, max: 400_000 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), payment: fc.nat(10_000) }),
  fc.record({ kind: fc.constant('flag' as const), lease, day: fc.integer({ min: -300, max: 0 }) }),
  fc.record({ kind: fc.constant('lesseeKind' as const), lease }),
  fc.record({ kind: fc.constant('writeOff' as const), lease }),
  fc.record({ kind: fc.constant('recovery' as const), n: fc.nat(50), amount: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({ kind: fc.constant('opening' as const), lease, owed: fc.nat(3), days: fc.integer({ min: 1, max: 150 }) }),
  fc.record({ kind: fc.constant('settings' as const), grace: fc.integer({ min: 0, max: 10 }), contagion: fc.constantFrom(0.2, 0.5, 1) }),
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

function pick(
  db: Conn,
  n: number,
): { id: number; lessee_id: number; currency: string; version: number; purchase_date: string } | undefined {
  const rows = db.$client
    .prepare(`select id, lessee_id, currency, version, purchase_date from leases where funder_id = ? order by id`)
    .all(F) as { id: number; lessee_id: number; currency: string; version: number; purchase_date: string }[];
  return rows[n % rows.length];
}

const ANALYST = { userId: 2 };
const ADMIN = { userId: 1 };
/** Writes that went through, by kind: each kind must have been exercised (a refused write changes nothing). */
const applied = new Map<Op['kind'], number>();

async function apply(db: Conn, op: Op): Promise<void> {
  try {
    switch (op.kind) {
      case 'terms': {
        const l = pick(db, op.lease)!;
        await updateLease(db, l.id, l.version, { rate: op.rate }, null);
        break;
      }
      case 'status': {
        const l = pick(db, op.lease)!;
        await updateLease(db, l.id, l.version, { status: op.status }, null);
        break;
      }
      case 'pay': {
        const l = pick(db, op.lease)!;
        await recordPayment(
          db,
          F,
          { leaseId: l.id, receivedOn: day(op.day), amount: op.amount, currency: l.currency, method: 'transfer' },
          null,
        );
        break;
      }
      case 'reverse': {
        const ids = db.$client
          .prepare(`select id from payments where funder_id = ? and kind = 'payment' order by id`)
          .pluck()
          .all(F) as number[];
        await reversePayment(db, F, ids[op.payment % ids.length]!, { reversedOn: TODAY }, null);
        break;
      }
      case 'flag': {
        const l = pick(db, op.lease)!;
        const input = { funderId: F, leaseId: l.id, kind: 'utp' as const, reason: 'property test' };
        const active = db.$client
          .prepare(`select flagged_on from credit_flags where lease_id = ? and kind = 'utp' and cleared_on is null`)
          .pluck()
          .get(l.id) as string | undefined;
        if (active) await unflagLease(db, { ...input, clearedOn: active > day(op.day) ? active : day(op.day) }, ADMIN);
        else await flagLease(db, { ...input, flaggedOn: day(op.day) }, ADMIN);
        break;
      }
      case 'lesseeKind': {
        const l = pick(db, op.lease)!;
        const kind = db.$client.prepare(`select kind from lessees where id = ?`).pluck().get(l.lessee_id);
        await updateLesseeKind(db, F, l.lessee_id, kind === 'retail' ? 'corporate' : 'retail', ADMIN);
        break;
      }
      case 'writeOff': {
        const l = pick(db, op.lease)!;
        const w = await proposeWriteOff(
          db,
          { funderId: F, leaseId: l.id, writeOffOn: TODAY, amount: 100_000, note: 'property test' },
          ANALYST,
          () => {},
        );
        await approveWriteOff(db, w.id, null, ADMIN, 'approved');
        break;
      }
      case 'recovery': {
        const off = db.$client
          .prepare(`select id from leases where funder_id = ? and written_off_on is not null order by id`)
          .pluck()
          .all(F) as number[];
        if (off.length === 0) return;
        const id = off[op.n % off.length]!;
        await createRecovery(
          db,
          { funderId: F, leaseId: id, receivedOn: TODAY, amount: op.amount, kind: 'asset_sale', reference: 'p', note: '' },
          ADMIN,
        );
        break;
      }
      case 'opening': {
        const l = pick(db, op.lease)!;
        const instalments = await instalmentsOfLease(db, (await getLease(db, l.id))!);
        const first = instalments[0];
        const owed = first ? op.owed * componentsTotal(first) : 0;
        const asOf = l.purchase_date;
        await setOpeningPosition(
          db,
          F,
          l.id,
          { asOf, daysPastDue: owed > 0 ? op.days : 0, arrears: openingArrears(instalments, asOf, owed) },
          ADMIN,
        );
        break;
      }
      case 'settings':
        await updateFunder(db, F, { graceDays: op.grace, creditContagion: op.contagion });
        break;
    }
    applied.set(op.kind, (applied.get(op.kind) ?? 0) + 1);
  } catch (err) {
    // A refused write (a lease not in default written off, a flag cleared before it began, a terminated lease paid…) changes nothing.
    if (!(err as { code?: string }).code) throw err;
  }
}

describe('every view, after every kind of change, equals a rebuild', () => {
  let book: BookFile;
  let db: Conn;
  beforeAll(() => {
    book = bookFile('views', (d) => {
      seedPortfolio(d, { leases: 60, today: TODAY, seed: 31 });
      seedPayments(d, { funderId: F, today: TODAY, seed: 31 });
      seedCredit(d, { funderId: F, today: TODAY });
    });
    db = book.db;
  });
  afterAll(() => book.close());

  test('random sequences of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        await figures(db); // warm: the writes are applied to the views incrementally
        for (const op of ops) await apply(db, op);
        const incremental = await figures(db);
        expect(incremental).toEqual(await fromScratch(book, figures));
      }),
      { numRuns: 15, seed: 1414 },
    );
    expect([...applied.keys()].sort()).toEqual(
      ['flag', 'lesseeKind', 'opening', 'pay', 'recovery', 'reverse', 'settings', 'status', 'terms', 'writeOff'].sort(),
    );
  }, 240_000);
});
