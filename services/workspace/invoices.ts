import type { DbOrTx } from '@/db/client';
import { getInvoiceWithPaymentDetails, pageInvoices } from '@/db/queries/workspace/invoices';
import type { InvoiceDto, InvoicesListQuery } from '@/lib/validations/invoices';

/** The Invoices list: one page of the filtered invoices and the filtered count (the API's allData is not needed). */
export function invoicesScreen(db: DbOrTx, query: InvoicesListQuery): { invoices: InvoiceDto[]; total: number } {
  const { invoices, total } = pageInvoices(db, query);
  return { invoices, total };
}

/** One invoice with the account it is payable into, or undefined. */
export function invoiceScreen(db: DbOrTx, id: number) {
  return getInvoiceWithPaymentDetails(db, id);
}
