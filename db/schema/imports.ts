import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { funders, leases } from './portfolio';

/**
 * Tape import (domain.md §7). A source is a lessor or servicer whose tapes a funder receives, with the
 * column mapping saved from its last import. An import keeps its file's identity (name, SHA-256), the
 * detected format, the mapping used, the counts of its dry run and, per row, the raw cells and what
 * validation decided; exceptions are kept row by row.
 */
export const tapeImportSources = sqliteTable(
  'tape_import_sources',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    name: text('name').notNull(),
    // JSON { header: field | null }.
    mapping: text('mapping').notNull().default('{}'),
    // JSON { field: cell text }: one value for every row of a field the file has no column for.
    fixed: text('fixed').notNull().default('{}'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('tape_import_sources_funder_name_idx').on(t.funderId, t.name)],
);

export const IMPORT_STATUSES = ['parsing', 'validated', 'committing', 'committed', 'failed'] as const;

export const tapeImports = sqliteTable(
  'tape_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    sourceId: integer('source_id')
      .notNull()
      .references(() => tapeImportSources.id),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
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
    progress: real('progress').notNull().default(0),
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
    // The roll-forward (domain.md §7): the previous committed import of the source it was rolled from, and its summary
    // (JSON, lib/validations/imports.ts rollForwardSummary); null when there is none.
    previousImportId: integer('previous_import_id'),
    rollForward: text('roll_forward'),
    duplicateHeaders: text('duplicate_headers').notNull().default('[]'),
    rowCount: integer('row_count').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    skipRejected: integer('skip_rejected', { mode: 'boolean' }).notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    validatedAt: integer('validated_at'),
    committedBy: integer('committed_by').references(() => users.id, { onDelete: 'set null' }),
    committedAt: integer('committed_at'),
    // A commit in chunks (SQLite, services/imports/service.ts): JSON [first, last] of the lease ids it reserved, whose
    // schedule rows, history and opening positions are written before the leases are; null once published or discarded.
    stagedLeaseIds: text('staged_lease_ids'),
  },
  (t) => [index('tape_imports_funder_idx').on(t.funderId, t.id)],
);

export const IMPORT_ROW_ACTIONS = ['new', 'updated', 'unchanged', 'rejected'] as const;

export const tapeImportRows = sqliteTable(
  'tape_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => tapeImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    // JSON string[]: the row's cells as text.
    cells: text('cells').notNull(),
    action: text('action', { enum: IMPORT_ROW_ACTIONS }),
    contractNumber: text('contract_number').notNull().default(''),
    // JSON of the validated row (lease terms, lessee, matched ids, version seen).
    result: text('result'),
    // The lease the commit created or changed.
    leaseId: integer('lease_id').references(() => leases.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

export const tapeImportExceptions = sqliteTable(
  'tape_import_exceptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    importId: integer('import_id')
      .notNull()
      .references(() => tapeImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    rule: text('rule').notNull(),
    severity: text('severity', { enum: ['error', 'warning'] }).notNull(),
    params: text('params').notNull().default('{}'),
  },
  (t) => [index('tape_import_exceptions_import_idx').on(t.importId, t.rule, t.row)],
);

/**
 * The roll-forward of an import against the previous committed tape of its source (domain.md §7): one row per lease
 * on either tape. A break (beyond the tolerance) is decided — accepted with a note or rejected — by a user other than
 * the uploader when the funder has four eyes.
 */
export const tapeImportRollForward = sqliteTable(
  'tape_import_roll_forward',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => tapeImports.id, { onDelete: 'cascade' }),
    contractNumber: text('contract_number').notNull(),
    // The data row of this tape (null: the lease is gone).
    row: integer('row'),
    leaseId: integer('lease_id'),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ['rolled', 'break', 'appeared', 'gone'] }).notNull(),
    previousBalance: integer('previous_balance'),
    previousDate: text('previous_date'),
    scheduled: integer('scheduled').notNull().default(0),
    chargedOff: integer('charged_off').notNull().default(0),
    expected: integer('expected'),
    balance: integer('balance'),
    difference: integer('difference'),
    decision: text('decision', { enum: ['accepted', 'rejected'] }),
    note: text('note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.contractNumber] }), index('tape_import_roll_forward_kind_idx').on(t.importId, t.kind)],
);

export type TapeImport = typeof tapeImports.$inferSelect;
export type TapeImportSource = typeof tapeImportSources.$inferSelect;
