import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { funders, leases } from './portfolio';
import { PAYMENT_METHODS, PAYMENT_KINDS, ALLOCATION_COMPONENTS, IMPORT_LINE_STATUSES, REPORT_FILE_FORMATS } from '../../lib/domain/enums';
export { PAYMENT_METHODS, PAYMENT_KINDS, ALLOCATION_COMPONENTS, IMPORT_LINE_STATUSES, REPORT_FILE_FORMATS } from '../../lib/domain/enums';

/**
 * The collections ledger (domain.md §5). A row is never deleted or changed: a mistaken payment is undone
 * by a `reversal` row naming it in `reversesId` (at most one reversal per payment). Amounts are positive
 * minor units of the lease's currency; dates YYYY-MM-DD.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('payment'),
    reversesId: integer('reverses_id'),
    receivedOn: text('received_on').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    importId: integer('import_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('payments_lease_idx').on(t.leaseId, t.receivedOn),
    index('payments_funder_date_idx').on(t.funderId, t.receivedOn),
    uniqueIndex('payments_reverses_idx').on(t.reversesId),
    // Covering index of the book-wide ledger scans (live cash per lease, the ledger loaded for behaviour): no table reads.
    index('payments_funder_lease_cover_idx').on(t.funderId, t.leaseId, t.kind, t.receivedOn, t.amount),
  ],
);

/**
 * How the lease's non-reversed payments are allocated to its instalments (period, component) — recomputed
 * for the lease in the same transaction as every payment or reversal. Component `credit` (period 0) is
 * cash beyond the last instalment. Σ amount per payment = the payment's amount.
 */
export const paymentAllocations = sqliteTable(
  'payment_allocations',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leases.id),
    period: integer('period').notNull(),
    component: text('component', { enum: ALLOCATION_COMPONENTS }).notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('payment_allocations_lease_idx').on(t.leaseId, t.period), index('payment_allocations_payment_idx').on(t.paymentId)],
);

/** A bank-statement file imported in one transaction, with its per-line results. */
export const paymentImports = sqliteTable(
  'payment_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    fileName: text('file_name').notNull(),
    lineCount: integer('line_count').notNull(),
    matchedCount: integer('matched_count').notNull(),
    unmatchedCount: integer('unmatched_count').notNull(),
    invalidCount: integer('invalid_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('payment_imports_funder_idx').on(t.funderId)],
);

export const paymentImportLines = sqliteTable(
  'payment_import_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    importId: integer('import_id')
      .notNull()
      .references(() => paymentImports.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    receivedOn: text('received_on'),
    amount: integer('amount'),
    currency: text('currency'),
    reference: text('reference').notNull().default(''),
    contractNumber: text('contract_number').notNull().default(''),
    status: text('status', { enum: IMPORT_LINE_STATUSES }).notNull(),
    message: text('message').notNull().default(''),
    paymentId: integer('payment_id').references(() => payments.id),
  },
  (t) => [index('payment_import_lines_import_idx').on(t.importId, t.lineNo)],
);

/**
 * A generated report file, kept and listed for download again (spec §3 reportModule). `kind` is the
 * report (e.g. `collections`, `draws`, `tape`), `period` its month `YYYY-MM` (or '' when not periodic),
 * `params` the canonical JSON of its inputs; `sha256` lets a regeneration be compared with the original.
 */
export const reportFiles = sqliteTable(
  'report_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    kind: text('kind').notNull(),
    period: text('period').notNull().default(''),
    format: text('format', { enum: REPORT_FILE_FORMATS }).notNull(),
    params: text('params').notNull().default('{}'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('report_files_funder_kind_idx').on(t.funderId, t.kind, t.createdAt)],
);
