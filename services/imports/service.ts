import { transaction } from '@/db/transaction';
/**
 * Tape import jobs (domain.md §7): an upload is kept, parsed and validated in the background (the dry
 * run), re-validated when the mapping changes, and committed in one transaction (SQLite or PostgreSQL).
 * Work runs in chunks with a setImmediate between them so the server keeps answering other requests.
 *
 * Jobs live in this process: an import found `parsing` or `committing` with no live job (the server
 * died) is recovered on read — a commit's transaction was rolled back by the database, so it goes back to
 * `validated` and can be committed again.
 */
import { processState } from '@/lib/views';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '@/db/client';
import { withBackgroundCheckpoint } from '@/db/checkpoint';
import { onPostgres } from '@/db/dialect';
import { PgBatchSink, transactionSinkOf, withWriterBusyTimeout, workerFileOf, WorkerSink } from '@/db/write-worker';
import { writeTurn } from '@/db/transaction';
import { getFunder } from '@/db/queries/funders';
import {
  clearValidation,
  discardStagedLeases,
  RECORD_STAGED_LEASES,
  commitChunks,
  createImport,
  BULK_IMPORT,
  deleteImportRows,
  ensureImportSource,
  findImport,
  ImportRowWriter,
  importById,
  importSourceById,
  insertExceptions,
  insertImportRows,
  LesseeIndex,
  loadLeaseIndex,
  readImportRows,
  saveImportSourceMapping,
  settleBulkWrite,
  transitionImport,
  updateImport,
  writeValidation,
} from '@/db/queries/imports';
import { defaultVatRate } from '@/db/queries/lessees';
import type { TapeImport } from '@/db/schema/imports';
import { Conflict, NotFound } from '@/lib/domain/errors';
import { dataDir, databasePath } from '@/lib/env';
import { JOURNAL_WRITES, NEW_LEASE_WRITES } from '@/db/queries/lease-bulk';
import { databaseErrorCode, STALE_WRITE } from '@/db/errors';
import { detectDateFormat, type DateDetection, type DateFormat } from '@/lib/import/dates';
import { detectDecimalSeparator, type DecimalDetection, type DecimalSeparator } from '@/lib/import/decimal';
import {
  FIELD_KINDS,
  IMPORT_FIELDS,
  missingRequired,
  suggestMapping,
  type ColumnMapping,
  type FixedValues,
  type ImportField,
} from '@/lib/import/fields';
import { detectRateReading, type RateReading } from '@/lib/import/decimal';
import { validateRows, type ImportMode, type ValidatedRow } from '@/lib/import/rows';
import type { ImportRecord } from '@/lib/validations/imports';
import { componentOrderOf } from '@/db/queries/payments';
import { todayIso } from '@/lib/clock';
import { uniqueHeaders } from '@/lib/import/text';
import { openTapeFile } from './read-file';
import { actionCounts, computeRollForward, previousImportOf, undecidedBreaks } from './roll-forward';
import { mostCommon, type CurrentLine } from '@/lib/import/roll-forward';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { rebuildValuationInBackground } from '@/services/portfolio/valuation';
import { rebuildServicingInBackground } from '@/services/servicing/book';
import { creditEntryInBackground } from '@/services/credit/book';
import { queueDefaultSnapshots } from '@/services/history/background';

type Job = { kind: 'parse' | 'commit'; progress: number };
const jobs = processState(
  'importJobs',
  "the running imports' progress, by import id",
  'one per running import',
  () => new Map<number, Job>(),
);

/** Rows validated at a time: each chunk one write, then the event loop's turn (other requests are answered). */
const VALIDATION_CHUNK = 250;
/** Longest stretch a background job holds the event loop before letting requests in. */
const SLICE_MS = 25;

/** Uploaded tapes are kept beside the database (on PostgreSQL, in the data folder) until their import is committed. */
function importsDir(): string {
  return onPostgres ? path.join(dataDir(), 'imports') : path.join(path.dirname(databasePath()), 'imports');
}

export interface StartImportInput {
  funderId: number;
  source: string;
  mode: ImportMode;
  fileName: string;
  bytes: Uint8Array;
  userId: number | null;
  mapping?: ColumnMapping;
  sheet?: string;
  /** The application's today (the tape's date when neither a column nor a fixed value gives one). */
  today?: string;
}

/** Keeps the file, records the import (`parsing`) and starts the dry run in the background. */
export async function startImport(db: Db, input: StartImportInput, now = Date.now()): Promise<TapeImport> {
  if (!(await getFunder(db, input.funderId))) throw new NotFound(`Funder ${input.funderId} does not exist.`);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  await mkdir(importsDir(), { recursive: true });
  const filePath = path.join(importsDir(), `${randomUUID()}.upload`);
  await writeFile(filePath, input.bytes);
  const imp = await transaction(db, async (tx) => {
    const source = await ensureImportSource(tx, input.funderId, input.source, now);
    return await createImport(tx, {
      funderId: input.funderId,
      sourceId: source.id,
      fileName: input.fileName,
      sha256,
      size: input.bytes.byteLength,
      filePath,
      format: input.bytes[0] === 0x50 && input.bytes[1] === 0x4b ? 'xlsx' : 'csv',
      sheet: input.sheet ?? null,
      mode: input.mode,
      status: 'parsing',
      progress: 0,
      mapping: JSON.stringify(input.mapping ?? {}),
      // The source's fixed values (saved with its mapping) apply to its next tape.
      fixed: source.fixed,
      uploadDay: input.today ?? todayIso(),
      createdBy: input.userId,
      createdAt: now,
    });
  });
  runJob(db, imp.id, 'parse', () => parseAndValidate(db, imp.id, { mapping: input.mapping, sheet: input.sheet }));
  return imp;
}

/**
 * Awaits the job of an import (tests and the benchmark): its status settled and the job itself ended — a commit
 * is marked committed before it refreshes the caches, and a caller that closes the database must not cut that off.
 */
export async function waitForImport(db: Db, funderId: number, id: number, timeoutMs = 600_000): Promise<TapeImport> {
  const start = Date.now();
  for (;;) {
    const imp = await readImport(db, funderId, id);
    if (imp.status !== 'parsing' && imp.status !== 'committing' && !jobs.has(id)) return imp;
    if (Date.now() - start > timeoutMs) throw new Error(`Import ${id} did not finish in ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether a background job (dry run, or commit with its cache refresh) of the import is still running in this process. */
export function importJobRunning(id: number): boolean {
  return jobs.has(id);
}

function runJob(db: Db, id: number, kind: Job['kind'], fn: () => Promise<void>): void {
  jobs.set(id, { kind, progress: 0 });
  // Started on the next turn: the request that created the job answers first.
  setImmediate(() => {
    fn()
      .catch(async (e: unknown) => {
        console.error(`[imports] ${kind} of import ${id} failed`, e);
        if (kind === 'parse')
          await updateImport(db, id, { status: 'failed', errorCode: 'unreadable', error: e instanceof Error ? e.message : String(e) });
        else
          await transitionImport(db, id, ['committing'], {
            status: 'validated',
            errorCode: 'commitFailed',
            error: e instanceof Error ? e.message : String(e),
          });
      })
      .finally(() => jobs.delete(id));
  });
}

function setProgress(id: number, progress: number): void {
  const job = jobs.get(id);
  if (job) job.progress = Math.max(0, Math.min(1, progress));
}

/** The import as stored, recovered from a dead job, with the live progress. */
export async function readImport(db: Db, funderId: number, id: number): Promise<TapeImport & { sourceName: string }> {
  const imp = await findImport(db, funderId, id);
  if (!imp) throw new NotFound(`Import ${id} does not exist for funder ${funderId}.`);
  const job = jobs.get(id);
  if (!job && imp.status === 'committing') {
    // A commit in chunks stopped before it published: what it wrote ahead goes first.
    await discardStagedLeases(db, id);
    await transitionImport(db, id, ['committing'], {
      status: 'validated',
      errorCode: 'interrupted',
      error: 'The commit was interrupted; nothing was written. Commit again.',
    });
    return (await findImport(db, funderId, id))!;
  }
  if (!job && imp.status === 'parsing') {
    await transitionImport(db, id, ['parsing'], {
      status: 'failed',
      errorCode: 'interrupted',
      error: 'Reading the file was interrupted; upload it again.',
    });
    return (await findImport(db, funderId, id))!;
  }
  // Written, but the caches are still being brought up to date: the import answers "committing" until the
  // portfolio and servicing screens show it, so "committed" means the book a user opens next has the tape in it.
  if (job?.kind === 'commit' && imp.status === 'committed') return { ...imp, status: 'committing', progress: REFRESHING_PROGRESS };
  return job ? { ...imp, progress: job.progress } : imp;
}

/** The progress shown while a committed import's caches are refreshed. */
const REFRESHING_PROGRESS = 0.99;

type ParseOptions = { mapping?: ColumnMapping; sheet?: string | null };

async function parseAndValidate(db: Db, id: number, opts: ParseOptions): Promise<void> {
  const imp = (await importById(db, id))!;
  if (!imp.filePath || !existsSync(imp.filePath)) throw new Error('The uploaded file is no longer kept.');
  const file = await openTapeFile(imp.filePath, opts.sheet ?? imp.sheet);
  const base = {
    format: file.format,
    sheets: JSON.stringify(file.sheets),
    sheet: file.sheet,
    encoding: file.encoding,
    delimiter: file.delimiter,
  };
  if (!file.header) {
    await updateImport(db, id, { ...base, status: 'failed', errorCode: 'empty', error: 'The file is empty.' });
    return;
  }
  const { headers, duplicates } = uniqueHeaders(file.header);
  await transaction(db, async (tx) => await deleteImportRows(tx, id));
  let rowCount = 0;
  const sample: string[] = [];
  // Each column's first values: how its rates are written (decimals or percent).
  const columns: string[][] = headers.map(() => []);
  // Progress of reading: rows against an estimate from the file's size and the first batch.
  let bytesPerRow = 0;
  for await (const batch of file.batches) {
    const rows = batch.map((cells, k) => ({ row: rowCount + k + 1, cells: headers.map((_, c) => cells[c] ?? '') }));
    await transaction(db, async (tx) => await insertImportRows(tx, id, rows));
    if (sample.length < 20_000) for (const r of rows.slice(0, 200)) sample.push(...r.cells);
    if (rowCount < COLUMN_SAMPLE) for (const r of rows.slice(0, COLUMN_SAMPLE - rowCount)) r.cells.forEach((c, k) => columns[k]!.push(c));
    rowCount += rows.length;
    if (!bytesPerRow) bytesPerRow = Math.max(1, JSON.stringify(batch).length / batch.length);
    setProgress(id, 0.4 * Math.min(1, (rowCount * bytesPerRow) / Math.max(1, imp.size)));
    await yieldToLoop();
  }
  if (rowCount === 0) {
    await updateImport(db, id, {
      ...base,
      headers: JSON.stringify(headers),
      status: 'failed',
      errorCode: 'headerOnly',
      error: 'The file has a header row but no data rows.',
    });
    return;
  }
  const source = await importSourceById(db, imp.sourceId);
  const saved = source ? (JSON.parse(source.mapping) as ColumnMapping) : {};
  const mapping =
    opts.mapping && Object.keys(opts.mapping).length ? completeMapping(headers, opts.mapping) : suggestMapping(headers, saved).mapping;
  const detectedDecimal: DecimalDetection = file.format === 'xlsx' ? detectDecimalSeparator(sample, '.') : detectDecimalSeparator(sample);
  const detectedDateFormat: DateDetection = detectDateFormat(sample);
  const separator = detectedDecimal === 'ambiguous' ? '.' : detectedDecimal;
  const rateReadings = Object.fromEntries(headers.map((h, k) => [h, detectRateReading(columns[k]!, separator)]));
  await updateImport(db, id, {
    ...base,
    headers: JSON.stringify(headers),
    duplicateHeaders: JSON.stringify(duplicates),
    mapping: JSON.stringify(mapping),
    rateReadings: JSON.stringify(rateReadings),
    rowCount,
    detectedDecimal,
    decimal: detectedDecimal === 'ambiguous' ? null : detectedDecimal,
    detectedDateFormat,
    dateFormat: detectedDateFormat === 'ambiguous' ? null : detectedDateFormat,
  });
  await validateImport(db, id, 0.4);
}

/**
 * What the source suggests next time (domain.md §7): this file's mapping over the one saved, so a correction made for a
 * column this month's file lacks is kept for the month it comes back.
 */
async function rememberMapping(db: Db, sourceId: number, mapping: ColumnMapping, fixed?: FixedValues): Promise<void> {
  const source = await importSourceById(db, sourceId);
  const saved = source ? (JSON.parse(source.mapping) as ColumnMapping) : {};
  await saveImportSourceMapping(db, sourceId, { ...saved, ...mapping }, Date.now(), fixed);
}

/** Fixed values without the blank ones (a blank value is no value). */
function cleanFixed(fixed: FixedValues): FixedValues {
  return Object.fromEntries(Object.entries(fixed).filter(([, v]) => v !== undefined && v.trim() !== '')) as FixedValues;
}

/** Rows of each column whose values tell how its rates are written. */
const COLUMN_SAMPLE = 2000;

/** Every header of the file in the mapping (unknown headers dropped, missing ones unmapped). */
function completeMapping(headers: readonly string[], mapping: ColumnMapping): ColumnMapping {
  const out: ColumnMapping = {};
  for (const h of headers) {
    const f = mapping[h];
    out[h] = f && (IMPORT_FIELDS as readonly string[]).includes(f) ? f : null;
  }
  return out;
}

/** The dry run over the stored rows with the import's mapping, decimal separator and date format. */
async function validateImport(
  db: Db,
  id: number,
  progressFrom: number,
  /** What the import says once validated (default: no error); written with its status, so no reader sees one without the other. */
  settled: { errorCode: string; error: string } | null = null,
): Promise<void> {
  const imp = (await importById(db, id))!;
  const headers = JSON.parse(imp.headers) as string[];
  const mapping = JSON.parse(imp.mapping) as ColumnMapping;
  const fixed = JSON.parse(imp.fixed) as FixedValues;
  await transaction(db, async (tx) => await clearValidation(tx, id));
  const counts = { newCount: 0, updatedCount: 0, unchangedCount: 0, rejectedCount: 0, warningCount: 0 };
  const missing = missingRequired(mapping, fixed);
  const ask = !imp.decimal ? 'ambiguousDecimal' : !imp.dateFormat ? 'ambiguousDate' : null;
  if (missing.length || ask) {
    // A file-level problem: no row can be read until the user answers; every row counts as rejected.
    await transaction(
      db,
      async (tx) =>
        await insertExceptions(
          tx,
          id,
          missing.map((f: ImportField) => ({
            row: 0,
            column: '',
            field: f,
            value: '',
            rule: 'required',
            severity: 'error' as const,
            params: { missingColumn: f },
          })),
        ),
    );
    await updateImport(db, id, {
      status: 'validated',
      progress: 1,
      ...counts,
      rejectedCount: imp.rowCount,
      instalmentCheck: null,
      errorCode: missing.length ? 'missingColumn' : ask,
      error: missing.length
        ? `Required columns are not mapped: ${missing.join(', ')}.`
        : ask === 'ambiguousDecimal'
          ? 'Choose the decimal separator.'
          : 'Choose the date format.',
      validatedAt: Date.now(),
    });
    return;
  }
  const funder = (await getFunder(db, imp.funderId))!;
  const leaseIndex = await loadLeaseIndex(db, imp.funderId);
  const lesseeIndex = await LesseeIndex.of(db, imp.funderId);
  const ctx = {
    mode: imp.mode,
    decimal: imp.decimal as DecimalSeparator,
    dateFormat: imp.dateFormat as DateFormat,
    serialDates: imp.format === 'xlsx',
    findLease: (c: string) => leaseIndex.get(c),
    findLessee: (l: Parameters<LesseeIndex['find']>[0]) => lesseeIndex.find(l),
    defaultVatRate: (country: string) => defaultVatRate({ country }, funder),
    rateConvention: funder.rateConvention,
    fixed,
    rateReadings: fieldRateReadings(imp),
    tapeDate: imp.uploadDay ?? todayIso(),
    instalmentTolerance: funder.importInstalmentTolerance,
    componentOrder: componentOrderOf(funder),
  };
  const seen = new Map<string, number>();
  const diffs: number[] = [];
  // The roll-forward against the source's previous tape (domain.md §7): this tape's balances, when there is one.
  const previousId = await previousImportOf(db, imp.sourceId, id);
  const lines: CurrentLine[] = [];
  const tapeDates: string[] = [];
  let after = 0;
  let done = 0;
  for (;;) {
    const chunk = await readImportRows(db, id, after, VALIDATION_CHUNK);
    if (!chunk.length) break;
    const validated: ValidatedRow[] = validateRows(
      headers,
      chunk.map((r) => r.cells),
      chunk[0]!.row,
      mapping,
      ctx,
      seen,
    );
    await transaction(db, async (tx) => await writeValidation(tx, id, validated));
    for (const v of validated) {
      if (v.instalmentDiff !== undefined) diffs.push(v.instalmentDiff);
      if (v.tapeDate) tapeDates.push(v.tapeDate);
      if (previousId !== null && v.action !== 'rejected' && v.tapeBalance !== undefined && v.tapeDate && v.currency)
        lines.push({
          contractNumber: v.contractNumber,
          row: v.row,
          leaseId: v.leaseId ?? null,
          balance: v.tapeBalance,
          date: v.tapeDate,
          currency: v.currency,
        });
      counts[`${v.action}Count` as const]++;
      if (v.exceptions.some((e) => e.severity === 'warning')) counts.warningCount++;
    }
    after = chunk[chunk.length - 1]!.row;
    done += chunk.length;
    setProgress(id, progressFrom + (1 - progressFrom) * (done / Math.max(1, imp.rowCount)));
    await yieldToLoop();
  }
  const instalmentCheck = summariseInstalments(diffs, funder.importInstalmentTolerance);
  // A break rejected earlier (and still the same break) keeps its row rejected.
  const summary = await transaction(db, async (tx) => await computeRollForward(tx, imp, previousId, lines));
  if (summary) Object.assign(counts, await actionCounts(db, id));
  await updateImport(db, id, {
    status: 'validated',
    progress: 1,
    ...counts,
    instalmentCheck: instalmentCheck ? JSON.stringify(instalmentCheck) : null,
    tapeDate: mostCommon(tapeDates),
    errorCode: settled?.errorCode ?? null,
    error: settled?.error ?? null,
    validatedAt: Date.now(),
  });
}

/** The tape's instalment against the annuity over the rows that give one (lib/validations/imports.ts importRecord). */
export type InstalmentCheck = NonNullable<ImportRecord['instalmentCheck']>;

/** The summary of (tape − annuity) ÷ annuity per row: one line on the dry run instead of one warning per row. */
export function summariseInstalments(diffs: readonly number[], tolerance: number): InstalmentCheck | null {
  if (diffs.length === 0) return null;
  const sorted = Float64Array.from(diffs).sort();
  const n = sorted.length;
  const median = n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  let beyond = 0;
  for (const d of sorted) if (Math.abs(d) > tolerance) beyond++;
  return { rows: n, beyond, tolerance, minDiff: sorted[0]!, medianDiff: median, maxDiff: sorted[n - 1]! };
}

/** How each rate field is read: its column's reading (from the column's values), or its fixed value's. */
export function fieldRateReadings(
  imp: Pick<TapeImport, 'mapping' | 'fixed' | 'rateReadings' | 'decimal'>,
): Partial<Record<ImportField, RateReading>> {
  const mapping = JSON.parse(imp.mapping) as ColumnMapping;
  const byColumn = JSON.parse(imp.rateReadings) as Record<string, RateReading>;
  const fixed = JSON.parse(imp.fixed) as FixedValues;
  const out: Partial<Record<ImportField, RateReading>> = {};
  for (const [header, f] of Object.entries(mapping)) if (f && FIELD_KINDS[f] === 'rate' && !out[f]) out[f] = byColumn[header] ?? 'decimal';
  for (const [f, v] of Object.entries(fixed) as [ImportField, string][])
    if (FIELD_KINDS[f] === 'rate' && !out[f] && v) out[f] = detectRateReading([v], (imp.decimal as DecimalSeparator | null) ?? '.');
  return out;
}

export interface MappingChange {
  mapping?: ColumnMapping;
  fixed?: FixedValues;
  decimal?: DecimalSeparator;
  dateFormat?: DateFormat;
  sheet?: string;
  mode?: ImportMode;
}

/** Changes the mapping (or the decimal separator, date format, sheet, mode) and validates again in the background. */
export async function changeImportMapping(db: Db, funderId: number, id: number, change: MappingChange): Promise<TapeImport> {
  const imp = await readImport(db, funderId, id);
  const headers = JSON.parse(imp.headers) as string[];
  if (change.sheet && change.sheet !== imp.sheet && imp.format === 'xlsx') {
    if (
      !(await transitionImport(db, id, ['validated', 'failed'], {
        status: 'parsing',
        progress: 0,
        sheet: change.sheet,
        ...(change.mode ? { mode: change.mode } : {}),
      }))
    ) {
      throw new Conflict(`Import ${id} is ${imp.status}: its mapping cannot change now.`);
    }
    runJob(db, id, 'parse', () => parseAndValidate(db, id, { sheet: change.sheet }));
    return await readImport(db, funderId, id);
  }
  const mapping = change.mapping ? completeMapping(headers, change.mapping) : (JSON.parse(imp.mapping) as ColumnMapping);
  const fixed = change.fixed ? cleanFixed(change.fixed) : undefined;
  const ok = await transitionImport(db, id, ['validated'], {
    status: 'parsing',
    progress: 0,
    mapping: JSON.stringify(mapping),
    ...(fixed ? { fixed: JSON.stringify(fixed) } : {}),
    ...(change.decimal ? { decimal: change.decimal } : {}),
    ...(change.dateFormat ? { dateFormat: change.dateFormat } : {}),
    ...(change.mode ? { mode: change.mode } : {}),
  });
  if (!ok) throw new Conflict(`Import ${id} is ${imp.status}: its mapping can change only after validation and before commit.`);
  await rememberMapping(db, imp.sourceId, mapping, fixed);
  runJob(db, id, 'parse', () => validateImport(db, id, 0));
  return await readImport(db, funderId, id);
}

/**
 * Commits a validated import all-or-nothing (refused with rejected rows), or the valid rows when `skipRejected`. Runs
 * in the background on a connection of its own, so the chunks can yield to the event loop while other requests read
 * the last committed state: in ONE transaction, except a bulk commit into a SQLite file, which writes in the writer's
 * turns and publishes in one transaction (writeInChunks).
 */
export async function commitImport(
  db: Db,
  funderId: number,
  id: number,
  skipRejected: boolean,
  userId: number | null,
): Promise<TapeImport> {
  const imp = await readImport(db, funderId, id);
  if (imp.status === 'committed') throw new Conflict(`Import ${id} is already committed.`);
  if (imp.status !== 'validated') throw new Conflict(`Import ${id} is ${imp.status}: only a validated import can be committed.`);
  if (imp.errorCode && imp.errorCode !== 'interrupted' && imp.errorCode !== 'commitFailed' && imp.errorCode !== 'versionMoved') {
    throw new Conflict(`Import ${id} cannot be committed: ${imp.error}`);
  }
  const undecided = await undecidedBreaks(db, id);
  if (undecided > 0) {
    throw new Conflict(
      `Import ${id} has ${undecided} undecided breaks in its roll-forward: accept each with a note, or reject it, before the commit.`,
    );
  }
  if (imp.rejectedCount > 0 && !skipRejected) {
    throw new Conflict(
      `Import ${id} has ${imp.rejectedCount} rejected rows: fix them, or commit with skipRejected to import the valid rows only.`,
    );
  }
  if (!(await transitionImport(db, id, ['validated'], { status: 'committing', skipRejected, errorCode: null, error: null }))) {
    throw new Conflict(`Import ${id} changed meanwhile; reload it.`);
  }
  const mapping = JSON.parse(imp.mapping) as ColumnMapping;
  await rememberMapping(db, imp.sourceId, mapping, JSON.parse(imp.fixed) as FixedValues);
  // A bulk commit into a SQLite file checkpoints its WAL in the background afterwards (db/checkpoint.ts).
  const bulk = imp.newCount + imp.updatedCount > BULK_IMPORT && workerFileOf(db) !== null;
  runJob(db, id, 'commit', () => (bulk ? withBackgroundCheckpoint(db, () => runCommit(db, imp, userId)) : runCommit(db, imp, userId)));
  return await readImport(db, funderId, id);
}

async function runCommit(db: Db, imp: TapeImport, userId: number | null): Promise<void> {
  const file = workerFileOf(db);
  const total = imp.newCount + imp.updatedCount;
  const bulk = total > BULK_IMPORT;
  // The caches: a few leases are applied lease by lease (as after a form edit); a bulk commit rebuilds the
  // funder's books between event-loop turns while requests are served from the previous version. The rebuilds are
  // marked pending before the COMMIT can be seen (they start reading once it is done): a request let in between
  // would find the books stale with no rebuild in flight and build them anew on the event loop (seconds for a
  // large book).
  let refreshed = null as Promise<unknown> | null;
  let refreshStart = 0;
  const startRebuilds = (committed?: Promise<void>) => {
    refreshStart = performance.now();
    refreshed = Promise.all([
      rebuildValuationInBackground(db, imp.funderId, committed),
      // The credit book (the register's status, Delinquency, the facilities) derives from the servicing stores: built beside them.
      rebuildServicingInBackground(
        db,
        imp.funderId,
        async (stores) => creditEntryInBackground(db, (await getFunder(db, imp.funderId))!, stores),
        committed,
      ),
    ]);
    // A failed COMMIT fails them too (the previous versions stay): reported once, by the commit.
    refreshed.catch(() => undefined);
  };
  try {
    if (file !== null && bulk) await writeInChunks(db, file, imp, userId, total, startRebuilds);
    else if (file !== null) await writeOnWorker(db, file, imp, userId, total);
    else await writeInTransaction(db, imp, userId, total, bulk ? startRebuilds : null);
  } catch (e) {
    if (e instanceof Conflict) {
      // An edit moved a lease's version since validation: validate again so the row shows the current lease.
      await transitionImport(db, imp.id, ['committing'], { status: 'parsing', progress: 0 });
      // The reason is written with the status: a reader never sees it validated without it.
      await validateImport(db, imp.id, 0, { errorCode: 'versionMoved', error: e.message });
      return;
    }
    throw e;
  }
  if (!bulk) await afterBookWrite(db, imp.funderId);
  if (imp.filePath) await rm(imp.filePath, { force: true });
  if (refreshed) {
    await refreshed;
    console.info(
      `[imports] import ${imp.id}: caches rebuilt ${((performance.now() - refreshStart) / 1000).toFixed(1)} s after the COMMIT was asked for`,
    );
    // A bulk import (e.g. a book brought in): the reports' missing month-end snapshots, month by month in the background.
    await queueDefaultSnapshots(db, imp.funderId);
  }
}

/**
 * The commit's SQL on a worker thread with a connection of its own (db/write-worker.ts), in ONE transaction: this
 * thread reads the rows, checks them against the book and computes the schedules in time slices, handing the writes
 * over batch by batch; the worker writes them, builds the deferred due-date index and COMMITs — seconds of SQLite
 * work that no longer hold the event loop. Requests meanwhile read the last committed state (WAL).
 */
async function writeOnWorker(db: Db, file: string, imp: TapeImport, userId: number | null, total: number): Promise<void> {
  // The worker holds the write lock for the whole commit: a request's write on this thread's connection meanwhile
  // would wait out the busy timeout with the event loop blocked. It gives up soon instead (503, try again). Set
  // before the worker's BEGIN: a write on this thread (a background snapshot's chunk) between that BEGIN and the
  // worker's 'ready' message blocked the event loop for the whole 5 s busy timeout, and with it the commit, which
  // waits for that message on this thread.
  // Writes go through the database's writer connection (db/transaction.ts).
  await withWriterBusyTimeout(db, BUSY_DURING_COMMIT_MS, async () => {
    let sink: WorkerSink | null = null;
    try {
      sink = await WorkerSink.begin(file);
      // Reads on this thread's connection see what the transaction started from: the worker holds the write lock.
      const writer = await ImportRowWriter.open(db, imp.id, imp.funderId, userId, Date.now(), total, sink);
      const start = performance.now();
      await applyOnWorker(db, imp, total, writer, sink, WRITES_IN_FLIGHT);
      writer.finish(userId, Date.now());
      const end = performance.now();
      // Everything written: only the COMMIT is left.
      await sink.drain(0);
      await sink.commit();
      console.info(
        `[imports] import ${imp.id}: ${total} leases written on a worker in ${((performance.now() - start) / 1000).toFixed(1)} s (after the last row: ${(performance.now() - end).toFixed(0)} ms, the COMMIT ${sink.commitMs?.toFixed(0) ?? '?'} ms of it)`,
      );
    } finally {
      // After a failure (or a Conflict found here): nothing written. A no-op after the COMMIT.
      await sink?.rollback();
    }
  });
}

/**
 * A bulk commit into a SQLite file that lets the server's other writes through (#35), all-or-nothing kept by
 * publishing at the end (db/write-worker.ts WorkerSink `staged`): a worker writes the rows in the turns of the server's
 * writer (db/transaction.ts writeTurn), handing the turn over whenever a transaction waits for it, while this thread
 * reads, checks and computes the next rows. What a reader could reach (the lessees and leases, the updated leases'
 * schedules and history, the audit rows, the journal, the import's status) is kept aside by the worker and written in
 * ONE transaction at the end; only the created leases' own rows (schedule, first history row, opening position) are
 * written in the turns, under lease ids reserved for the commit beforehand, which no reader reaches until the leases are
 * published. A transaction meanwhile waits in the writer's queue (the event loop free) for the batches already sent and
 * a COMMIT; during the publication, for the publication.
 * A lease changed or created by someone else meanwhile (its version moved, its contract number taken) fails the
 * publication: nothing is published, the rows written ahead are deleted (discardStagedLeases), and the import is
 * validated again. So are they when the server stops in the middle (readImport).
 */
async function writeInChunks(
  db: Db,
  file: string,
  imp: TapeImport,
  userId: number | null,
  total: number,
  beforeVisible: (committed: Promise<void>) => void,
): Promise<void> {
  const start = performance.now();
  const needs = await ImportRowWriter.needsOf(db, imp.id, imp.funderId);
  const counted = performance.now();
  const time: CommitTimes = { reads: 0, rows: 0, waits: 0 };
  const sink = await WorkerSink.begin(file, {
    // The WAL is checkpointed in the background afterwards (db/checkpoint.ts).
    autocheckpoint: 0,
    // It writes only in the writer's turns: a wait for SQLite's lock is another process's write (a backup, a tool).
    busyTimeoutMs: 60_000,
    batchOps: CHUNK_OPS,
    staged: { direct: new Set([...NEW_LEASE_WRITES, RECORD_STAGED_LEASES.name]), turn: () => writeTurn(db) },
  });
  try {
    const ranges = await sink.reserve([
      ['leases', needs.inserts],
      ['lessees', needs.lessees],
    ]);
    // Recorded with the first rows written ahead, in the same transaction.
    sink.prepare(RECORD_STAGED_LEASES.name, RECORD_STAGED_LEASES.sql);
    sink.run(RECORD_STAGED_LEASES.name, RECORD_STAGED_LEASES.params(imp.id, ranges.leases!));
    const writer = await ImportRowWriter.open(db, imp.id, imp.funderId, userId, Date.now(), total, sink, {
      leases: ranges.leases!,
      lessees: ranges.lessees!,
    });
    await applyOnWorker(db, imp, total, writer, sink, TURN_WRITES_IN_FLIGHT, time);
    writer.finish(userId, Date.now());
    const t = performance.now();
    await sink.drain(0);
    time.waits += performance.now() - t;
    const written = performance.now();
    // The publication holds the writer's turn: this process's transactions meanwhile wait for it in their queue.
    const committed = sink.commit();
    beforeVisible(committed);
    await committed;
    const took = (by: Record<string, [number, number]> | null) =>
      Object.entries(by ?? {})
        .sort((a, b) => b[1][1] - a[1][1])
        .map(([name, [n, ms]]) => `${name.replace(/^.*:/, '')} ${n} in ${ms.toFixed(0)} ms`)
        .join(', ');
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `[imports] import ${imp.id}: ${total} leases written on a worker in ${s(written - start)} (counting ${s(counted - start)}, reads ${s(time.reads)}, rows checked and computed ${s(time.rows)}, waiting for the worker ${s(time.waits)}), in ${sink.turns + 1} turns of the writer (the longest ${sink.longestTurnMs.toFixed(0)} ms; the worker's writes: ${took(sink.writtenAhead)}); published in ONE transaction in ${(performance.now() - written).toFixed(0)} ms (${took(sink.published)})`,
    );
  } catch (e) {
    await sink.rollback();
    await discardStagedLeases(db, imp.id);
    const code = databaseErrorCode(e);
    if (code === STALE_WRITE || code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new Conflict(
        `A lease of the import was changed, deleted or created by someone else while the import was committed: validate the import again. (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    throw e;
  }
}

/** Where a commit's time went on this thread (ms): reading rows and leases, checking and computing, waiting for the worker. */
type CommitTimes = { reads: number; rows: number; waits: number };

/**
 * Reads the import's rows chunk by chunk, checks and computes them into `writer`, whose writes go to a worker's `sink`:
 * in time slices, between which the event loop turns and the worker may lag `inFlight` batches behind, no more (the
 * writes do not pile up in memory). Adds where the time went to `time`.
 */
async function applyOnWorker(
  db: Db,
  imp: TapeImport,
  total: number,
  writer: ImportRowWriter,
  sink: WorkerSink,
  inFlight: number,
  time: CommitTimes = { reads: 0, rows: 0, waits: 0 },
): Promise<void> {
  let done = 0;
  let slice = performance.now();
  let t = slice;
  for await (const rows of commitChunks(db, imp.id)) {
    await writer.readAhead(rows);
    time.reads += performance.now() - t;
    t = performance.now();
    for (const row of rows) {
      writer.apply(row);
      done++;
      if (performance.now() - slice > SLICE_MS) {
        setProgress(imp.id, done / Math.max(1, total));
        time.rows += performance.now() - t;
        t = performance.now();
        await sink.drain(inFlight);
        time.waits += performance.now() - t;
        await yieldToLoop();
        slice = t = performance.now();
      }
    }
    time.rows += performance.now() - t;
    t = performance.now();
  }
}

/** Operations a message to the worker of a commit in the writer's turns (about 200 leases: 100 ms of writing). */
const CHUNK_OPS = 1000;

/** A request's write waits this long for a worker commit's write lock before it answers 503. */
const BUSY_DURING_COMMIT_MS = 200;

/** Batches handed to the write worker and not yet written (each up to a slice's writes). */
const WRITES_IN_FLIGHT = 4;

/**
 * The same for a commit in the writer's turns: a transaction that waits for the turn gets it after the batches already
 * sent (about 100 ms each), so fewer of them (payments during a 100,000-lease commit: median 445 ms with four).
 */
const TURN_WRITES_IN_FLIGHT = 2;

/**
 * The commit in ONE transaction of the data layer (db/transaction.ts), where there is no file for a worker to open:
 *
 * - PostgreSQL: on a pooled client of its own. Each chunk of rows is checked and computed here, then written by COPY
 *   (PgBatchSink) while the next chunk is computed, the event loop turning between chunks of rows, so requests are
 *   served meanwhile and other writers are not stopped: the leases it updates are locked (read FOR
 *   UPDATE), and the funder's row only at the end (its lock and journal rows are written last, just before the COMMIT).
 *   A throw (a Conflict, a failed statement) rolls everything back.
 * - An in-memory SQLite database (tests): the same writes at once on its one connection, without yielding.
 */
async function writeInTransaction(
  db: Db,
  imp: TapeImport,
  userId: number | null,
  total: number,
  beforeVisible: ((committed: Promise<void>) => void) | null,
): Promise<void> {
  let visible!: { resolve: () => void; reject: (e: unknown) => void };
  const committed = new Promise<void>((resolve, reject) => (visible = { resolve, reject }));
  committed.catch(() => undefined);
  const start = performance.now();
  // Where the time went (ms): reading the rows and the leases they update, checking and computing the rows, waiting
  // for the server's writes, the last flush (the funder's lock taken in it), and the COMMIT.
  const took = { reads: 0, rows: 0, waits: 0, last: 0, commitFrom: 0, committed: 0 };
  try {
    await transaction(db, async (tx) => {
      const sink = transactionSinkOf(tx, JOURNAL_WRITES);
      const batched = sink instanceof PgBatchSink ? sink : null;
      const writer = await ImportRowWriter.open(tx, imp.id, imp.funderId, userId, Date.now(), total, sink);
      let done = 0;
      // PostgreSQL: a chunk's rows are written while the next chunk is checked and computed (the server and this
      // thread at work at once): the flush of chunk k starts once chunk k+1 is read and its leases locked.
      let writing: Promise<void> | null = null;
      try {
        let t = performance.now();
        for await (const rows of commitChunks(tx, imp.id)) {
          await writer.readAhead(rows);
          took.reads += performance.now() - t;
          if (batched) {
            writing = batched.flush();
            writing.catch(() => undefined);
          }
          t = performance.now();
          let slice = t;
          for (const row of rows) {
            writer.apply(row);
            done++;
            if (batched && performance.now() - slice > SLICE_MS) {
              await yieldToLoop();
              slice = performance.now();
            }
          }
          took.rows += performance.now() - t;
          t = performance.now();
          await writing;
          took.waits += performance.now() - t;
          setProgress(imp.id, done / Math.max(1, total));
          t = performance.now();
        }
      } finally {
        // A row that failed its checks: the chunk being written is waited for before the ROLLBACK.
        await writing?.catch(() => undefined);
      }
      writer.finish(userId, Date.now());
      const t = performance.now();
      await batched?.flush(true);
      took.last = performance.now() - t;
      // The COMMIT comes next: the rebuilds are marked pending before it can be seen.
      beforeVisible?.(committed);
      took.commitFrom = performance.now();
    });
    took.committed = performance.now();
    // A bulk commit on PostgreSQL: its rows' visibility set and the tables' statistics taken before the rebuilds read
    // them (the rebuilds wait for it; requests are served the previous versions meanwhile).
    if (beforeVisible)
      await settleBulkWrite(db).catch((e: unknown) =>
        console.warn(`[imports] import ${imp.id}: vacuum and analyze after the commit failed:`, e),
      );
    visible.resolve();
  } catch (e) {
    visible.reject(e);
    throw e;
  }
  if (onPostgres) {
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `[imports] import ${imp.id}: ${total} leases written on PostgreSQL in ${s(performance.now() - start)} (reads ${s(took.reads)}, rows checked and computed ${s(took.rows)}, waiting for the server's writes ${s(took.waits)}, the last flush ${took.last.toFixed(0)} ms, the COMMIT ${(took.committed - took.commitFrom).toFixed(0)} ms; then vacuum and analyze ${s(performance.now() - took.committed)})`,
    );
  }
}
