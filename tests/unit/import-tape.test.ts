/**
 * Tape import (domain.md §7) at service level over a real SQLite file: a German lessor's tape with
 * seeded defects and its exact exception list, upsert of a second month, a commit racing an edit,
 * and the bad inputs that must get a clear answer.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { listImportExceptions, transitionImport } from '@/db/queries/imports';
import { getLease, updateLease } from '@/db/queries/leases';
import { WorkerSink } from '@/db/write-worker';
import { leases, lessees } from '@/db/schema/portfolio';
import { Conflict } from '@/lib/domain/errors';
import { changeImportMapping, commitImport, importJobRunning, readImport, startImport, waitForImport } from '@/services/imports/service';
import { createImportFunder } from '../helpers/import-book';

let dir: string;
let db: Conn;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'quantum-import-'));
  db = openDb(path.join(dir, 'import.db'));
  runMigrations(db);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const FIXTURE = readFileSync(path.join(process.cwd(), 'tests/fixtures/tape-de-muster-leasing.csv'));

async function dryRun(funderId: number, bytes: Uint8Array | string, mode: 'create' | 'upsert' = 'create', source = 'Muster Leasing GmbH') {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const imp = await startImport(db, { funderId, source, mode, fileName: 'tape.csv', bytes: data, userId: null });
  return waitForImport(db, funderId, imp.id);
}

async function commit(funderId: number, id: number, skipRejected = false) {
  await commitImport(db, funderId, id, skipRejected, null);
  return waitForImport(db, funderId, id);
}

async function exceptionsOf(id: number) {
  return (await listImportExceptions(db, id, { page: 1, perPage: 500 })).rows.map((e) => ({
    row: e.row,
    column: e.column,
    value: e.value,
    rule: e.rule,
    severity: e.severity,
  }));
}

describe('German lessor tape (Latin-1, semicolons, decimal commas, TT.MM.JJJJ)', () => {
  test('detects the format and gives exactly the seeded exceptions', async () => {
    const funder = (await createImportFunder(db, 'DE')).id;
    const imp = await dryRun(funder, FIXTURE);
    expect({
      status: imp.status,
      encoding: imp.encoding,
      delimiter: imp.delimiter,
      decimal: imp.decimal,
      dateFormat: imp.dateFormat,
    }).toEqual({
      status: 'validated',
      encoding: 'windows-1252',
      delimiter: ';',
      decimal: ',',
      dateFormat: 'dmy-dot',
    });
    expect(JSON.parse(imp.headers)).toContain('Erste Fälligkeit');
    expect(await exceptionsOf(imp.id)).toEqual(EXPECTED_EXCEPTIONS);
    expect({ rows: imp.rowCount, new: imp.newCount, rejected: imp.rejectedCount, warnings: imp.warningCount }).toEqual({
      rows: 12,
      new: 3,
      rejected: 9,
      warnings: 1,
    });

    // All-or-nothing refuses; skipping the rejected commits the three valid rows.
    await expect(async () => await commitImport(db, funder, imp.id, false, null)).rejects.toThrow(Conflict);
    const done = await commit(funder, imp.id, true);
    expect(done.status).toBe('committed');
    const book = db.select().from(leases).where(eq(leases.funderId, funder)).all();
    expect(book.map((l) => l.contractNumber).sort()).toEqual(['ML-2025-0001', 'ML-2025-0008', 'ML-2025-0009']);
    const first = book.find((l) => l.contractNumber === 'ML-2025-0001')!;
    expect({
      price: first.price,
      downPayment: first.downPayment,
      residual: first.residual,
      rate: first.rate,
      vatRate: first.vatRate,
      instalment: first.instalment,
    }).toEqual({
      price: 4_500_000,
      downPayment: 500_000,
      residual: 400_000,
      rate: 0.049,
      vatRate: 0.19,
      instalment: 108_922,
    });
    // A cell starting with = is kept as text, never evaluated.
    expect(book.find((l) => l.contractNumber === 'ML-2025-0009')!.assetDescription).toBe('=HYPERLINK("http://x")');
    expect(
      db
        .select({ name: lessees.name })
        .from(lessees)
        .where(eq(lessees.funderId, funder))
        .all()
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Bäckerei Schäfer KG', 'Müller Maschinenbau GmbH', 'Ökobau AG']);
    await expect(async () => await commitImport(db, funder, imp.id, true, null)).rejects.toThrow(/already committed/);
  });
});

const HEADER = 'Contract number;Lessee;Customer id;Asset type;Currency;Asset price;Term;Rate;Timing;First due date';
const line = (n: number, rate = '5.5%', price = '10000.00') =>
  `C-${n};Lessee ${n % 3};L${n % 3};vehicle;EUR;${price};36;${rate};advance;2025-0${1 + (n % 9)}-15`;

describe('upsert: a second month of the same source', () => {
  test('updates the changed leases, leaves the unchanged ones untouched (version stays), counts both', async () => {
    const funder = (await createImportFunder(db, 'Upsert')).id;
    const month1 = [HEADER, ...[1, 2, 3, 4].map((n) => line(n))].join('\n');
    const first = await dryRun(funder, month1, 'upsert', 'Monthly lessor');
    expect({ new: first.newCount, rejected: first.rejectedCount }).toEqual({ new: 4, rejected: 0 });
    await commit(funder, first.id);
    const month2 = [HEADER, line(1), line(2, '6.0%'), line(3), line(4, '5.5%', '12000.00'), line(5)].join('\n');
    const second = await dryRun(funder, month2, 'upsert', 'Monthly lessor');
    expect({
      new: second.newCount,
      updated: second.updatedCount,
      unchanged: second.unchangedCount,
      rejected: second.rejectedCount,
    }).toEqual({ new: 1, updated: 2, unchanged: 2, rejected: 0 });
    await commit(funder, second.id);
    const versions = Object.fromEntries(
      db
        .select()
        .from(leases)
        .where(eq(leases.funderId, funder))
        .all()
        .map((l) => [l.contractNumber, [l.version, l.rate, l.price]]),
    );
    expect(versions).toEqual({
      'C-1': [1, 0.055, 1_000_000],
      'C-2': [2, 0.06, 1_000_000],
      'C-3': [1, 0.055, 1_000_000],
      'C-4': [2, 0.055, 1_200_000],
      'C-5': [1, 0.055, 1_000_000],
    });
  });

  test('a create-only import rejects known contract numbers', async () => {
    const funder = (await createImportFunder(db, 'Create only')).id;
    await commit(funder, (await dryRun(funder, [HEADER, line(1)].join('\n'))).id);
    const again = await dryRun(funder, [HEADER, line(1), line(2)].join('\n'));
    expect(await exceptionsOf(again.id)).toEqual([
      { row: 1, column: 'Contract number', value: 'C-1', rule: 'existsInRegister', severity: 'error' },
    ]);
  });

  test('a commit racing an edit never overwrites it: the version moved, the import is validated again', async () => {
    const funder = (await createImportFunder(db, 'Race')).id;
    await commit(funder, (await dryRun(funder, [HEADER, line(1), line(2)].join('\n'), 'upsert')).id);
    const tape = await dryRun(funder, [HEADER, line(1, '7.0%'), line(2)].join('\n'), 'upsert');
    expect(tape.updatedCount).toBe(1);
    const lease = db
      .select()
      .from(leases)
      .where(eq(leases.funderId, funder))
      .all()
      .find((l) => l.contractNumber === 'C-1')!;
    await updateLease(db, lease.id, lease.version, { rate: 0.08 }, null);
    const after = await commit(funder, tape.id);
    expect({ status: after.status, error: after.errorCode }).toEqual({ status: 'validated', error: 'versionMoved' });
    expect((await getLease(db, lease.id))!.rate).toBe(0.08);
    expect((await getLease(db, lease.id))!.version).toBe(2);
  });

  test('two commits of one import at once: one commits, the other is refused with 409, the leases are written once', async () => {
    const funder = (await createImportFunder(db, 'Twice')).id;
    const tape = await dryRun(funder, [HEADER, line(1), line(2), line(3)].join('\n'));
    // Both requests start together and interleave at every await (the handler awaits the same service call).
    const results = await Promise.allSettled([
      commitImport(db, funder, tape.id, false, null),
      commitImport(db, funder, tape.id, false, null),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(Conflict);
    expect((await waitForImport(db, funder, tape.id)).status).toBe('committed');
    // A double commit would write each contract twice (or fail on its uniqueness): three leases, once each.
    const numbers = db
      .select({ n: leases.contractNumber })
      .from(leases)
      .where(eq(leases.funderId, funder))
      .all()
      .map((l) => l.n);
    expect(numbers.sort()).toEqual(['C-1', 'C-2', 'C-3']);
  });
});

describe('bad input gets a clear answer', () => {
  test.each([
    ['an empty file', '', 'failed', 'empty'],
    ['a header-only file', HEADER, 'failed', 'headerOnly'],
    [
      'a missing required column',
      'Contract number;Lessee;Asset type;Asset price;Term;Rate;Timing;First due date\nC-1;A;vehicle;100.00;12;5%;advance;2025-01-01',
      'validated',
      'missingColumn',
    ],
    [
      'only 1.250-like amounts (ambiguous decimal)',
      `${HEADER}\nC-1;A;L1;vehicle;EUR;1.250;12;5%;advance;2025-01-01`,
      'validated',
      'ambiguousDecimal',
    ],
  ])('%s', async (_name, text, status, code) => {
    const funder = (await createImportFunder(db, `Bad ${_name}`)).id;
    const imp = await dryRun(funder, text);
    expect({ status: imp.status, code: imp.errorCode }).toEqual({ status, code });
    if (status === 'validated') await expect(async () => await commitImport(db, funder, imp.id, true, null)).rejects.toThrow(Conflict);
  });

  test('the missing column is named', async () => {
    const funder = (await createImportFunder(db, 'Missing')).id;
    const imp = await dryRun(
      funder,
      'Contract number;Lessee;Asset type;Asset price;Term;Rate;Timing;First due date\nC-1;A;vehicle;100.00;12;5%;advance;2025-01-01',
    );
    expect(imp.error).toBe('Required columns are not mapped: currency.');
    expect(await exceptionsOf(imp.id)).toEqual([{ row: 0, column: '', value: '', rule: 'required', severity: 'error' }]);
  });

  test('an ambiguous decimal separator is asked, then the answer validates', async () => {
    const funder = (await createImportFunder(db, 'Ambiguous')).id;
    const imp = await dryRun(funder, `${HEADER}\nC-1;A;L1;vehicle;EUR;1.250;12;5%;advance;2025-01-01`);
    await changeImportMapping(db, funder, imp.id, { decimal: ',' });
    const again = await waitForImport(db, funder, imp.id);
    expect({ status: again.status, decimal: again.decimal, new: again.newCount }).toEqual({ status: 'validated', decimal: ',', new: 1 });
    await commit(funder, imp.id);
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).get()!.price).toBe(125_000);
  });

  test('duplicate headers are numbered and reported', async () => {
    const funder = (await createImportFunder(db, 'Dup')).id;
    const imp = await dryRun(funder, `${HEADER};Rate\n${line(1)};9%`);
    expect(JSON.parse(imp.duplicateHeaders)).toEqual(['Rate']);
    expect(JSON.parse(imp.headers).at(-1)).toBe('Rate (2)');
    expect(imp.rejectedCount).toBe(0);
  });

  test('a tape where every row fails commits nothing', async () => {
    const funder = (await createImportFunder(db, 'All fail')).id;
    const imp = await dryRun(funder, [HEADER, line(1, '150%'), line(2, 'x')].join('\n'));
    expect(imp.rejectedCount).toBe(2);
    await expect(async () => await commitImport(db, funder, imp.id, false, null)).rejects.toThrow(Conflict);
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toEqual([]);
  });

  test('a UTF-8 file with a BOM and a Windows-1252 file read the same names', async () => {
    const text = `${HEADER}\nC-1;Société Générale;L1;vehicle;EUR;100.00;12;5%;advance;2025-01-01`;
    const utf8 = await dryRun(
      (await createImportFunder(db, 'BOM')).id,
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]),
    );
    const latin = await dryRun((await createImportFunder(db, 'Latin')).id, new Uint8Array(Buffer.from(text, 'latin1')));
    expect([utf8.encoding, latin.encoding]).toEqual(['utf-8', 'windows-1252']);
    expect(JSON.parse(utf8.headers)).toEqual(JSON.parse(latin.headers));
    expect([utf8.newCount, latin.newCount]).toEqual([1, 1]);
  });
});

const EXPECTED_EXCEPTIONS = [
  { row: 2, column: 'Erste Fälligkeit', value: '31.02.2025', rule: 'date', severity: 'error' },
  { row: 3, column: 'Währung', value: 'EURO', rule: 'currency', severity: 'error' },
  { row: 4, column: 'Zinssatz', value: '120,0 %', rule: 'rateRange', severity: 'error' },
  { row: 5, column: 'Vertragsnummer', value: 'ML-2025-0001', rule: 'duplicateInFile', severity: 'error' },
  { row: 6, column: 'Restwert', value: '26.000,00', rule: 'residualRange', severity: 'error' },
  { row: 7, column: 'Leasingnehmer', value: '', rule: 'required', severity: 'error' },
  { row: 7, column: 'Laufzeit', value: '0', rule: 'termRange', severity: 'error' },
  // 900.00 against the annuity's 833-odd: beyond the 2 % tolerance of the instalment (a relative check since #34).
  { row: 8, column: 'Leasingrate', value: '900,00', rule: 'instalmentMismatch', severity: 'warning' },
  { row: 10, column: 'Objektart', value: 'Flugzeug', rule: 'enum', severity: 'error' },
  { row: 11, column: 'Erste Fälligkeit', value: '01.07.2025', rule: 'firstDueBeforeOrigination', severity: 'error' },
  { row: 12, column: 'Anschaffungswert', value: '12.50,00', rule: 'number', severity: 'error' },
];

describe('XLSX', () => {
  test('formulas give their cached values (never evaluated), dates and serial dates are read, the chosen sheet is used', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['nothing here']);
    const ws = wb.addWorksheet('Book');
    ws.addRow([
      'Contract number',
      'Lessee',
      'Asset type',
      'Currency',
      'Asset price',
      'Term',
      'Rate',
      'Timing',
      'First due date',
      'Description',
    ]);
    ws.addRow([
      'X-1',
      'Formula GmbH',
      'it',
      'EUR',
      { formula: 'B9*2', result: 2500.5 },
      24,
      0.05,
      'arrears',
      new Date(Date.UTC(2025, 2, 31)),
      '=1+1',
    ]);
    ws.addRow(['X-2', 'Serial AG', 'it', 'EUR', 1000, 12, 0.05, 'advance', 45658, '@note']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const funder = (await createImportFunder(db, 'XLSX')).id;
    const first = await startImport(db, {
      funderId: funder,
      source: 'Workbook',
      mode: 'create',
      fileName: 'book.xlsx',
      bytes,
      userId: null,
    });
    const onFirstSheet = await waitForImport(db, funder, first.id);
    expect({ sheets: JSON.parse(onFirstSheet.sheets), sheet: onFirstSheet.sheet, code: onFirstSheet.errorCode }).toEqual({
      sheets: ['Notes', 'Book'],
      sheet: 'Notes',
      code: 'headerOnly',
    });
    await changeImportMapping(db, funder, first.id, { sheet: 'Book' });
    const imp = await waitForImport(db, funder, first.id);
    expect({ status: imp.status, sheet: imp.sheet, new: imp.newCount, rejected: imp.rejectedCount }).toEqual({
      status: 'validated',
      sheet: 'Book',
      new: 2,
      rejected: 0,
    });
    await commit(funder, imp.id);
    const book = db.select().from(leases).where(eq(leases.funderId, funder)).all();
    expect(book.map((l) => [l.contractNumber, l.price, l.firstDueDate]).sort()).toEqual([
      ['X-1', 250_050, '2025-03-31'],
      ['X-2', 100_000, '2025-01-01'],
    ]);
  });
});

describe('a commit that does not end', () => {
  test('a statement failing in the write worker after hundreds of leases leaves nothing written; the import can be committed again', async () => {
    const funder = (await createImportFunder(db, 'Worker failure')).id;
    const tape = await dryRun(funder, [HEADER, ...Array.from({ length: 300 }, (_, i) => line(i + 1))].join('\n'));
    expect({ new: tape.newCount, rejected: tape.rejectedCount }).toEqual({ new: 300, rejected: 0 });
    // A real SQLite error in the worker's transaction, at the last row.
    db.$client.exec(
      `create trigger refuse_last before insert on leases when new.contract_number = 'C-300' begin select raise(abort, 'refused by the test'); end`,
    );
    try {
      const failed = await commit(funder, tape.id);
      expect({ status: failed.status, errorCode: failed.errorCode, error: failed.error }).toEqual({
        status: 'validated',
        errorCode: 'commitFailed',
        error: 'refused by the test',
      });
      expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toHaveLength(0);
      // The schedule rows and history the commit wrote ahead of its leases are deleted.
      expect(writtenAhead()).toEqual({ schedule: 0, history: 0, staged: 0 });
    } finally {
      db.$client.exec('drop trigger refuse_last');
    }
    const again = await commit(funder, tape.id);
    expect(again.status).toBe('committed');
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toHaveLength(300);
  });

  test("this thread's connection gives up on the write lock soon before the worker takes it, and waits as before once the commit is over", async () => {
    // A write on this thread between the worker's BEGIN and its 'ready' message would otherwise block the event
    // loop, and with it the commit waiting for that message, for the whole busy timeout (5 s).
    const funder = (await createImportFunder(db, 'Busy timeout')).id;
    const tape = await dryRun(funder, [HEADER, line(1), line(2)].join('\n'));
    const before = db.$client.pragma('busy_timeout', { simple: true });
    const atBegin: unknown[] = [];
    const begin = WorkerSink.begin.bind(WorkerSink);
    const spy = vi.spyOn(WorkerSink, 'begin').mockImplementation((file, opts) => {
      atBegin.push(db.$client.pragma('busy_timeout', { simple: true }));
      return begin(file, opts);
    });
    try {
      expect((await commit(funder, tape.id)).status).toBe('committed');
    } finally {
      spy.mockRestore();
    }
    expect({ atBegin, after: db.$client.pragma('busy_timeout', { simple: true }) }).toEqual({ atBegin: [200], after: before });
    expect(before).toBe(5000);
  });

  test('an import a killed server left committing is validated again (nothing was written) and commits', async () => {
    const funder = (await createImportFunder(db, 'Killed')).id;
    const tape = await dryRun(funder, [HEADER, line(1), line(2)].join('\n'));
    // What commitImport stores before its job starts; the job (and its worker's transaction) died with the process.
    expect(await transitionImport(db, tape.id, ['validated'], { status: 'committing' })).toBe(true);
    // A commit in chunks killed after a few: the lease ids it reserved, and rows written ahead for two of them.
    const ghost = (db.$client.prepare('select max(id) from leases').pluck().get() as number) + 1000;
    db.$client.pragma('foreign_keys = OFF');
    try {
      for (const id of [ghost, ghost + 1]) {
        db.$client
          .prepare(
            `insert into schedule_rows (lease_id, period, due_date, instalment, interest, principal, vat, fee, gross, balance_after) values (?, 1, '2026-01-15', 100, 10, 90, 19, 0, 119, 910)`,
          )
          .run(id);
        db.$client.prepare(`insert into lease_history (lease_id, version, action, changes, at) values (?, 1, 'created', '{}', 0)`).run(id);
      }
    } finally {
      db.$client.pragma('foreign_keys = ON');
    }
    db.$client.prepare('update tape_imports set staged_lease_ids = ? where id = ?').run(JSON.stringify([ghost, ghost + 9]), tape.id);
    expect(writtenAhead()).toEqual({ schedule: 2, history: 2, staged: 1 });
    const read = await readImport(db, funder, tape.id);
    expect({ status: read.status, errorCode: read.errorCode }).toEqual({ status: 'validated', errorCode: 'interrupted' });
    expect(writtenAhead()).toEqual({ schedule: 0, history: 0, staged: 0 });
    expect(await commit(funder, tape.id)).toMatchObject({ status: 'committed', errorCode: null });
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toHaveLength(2);
  });
});

/** What a commit in chunks wrote ahead of leases that do not exist (all zero unless one is under way). */
function writtenAhead() {
  const n = (sql: string) => db.$client.prepare(sql).pluck().get() as number;
  return {
    schedule: n('select count(*) from schedule_rows s where not exists (select 1 from leases l where l.id = s.lease_id)'),
    history: n('select count(*) from lease_history h where not exists (select 1 from leases l where l.id = h.lease_id)'),
    staged: n('select count(*) from tape_imports where staged_lease_ids is not null'),
  };
}

describe('a bulk commit (more than 200 leases)', () => {
  /**
   * Runs `write` once, from the commit's first wait for its worker (its first rows checked and computed, its first
   * batches sent), without awaiting it there; resolves with what `write` resolved to and how many leases the tape's
   * funder had when it was written.
   */
  function writeDuringCommit<T>(funder: number, write: () => Promise<T>): Promise<{ result: T; leases: number }> {
    const drain = WorkerSink.prototype.drain;
    return new Promise((resolve, reject) => {
      const spy = vi.spyOn(WorkerSink.prototype, 'drain').mockImplementation(function (this: WorkerSink, max?: number) {
        spy.mockRestore();
        write()
          .then((result) => resolve({ result, leases: db.select().from(leases).where(eq(leases.funderId, funder)).all().length }))
          .catch(reject);
        return drain.call(this, max);
      });
    });
  }

  test("commits in the writer's turns: a write meanwhile goes through at once, and nothing of the import is seen before all of it is", async () => {
    const funder = (await createImportFunder(db, 'Chunks')).id;
    const other = (await createImportFunder(db, 'Chunks, another funder')).id;
    await commit(other, (await dryRun(other, [HEADER, line(1)].join('\n'))).id);
    const lease = db.select().from(leases).where(eq(leases.funderId, other)).get()!;
    const tape = await dryRun(funder, [HEADER, ...Array.from({ length: 1500 }, (_, i) => line(i + 1))].join('\n'));
    expect(tape.newCount).toBe(1500);
    const edit = writeDuringCommit(funder, () => updateLease(db, lease.id, lease.version, { rate: 0.05 }, null));
    await commitImport(db, funder, tape.id, false, null);
    const visible = new Set<number>();
    for (;;) {
      const imp = await readImport(db, funder, tape.id);
      visible.add(db.select().from(leases).where(eq(leases.funderId, funder)).all().length);
      if (imp.status === 'committed') break;
      await new Promise((r) => setImmediate(r));
    }
    // The edit was written while the import was being committed (before #35 it was refused with 503 after 200 ms).
    const edited = await edit;
    expect({ version: edited.result.version, leases: edited.leases }).toEqual({ version: 2, leases: 0 });
    // Every reader saw the book without the tape, or with all of it.
    expect([...visible].every((n) => n === 0 || n === 1500)).toBe(true);
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toHaveLength(1500);
    expect(writtenAhead()).toEqual({ schedule: 0, history: 0, staged: 0 });
  });

  test('a lease changed by someone else during the commit: nothing is published, nothing written ahead is left, the import is validated again', async () => {
    const funder = (await createImportFunder(db, 'Chunks racing an edit')).id;
    await commit(funder, (await dryRun(funder, [HEADER, line(1)].join('\n'), 'upsert', 'Chunk race')).id);
    const tape = await dryRun(
      funder,
      [HEADER, line(1, '7.0%'), ...Array.from({ length: 400 }, (_, i) => line(i + 2))].join('\n'),
      'upsert',
      'Chunk race',
    );
    expect({ updated: tape.updatedCount, new: tape.newCount }).toEqual({ updated: 1, new: 400 });
    const lease = db.select().from(leases).where(eq(leases.funderId, funder)).get()!;
    // After the commit read and checked the lease's row (its first chunk), before it publishes.
    const edit = writeDuringCommit(funder, () => updateLease(db, lease.id, lease.version, { rate: 0.08 }, null));
    await commitImport(db, funder, tape.id, false, null);
    const after = await waitForImport(db, funder, tape.id);
    // Written while the commit was under way: the funder had its one lease, none of the tape's.
    expect((await edit).leases).toBe(1);
    expect({ status: after.status, error: after.errorCode }).toEqual({ status: 'validated', error: 'versionMoved' });
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toHaveLength(1);
    expect((await getLease(db, lease.id))!).toMatchObject({ rate: 0.08, version: 2 });
    expect(writtenAhead()).toEqual({ schedule: 0, history: 0, staged: 0 });
  });

  test('says committed only once the caches are refreshed, with the WAL checkpointed after it', async () => {
    const funder = (await createImportFunder(db, 'Bulk')).id;
    const tape = await dryRun(funder, [HEADER, ...Array.from({ length: 250 }, (_, i) => line(i + 1))].join('\n'));
    expect({ new: tape.newCount, rejected: tape.rejectedCount }).toEqual({ new: 250, rejected: 0 });
    await commitImport(db, funder, tape.id, false, null);
    const seen = new Set<string>();
    for (;;) {
      const imp = await readImport(db, funder, tape.id);
      seen.add(imp.status);
      if (imp.status === 'committed') {
        // The moment it says committed the job (write, cache refresh, checkpoint) is over.
        expect(importJobRunning(tape.id)).toBe(false);
        break;
      }
      expect(imp.status).toBe('committing');
      await new Promise((r) => setImmediate(r));
    }
    expect([...seen]).toEqual(['committing', 'committed']);
    expect(db.select().from(leases).where(eq(leases.funderId, funder)).all()).toHaveLength(250);
    // The automatic checkpoint is back on, and nothing of the commit is left in the WAL.
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
