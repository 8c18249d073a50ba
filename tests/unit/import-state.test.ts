/**
 * A seasoned book comes in with its state (domain.md §7): the opening position a tape row gives (lib/import/state.ts),
 * and, at service level over a real SQLite file, leases taken in from a tape without state columns are current at the
 * tape's date (before #34 they were "defaulted, 334 DPD" for want of a payment history), while a tape's arrears, days
 * in arrears and reported defaults are what the servicing and credit books show on that date.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { listImportExceptions } from '@/db/queries/imports';
import { getLeaseSchedule } from '@/db/queries/leases';
import { openingPositionsOf } from '@/db/queries/opening-positions';
import { leases } from '@/db/schema/portfolio';
import { buildSchedule } from '@/lib/finance';
import { tapeOpening } from '@/lib/import/state';
import type { Instalment } from '@/lib/servicing/allocation';
import { DEFAULT_COMPONENT_ORDER } from '@/lib/servicing/allocation';
import { creditStatesById } from '@/services/credit/book';
import { commitImport, startImport, summariseInstalments, waitForImport } from '@/services/imports/service';
import { valueBook } from '@/services/portfolio/valuation';
import { getServicingBook } from '@/services/servicing/book';
import { createImportFunder } from '../helpers/import-book';

const monthly = (n: number, gross = 1_190): Instalment[] =>
  Array.from({ length: n }, (_, k) => ({
    period: k + 1,
    dueDate: `2026-${String(k + 1).padStart(2, '0')}-05`,
    vat: 190,
    fee: 0,
    interest: 100,
    principal: gross - 290,
  }));

describe('tapeOpening', () => {
  const inst = monthly(12);
  const at = '2026-06-20';
  test('no state: current at the tape date', () => {
    const r = tapeOpening(inst, at, {}, DEFAULT_COMPONENT_ORDER);
    expect(r.opening).toMatchObject({
      asOf: at,
      daysPastDue: 0,
      arrears: { vat: 0, fee: 0, interest: 0, principal: 0 },
      defaultedOn: null,
    });
    expect(r.issues).toEqual([]);
  });
  test('arrears and days: the tape wins; the arrears split as the allocation left them unpaid (the last components first)', () => {
    const r = tapeOpening(inst, at, { arrearsBalance: 1_500, daysInArrears: 46 }, DEFAULT_COMPONENT_ORDER);
    expect(r.opening.daysPastDue).toBe(46);
    // The June instalment (1,190) wholly unpaid, 310 of May's: its principal first.
    expect(r.opening.arrears).toEqual({ vat: 190, fee: 0, interest: 100, principal: 900 + 310 });
  });
  test('arrears alone: the days are the age of the oldest instalment they reach back to', () => {
    expect(tapeOpening(inst, at, { arrearsBalance: 1_500 }, DEFAULT_COMPONENT_ORDER).opening.daysPastDue).toBe(46); // 5 May → 20 Jun
    expect(tapeOpening(inst, at, { arrearsBalance: 1_000 }, DEFAULT_COMPONENT_ORDER).opening.daysPastDue).toBe(15); // 5 Jun
  });
  test('instalments past due, instalments paid, or days alone give the arrears', () => {
    expect(tapeOpening(inst, at, { instalmentsPastDue: 2 }, DEFAULT_COMPONENT_ORDER).opening).toMatchObject({ daysPastDue: 46 });
    expect(componentsSum(tapeOpening(inst, at, { instalmentsPastDue: 2 }, DEFAULT_COMPONENT_ORDER).opening.arrears)).toBe(2_380);
    // Six instalments fell due before the 20th of June; four paid → two past due.
    expect(componentsSum(tapeOpening(inst, at, { instalmentsPaid: 4 }, DEFAULT_COMPONENT_ORDER).opening.arrears)).toBe(2_380);
    const byDays = tapeOpening(inst, at, { daysInArrears: 20 }, DEFAULT_COMPONENT_ORDER).opening;
    expect([byDays.daysPastDue, componentsSum(byDays.arrears)]).toEqual([20, 1_190]);
  });
  test('days in arrears with a zero balance: a warning, taken as current', () => {
    const r = tapeOpening(inst, at, { arrearsBalance: 0, daysInArrears: 30 }, DEFAULT_COMPONENT_ORDER);
    expect(r.issues).toEqual([{ field: 'daysInArrears', rule: 'arrearsDays' }]);
    expect(r.errors).toBe(false);
    expect(r.opening.daysPastDue).toBe(0);
  });
  test('a reported default: from its date; without one, from the tape date (warning); after the tape date, an error', () => {
    expect(tapeOpening(inst, at, { status: 'defaulted', defaultDate: '2026-03-01' }, DEFAULT_COMPONENT_ORDER).opening.defaultedOn).toBe(
      '2026-03-01',
    );
    const missing = tapeOpening(inst, at, { status: 'defaulted' }, DEFAULT_COMPONENT_ORDER);
    expect([missing.opening.defaultedOn, missing.issues]).toEqual([at, [{ field: 'status', rule: 'defaultDateMissing', date: at }]]);
    const after = tapeOpening(inst, at, { status: 'defaulted', defaultDate: '2026-07-01' }, DEFAULT_COMPONENT_ORDER);
    expect(after.errors).toBe(true);
    // A performing lease with a default date in its past (cured) is not in default; without a status column the date reports one.
    expect(
      tapeOpening(inst, at, { status: 'performing', defaultDate: '2026-03-01' }, DEFAULT_COMPONENT_ORDER).opening.defaultedOn,
    ).toBeNull();
    expect(tapeOpening(inst, at, { defaultDate: '2026-03-01' }, DEFAULT_COMPONENT_ORDER).opening.defaultedOn).toBe('2026-03-01');
  });
  test('negative amounts are errors', () => {
    const r = tapeOpening(inst, at, { arrearsBalance: -1 }, DEFAULT_COMPONENT_ORDER);
    expect([r.errors, r.issues]).toEqual([true, [{ field: 'arrearsBalance', rule: 'negative' }]]);
  });
});

function componentsSum(c: { vat: number; fee: number; interest: number; principal: number }): number {
  return c.vat + c.fee + c.interest + c.principal;
}

describe('summariseInstalments', () => {
  test('one line instead of one warning per row: range, median, rows beyond the tolerance', () => {
    expect(summariseInstalments([0.005, 0.0125, 0.03, 0.01, 0.015], 0.02)).toEqual({
      rows: 5,
      beyond: 1,
      tolerance: 0.02,
      minDiff: 0.005,
      medianDiff: 0.0125,
      maxDiff: 0.03,
    });
    expect(summariseInstalments([], 0.02)).toBeNull();
  });
});

describe('a tape taken in at its date', () => {
  let dir: string;
  let db: Conn;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'quantum-import-state-'));
    db = openDb(path.join(dir, 'import.db'));
    runMigrations(db);
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function importTape(funderId: number, csv: string, fixed?: Record<string, string>, skipRejected = false) {
    const imp = await startImport(db, {
      funderId,
      source: `Lessor ${funderId}`,
      mode: 'create',
      fileName: 'tape.csv',
      bytes: new TextEncoder().encode(csv),
      userId: null,
      today: '2026-12-02',
    });
    let done = await waitForImport(db, funderId, imp.id);
    if (fixed) {
      const { changeImportMapping } = await import('@/services/imports/service');
      await changeImportMapping(db, funderId, imp.id, { fixed });
      done = await waitForImport(db, funderId, imp.id);
    }
    expect(done.status).toBe('validated');
    await commitImport(db, funderId, imp.id, skipRejected, null);
    return waitForImport(db, funderId, imp.id);
  }

  test("a lessor's German tape without state columns: current at the tape's date, months after its first instalments", async () => {
    const funder = (await createImportFunder(db, 'DE')).id;
    const csv = [
      'Vertragsnummer;Leasingnehmer;Anschaffungswert;Rate;Laufzeit;Beginn;Zinssatz',
      'MU-1;Müller GmbH;30.000,00;553,20;60;01.03.2025;4,9',
      'MU-2;Schäfer KG;18.500,00;413,90;48;15.05.2025;5,9',
      'MU-3;Weiß & Söhne;9.990,00;443,15;24;02.01.2026;6,25',
      'MU-4;Graf OHG;12.000,00;300,00;0;01.02.2026;5,0',
      'MU-5;Lang e.K.;7.500,00;200,00;36;31.02.2026;5,0',
    ].join('\n');
    // One pass: the dry run rejects the two bad rows (a term of 0, 31 February), the valid ones are committed.
    const done = await importTape(funder, csv, { currency: 'EUR', assetType: 'Maschinen', timing: 'vorschüssig' }, true);
    expect([done.status, done.newCount, done.rejectedCount]).toEqual(['committed', 3, 2]);
    const book = db.select().from(leases).where(eq(leases.funderId, funder)).all();
    expect(book.map((l) => [l.contractNumber, l.rate, l.timing, l.purchaseDate])).toEqual([
      ['MU-1', 0.049, 'advance', '2026-12-02'],
      ['MU-2', 0.059, 'advance', '2026-12-02'],
      ['MU-3', 0.0625, 'advance', '2026-12-02'],
    ]);
    const openings = openingPositionsOf(db, funder);
    expect(book.map((l) => openings.get(l.id)?.asOf)).toEqual(['2026-12-02', '2026-12-02', '2026-12-02']);
    const servicing = await getServicingBook(db, funder, '2026-12-02');
    const credit = await creditStatesById(db, funder, '2026-12-02');
    for (const l of book) {
      expect(servicing.byLeaseId.get(l.id)?.dpd ?? 0).toBe(0);
      expect(credit.get(l.id)?.status).toBe('performing');
    }
  });

  test("a tape's arrears, days in arrears and reported default are the books' on its date", async () => {
    const funder = (await createImportFunder(db, 'DE')).id;
    const csv = [
      'Contract number,Lessee,Currency,Asset type,Asset price,Term,Interest rate,Timing,First due date,Cut-off date,Arrears balance,Days in arrears,Account status,Default date',
      'S-1,Alpha Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,0,0,PERF,',
      'S-2,Beta Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,1500.00,51,ARRE,',
      'S-3,Gamma Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,9000.00,140,DFLT,2026-05-12',
      'S-4,Delta Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,0,0,REOT,',
    ].join('\n');
    expect((await importTape(funder, csv)).status).toBe('committed');
    const id = (c: string) => db.select().from(leases).where(eq(leases.contractNumber, c)).get()!;
    expect(id('S-4').status).toBe('terminated');
    const servicing = await getServicingBook(db, funder, '2026-06-30');
    const credit = await creditStatesById(db, funder, '2026-06-30');
    const at = (c: string) => {
      const s = servicing.byLeaseId.get(id(c).id);
      const k = credit.get(id(c).id);
      return { dpd: s?.dpd ?? 0, arrears: s?.arrearsTotal ?? 0, status: k?.status, why: k?.why ?? null };
    };
    expect(at('S-1')).toEqual({ dpd: 0, arrears: 0, status: 'performing', why: null });
    expect(at('S-2')).toEqual({ dpd: 51, arrears: 150_000, status: 'performing', why: null });
    expect(at('S-3')).toMatchObject({ dpd: 140, arrears: 900_000, status: 'defaulted' });
    expect(credit.get(id('S-3').id)?.defaultSince).toBe('2026-05-12');
    expect(servicing.byLeaseId.has(id('S-4').id)).toBe(false);
  });

  test("the tape's balance wins beyond the tolerance: the schedule is re-based from the tape's date, the adjustment listed", async () => {
    const funder = (await createImportFunder(db, 'DE')).id;
    const terms = {
      price: 2_400_000,
      term: 36,
      rate: 0.05,
      timing: 'advance' as const,
      firstDueDate: '2025-01-10',
      currency: 'EUR' as const,
    };
    const plain = buildSchedule(terms);
    // The schedule's balance after the instalments due before 30 June 2026 (18: January 2025 to June 2026).
    const scheduled = plain.rows[17]!.balanceAfter;
    const euros = (minor: number) => (minor / 100).toFixed(2);
    const csv = [
      'Contract number,Lessee,Currency,Asset type,Asset price,Term,Interest rate,Timing,First due date,Cut-off date,Outstanding principal',
      `R-1,Alpha Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,${euros(scheduled + 40)}`,
      `R-2,Beta Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,${euros(scheduled + 300_000)}`,
      `R-3,Gamma Ltd,EUR,vehicle,24000.00,36,0.05,advance,2025-01-10,2026-06-30,${euros(scheduled - 150_000)}`,
    ].join('\n');
    const done = await importTape(funder, csv);
    expect(done.status).toBe('committed');
    const lease = (c: string) => db.select().from(leases).where(eq(leases.contractNumber, c)).get()!;
    // Within a unit of the currency the schedule stands; beyond it the tape's balance is the lease's from the tape's date.
    expect([lease('R-1').rebasedOn, lease('R-1').rebasedBalance]).toEqual([null, null]);
    expect([lease('R-2').rebasedOn, lease('R-2').rebasedBalance]).toEqual(['2026-06-30', scheduled + 300_000]);
    expect([lease('R-3').rebasedOn, lease('R-3').rebasedBalance]).toEqual(['2026-06-30', scheduled - 150_000]);
    const listed = (await listImportExceptions(db, done.id, { rule: 'outstandingRebased', page: 1, perPage: 10 })).rows;
    expect(listed.map((e) => [e.row, e.severity, e.params.adjustment])).toEqual([
      [2, 'warning', '300000'],
      [3, 'warning', '-150000'],
    ]);
    // The stored schedule: the contract's rows before the date, the tape's balance amortised to nil after it.
    const rows = await getLeaseSchedule(db, lease('R-2').id);
    expect(rows.slice(0, 18).map((r) => r.instalment)).toEqual(plain.rows.slice(0, 18).map((r) => r.instalment));
    expect(rows[18]!.balanceAfter).toBe(scheduled + 300_000 - rows[18]!.principal);
    expect(rows.at(-1)!.balanceAfter).toBe(0);
    expect(rows.reduce((s, r) => s + r.principal, 0)).toBe(plain.principal + 300_000);
    // One truth: servicing, credit and the valuation read the same balance on the tape's date and after it.
    const servicing = await getServicingBook(db, funder, '2026-06-30');
    const book = await valueBook(db, funder, '2026-07-01');
    for (const [c, balance] of [
      ['R-1', scheduled],
      ['R-2', scheduled + 300_000],
      ['R-3', scheduled - 150_000],
    ] as const) {
      expect(servicing.byLeaseId.get(lease(c).id)?.outstandingPrincipal).toBe(balance);
      // The July instalment falls after the 1 July cut-off: the balance is still the tape's.
      expect(book.valuation.prin[book.indexById.get(lease(c).id)!]).toBe(balance);
    }
    // A sound schedule: the PV of what is left at the contract rate is the balance, within a cent an instalment.
    const i2 = book.indexById.get(lease('R-2').id)!;
    expect(Math.abs(book.valuation.check[i2]!)).toBeLessThanOrEqual(book.valuation.remainingInstalments[i2]!);
  });
});
