/**
 * The collections ledger at the database level: allocations recomputed per write, reconciliations
 * (Σ allocations = Σ live payments per lease and per funder; bucket totals = book totals), the
 * reversal, the bank-statement import in one transaction, the servicing book against the engine.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import {
  instalmentsOfLease,
  importBankStatement,
  getImport,
  leaseHasPayments,
  listPayments,
  matchImportLine,
  recordPayment,
  reversePayment,
} from '@/db/queries/payments';
import { loadServicingLedgers } from '@/db/queries/servicing';
import { updateFunder } from '@/db/queries/funders';
import { getLease } from '@/db/queries/leases';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { allocatePayments, delinquencyAt, isRepaidAt, outstandingPrincipalAt } from '@/lib/servicing';
import { parseAmountMinor, parseBankCsv } from '@/lib/servicing/bank-csv';
import { getServicingBook } from '@/services/servicing/book';
import { bucketSummary, delinquencyRows, rollRates } from '@/services/servicing/views';
import { DomainError } from '@/lib/domain/errors';

const TODAY = '2026-11-21';

function sqlite(db: Conn) {
  return db.$client;
}

/** Σ allocation rows per payment vs its amount, over live (non-reversed) payments; and no rows for reversed ones. */
function allocationMismatches(db: Conn, where = '1 = 1'): unknown[] {
  return sqlite(db)
    .prepare(
      `select p.id, p.amount, coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0) as allocated,
              exists (select 1 from payments r where r.reverses_id = p.id) as reversed
       from payments p where p.kind = 'payment' and ${where}`,
    )
    .all()
    .filter((r) => {
      const x = r as { amount: number; allocated: number; reversed: number };
      return x.reversed ? x.allocated !== 0 : x.allocated !== x.amount;
    });
}

describe('seeded ledger', () => {
  let db: Conn;
  beforeAll(() => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 300, today: TODAY, seed: 7 });
    seedPayments(db, { funderId: 1, today: TODAY, seed: 7 });
    seedPayments(db, { funderId: 2, today: TODAY, seed: 7 });
  });

  test('is deterministic for a seed', () => {
    const other = createTestDb();
    seedDemoUsers(other);
    seedPortfolio(other, { leases: 300, today: TODAY, seed: 7 });
    seedPayments(other, { funderId: 1, today: TODAY, seed: 7 });
    const q = `select count(*) as n, sum(amount) as s, max(received_on) as last from payments where funder_id = 1`;
    expect(sqlite(other).prepare(q).get()).toEqual(sqlite(db).prepare(q).get());
  });

  test('Σ allocations (incl. credit) = each live payment; reversed payments have none', () => {
    expect(allocationMismatches(db)).toEqual([]);
  });

  test('per funder: Σ allocated + credit = Σ received − Σ reversed', () => {
    for (const f of [1, 2]) {
      const r = sqlite(db)
        .prepare(
          `select (select coalesce(sum(amount), 0) from payments where funder_id = ? and kind = 'payment') as received,
                  (select coalesce(sum(amount), 0) from payments where funder_id = ? and kind = 'reversal') as reversed,
                  (select coalesce(sum(a.amount), 0) from payment_allocations a join leases l on l.id = a.lease_id where l.funder_id = ?) as allocated`,
        )
        .get(f, f, f) as { received: number; reversed: number; allocated: number };
      expect(r.received).toBeGreaterThan(0);
      expect(r.allocated).toBe(r.received - r.reversed);
    }
  });

  test('has the realistic mix: on time, late, arrears 60–120 days, defaulted, reversals, credit', async () => {
    const book = await getServicingBook(db, 1, TODAY);
    const n = book.leases.length;
    const current = book.leases.filter((l) => l.dpd === 0).length;
    expect(current / n).toBeGreaterThan(0.8);
    expect(book.leases.some((l) => l.dpd >= 5 && l.dpd <= 45)).toBe(true);
    expect(book.leases.some((l) => l.dpd >= 60 && l.dpd <= 120)).toBe(true);
    // Credit (cash beyond every instalment) sits on leases that are repaid and so out of the pool (domain.md §14): read from the engine.
    expect(loadServicingLedgers(db, 1, TODAY).some((l) => allocatePayments(l.instalments, l.entries, { asOf: TODAY }).credit > 0)).toBe(
      true,
    );
    const reversals = sqlite(db).prepare(`select count(*) as n from payments where kind = 'reversal'`).get() as { n: number };
    expect(reversals.n).toBeGreaterThanOrEqual(1);
    const defaulted = sqlite(db).prepare(`select id from leases where funder_id = 1 and status = 'defaulted'`).pluck().all() as number[];
    for (const id of defaulted) expect(book.byLeaseId.get(id)!.dpd).toBeGreaterThan(90);
  });

  test('the book (prefix fill of live cash) equals the engine lease by lease, at several as-of dates', async () => {
    for (const asOf of [TODAY, '2026-06-30', '2025-02-28', '2024-02-29']) {
      const book = await getServicingBook(db, 1, asOf);
      // The pool at asOf (domain.md §14): the leases purchased by then, less the repaid ones.
      const ledgers = loadServicingLedgers(db, 1, asOf)
        .map((l) => ({ l, result: allocatePayments(l.instalments, l.entries, { asOf }) }))
        .filter(({ result }) => !isRepaidAt(result, asOf));
      expect(book.leases.length).toBe(ledgers.length);
      for (const { l, result } of ledgers) {
        const d = delinquencyAt(result, asOf, {});
        const s = book.byLeaseId.get(l.lease.id)!;
        const outstanding = outstandingPrincipalAt(result, asOf);
        expect({
          dpd: s.dpd,
          bucket: s.bucket,
          net: s.arrearsNet,
          vat: s.arrearsVat,
          total: s.arrearsTotal,
          credit: s.credit,
          outstanding: s.outstandingPrincipal,
        }).toEqual({
          dpd: d.dpd,
          bucket: d.bucket.key,
          net: d.arrears.net,
          vat: d.arrears.vat,
          total: d.arrears.total,
          credit: result.credit,
          outstanding,
        });
      }
    }
  });

  test('bucket totals = book totals (count and outstanding per currency), at lease and lessee level', async () => {
    for (const level of ['lease', 'lessee'] as const) {
      const { bucketKeys, rows } = await delinquencyRows(db, 1, TODAY, level);
      const summary = bucketSummary(bucketKeys, rows);
      const book = await getServicingBook(db, 1, TODAY);
      const currencies = new Set(book.leases.map((l) => l.currency));
      for (const c of currencies) {
        const inBook = book.leases.filter((l) => l.currency === c);
        const s = summary.filter((x) => x.currency === c);
        if (level === 'lease') expect(s.reduce((n, x) => n + x.count, 0)).toBe(inBook.length);
        expect(s.reduce((n, x) => n + x.outstandingPrincipal, 0)).toBe(inBook.reduce((n, l) => n + l.outstandingPrincipal, 0));
        expect(s.reduce((n, x) => n + x.arrearsTotal, 0)).toBe(inBook.reduce((n, l) => n + l.arrearsTotal, 0));
      }
      // Lease count of the book = leases of the portfolio (status ≠ terminated) in the pool at the as-of date (issue #11: purchased on or
      // before it; domain.md §14: not repaid).
      const portfolio = sqlite(db)
        .prepare(`select count(*) as n from leases where funder_id = 1 and status != 'terminated' and purchase_date <= ?`)
        .get(TODAY) as { n: number };
      const repaid = loadServicingLedgers(db, 1, TODAY).filter((l) =>
        isRepaidAt(allocatePayments(l.instalments, l.entries, { asOf: TODAY }), TODAY),
      ).length;
      expect(repaid).toBeGreaterThan(0);
      expect(book.leases.length).toBe(portfolio.n - repaid);
    }
  });

  test('roll-rate matrix rows sum to the leases in both books', async () => {
    const m = await rollRates(db, 1, '2026-10-21', TODAY);
    const total = m.rowCounts.reduce((a, b) => a + b, 0);
    const later = await getServicingBook(db, 1, TODAY);
    expect(total).toBe((await getServicingBook(db, 1, '2026-10-21')).leases.filter((l) => later.byLeaseId.get(l.leaseId)).length);
    m.counts.forEach((row, i) => expect(row.reduce((a, b) => a + b, 0)).toBe(m.rowCounts[i]));
  });
});

describe('recording and reversing', () => {
  let db: Conn;
  let leaseId: number;
  let currency: string;
  beforeAll(() => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 40, today: TODAY, seed: 11 });
    // An active lease with instalments due and no payments yet (the seed of payments is not run here).
    const row = sqlite(db)
      .prepare(
        `select l.id, l.currency from leases l where l.funder_id = 1 and l.status = 'active' and l.first_due_date < '2026-06-01' order by l.id limit 1`,
      )
      .get() as { id: number; currency: string };
    leaseId = row.id;
    currency = row.currency;
  });

  test('a partial payment pays the oldest instalment in the funder order; arrears drop by exactly the amount', async () => {
    const before = (await getServicingBook(db, 1, TODAY)).byLeaseId.get(leaseId)!;
    expect(before.arrearsTotal).toBeGreaterThan(0);
    const p = await recordPayment(db, 1, { leaseId, receivedOn: '2026-11-10', amount: 1000, currency, method: 'transfer' }, null);
    const rows = sqlite(db).prepare(`select period, component, amount from payment_allocations where payment_id = ?`).all(p.id) as {
      period: number;
      component: string;
      amount: number;
    }[];
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(1000);
    const first = (await instalmentsOfLease(db, (await getLease(db, leaseId))!))[0]!;
    expect(rows[0]!.period).toBe(first.period);
    expect(rows[0]!.component).toBe(first.vat > 0 ? 'vat' : 'fee');
    const after = (await getServicingBook(db, 1, TODAY)).byLeaseId.get(leaseId)!;
    expect(before.arrearsTotal - after.arrearsTotal).toBe(1000);
  });

  test('an overpayment beyond the last instalment stays as credit', async () => {
    const total = sqlite(db).prepare(`select sum(gross) as s from schedule_rows where lease_id = ?`).get(leaseId) as { s: number };
    const lease = sqlite(db).prepare('select residual, vat_rate from leases where id = ?').get(leaseId) as {
      residual: number;
      vat_rate: number;
    };
    const all = total.s + lease.residual + Math.round(lease.residual * lease.vat_rate) + 5_000_000;
    const p = await recordPayment(db, 1, { leaseId, receivedOn: '2026-11-12', amount: all, currency, method: 'transfer' }, null);
    const credit = sqlite(db)
      .prepare(`select sum(amount) as s from payment_allocations where payment_id = ? and component = 'credit' and period = 0`)
      .get(p.id) as { s: number };
    expect(credit.s).toBeGreaterThanOrEqual(5_000_000 - 1000);
    expect((await getServicingBook(db, 1, TODAY)).byLeaseId.get(leaseId)!.credit).toBe(credit.s);
    expect(allocationMismatches(db)).toEqual([]);
  });

  test('a reversal removes the payment from the allocation, recomputes the rest; reversing twice is 409', async () => {
    const big = sqlite(db)
      .prepare(`select id from payments where lease_id = ? and amount > 1000 order by id desc limit 1`)
      .pluck()
      .get(leaseId) as number;
    const creditBefore = (await getServicingBook(db, 1, TODAY)).byLeaseId.get(leaseId)!.credit;
    expect(creditBefore).toBeGreaterThan(0);
    await reversePayment(db, 1, big, { reversedOn: '2026-11-15' }, null);
    expect(sqlite(db).prepare(`select count(*) as n from payment_allocations where payment_id = ?`).get(big)).toEqual({ n: 0 });
    expect((await getServicingBook(db, 1, TODAY)).byLeaseId.get(leaseId)!.credit).toBe(0);
    expect(allocationMismatches(db)).toEqual([]);
    await expect(async () => await reversePayment(db, 1, big, { reversedOn: '2026-11-16' }, null)).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    expect(await leaseHasPayments(db, leaseId)).toBe(true);
  });

  test('a payment dated before the due date pays the instalment in advance (not credit)', async () => {
    const future = sqlite(db)
      .prepare(
        `select l.id, l.currency from leases l where l.funder_id = 1 and l.status = 'active' and l.first_due_date > ? order by l.id limit 1`,
      )
      .get(TODAY) as { id: number; currency: string } | undefined;
    if (!future) return;
    const p = await recordPayment(
      db,
      1,
      { leaseId: future.id, receivedOn: TODAY, amount: 500, currency: future.currency, method: 'other' },
      null,
    );
    const rows = sqlite(db).prepare(`select component, period from payment_allocations where payment_id = ?`).all(p.id) as {
      component: string;
      period: number;
    }[];
    expect(rows.every((r) => r.component !== 'credit' && r.period >= 1)).toBe(true);
  });

  test('errors: other currency 400, unknown lease 404, unknown payment 404', async () => {
    const other = currency === 'EUR' ? 'USD' : 'EUR';
    await expect(
      recordPayment(db, 1, { leaseId, receivedOn: TODAY, amount: 100, currency: other, method: 'transfer' }, null),
    ).rejects.toThrow(expect.objectContaining({ code: 'invalid' }));
    await expect(
      recordPayment(db, 1, { leaseId: 999_999, receivedOn: TODAY, amount: 100, currency, method: 'transfer' }, null),
    ).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    await expect(async () => await reversePayment(db, 1, 999_999, { reversedOn: TODAY }, null)).rejects.toThrow(DomainError);
  });

  test('recording a payment does not bump the funder dataVersion but refreshes the book', async () => {
    const v = sqlite(db).prepare('select data_version from funders where id = 1').pluck().get() as number;
    const b1 = await getServicingBook(db, 1, TODAY);
    await recordPayment(db, 1, { leaseId, receivedOn: '2026-11-20', amount: 700, currency, method: 'transfer' }, null);
    expect(sqlite(db).prepare('select data_version from funders where id = 1').pluck().get()).toBe(v);
    expect(await getServicingBook(db, 1, TODAY)).not.toBe(b1);
  });

  test('a settings change (tolerance) is seen by the book', async () => {
    const b1 = await getServicingBook(db, 1, TODAY);
    await updateFunder(db, 1, { materialityTolerance: 10_000_000 } as never);
    const b2 = await getServicingBook(db, 1, TODAY);
    expect(b2).not.toBe(b1);
    expect(b2.leases.every((l) => l.arrearsTotal >= 10_000_000 || l.dpd === 0)).toBe(true);
  });
});

describe('bank-statement import', () => {
  let db: Conn;
  let contract: string;
  let currency: string;
  beforeAll(() => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 20, today: TODAY, seed: 5 });
    const r = sqlite(db)
      .prepare(`select contract_number, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { contract_number: string; currency: string };
    contract = r.contract_number;
    currency = r.currency;
  });

  test('matched by contract, by reference, unmatched and invalid lines; one payment per matched line; manual match', async () => {
    const csv = [
      'date;amount;currency;reference;contract',
      `2026-11-02;1.234,56;${currency};rent;${contract}`,
      `03.11.2026;10,00;${currency};${contract};`,
      `2026-11-04;99,00;${currency};unknown ref;`,
      `2026-13-01;abc;${currency};bad;${contract}`,
    ].join('\n');
    const { lines } = parseBankCsv(csv);
    const imp = await importBankStatement(db, 1, 'nov.csv', lines, null);
    expect(imp.lines.map((l) => l.status)).toEqual(['matched', 'matched', 'unmatched', 'invalid']);
    expect(imp.lines[0]!.amount).toBe(123456);
    expect([imp.matchedCount, imp.unmatchedCount, imp.invalidCount]).toEqual([2, 1, 1]);
    const payments = await listPayments(db, 1, { page: 1, perPage: 10 });
    expect(payments.total).toBe(2);
    expect(allocationMismatches(db)).toEqual([]);
    const leaseId = imp.lines[0]!.leaseId!;
    const unmatched = imp.lines[2]!;
    const line = await matchImportLine(db, 1, imp.id, unmatched.id, leaseId, null);
    expect(line.status).toBe('manual');
    expect((await getImport(db, 1, imp.id)).lines[2]!.leaseId).toBe(leaseId);
    await expect(async () => await matchImportLine(db, 1, imp.id, unmatched.id, leaseId, null)).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    await expect(async () => await matchImportLine(db, 1, imp.id, imp.lines[3]!.id, leaseId, null)).rejects.toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
  });

  test('a database error rolls the whole file back (no import row, no payment)', async () => {
    const before = sqlite(db)
      .prepare(
        `select (select count(*) from payments) as p, (select count(*) from payment_imports) as i, (select count(*) from payment_import_lines) as l`,
      )
      .get();
    const { lines } = parseBankCsv(
      `date,amount,currency,contract\n2026-11-05,12.00,${currency},${contract}\n2026-11-06,13.00,${currency},${contract}\n`,
    );
    // A trigger makes the second payment insert fail: the first line's payment must not survive.
    sqlite(db).exec(
      `create temp trigger fail_second before insert on payments when new.amount = 1300 begin select raise(abort, 'disk says no'); end;`,
    );
    try {
      await expect(async () => await importBankStatement(db, 1, 'broken.csv', lines, null)).rejects.toThrow(/disk says no/);
    } finally {
      sqlite(db).exec('drop trigger fail_second');
    }
    expect(
      sqlite(db)
        .prepare(
          `select (select count(*) from payments) as p, (select count(*) from payment_imports) as i, (select count(*) from payment_import_lines) as l`,
        )
        .get(),
    ).toEqual(before);
  });
});

describe('bank-statement import on a written-off lease (domain.md §8)', () => {
  test('a line received on or after the write-off is a recovery in the loss ledger, not a payment; before it, a payment; a manual match too', async () => {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 20, today: TODAY, seed: 5 });
    const r = sqlite(db)
      .prepare(`select id, contract_number, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { id: number; contract_number: string; currency: string };
    // Written off on 1 Nov (as an approved write-off leaves it: db/queries/credit.ts approveWriteOff).
    sqlite(db).prepare(`update leases set written_off_on = '2026-11-01' where id = ?`).run(r.id);
    const csv = [
      'date;amount;currency;reference;contract',
      `2026-10-31;100,00;${r.currency};late rent;${r.contract_number}`,
      `2026-11-01;200,00;${r.currency};asset sold;${r.contract_number}`,
      `2026-11-10;300,00;${r.currency};${r.contract_number};`,
      `2026-11-12;400,00;${r.currency};no contract;`,
    ].join('\n');
    const imp = await importBankStatement(db, 1, 'nov.csv', parseBankCsv(csv).lines, null);
    expect(imp.lines.map((l) => l.status)).toEqual(['matched', 'recovery', 'recovery', 'unmatched']);
    expect(imp.lines.slice(0, 3).map((l) => l.leaseId)).toEqual([r.id, r.id, r.id]);
    expect(imp.lines[1]!.paymentId).toBeNull();
    expect([imp.matchedCount, imp.unmatchedCount, imp.invalidCount]).toEqual([3, 1, 0]);
    const ledger = () =>
      sqlite(db)
        .prepare(`select received_on as receivedOn, amount, kind, reference from recoveries where lease_id = ? order by id`)
        .all(r.id);
    const payments = () =>
      sqlite(db).prepare(`select received_on as receivedOn, amount from payments where lease_id = ? order by id`).all(r.id);
    expect(ledger()).toEqual([
      { receivedOn: '2026-11-01', amount: 20000, kind: 'late_collection', reference: 'asset sold' },
      { receivedOn: '2026-11-10', amount: 30000, kind: 'late_collection', reference: r.contract_number },
    ]);
    expect(payments()).toEqual([{ receivedOn: '2026-10-31', amount: 10000 }]);
    expect(sqlite(db).prepare(`select count(*) from audit_log where entity = 'recovery'`).pluck().get()).toBe(2);
    // The unmatched line matched by hand to the written-off lease: a recovery too.
    const line = await matchImportLine(db, 1, imp.id, imp.lines[3]!.id, r.id, null);
    expect(line.status).toBe('recovery');
    expect(line.paymentId).toBeNull();
    expect(ledger()).toHaveLength(3);
    expect(payments()).toHaveLength(1);
    const after = await getImport(db, 1, imp.id);
    expect([after.matchedCount, after.unmatchedCount]).toEqual([4, 0]);
    expect(after.lines[3]!.leaseId).toBe(r.id);
    expect(allocationMismatches(db)).toEqual([]);
  });
});

describe('bank CSV parsing', () => {
  test.each([
    ['1.234,56', 2, 123456],
    ['1,234.56', 2, 123456],
    ['1234,5', 2, 123450],
    ['0.07', 2, 7],
    ["1'000.10", 2, 100010],
    ['12,345,678.90', 2, 1234567890],
    ['1.234', 2, 123400],
    ['5000', 0, 5000],
    ['0.1', 0, null],
    ['1234.567', 2, null],
    ['-5,00', 2, null],
    ['0,00', 2, null],
    ['abc', 2, null],
  ])('amount %s with %i decimals → %s minor units', (text, digits, minor) => {
    expect(parseAmountMinor(text, digits)).toBe(minor);
  });

  test('comma-separated with quoted decimal-comma amounts, DD.MM.YYYY dates, CRLF, BOM', () => {
    const f = parseBankCsv('\ufeffDate,Amount,Currency,Reference\r\n21.11.2026,"1.000,50",EUR,"QL, ""x"""\r\n');
    expect(f.separator).toBe(',');
    expect(f.lines).toEqual([
      { lineNo: 2, receivedOn: '2026-11-21', amount: 100050, currency: 'EUR', reference: 'QL, "x"', contractNumber: '', error: '' },
    ]);
  });

  test('a header without the needed columns is refused', () => {
    expect(() => parseBankCsv('when;how much\n2026-01-01;1\n')).toThrow(/date, amount, currency/);
    expect(() => parseBankCsv('date;amount;currency\n2026-01-01;1;EUR\n')).toThrow(/reference or a contract/);
  });
});

// The engine applies same-day payments in ledger order (allocatePayments sorts by day, then position): the
// reference ledgers must list a lease's entries in id order, as documented — not in an index's order.
describe('the reference ledgers', () => {
  test('list each lease’s entries in id (ledger) order, with or without an as-of date', async () => {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 40, today: TODAY, seed: 3 });
    const lease = sqlite(db)
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { id: number; currency: string };
    const pay = async (receivedOn: string, amount: number) =>
      (await recordPayment(db, 1, { leaseId: lease.id, receivedOn, amount, currency: lease.currency, method: 'transfer' }, null)).id;
    const first = await pay('2026-11-02', 5_000);
    const second = await pay('2026-11-02', 3_000);
    const reversal = (await reversePayment(db, 1, first, { reversedOn: '2026-11-03' }, null)).id;
    const last = await pay('2026-11-04', 100);
    const want = [first, second, reversal, last].map(String);
    for (const asOf of [null, TODAY]) {
      const ledger = loadServicingLedgers(db, 1, asOf).find((l) => l.lease.id === lease.id)!;
      expect(ledger.entries.map((e) => e.id)).toEqual(want);
    }
  });
});
