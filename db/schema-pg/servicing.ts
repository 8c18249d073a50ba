import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './types';
import { users } from './auth';
import { funders, leases } from './portfolio';
import { PAYMENT_METHODS, PAYMENT_KINDS, ALLOCATION_COMPONENTS, IMPORT_LINE_STATUSES, REPORT_FILE_FORMATS } from '../../lib/domain/enums';

/**
 * See db/schema/servicing.ts: the collections ledger. A row is never deleted or changed: a mistaken payment is undone
 * by a `reversal` row naming it in `reversesId`. Amounts are positive minor units of the lease's currency.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('payment'),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    receivedOn: text('received_on').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    importId: bigint('import_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('payments_lease_idx').on(t.leaseId, t.receivedOn),
    index('payments_funder_date_idx').on(t.funderId, t.receivedOn),
    uniqueIndex('payments_reverses_idx').on(t.reversesId),
    // Covering index of the book-wide ledger scans (live cash per lease, the ledger loaded for behaviour): no table reads.
    index('payments_funder_lease_cover_idx').on(t.funderId, t.leaseId, t.kind, t.receivedOn, t.amount),
  ],
);

/** See db/schema/servicing.ts: how the lease's non-reversed payments are allocated to its instalments. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    leaseId: bigint('lease_id', { mode: 'number' })
      .notNull()
      .references(() => leases.id),
    period: bigint('period', { mode: 'number' }).notNull(),
    component: text('component', { enum: ALLOCATION_COMPONENTS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('payment_allocations_lease_idx').on(t.leaseId, t.period), index('payment_allocations_payment_idx').on(t.paymentId)],
);

/** See db/schema/servicing.ts: a bank-statement file imported in one transaction. */
export const paymentImports = pgTable(
  'payment_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    fileName: text('file_name').notNull(),
    lineCount: bigint('line_count', { mode: 'number' }).notNull(),
    matchedCount: bigint('matched_count', { mode: 'number' }).notNull(),
    unmatchedCount: bigint('unmatched_count', { mode: 'number' }).notNull(),
    invalidCount: bigint('invalid_count', { mode: 'number' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('payment_imports_funder_idx').on(t.funderId)],
);

/** See db/schema/servicing.ts: the per-line results of a bank-statement import. */
export const paymentImportLines = pgTable(
  'payment_import_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => paymentImports.id, { onDelete: 'cascade' }),
    lineNo: bigint('line_no', { mode: 'number' }).notNull(),
    receivedOn: text('received_on'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    reference: text('reference').notNull().default(''),
    contractNumber: text('contract_number').notNull().default(''),
    status: text('status', { enum: IMPORT_LINE_STATUSES }).notNull(),
    message: text('message').notNull().default(''),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
  },
  (t) => [index('payment_import_lines_import_idx').on(t.importId, t.lineNo)],
);

/**
 * See db/schema/servicing.ts: a generated report file, kept for download again; `period` its month YYYY-MM (or ''),
 * `params` the canonical JSON of its inputs.
 */
export const reportFiles = pgTable(
  'report_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    kind: text('kind').notNull(),
    period: text('period').notNull().default(''),
    format: text('format', { enum: REPORT_FILE_FORMATS }).notNull(),
    params: text('params').notNull().default('{}'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_files_funder_kind_idx').on(t.funderId, t.kind, t.createdAt)],
);
