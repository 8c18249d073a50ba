/**
 * A US servicer's auto-loan tape with SEC Reg AB II asset-level headers (domain.md §7, #34's target): 7,500 rows map
 * with no manual step other than the currency and asset type given as one value for every row. Its dates are months
 * (MM/YYYY) and MM-DD-YYYY, its rates percent, its obligors anonymous, its price the financed amount; the instalment
 * it reports is 0.5–3 % above the plain annuity (fees, day counts), which the dry run sums up in one line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { listImportExceptions } from '@/db/queries/imports';
import { leases, lessees } from '@/db/schema/portfolio';
import { buildSchedule } from '@/lib/finance';
import { missingRequired, type ColumnMapping } from '@/lib/import/fields';
import { outstandingAt } from '@/lib/import/rows';
import { changeImportMapping, commitImport, startImport, waitForImport } from '@/services/imports/service';
import { createImportFunder } from '../helpers/import-book';

const ROWS = 7_500;
const HEADER = [
  'assetNumber',
  'reportingPeriodBeginningDate',
  'reportingPeriodEndingDate',
  'originationDate',
  'originalLoanAmount',
  'originalLoanTerm',
  'loanMaturityDate',
  'originalInterestRatePercentage',
  'originalFirstPaymentDate',
  'vehicleNewUsedCode',
  'vehicleValueAmount',
  'obligorGeographicLocation',
  'reportingPeriodScheduledPaymentAmount',
  'reportingPeriodActualEndBalanceAmount',
  'currentDelinquencyStatus',
];

const mm = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

/** The tape: deterministic loans originated in 2023–2025, reported at 11-30-2026. */
function regAbTape(): string {
  const lines = [HEADER.join(',')];
  for (let i = 1; i <= ROWS; i++) {
    const amount = 15_000 + ((i * 7919) % 35_000);
    const term = [48, 60, 72][i % 3]!;
    const rate = 3.9 + (i % 40) / 10;
    const year = 2023 + (i % 3);
    const month = 1 + (i % 12);
    const first = month === 12 ? [1, year + 1] : [month + 1, year];
    const schedule = buildSchedule({
      currency: 'USD',
      price: amount * 100,
      term,
      rate: Number((rate / 100).toPrecision(15)),
      timing: 'arrears',
      firstDueDate: `${first[1]}-${String(first[0]).padStart(2, '0')}-01`,
    });
    // The servicer's instalment: 0.5–3 % above the annuity.
    const markup = 1.005 + ((i * 37) % 26) / 1000;
    const balance = outstandingAt(schedule, '2026-11-30');
    const maturityMonth = ((first[0]! - 1 + term - 1) % 12) + 1;
    const maturityYear = first[1]! + Math.floor((first[0]! - 1 + term - 1) / 12);
    lines.push(
      [
        `AUTO-${String(i).padStart(6, '0')}`,
        '11-01-2026',
        '11-30-2026',
        mm(month, year),
        amount.toFixed(2),
        term,
        mm(maturityMonth, maturityYear),
        rate.toFixed(1),
        mm(first[0]!, first[1]!),
        i % 4 === 0 ? 2 : 1,
        (amount * 1.1).toFixed(2),
        ['CA', 'TX', 'FL', 'NY'][i % 4],
        ((schedule.instalment * markup) / 100).toFixed(2),
        (balance / 100).toFixed(2),
        i % 25 === 0 ? 35 : 0,
      ].join(','),
    );
  }
  return lines.join('\n');
}

describe('a Reg AB II auto-loan tape', () => {
  let dir: string;
  let db: Conn;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'quantum-regab-'));
    db = openDb(path.join(dir, 'regab.db'));
    runMigrations(db);
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('7,500 rows map with only the currency and asset type given; the instalment check is one line', async () => {
    const funder = (await createImportFunder(db, 'US')).id;
    const started = await startImport(db, {
      funderId: funder,
      source: 'US Auto Servicer',
      mode: 'create',
      fileName: 'regab.csv',
      bytes: new TextEncoder().encode(regAbTape()),
      userId: null,
      today: '2026-12-02',
    });
    const dry = await waitForImport(db, funder, started.id);
    const mapping = JSON.parse(dry.mapping) as ColumnMapping;
    // Every column the product needs is suggested; only the two values the tape cannot give are missing.
    expect(missingRequired(mapping)).toEqual(['assetType', 'currency']);
    expect(dry.dateFormat).toBe('mdy-dash');
    await changeImportMapping(db, funder, started.id, { fixed: { currency: 'USD', assetType: 'vehicle' } });
    const imp = await waitForImport(db, funder, started.id);
    expect({ rows: imp.rowCount, new: imp.newCount, rejected: imp.rejectedCount, error: imp.errorCode }).toEqual({
      rows: ROWS,
      new: ROWS,
      rejected: 0,
      error: null,
    });
    expect(JSON.parse(imp.rateReadings)).toMatchObject({ originalInterestRatePercentage: 'percent' });
    const check = JSON.parse(imp.instalmentCheck!) as {
      rows: number;
      beyond: number;
      medianDiff: number;
      minDiff: number;
      maxDiff: number;
    };
    expect(check.rows).toBe(ROWS);
    expect(check.minDiff).toBeGreaterThan(0.004);
    expect(check.maxDiff).toBeLessThan(0.031);
    expect(check.medianDiff).toBeCloseTo(0.0175, 2);
    // One warning per row beyond the 2 % tolerance only, none below it; no outstanding mismatch (the balances are the schedule's).
    const rules = (await listImportExceptions(db, imp.id, { page: 1, perPage: 10_000 })).rows;
    expect(rules.every((e) => e.rule === 'instalmentMismatch')).toBe(true);
    expect(rules.length).toBe(check.beyond);

    await commitImport(db, funder, imp.id, false, null);
    expect((await waitForImport(db, funder, imp.id)).status).toBe('committed');
    const book = db.select().from(leases).where(eq(leases.funderId, funder)).all();
    const first = book.find((l) => l.contractNumber === 'AUTO-000001')!;
    // Originated 02/2024, first payment 03/2024 on the origination's day (the 1st): in arrears; the price is the loan amount.
    expect([first.firstDueDate, first.timing, first.price, first.currency, first.assetType, first.condition]).toEqual([
      '2024-03-01',
      'arrears',
      (15_000 + 7919) * 100,
      'USD',
      'vehicle',
      'new',
    ]);
    // Anonymous obligors: one lessee per contract, with no made-up name.
    const names = db.select({ name: lessees.name }).from(lessees).where(eq(lessees.funderId, funder)).all();
    expect(names.length).toBe(ROWS);
    expect(new Set(names.map((n) => n.name))).toEqual(new Set(['']));
  }, 120_000);
});
