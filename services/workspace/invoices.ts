import type { DbOrTx } from '@/db/client';
import { getInvoiceWithPaymentDetails, listInvoicesPage } from '@/db/queries/workspace/invoices';
import type { InvoiceDto, InvoicesListQuery } from '@/lib/validations/invoices';

/** The Invoices list: one page of the filtered invoices and the filtered count (not the API's unfiltered allData). */
export async function invoicesScreen(db: DbOrTx, query: InvoicesListQuery): Promise<{ invoices: InvoiceDto[]; total: number }> {
  return await listInvoicesPage(db, query);
}

/** One invoice with the account it is payable into and the amount paid so far (total − balance), or undefined. */
export async function invoiceScreen(db: DbOrTx, id: number) {
  const found = await getInvoiceWithPaymentDetails(db, id);
  return found && { ...found, paid: found.invoice.total - found.invoice.balance };
}
