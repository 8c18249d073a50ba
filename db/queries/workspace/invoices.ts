import { transaction } from '../../transaction';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { InvoiceClientDto, InvoiceDto, InvoicesListQuery } from '@/lib/validations/invoices';
import type { Db, DbOrTx } from '@/db/client';
import { type Invoice, type InvoiceClient } from '@/db/schema/commerce';
import { invoiceClients, invoices, paymentAccounts, leases } from '@/db/tables';
import { type Lease } from '@/db/schema/portfolio';

function clientDto(c: InvoiceClient): InvoiceClientDto {
  return { address: c.address, company: c.company, companyEmail: c.companyEmail, country: c.country, contact: c.contact, name: c.name };
}

function invoiceDto(i: Invoice, c: InvoiceClient): InvoiceDto {
  return {
    id: i.id,
    issuedDate: i.issuedDate,
    dueDate: i.dueDate,
    client: clientDto(c),
    service: i.service,
    kind: i.kind,
    currency: i.currency,
    total: i.total,
    balance: i.balance,
    invoiceStatus: i.invoiceStatus,
    avatar: i.avatar ?? null,
  };
}

function selectInvoices(db: DbOrTx) {
  return db
    .select({ invoice: invoices, client: invoiceClients })
    .from(invoices)
    .innerJoin(invoiceClients, eq(invoices.clientId, invoiceClients.id));
}

function invoiceWhere(f: Pick<InvoicesListQuery, 'q'>): SQL | undefined {
  // As the template: q matches the client's name or company e-mail, not the company name or the service.
  if (!f.q) return undefined;
  const p = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${invoiceClients.name}) like ${p} escape '\\' or lower(${invoiceClients.companyEmail}) like ${p} escape '\\')`;
}

/** A stored invoice and the lessee its client is (null: a client outside the book). */
export type StoredInvoice = { invoice: InvoiceDto; lesseeId: number | null };

/**
 * The stored invoices whose client matches `q` (all without), in storage (id) order. Status, balance and the amounts
 * of a lease instalment's invoice are the servicing ledger's, not these columns' (services/workspace/invoices.ts), so
 * the status filter and the paging are applied after that, not here.
 */
export async function listStoredInvoices(db: DbOrTx, f: Pick<InvoicesListQuery, 'q'>): Promise<StoredInvoice[]> {
  return (await selectInvoices(db).where(invoiceWhere(f)).orderBy(asc(invoices.id))).map((r) => ({
    invoice: invoiceDto(r.invoice, r.client),
    lesseeId: r.client.lesseeId,
  }));
}

/** The lessee's lease with that contract number (unique per funder, and a lessee is one funder's), or undefined. */
export async function getLeaseOfLessee(db: DbOrTx, lesseeId: number, contractNumber: string): Promise<Lease | undefined> {
  return (
    await db
      .select()
      .from(leases)
      .where(and(eq(leases.lesseeId, lesseeId), eq(leases.contractNumber, contractNumber)))
      .limit(1)
  )[0];
}

/** An invoice with the account it is payable into, or undefined. */
export async function getInvoiceWithPaymentDetails(db: DbOrTx, id: number) {
  const row = (
    await db
      .select({ invoice: invoices, client: invoiceClients, account: paymentAccounts })
      .from(invoices)
      .innerJoin(invoiceClients, eq(invoices.clientId, invoiceClients.id))
      .innerJoin(paymentAccounts, eq(invoices.paymentAccountId, paymentAccounts.id))
      .where(eq(invoices.id, id))
      .limit(1)
  )[0];
  if (!row) return undefined;
  return {
    invoice: invoiceDto(row.invoice, row.client),
    lesseeId: row.client.lesseeId,
    paymentDetails: {
      totalDue: row.invoice.balance,
      currency: row.invoice.currency,
      bankName: row.account.bankName,
      country: row.account.country,
      iban: row.account.iban,
      swiftCode: row.account.swiftCode,
    },
  };
}

/** Hard-deletes an invoice (as the template); 404 for an unknown id. */
export async function deleteInvoice(db: Db, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const deleted = await tx.delete(invoices).where(eq(invoices.id, id)).returning({ id: invoices.id });
    if (deleted.length === 0) throw new NotFound(`Invoice ${id} does not exist.`);
  });
}

/** GET /api/invoice/clients: the first five clients (distinct: clients have their own table). */
export async function listFirstInvoiceClients(db: DbOrTx, limit = 5): Promise<InvoiceClientDto[]> {
  return (await db.select().from(invoiceClients).orderBy(asc(invoiceClients.id)).limit(limit)).map(clientDto);
}
