/** The documented invoice endpoints answer from the Invoices screen's queries (one set of invoice SQL). */
export * from '@/db/queries/workspace/invoices';
