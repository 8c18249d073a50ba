/**
 * Round trip (domain.md §7): export the Tape at a cut-off, import it into an empty funder with no
 * manual mapping → the same leases, schedules, Total CF rows and Summary to the cent. CSV and XLSX.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { getLeaseSchedule } from '@/db/queries/leases';
import { leases } from '@/db/schema/portfolio';
import { eq } from 'drizzle-orm';
import { csvText, xlsxBuffer } from '@/lib/exports';
import { liveIndices, toTotalCashRow } from '@/lib/portfolio/cash-flow-table';
import { bookSummary } from '@/lib/portfolio/summary';
import { tapeExportColumns, tapePage, type TapeRow } from '@/lib/reports/tape';
import { valueBook } from '@/services/portfolio/valuation';
import { tapeSourceOf } from '@/services/reports/service';
import { commitImport, startImport, waitForImport } from '@/services/imports/service';
import { createImportBook, createImportFunder } from '../helpers/import-book';

const CUT_OFF = '2026-07-01';
let dir: string;
let db: Conn;
let sourceFunder: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'quantum-import-'));
  db = openDb(path.join(dir, 'round-trip.db'));
  runMigrations(db);
  sourceFunder = (await createImportFunder(db, 'Source')).id;
  await createImportBook(db, sourceFunder, 80);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function tapeRows(funderId: number): Promise<TapeRow[]> {
  const book = await valueBook(db, funderId, CUT_OFF);
  const { src, delinquency } = await tapeSourceOf(db, book);
  return tapePage(src, 0, book.valuation.count, delinquency);
}

const LEASE_FIELDS = [
  'contractNumber',
  'assetType',
  'condition',
  'currency',
  'price',
  'downPayment',
  'residual',
  'fee',
  'feeFinanced',
  'term',
  'rate',
  'timing',
  'frequency',
  'firstDueDate',
  'vatRate',
  'vatRegime',
  'purchaseDate',
  'status',
  'principal',
  'instalment',
] as const;

async function leaseView(funderId: number, contractNumber: string) {
  const l = db
    .select()
    .from(leases)
    .where(eq(leases.funderId, funderId))
    .all()
    .find((x) => x.contractNumber === contractNumber)!;
  const fields = Object.fromEntries(LEASE_FIELDS.map((k) => [k, l[k]]));
  const schedule = (await getLeaseSchedule(db, l.id)).map(({ leaseId: _l, ...r }) => r);
  return { fields, schedule };
}

async function cashRows(funderId: number) {
  const book = await valueBook(db, funderId, CUT_OFF);
  return [...liveIndices(book)]
    .map((i) => {
      const { id: _id, lessee: _lessee, ...row } = toTotalCashRow(book, i) as unknown as Record<string, unknown>;
      return { contract: book.leases[i]!.contractNumber, ...row };
    })
    .sort((a, b) => a.contract.localeCompare(b.contract));
}

describe('Tape round trip into an empty funder', () => {
  test.each(['csv', 'xlsx'] as const)('%s: same leases, schedules, Total CF rows and Summary', { timeout: 60_000 }, async (format) => {
    const target = (await createImportFunder(db, `Target ${format}`)).id;
    const rows = await tapeRows(sourceFunder);
    expect(rows.length).toBeGreaterThan(30);
    const bytes =
      format === 'csv'
        ? new TextEncoder().encode(`\uFEFF${csvText(tapeExportColumns(), rows)}`)
        : new Uint8Array(await xlsxBuffer(tapeExportColumns(), rows, 'Tape'));
    const started = await startImport(db, {
      funderId: target,
      source: 'QUANTUM',
      mode: 'create',
      fileName: `tape.${format}`,
      bytes,
      userId: null,
    });
    const validated = await waitForImport(db, target, started.id);
    expect(validated.error).toBeNull();
    expect({ status: validated.status, rejected: validated.rejectedCount, new: validated.newCount }).toEqual({
      status: 'validated',
      rejected: 0,
      new: rows.length,
    });
    await commitImport(db, target, started.id, false, null);
    const committed = await waitForImport(db, target, started.id);
    expect(committed.status).toBe('committed');

    for (const r of rows) expect(await leaseView(target, r.contractNumber)).toEqual(await leaseView(sourceFunder, r.contractNumber));
    expect(await cashRows(target)).toEqual(await cashRows(sourceFunder));
    expect(bookSummary(await valueBook(db, target, CUT_OFF), 'EUR')).toEqual(
      bookSummary(await valueBook(db, sourceFunder, CUT_OFF), 'EUR'),
    );
  });
});
