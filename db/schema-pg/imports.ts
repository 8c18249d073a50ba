import { bigint, boolean, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { funders, leases } from './portfolio';
import { IMPORT_ROW_ACTIONS, IMPORT_STATUSES } from '../schema/imports';

/** See db/schema/imports.ts: a source of tapes, with the column mapping saved from its last import. */
export const tapeImportSources = pgTable(
  'tape_import_sources',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    name: text('name').notNull(),
    // JSON { header: field | null }.
    mapping: text('mapping').notNull().default('{}'),
    // JSON { field: cell text }: one value for every row of a field the file has no column for.
    fixed: text('fixed').notNull().default('{}'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('tape_import_sources_funder_name_idx').on(t.funderId, t.name)],
);

/** See db/schema/imports.ts: a tape import, its file's identity, detected format, mapping and dry-run counts. */
export const tapeImports = pgTable(
  'tape_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => tapeImportSources.id),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    // Where the uploaded file is kept until commit (a sheet change re-reads it).
    filePath: text('file_path'),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    sheet: text('sheet'),
    // JSON string[] of the workbook's sheets.
    sheets: text('sheets').notNull().default('[]'),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    // ',' | '.' | 'ambiguous' as detected; `decimal` is what validation used (null: asking the user).
    detectedDecimal: text('detected_decimal'),
    decimal: text('decimal'),
    detectedDateFormat: text('detected_date_format'),
    dateFormat: text('date_format'),
    mode: text('mode', { enum: ['create', 'upsert'] }).notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull(),
    progress: doublePrecision('progress').notNull().default(0),
    // A file-level problem: code and message (empty file, unreadable, missing column…).
    errorCode: text('error_code'),
    error: text('error'),
    // JSON string[] (unique header names), JSON { header: field | null }, JSON string[] of duplicated headers.
    headers: text('headers').notNull().default('[]'),
    mapping: text('mapping').notNull().default('{}'),
    fixed: text('fixed').notNull().default('{}'),
    // JSON { field: 'decimal' | 'percent' }: how each rate column is read, from its values.
    rateReadings: text('rate_readings').notNull().default('{}'),
    // JSON: the tape's instalment against the annuity (lib/import/rows.ts InstalmentCheck), null before validation.
    instalmentCheck: text('instalment_check'),
    // The day of the upload (the application's today): the tape's date when neither a column nor a fixed value gives it.
    uploadDay: text('upload_day'),
    // The tape's date the dry run found (its most common, when a column gives each row's).
    tapeDate: text('tape_date'),
    // The roll-forward: the previous committed import of the source it was rolled from, and its summary (JSON); null
    // when there is none.
    previousImportId: bigint('previous_import_id', { mode: 'number' }),
    rollForward: text('roll_forward'),
    duplicateHeaders: text('duplicate_headers').notNull().default('[]'),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    newCount: bigint('new_count', { mode: 'number' }).notNull().default(0),
    updatedCount: bigint('updated_count', { mode: 'number' }).notNull().default(0),
    unchangedCount: bigint('unchanged_count', { mode: 'number' }).notNull().default(0),
    rejectedCount: bigint('rejected_count', { mode: 'number' }).notNull().default(0),
    warningCount: bigint('warning_count', { mode: 'number' }).notNull().default(0),
    skipRejected: boolean('skip_rejected').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    validatedAt: bigint('validated_at', { mode: 'number' }),
    committedBy: bigint('committed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    committedAt: bigint('committed_at', { mode: 'number' }),
    // A commit in chunks (SQLite only: unused here, kept for the same schema on both engines).
    stagedLeaseIds: text('staged_lease_ids'),
  },
  (t) => [index('tape_imports_funder_idx').on(t.funderId, t.id)],
);

/** See db/schema/imports.ts: per row of a tape, the raw cells and what validation decided. */
export const tapeImportRows = pgTable(
  'tape_import_rows',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => tapeImports.id, { onDelete: 'cascade' }),
    row: bigint('row', { mode: 'number' }).notNull(),
    // JSON string[]: the row's cells as text.
    cells: text('cells').notNull(),
    action: text('action', { enum: IMPORT_ROW_ACTIONS }),
    contractNumber: text('contract_number').notNull().default(''),
    // JSON of the validated row (lease terms, lessee, matched ids, version seen).
    result: text('result'),
    // The lease the commit created or changed.
    leaseId: bigint('lease_id', { mode: 'number' }).references(() => leases.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/** See db/schema/imports.ts: the exceptions of a tape import, row by row. */
export const tapeImportExceptions = pgTable(
  'tape_import_exceptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => tapeImports.id, { onDelete: 'cascade' }),
    row: bigint('row', { mode: 'number' }).notNull(),
    column: text('column').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    rule: text('rule').notNull(),
    severity: text('severity', { enum: ['error', 'warning'] }).notNull(),
    params: text('params').notNull().default('{}'),
  },
  (t) => [index('tape_import_exceptions_import_idx').on(t.importId, t.rule, t.row)],
);

/** See db/schema/imports.ts: the roll-forward of an import against the previous tape, one row per lease on either. */
export const tapeImportRollForward = pgTable(
  'tape_import_roll_forward',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => tapeImports.id, { onDelete: 'cascade' }),
    contractNumber: text('contract_number').notNull(),
    // The data row of this tape (null: the lease is gone).
    row: bigint('row', { mode: 'number' }),
    leaseId: bigint('lease_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ['rolled', 'break', 'appeared', 'gone'] }).notNull(),
    previousBalance: bigint('previous_balance', { mode: 'number' }),
    previousDate: text('previous_date'),
    scheduled: bigint('scheduled', { mode: 'number' }).notNull().default(0),
    chargedOff: bigint('charged_off', { mode: 'number' }).notNull().default(0),
    expected: bigint('expected', { mode: 'number' }),
    balance: bigint('balance', { mode: 'number' }),
    difference: bigint('difference', { mode: 'number' }),
    decision: text('decision', { enum: ['accepted', 'rejected'] }),
    note: text('note').notNull().default(''),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: bigint('decided_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.contractNumber] }), index('tape_import_roll_forward_kind_idx').on(t.importId, t.kind)],
);
