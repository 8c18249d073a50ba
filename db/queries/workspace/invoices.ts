import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { InvoiceClientDto, InvoiceDto, InvoicesListQuery } from '@/lib/validations/invoices';
import type { Db, DbOrTx } from '@/db/client';
import { invoiceClients, invoices, paymentAccounts, type Invoice, type InvoiceClient } from '@/db/schema/commerce';

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

function invoiceWhere(f: Pick<InvoicesListQuery, 'q' | 'status'>): SQL | undefined {
  const parts: SQL[] = [];
  // As the template: q matches the client's name or company e-mail, not the company name or the service.
  if (f.q) {
    const p = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(lower(${invoiceClients.name}) like ${p} escape '\\' or lower(${invoiceClients.companyEmail}) like ${p} escape '\\')`);
  }
  if (f.status) parts.push(eq(invoices.invoiceStatus, f.status));
  return parts.length ? and(...parts) : undefined;
}

/**
 * GET /apps/invoice/invoices: `allData` is every invoice unfiltered in storage order (the template's
 * status dropdown and totals use it); `invoices` is one page of the filtered list, newest id first;
 * `total` the filtered count.
 */
export async function pageInvoices(
  db: DbOrTx,
  query: InvoicesListQuery,
): Promise<{ allData: InvoiceDto[]; invoices: InvoiceDto[]; total: number }> {
  const allData = selectInvoices(db)
    .orderBy(asc(invoices.id))
    .all()
    .map((r) => invoiceDto(r.invoice, r.client));
  return { allData, ...(await listInvoicesPage(db, query)) };
}

/** One page of the filtered invoices, newest id first, and the filtered count (without the API's unfiltered allData). */
export async function listInvoicesPage(db: DbOrTx, query: InvoicesListQuery): Promise<{ invoices: InvoiceDto[]; total: number }> {
  const where = invoiceWhere(query);
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(invoices)
      .innerJoin(invoiceClients, eq(invoices.clientId, invoiceClients.id))
      .where(where)
      .get()?.n ?? 0;
  const page = selectInvoices(db)
    .where(where)
    .orderBy(desc(invoices.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .all()
    .map((r) => invoiceDto(r.invoice, r.client));
  return { invoices: page, total };
}

/** An invoice with the account it is payable into, or undefined. */
export async function getInvoiceWithPaymentDetails(db: DbOrTx, id: number) {
  const row = db
    .select({ invoice: invoices, client: invoiceClients, account: paymentAccounts })
    .from(invoices)
    .innerJoin(invoiceClients, eq(invoices.clientId, invoiceClients.id))
    .innerJoin(paymentAccounts, eq(invoices.paymentAccountId, paymentAccounts.id))
    .where(eq(invoices.id, id))
    .get();
  if (!row) return undefined;
  return {
    invoice: invoiceDto(row.invoice, row.client),
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
  db.transaction((tx) => {
    const deleted = tx.delete(invoices).where(eq(invoices.id, id)).returning({ id: invoices.id }).all();
    if (deleted.length === 0) throw new NotFound(`Invoice ${id} does not exist.`);
  });
}

/** GET /api/invoice/clients: the first five clients (distinct: clients have their own table). */
export async function listFirstInvoiceClients(db: DbOrTx, limit = 5): Promise<InvoiceClientDto[]> {
  return db.select().from(invoiceClients).orderBy(asc(invoiceClients.id)).limit(limit).all().map(clientDto);
}
