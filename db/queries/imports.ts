import { transaction, writeTurn } from '../transaction';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type { ExistingLease, ImportedLessee, RowException, ValidatedRow } from '@/lib/import/rows';
import type { DbOrTx, Tx } from '../client';
import { type TapeImport, type TapeImportSource } from '../schema/imports';
import { tapeImportExceptions, tapeImportRows, tapeImports, tapeImportSources, leases, lessees } from '../tables';
import { type Lease } from '../schema/portfolio';
import { transactionSinkOf, workerFileOf, WorkerSink, type WriteSink } from '../write-worker';
import { JOURNAL_WRITES, LeaseBulkWriter, type BulkNeeds, type IdRanges } from './lease-bulk';
import type { LeaseInput } from './leases';
import { columnOf, executeSql, pgClientOf, rowsChanged, rowsOf, valueOf } from '../dialect';

// ---------------------------------------------------------------------------------------------
// Sources

export async function listImportSources(db: DbOrTx, funderId: number): Promise<TapeImportSource[]> {
  return await db.select().from(tapeImportSources).where(eq(tapeImportSources.funderId, funderId)).orderBy(asc(tapeImportSources.name));
}

export async function getImportSource(db: DbOrTx, funderId: number, name: string): Promise<TapeImportSource | undefined> {
  return (
    await db
      .select()
      .from(tapeImportSources)
      .where(and(eq(tapeImportSources.funderId, funderId), eq(tapeImportSources.name, name)))
      .limit(1)
  )[0];
}

/** The source of this name, created when new. */
export async function ensureImportSource(db: Tx, funderId: number, name: string, now = Date.now()): Promise<TapeImportSource> {
  return (
    (await getImportSource(db, funderId, name)) ??
    (await db.insert(tapeImportSources).values({ funderId, name, mapping: '{}', createdAt: now, updatedAt: now }).returning())[0]!
  );
}

/** Saves the source's mapping (and, when given, its fixed values): what the source suggests next time. */
export async function saveImportSourceMapping(
  db: DbOrTx,
  sourceId: number,
  mapping: Record<string, string | null>,
  now = Date.now(),
  fixed?: Partial<Record<string, string>>,
): Promise<void> {
  return await transaction(db, async (tx) => {
    await tx
      .update(tapeImportSources)
      .set({ mapping: JSON.stringify(mapping), ...(fixed ? { fixed: JSON.stringify(fixed) } : {}), updatedAt: now })
      .where(eq(tapeImportSources.id, sourceId));
  });
}

// ---------------------------------------------------------------------------------------------
// Imports

export type NewTapeImport = typeof tapeImports.$inferInsert;

export async function createImport(db: Tx, values: NewTapeImport): Promise<TapeImport> {
  return (await db.insert(tapeImports).values(values).returning())[0]!;
}

/** The import with its source's name, on either engine. */
export async function findImport(db: DbOrTx, funderId: number, id: number): Promise<(TapeImport & { sourceName: string }) | undefined> {
  const r = (
    await db
      .select({ imp: tapeImports, sourceName: tapeImportSources.name })
      .from(tapeImports)
      .innerJoin(tapeImportSources, eq(tapeImports.sourceId, tapeImportSources.id))
      .where(and(eq(tapeImports.id, id), eq(tapeImports.funderId, funderId)))
      .limit(1)
  )[0];
  return r ? { ...r.imp, sourceName: r.sourceName } : undefined;
}

/** The import by its id alone (a background job's own import). */
export async function importById(db: DbOrTx, id: number): Promise<TapeImport | undefined> {
  return (await db.select().from(tapeImports).where(eq(tapeImports.id, id)).limit(1))[0];
}

/** The source by its id. */
export async function importSourceById(db: DbOrTx, id: number): Promise<TapeImportSource | undefined> {
  return (await db.select().from(tapeImportSources).where(eq(tapeImportSources.id, id)).limit(1))[0];
}

export async function updateImport(db: DbOrTx, id: number, patch: Partial<NewTapeImport>): Promise<void> {
  return await transaction(db, async (tx) => {
    await tx.update(tapeImports).set(patch).where(eq(tapeImports.id, id));
  });
}

/** Moves an import from one status to another only if it is still in `from` (a compare-and-set). */
export async function transitionImport(
  db: DbOrTx,
  id: number,
  from: TapeImport['status'][],
  patch: Partial<NewTapeImport>,
): Promise<boolean> {
  return await transaction(db, async (tx) => {
    return (
      rowsChanged(
        await tx
          .update(tapeImports)
          .set(patch)
          .where(and(eq(tapeImports.id, id), inArray(tapeImports.status, from))),
      ) === 1
    );
  });
}

export async function listImports(db: DbOrTx, funderId: number, page: number, perPage: number) {
  const rows = (
    await db
      .select({ imp: tapeImports, sourceName: tapeImportSources.name })
      .from(tapeImports)
      .innerJoin(tapeImportSources, eq(tapeImports.sourceId, tapeImportSources.id))
      .where(eq(tapeImports.funderId, funderId))
      .orderBy(desc(tapeImports.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
  ).map((r) => ({ ...r.imp, sourceName: r.sourceName }));
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(tapeImports)
        .where(eq(tapeImports.funderId, funderId))
        .limit(1)
    )[0]?.n ?? 0;
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// Rows and exceptions

export async function deleteImportRows(db: Tx, importId: number): Promise<void> {
  await db.delete(tapeImportExceptions).where(eq(tapeImportExceptions.importId, importId));
  await db.delete(tapeImportRows).where(eq(tapeImportRows.importId, importId));
}

/** Rows per multi-row insert of the raw cells (3 parameters each). */
const ROWS_BATCH = 200;

const ONE_ROW = '(?, ?, ?)';
const INSERT_ROWS_MANY = `insert into tape_import_rows (import_id, row, cells) values ${Array.from({ length: ROWS_BATCH }, () => ONE_ROW).join(', ')}`;
const INSERT_ROWS_ONE = `insert into tape_import_rows (import_id, row, cells) values ${ONE_ROW}`;

export async function insertImportRows(db: Tx, importId: number, rows: { row: number; cells: string[] }[]): Promise<void> {
  if (pgClientOf(db)) {
    // One statement for the chunk, its rows as two arrays.
    if (rows.length)
      await executeSql(
        db,
        'insert into tape_import_rows (import_id, row, cells) select ?::int8, v.row, v.cells from unnest(?::int8[], ?::text[]) as v(row, cells)',
        [importId, rows.map((r) => r.row), rows.map((r) => JSON.stringify(r.cells))],
      );
    return;
  }
  const params: unknown[] = [];
  let i = 0;
  for (; i + ROWS_BATCH <= rows.length; i += ROWS_BATCH) {
    params.length = 0;
    for (let k = i; k < i + ROWS_BATCH; k++) params.push(importId, rows[k]!.row, JSON.stringify(rows[k]!.cells));
    await executeSql(db, INSERT_ROWS_MANY, params);
  }
  for (; i < rows.length; i++) await executeSql(db, INSERT_ROWS_ONE, [importId, rows[i]!.row, JSON.stringify(rows[i]!.cells)]);
}

/** Raw cells of rows after `afterRow`, in order, at most `limit`. */
export async function readImportRows(
  db: DbOrTx,
  importId: number,
  afterRow: number,
  limit: number,
): Promise<{ row: number; cells: string[] }[]> {
  const rows = await rowsOf<{ row: number; cells: string }>(
    db,
    'select row, cells from tape_import_rows where import_id = ? and row > ? order by row limit ?',
    [importId, afterRow, limit],
  );
  return rows.map((r) => ({
    row: r.row,
    cells: JSON.parse(r.cells) as string[],
  }));
}

export async function clearValidation(db: Tx, importId: number): Promise<void> {
  await db.delete(tapeImportExceptions).where(eq(tapeImportExceptions.importId, importId));
  await db.update(tapeImportRows).set({ action: null, result: null }).where(eq(tapeImportRows.importId, importId));
}

/** Stores one chunk of validation results: the rows' decisions and their exceptions. */
export async function writeValidation(db: Tx, importId: number, rows: ValidatedRow[]): Promise<void> {
  const results = rows.map(({ exceptions: _e, ...result }) => JSON.stringify(result));
  if (pgClientOf(db)) {
    // One statement for the chunk: a statement a row was most of a dry run's time on PostgreSQL (a round trip each).
    await executeSql(
      db,
      `update tape_import_rows set action = v.action, contract_number = v.contract_number, result = v.result
         from unnest(?::text[], ?::text[], ?::text[], ?::int8[]) as v(action, contract_number, result, row)
        where tape_import_rows.import_id = ? and tape_import_rows.row = v.row`,
      [rows.map((r) => r.action), rows.map((r) => r.contractNumber), results, rows.map((r) => r.row), importId],
    );
  } else {
    for (const [i, r] of rows.entries()) {
      await executeSql(db, 'update tape_import_rows set action = ?, contract_number = ?, result = ? where import_id = ? and row = ?', [
        r.action,
        r.contractNumber,
        results[i],
        importId,
        r.row,
      ]);
    }
  }
  await insertExceptions(
    db,
    importId,
    rows.flatMap((r) => r.exceptions),
  );
}

export async function insertExceptions(db: Tx, importId: number, list: RowException[]): Promise<void> {
  const values = list.map((e) => ({
    importId,
    row: e.row,
    column: e.column,
    field: e.field,
    value: e.value,
    rule: e.rule,
    severity: e.severity,
    params: JSON.stringify(e.params ?? {}),
  }));
  for (let i = 0; i < values.length; i += 200) await db.insert(tapeImportExceptions).values(values.slice(i, i + 200));
}

export type ImportExceptionRow = Omit<typeof tapeImportExceptions.$inferSelect, 'params' | 'importId'> & { params: Record<string, string> };

export async function listImportExceptions(
  db: DbOrTx,
  importId: number,
  f: { rule?: string; severity?: 'error' | 'warning'; page: number; perPage: number },
): Promise<{ rows: ImportExceptionRow[]; total: number }> {
  const where = and(
    eq(tapeImportExceptions.importId, importId),
    f.rule ? eq(tapeImportExceptions.rule, f.rule) : undefined,
    f.severity ? eq(tapeImportExceptions.severity, f.severity) : undefined,
  );
  const rows = (
    await db
      .select()
      .from(tapeImportExceptions)
      .where(where)
      .orderBy(asc(tapeImportExceptions.row), asc(tapeImportExceptions.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
  ).map(({ importId: _i, params, ...e }) => ({ ...e, params: JSON.parse(params) as Record<string, string> }));
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(tapeImportExceptions)
        .where(where)
        .limit(1)
    )[0]?.n ?? 0;
  return { rows, total };
}

/** Every exception of an import in row order, a batch at a time (the CSV download). */
export async function* iterateImportExceptions(
  db: DbOrTx,
  importId: number,
  rule?: string,
  batch = 1000,
): AsyncGenerator<ImportExceptionRow[]> {
  for (let page = 1; ; page++) {
    const { rows } = await listImportExceptions(db, importId, { rule, page, perPage: batch });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
  }
}

/** Exceptions per rule (the filter of the exception table). */
export async function importExceptionRules(db: DbOrTx, importId: number): Promise<{ rule: string; severity: string; count: number }[]> {
  return await db
    .select({ rule: tapeImportExceptions.rule, severity: tapeImportExceptions.severity, count: sql<number>`count(*)` })
    .from(tapeImportExceptions)
    .where(eq(tapeImportExceptions.importId, importId))
    .groupBy(tapeImportExceptions.rule, tapeImportExceptions.severity)
    .orderBy(asc(tapeImportExceptions.rule));
}

/** The leases an import created or changed. */
export async function listImportLeases(db: DbOrTx, importId: number, limit = 200) {
  return await db
    .select({
      row: tapeImportRows.row,
      action: tapeImportRows.action,
      leaseId: leases.id,
      contractNumber: leases.contractNumber,
      version: leases.version,
    })
    .from(tapeImportRows)
    .innerJoin(leases, eq(tapeImportRows.leaseId, leases.id))
    .where(eq(tapeImportRows.importId, importId))
    .orderBy(asc(tapeImportRows.row))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Lookups for validation

/** The funder's leases by contract number, with the fields the comparison reads. */
export async function loadLeaseIndex(db: DbOrTx, funderId: number): Promise<Map<string, ExistingLease>> {
  const map = new Map<string, ExistingLease>();
  for (const l of await db.select().from(leases).where(eq(leases.funderId, funderId))) map.set(l.contractNumber, toExisting(l));
  return map;
}

function toExisting(l: Lease): ExistingLease {
  return {
    id: l.id,
    version: l.version,
    lesseeId: l.lesseeId,
    contractNumber: l.contractNumber,
    assetType: l.assetType,
    assetDescription: l.assetDescription,
    condition: l.condition,
    currency: l.currency,
    price: l.price,
    downPayment: l.downPayment,
    residual: l.residual,
    fee: l.fee,
    feeFinanced: l.feeFinanced,
    term: l.term,
    rate: l.rate,
    timing: l.timing,
    frequency: l.frequency,
    firstDueDate: l.firstDueDate,
    vatRate: l.vatRate,
    vatRegime: l.vatRegime,
    purchaseDate: l.purchaseDate,
    agreedPurchasePrice: l.agreedPurchasePrice,
    status: l.status,
  };
}

/** Lessee matching (domain.md §7): external id, then tax id, then exact name. */
export class LesseeIndex {
  private byExternal = new Map<string, number>();
  private byTax = new Map<string, number>();
  private byName = new Map<string, number>();

  /** The funder's lessees (in id order, so the first of a kind wins, as on either engine). */
  static async of(db: DbOrTx, funderId: number): Promise<LesseeIndex> {
    const index = new LesseeIndex();
    for (const l of await db
      .select({ id: lessees.id, idOdoo: lessees.idOdoo, taxId: lessees.taxId, name: lessees.name })
      .from(lessees)
      .where(eq(lessees.funderId, funderId))
      .orderBy(asc(lessees.id))) {
      index.add(l.id, { externalId: l.idOdoo ?? '', taxId: l.taxId, name: l.name });
    }
    return index;
  }

  add(id: number, l: Pick<ImportedLessee, 'externalId' | 'taxId' | 'name'>): void {
    if (l.externalId && !this.byExternal.has(l.externalId)) this.byExternal.set(l.externalId, id);
    if (l.taxId && !this.byTax.has(l.taxId)) this.byTax.set(l.taxId, id);
    if (l.name && !this.byName.has(l.name)) this.byName.set(l.name, id);
  }

  find(l: ImportedLessee): number | undefined {
    if (l.externalId)
      return (
        this.byExternal.get(l.externalId) ??
        (l.taxId ? this.byTax.get(l.taxId) : undefined) ??
        (l.name ? this.byName.get(l.name) : undefined)
      );
    if (l.taxId) return this.byTax.get(l.taxId) ?? (l.name ? this.byName.get(l.name) : undefined);
    return l.name ? this.byName.get(l.name) : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Commit

export type StoredRow = Omit<ValidatedRow, 'exceptions'>;

/** The rows an import commits, in row order, 1,000 at a time (each chunk read after the previous one is used). */
export async function* commitChunks(db: DbOrTx, importId: number): AsyncGenerator<StoredRow[]> {
  for (let after = 0; ;) {
    const rows = await readCommitRows(db, importId, after, 1000);
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1]!.row;
  }
}

/**
 * What applying `rows` reads and creates: the leases updated, the leases inserted, and the lessees created (a row's
 * lessee that neither `known` nor `created`, the ones created by the rows before, knows; added to `created`).
 */
function needsOfRows(rows: readonly StoredRow[], known: LesseeIndex, created: LesseeIndex): Required<BulkNeeds> {
  const updates: number[] = [];
  let inserts = 0;
  let lessees = 0;
  for (const r of rows) {
    if (r.action === 'updated' && r.leaseId !== undefined) updates.push(r.leaseId);
    else inserts++;
    if (r.lesseeId === undefined && known.find(r.lessee) === undefined && created.find(r.lessee) === undefined) {
      lessees++;
      created.add(0, r.lessee);
    }
  }
  return { updates, inserts, lessees };
}

/** The rows a commit applies, in row order, a chunk at a time. */
export async function readCommitRows(db: DbOrTx, importId: number, afterRow: number, limit: number): Promise<StoredRow[]> {
  return (
    await columnOf<string>(
      db,
      `select result from tape_import_rows where import_id = ? and row > ? and action in ('new', 'updated') order by row limit ?`,
      [importId, afterRow, limit],
    )
  ).map((r) => JSON.parse(r) as StoredRow);
}

/**
 * Above this many created or updated leases a commit is a bulk write: it journals the whole book once (LeaseBulkWriter
 * journalAsBook) and the caches are rebuilt in the background instead of patched (services/imports/service.ts).
 */
export const BULK_IMPORT = 200;

/**
 * After a bulk commit on PostgreSQL (nothing to do on SQLite): VACUUM (ANALYZE) of the tables the book's rebuild reads.
 * A row just written must be checked against the commit log by the first reader, which then writes its hint bits, and
 * the covering indexes answer from the index alone only for pages marked all-visible: the first rebuild of a
 * 100,000-lease book read four million schedule rows that way. The planner's statistics are also those of the book
 * before the import until ANALYZE. Autovacuum does the same a while later.
 */
export async function settleBulkWrite(db: DbOrTx): Promise<void> {
  if (!pgClientOf(db)) return;
  await executeSql(db, 'vacuum (analyze) leases, schedule_rows, opening_positions, lessees');
}

/**
 * Sets aside, for a commit in chunks (SQLite, services/imports/service.ts), the ids of the leases it will create: its
 * first written rows are these leases' schedule rows, history and opening positions, which no reader reaches before the
 * leases are published. Run as a direct write of the commit's first chunk (see discardStagedLeases).
 */
export const RECORD_STAGED_LEASES = {
  name: 'import-rows:staged',
  sql: 'update tape_imports set staged_lease_ids = ? where id = ?',
  params: (importId: number, leases: readonly [number, number]) => [JSON.stringify(leases), importId],
};

/**
 * After a commit in chunks that did not publish (it failed, or the server stopped in it): deletes the rows it wrote
 * for the leases it would have created, in one transaction on a worker (millions of schedule rows for a whole book),
 * so nothing of it is left. Nothing to do on PostgreSQL or in memory, or when the commit published.
 */
export async function discardStagedLeases(db: DbOrTx, importId: number): Promise<void> {
  const file = workerFileOf(db);
  if (file === null) return;
  const staged = await valueOf<string | null>(db, 'select staged_lease_ids from tape_imports where id = ?', [importId]);
  if (!staged) return;
  const [first, last] = JSON.parse(staged) as [number, number];
  // In the writer's turns, as the commit wrote them (db/write-worker.ts WorkerSink staged): requests' writes go between.
  const tables = ['schedule_rows', 'lease_history', 'opening_positions'];
  const sink = await WorkerSink.begin(file, {
    busyTimeoutMs: 60_000,
    staged: { direct: new Set([...tables.map((t) => `discard:${t}`), 'discard:done']), turn: () => writeTurn(db) },
  });
  try {
    for (const table of tables) {
      // Only rows of a lease that does not exist: the range was the commit's alone.
      sink.prepare(
        `discard:${table}`,
        `delete from ${table} where lease_id between ? and ? and not exists (select 1 from leases l where l.id = ${table}.lease_id)`,
      );
      sink.run(`discard:${table}`, [first, last]);
    }
    sink.prepare('discard:done', 'update tape_imports set staged_lease_ids = null where id = ?');
    sink.run('discard:done', [importId]);
    await sink.commit();
    console.info(`[imports] import ${importId}: the rows written for leases ${first}–${last} by a commit that did not end were deleted`);
  } finally {
    await sink.rollback();
  }
}

/** Leases written from which a commit may build the schedule rows' due-date index again instead of inserting into it. */
const BULK_INDEX_MIN = 2000;

/**
 * Applies an import's rows: reads through `tx` (the write transaction, or a connection reading what it started from
 * while a worker holds the write lock), writes through `sink` (by default the transaction's own: at once on SQLite,
 * batched on PostgreSQL, db/write-worker.ts transactionSinkOf). Each chunk of rows is first read ahead (readAhead) (the leases it
 * updates read, the ids of its inserts at hand), then applied row by row.
 */
export class ImportRowWriter {
  /** PostgreSQL: the rows' lease ids (lease id, row), written with one statement a chunk instead of one a row. */
  private readonly setLeases: { leaseIds: number[]; rows: number[] } | null;

  private constructor(
    private readonly tx: DbOrTx,
    private readonly importId: number,
    private readonly funderId: number,
    private readonly leases: LeaseBulkWriter,
    private readonly lesseeIndex: LesseeIndex,
    private readonly sink: WriteSink,
  ) {
    this.setLeases = pgClientOf(tx) ? { leaseIds: [], rows: [] } : null;
    const [name, text] = this.setLeases
      ? [
          'import-rows:setLeases',
          `update tape_import_rows set lease_id = v.lease_id from unnest(?::int8[], ?::int8[]) as v(lease_id, row)
            where tape_import_rows.import_id = ? and tape_import_rows.row = v.row`,
        ]
      : ['import-rows:setLease', 'update tape_import_rows set lease_id = ? where import_id = ? and row = ?'];
    sink.prepare(name, text);
  }

  /** PostgreSQL: the lease ids of the rows applied so far, as one statement. */
  private writeLeaseIds(): void {
    const s = this.setLeases;
    if (!s?.rows.length) return;
    this.sink.run('import-rows:setLeases', [s.leaseIds.splice(0), s.rows.splice(0), this.importId]);
  }

  static async open(
    tx: DbOrTx,
    importId: number,
    funderId: number,
    userId: number | null,
    now: number,
    expected: number,
    sink: WriteSink = transactionSinkOf(tx, JOURNAL_WRITES),
    /** A commit in chunks (SQLite): the ids of its inserts, reserved beforehand (see needsOf). */
    ids?: IdRanges,
  ): Promise<ImportRowWriter> {
    const leases = await LeaseBulkWriter.open(tx, funderId, userId, now, sink, { journalAsBook: expected > BULK_IMPORT, ids });
    // A bulk commit in one transaction builds the due-date index of the schedule rows again at the end rather than
    // inserting into it: worth it once the leases written are a fair share of all the leases stored (the index covers
    // them all). SQLite only (deferDueDateIndex); not in chunks (the index is read between them).
    const stored = (await valueOf<number>(tx, 'select count(*) from leases')) ?? 0;
    if (!ids && expected >= BULK_INDEX_MIN && expected * 4 >= Number(stored)) await leases.deferDueDateIndex();
    return new ImportRowWriter(tx, importId, funderId, leases, await LesseeIndex.of(tx, funderId), sink);
  }

  /** Before apply()ing `rows`: reads the leases they update and takes the ids of the leases and lessees they create. */
  async readAhead(rows: readonly StoredRow[]): Promise<void> {
    this.writeLeaseIds();
    await this.leases.readAhead(needsOfRows(rows, this.lesseeIndex, new LesseeIndex()));
  }

  /**
   * The leases and lessees the commit of an import creates, counted before it starts (the lessees found as apply()
   * finds them: by the funder's lessees and the rows before).
   */
  static async needsOf(db: DbOrTx, importId: number, funderId: number): Promise<{ inserts: number; lessees: number }> {
    const known = await LesseeIndex.of(db, funderId);
    const created = new LesseeIndex();
    let inserts = 0;
    let lessees = 0;
    for await (const rows of commitChunks(db, importId)) {
      const n = needsOfRows(rows, known, created);
      inserts += n.inserts;
      lessees += n.lessees;
    }
    return { inserts, lessees };
  }

  apply(r: StoredRow): void {
    let lesseeId = r.lesseeId ?? this.lesseeIndex.find(r.lessee);
    if (lesseeId === undefined) {
      lesseeId = this.leases.createLessee({
        idOdoo: r.lessee.externalId || null,
        name: r.lessee.name || r.lessee.externalId,
        taxId: r.lessee.taxId,
        country: r.lessee.country,
        region: r.lessee.region,
        industry: r.lessee.industry,
      });
      this.lesseeIndex.add(lesseeId, r.lessee);
    }
    const { contractNumber, agreedPurchasePrice, ...terms } = r.lease;
    const fields = { ...terms, ...(agreedPurchasePrice !== undefined ? { agreedPurchasePrice } : {}) };
    let lease: Lease;
    if (r.action === 'updated' && r.leaseId !== undefined) {
      try {
        lease = this.leases.update(r.leaseId, r.leaseVersion!, { ...fields, lesseeId });
      } catch (e) {
        if (e instanceof NotFound || e instanceof Conflict) {
          throw new Conflict(
            `Lease ${contractNumber} (row ${r.row}) was changed or deleted since the import was validated: validate the import again.`,
            [{ field: `row ${r.row}`, message: 'versionMoved' }],
          );
        }
        throw e;
      }
    } else {
      lease = this.leases.insert({
        ...(fields as Omit<LeaseInput, 'funderId' | 'lesseeId'>),
        contractNumber,
        funderId: this.funderId,
        lesseeId,
      } as LeaseInput & { contractNumber: string });
    }
    if (this.setLeases) {
      this.setLeases.leaseIds.push(lease.id);
      this.setLeases.rows.push(r.row);
    } else this.sink.run('import-rows:setLease', [lease.id, this.importId, r.row]);
    // A seasoned lease's state at the tape's date (domain.md §7): its servicing starts there.
    const o = r.opening;
    if (o && r.action === 'new') {
      const { arrears, recoveries, ...rest } = o;
      this.leases.insertOpening({
        ...rest,
        leaseId: lease.id,
        arrearsVat: arrears.vat,
        arrearsFee: arrears.fee,
        arrearsInterest: arrears.interest,
        arrearsPrincipal: arrears.principal,
        recoveries,
        importId: this.importId,
      });
    }
  }

  /** Writes what is buffered, builds a deferred index and marks the import committed (call before COMMIT). */
  finish(committedBy: number | null, at: number): void {
    this.leases.finish();
    this.writeLeaseIds();
    // The status changes in the same transaction as the leases: a crash leaves neither.
    // Only builds the SQL (toSQL): the sink runs it in the transaction (a worker's on SQLite).
    const q = commitStatusUpdate(this.tx as Tx, this.importId, committedBy, at);
    this.sink.prepare('import-rows:committed', q.sql);
    this.sink.run('import-rows:committed', q.params);
  }
}

/** committing → committed, as SQL for a sink (the same update as transitionImport, built by Drizzle). */
function commitStatusUpdate(db: Tx, id: number, committedBy: number | null, at: number): { sql: string; params: unknown[] } {
  return db
    .update(tapeImports)
    .set({ status: 'committed', progress: 1, committedAt: at, committedBy, filePath: null, stagedLeaseIds: null })
    .where(and(eq(tapeImports.id, id), eq(tapeImports.status, 'committing')))
    .toSQL();
}

export async function importRowsOf(db: DbOrTx, importId: number, rows: number[]): Promise<{ row: number; cells: string[] }[]> {
  if (!rows.length) return [];
  return (
    await db
      .select({ row: tapeImportRows.row, cells: tapeImportRows.cells })
      .from(tapeImportRows)
      .where(and(eq(tapeImportRows.importId, importId), inArray(tapeImportRows.row, rows)))
  ).map((r) => ({ row: r.row, cells: JSON.parse(r.cells) as string[] }));
}
