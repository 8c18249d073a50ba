/**
 * Opening positions (domain.md §7, §14; lib/servicing/opening.ts): a seasoned lease is serviced from its opening
 * position — on its date its DPD is the position's days past due and its arrears the position's — never from its first
 * instalment with every instalment since counted unpaid; a lease with none is serviced as before (the zero position).
 * The servicing book, the credit states, a payment's allocation and the valuation all start from it, and the views
 * applying the write lease by lease equal a rebuild from scratch.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Conn } from '@/db/client';
import { getLease, updateLease } from '@/db/queries/leases';
import { setOpeningPosition } from '@/db/queries/opening-positions';
import { instalmentsOfLease, recordPayment } from '@/db/queries/payments';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { addMonths } from '@/lib/finance/dates';
import { formatDate, tryParseDate } from '@/lib/finance';
import type { Instalment } from '@/lib/servicing';
import { componentsTotal } from '@/lib/servicing/allocation';
import { openingArrears, servicedInstalments, type OpeningPosition } from '@/lib/servicing/opening';
import { creditStatesAt } from '@/services/credit/book';
import { valueBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { bookFile, fromScratch, type BookFile } from '../../helpers/book-file';

const TODAY = '2026-11-21';
const F = 1;
const ACTOR = { userId: 1 };
const plusDays = (d: string, n: number) => formatDate(tryParseDate(d)! + n);
const gross = (i: Instalment) => componentsTotal(i);

describe('the opening position, pure', () => {
  const rows: Instalment[] = [1, 2, 3, 4].map((period) => ({
    period,
    dueDate: `2026-0${period}-15`,
    vat: 190,
    fee: 0,
    interest: 100,
    principal: 900,
  }));

  test('what fell due before its date is settled, except its arrears: one instalment overdue for its days', () => {
    const opening: OpeningPosition = { asOf: '2026-03-20', daysPastDue: 34, arrears: { vat: 190, fee: 0, interest: 100, principal: 1210 } };
    expect(servicedInstalments(rows, opening)).toEqual([
      { period: 0, dueDate: '2026-02-14', vat: 190, fee: 0, interest: 100, principal: 1210 },
      rows[3],
    ]);
    expect(servicedInstalments(rows, null)).toEqual(rows);
    // No arrears: no opening instalment.
    expect(servicedInstalments(rows, { ...opening, daysPastDue: 0, arrears: { vat: 0, fee: 0, interest: 0, principal: 0 } })).toEqual([
      rows[3],
    ]);
  });

  test('a tape balance is split as the allocation leaves it unpaid: the latest instalments, the last components first', () => {
    // 1,500 past due on Mar 20: the March instalment (1,190) and 310 of February's, which VAT → fee → interest →
    // principal left unpaid in its principal.
    expect(openingArrears(rows, '2026-03-20', 1500)).toEqual({ vat: 190, fee: 0, interest: 100, principal: 1210 });
    expect(componentsTotal(openingArrears(rows, '2026-03-20', 1500))).toBe(1500);
    // With principal first in the order, interest is what stays unpaid of a partly paid instalment.
    expect(openingArrears(rows, '2026-03-20', 1250, ['principal', 'vat', 'fee', 'interest'])).toEqual({
      vat: 190,
      fee: 0,
      interest: 160,
      principal: 900,
    });
    // More than everything due: the rest is principal.
    expect(openingArrears(rows, '2026-02-01', 2000)).toEqual({ vat: 190, fee: 0, interest: 100, principal: 1710 });
  });
});

describe('a seasoned lease in the book', () => {
  let book: BookFile;
  let db: Conn;
  /** The seasoned lease: purchased (moved to) two months after its fifth instalment, with the tape's state then. */
  let seasoned: { id: number; asOf: string; instalments: Instalment[] };
  let current: { id: number; asOf: string };

  beforeAll(async () => {
    book = bookFile('opening', (d) => {
      seedPortfolio(d, { leases: 30, today: TODAY, seed: 11 });
      seedPayments(d, { funderId: F, today: TODAY, seed: 11 });
    });
    db = book.db;
    // Two active monthly leases whose first instalment is at least eight months before TODAY, bought later as seasoned
    // leases: their purchase date moves to the tape's date (six months after the first instalment).
    const candidates = db.$client
      .prepare(
        `select id, first_due_date from leases where funder_id = ? and status = 'active' and frequency = 'monthly' and term >= 24
           and first_due_date <= ? and lessee_id not in (select lessee_id from leases where status = 'defaulted') order by id limit 2`,
      )
      .all(F, addMonths(TODAY, -8)) as { id: number; first_due_date: string }[];
    expect(candidates.length).toBe(2);
    // Taken in from a tape: QUANTUM has none of their payments.
    for (const c of candidates) {
      db.$client.prepare(`delete from payment_allocations where payment_id in (select id from payments where lease_id = ?)`).run(c.id);
      db.$client.prepare(`delete from payments where lease_id = ?`).run(c.id);
    }
    const [a, b] = await Promise.all(
      candidates.map(async (c) => {
        const asOf = plusDays(addMonths(c.first_due_date, 6), 3);
        const lease = (await getLease(db, c.id))!;
        await updateLease(db, c.id, lease.version, { purchaseDate: asOf }, 1);
        return { id: c.id, asOf };
      }),
    );
    // Without a position: serviced from the first instalment, and nothing was ever paid — seven instalments in arrears.
    expect((await getServicingBook(db, F, a!.asOf)).byLeaseId.get(a!.id)!.dpd).toBeGreaterThan(150);
    const instalments = await instalmentsOfLease(db, (await getLease(db, a!.id))!);
    // The tape: two instalments in arrears, 34 days past due.
    const arrears = openingArrears(instalments, a!.asOf, 2 * gross(instalments[0]!));
    await setOpeningPosition(db, F, a!.id, { asOf: a!.asOf, daysPastDue: 34, arrears }, ACTOR);
    // The tape: current.
    await setOpeningPosition(
      db,
      F,
      b!.id,
      { asOf: b!.asOf, daysPastDue: 0, arrears: { vat: 0, fee: 0, interest: 0, principal: 0 } },
      ACTOR,
    );
    seasoned = { ...a!, instalments };
    current = b!;
  });
  afterAll(() => book.close());

  test("on its date: the tape's DPD and arrears, outstanding principal the schedule's, not in default", async () => {
    const state = (await getServicingBook(db, F, seasoned.asOf)).byLeaseId.get(seasoned.id)!;
    expect(state.dpd).toBe(34);
    expect(state.arrearsTotal).toBe(2 * gross(seasoned.instalments[0]!));
    const valued = await valueBook(db, F, seasoned.asOf);
    const i = valued.indexById.get(seasoned.id)!;
    expect(state.outstandingPrincipal).toBe(valued.valuation.prin[i]);
    const credit = (await creditStatesAt(db, F, seasoned.asOf)).states.find((s) => s.leaseId === seasoned.id)!;
    expect(credit.status).toBe('performing');
    const clean = (await getServicingBook(db, F, current.asOf)).byLeaseId.get(current.id)!;
    expect([clean.dpd, clean.arrearsTotal]).toEqual([0, 0]);
    expect((await creditStatesAt(db, F, current.asOf)).states.find((s) => s.leaseId === current.id)!.status).toBe('performing');
  });

  test('afterwards it ages and settles as any lease: unpaid instalments add to it, a payment clears the oldest first', async () => {
    const later = plusDays(seasoned.asOf, 40);
    const dueSince = seasoned.instalments.filter((i) => i.dueDate >= seasoned.asOf && i.dueDate < later);
    const state = (await getServicingBook(db, F, later)).byLeaseId.get(seasoned.id)!;
    expect(state.dpd).toBe(74);
    expect(state.arrearsTotal).toBe(2 * gross(seasoned.instalments[0]!) + dueSince.reduce((s, i) => s + gross(i), 0));
    // The tape's arrears paid the day after its date: current until the next instalment falls due.
    const lease = (await getLease(db, seasoned.id))!;
    await recordPayment(
      db,
      F,
      {
        leaseId: seasoned.id,
        receivedOn: plusDays(seasoned.asOf, 1),
        amount: 2 * gross(seasoned.instalments[0]!),
        currency: lease.currency,
        method: 'transfer',
      },
      1,
    );
    const paid = (await getServicingBook(db, F, plusDays(seasoned.asOf, 1))).byLeaseId.get(seasoned.id)!;
    expect([paid.dpd, paid.arrearsTotal]).toEqual([0, 0]);
    // The ledger's allocation (the lease page) went to the opening arrears, period 0.
    const periods = db.$client
      .prepare(`select distinct a.period from payment_allocations a join payments p on p.id = a.payment_id where p.lease_id = ?`)
      .pluck()
      .all(seasoned.id);
    expect(periods).toEqual([0]);
  });

  test('past 90 days on a material amount it defaults, from the date the tape implies', async () => {
    const defaultsOn = plusDays(current.asOf, 0);
    const instalments = await instalmentsOfLease(db, (await getLease(db, current.id))!);
    await setOpeningPosition(
      db,
      F,
      current.id,
      { asOf: current.asOf, daysPastDue: 120, arrears: openingArrears(instalments, current.asOf, 4 * gross(instalments[0]!)) },
      ACTOR,
    );
    const credit = (await creditStatesAt(db, F, defaultsOn)).states.find((s) => s.leaseId === current.id)!;
    expect(credit.status).toBe('defaulted');
    expect(credit.why).toBe('dpd');
    expect((await getServicingBook(db, F, defaultsOn)).byLeaseId.get(current.id)!.dpd).toBe(120);
  });

  test('the views, updated lease by lease, equal a rebuild from scratch', async () => {
    const dates = [seasoned.asOf, plusDays(seasoned.asOf, 40), TODAY];
    const figures = async (d: Conn) => {
      const out = [];
      for (const asOf of dates)
        out.push({
          servicing: (await getServicingBook(d, F, asOf)).leases.map((s) => ({ ...s })),
          credit: (await creditStatesAt(d, F, asOf)).states.map((s) => ({ ...s })),
        });
      return out;
    };
    expect(await figures(db)).toEqual(await fromScratch(book, figures));
  });

  test('a position on no calendar day, with negative or undated arrears, or a default after its date, is refused', async () => {
    const zero = { vat: 0, fee: 0, interest: 0, principal: 0 };
    const set = (p: OpeningPosition) => async () => await setOpeningPosition(db, F, seasoned.id, p, ACTOR);
    // A default reported after the position's date cannot be known on it.
    await expect(set({ asOf: seasoned.asOf, daysPastDue: 0, arrears: zero, defaultedOn: plusDays(seasoned.asOf, 1) })).rejects.toThrow(
      expect.objectContaining({ code: 'invalid', issues: [expect.objectContaining({ field: 'defaultedOn' })] }),
    );
    await expect(set({ asOf: seasoned.asOf, daysPastDue: -1, arrears: zero })).rejects.toThrow(
      expect.objectContaining({ code: 'invalid' }),
    );
    await expect(set({ asOf: '2026-02-30', daysPastDue: 0, arrears: zero })).rejects.toThrow(
      expect.objectContaining({
        code: 'invalid',
        issues: [expect.objectContaining({ field: 'asOf', message: 'Must be a date (YYYY-MM-DD).' })],
      }),
    );
    await expect(set({ asOf: seasoned.asOf, daysPastDue: 0, arrears: { ...zero, principal: 100 } })).rejects.toThrow(
      expect.objectContaining({ code: 'invalid' }),
    );
    await expect(
      async () => await setOpeningPosition(db, 2, seasoned.id, { asOf: seasoned.asOf, daysPastDue: 0, arrears: zero }, ACTOR),
    ).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
