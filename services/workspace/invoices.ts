/**
 * Workspace → Invoices (the page, the invoice and its print view and PDF, and the documented invoice API): the stored
 * invoices, with every invoice of a lease instalment read from the servicing ledger at the clock's today.
 *
 * An invoice of a lease instalment is a rental invoice whose service names the instalment and the contract
 * ("Rental instalment 8/60 — contract QL-2026-000352", the wording the demo seed and the template's data use) of a
 * lease of the invoice client's lessee: the invoices table has no lease column, and (lessee, contract number) names
 * one lease (contract numbers are unique per funder). Its amount due, paid, balance, due date and status are the
 * allocation engine's state of that instalment (lib/servicing allocatePayments over the lease's instalments and
 * ledger up to today, in the funder's component order: what the servicing book and Delinquency are built from), so
 * it cannot say "Past Due" for an instalment the ledger has paid, nor "Paid" for one still owed. Other invoices
 * (arrangement fees, late-payment interest, clients outside the book) are not in the ledger and keep their own data;
 * none of them takes a lease's arrears.
 */
import type { DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { componentOrderOf, instalmentsOfLease, ledgerOfLeaseAsOf } from '@/db/queries/payments';
import { getInvoiceWithPaymentDetails, getLeaseOfLessee, listStoredInvoices, type StoredInvoice } from '@/db/queries/workspace/invoices';
import type { Clock } from '@/lib/clock';
import { allocatePayments, instalmentsAsOf, type InstalmentStatus } from '@/lib/servicing';
import type { InvoiceDto, InvoicesListQuery, InvoiceStatusValue } from '@/lib/validations/invoices';

/** The instalment a rental invoice's service names: its period and the lease's contract number. */
const RENTAL_SERVICE = /^Rental instalment (\d+)\/\d+ — contract (\S+)$/;

/** The statuses an instalment not yet due and not paid at all keeps from the invoice (where it is in its sending). */
const NOT_YET_DUE: readonly InvoiceStatusValue[] = ['Sent', 'Downloaded', 'Draft'];

/** The lease instalment an invoice bills: the lease, its contract number and the instalment's period. */
export type InvoiceInstalmentLink = { leaseId: number; contractNumber: string; period: number };

/** A lease's instalments as the ledger has them at the reader's date. */
type LeaseInstalments = { leaseId: number; instalments: InstalmentStatus[] };

/**
 * Reads the servicing state of the instalments invoices name, one lease at a time and each lease once per request
 * (a page names a few dozen leases; the whole book is not loaded for them).
 */
class LedgerReader {
  private readonly leases = new Map<string, LeaseInstalments | null>();
  constructor(
    private readonly db: DbOrTx,
    private readonly asOf: string,
  ) {}

  /** The instalments (servicing state at as-of) of the lessee's lease with that contract number, or null. */
  async lease(lesseeId: number, contractNumber: string): Promise<LeaseInstalments | null> {
    const key = `${lesseeId}|${contractNumber}`;
    const known = this.leases.get(key);
    if (known !== undefined) return known;
    const lease = await getLeaseOfLessee(this.db, lesseeId, contractNumber);
    const funder = lease && (await getFunder(this.db, lease.funderId));
    let found: LeaseInstalments | null = null;
    if (lease && funder) {
      const result = allocatePayments(await instalmentsOfLease(this.db, lease), await ledgerOfLeaseAsOf(this.db, lease.id, this.asOf), {
        componentOrder: componentOrderOf(funder),
        asOf: this.asOf,
      });
      found = { leaseId: lease.id, instalments: instalmentsAsOf(result, this.asOf) };
    }
    this.leases.set(key, found);
    return found;
  }

  /** The invoice as the ledger has it, with the instalment it bills (null: not a lease instalment's invoice, as stored). */
  async invoice(stored: StoredInvoice): Promise<{ invoice: InvoiceDto; link: InvoiceInstalmentLink | null }> {
    const inv = stored.invoice;
    const named = inv.kind === 'rental' ? RENTAL_SERVICE.exec(inv.service) : null;
    if (!named || stored.lesseeId === null) return { invoice: inv, link: null };
    const period = Number(named[1]);
    const contractNumber = named[2]!;
    const lease = await this.lease(stored.lesseeId, contractNumber);
    const ins = lease?.instalments.find((i) => i.period === period);
    // An instalment the ledger does not service (before a seasoned lease's opening position) has no state here.
    if (!lease || !ins) return { invoice: inv, link: null };
    return {
      invoice: {
        ...inv,
        dueDate: ins.dueDate,
        total: ins.totalDue,
        balance: ins.totalUnpaid,
        invoiceStatus: statusOf(ins, inv, this.asOf),
      },
      link: { leaseId: lease.leaseId, contractNumber, period },
    };
  }
}

/**
 * An instalment's invoice status at `asOf`: Paid when nothing is unpaid; Past Due when something is unpaid and it fell
 * due before `asOf` (domain.md §5: due today is not past due), what is unpaid being its arrears; not yet due, Partial
 * Payment when part is paid, else where the invoice is in its sending (Sent when it was stored as settled or late).
 */
function statusOf(ins: InstalmentStatus, stored: InvoiceDto, asOf: string): InvoiceStatusValue {
  if (ins.totalUnpaid <= 0) return 'Paid';
  if (ins.dueDate < asOf) return 'Past Due';
  if (ins.totalPaid > 0) return 'Partial Payment';
  return NOT_YET_DUE.includes(stored.invoiceStatus) ? stored.invoiceStatus : 'Sent';
}

/** The invoices whose client matches `q`, as the ledger has them, in storage (id) order. */
async function ledgerInvoices(reader: LedgerReader, db: DbOrTx, q: string): Promise<InvoiceDto[]> {
  return Promise.all((await listStoredInvoices(db, { q })).map(async (s) => (await reader.invoice(s)).invoice));
}

/** One page of the filtered invoices (client name or e-mail, status as the ledger has it), newest id first, and the filtered count. */
function pageOf(all: readonly InvoiceDto[], query: InvoicesListQuery): { invoices: InvoiceDto[]; total: number } {
  const filtered = all.filter((i) => !query.status || i.invoiceStatus === query.status).reverse();
  const from = (query.page - 1) * query.perPage;
  return { invoices: filtered.slice(from, from + query.perPage), total: filtered.length };
}

/** The Invoices list at the clock's today: one page of the filtered invoices and the filtered count (not the API's unfiltered allData). */
export async function invoicesScreen(
  db: DbOrTx,
  query: InvoicesListQuery,
  clock: Clock,
): Promise<{ invoices: InvoiceDto[]; total: number }> {
  return pageOf(await ledgerInvoices(new LedgerReader(db, clock.today), db, query.q), query);
}

/**
 * GET /apps/invoice/invoices: `allData` is every invoice unfiltered in storage order (the template's status dropdown
 * and totals use it); `invoices` one page of the filtered list, newest id first; `total` the filtered count.
 */
export async function invoicesApiPage(
  db: DbOrTx,
  query: InvoicesListQuery,
  clock: Clock,
): Promise<{ allData: InvoiceDto[]; invoices: InvoiceDto[]; total: number }> {
  const reader = new LedgerReader(db, clock.today);
  const allData = await ledgerInvoices(reader, db, '');
  return { allData, ...pageOf(query.q ? await ledgerInvoices(reader, db, query.q) : allData, query) };
}

/**
 * One invoice at the clock's today with the account it is payable into (totalDue: its balance), the amount paid so far
 * (total − balance) and the lease instalment it bills (null: none), or undefined.
 */
export async function invoiceScreen(db: DbOrTx, id: number, clock: Clock) {
  const found = await getInvoiceWithPaymentDetails(db, id);
  if (!found) return undefined;
  const { invoice, link } = await new LedgerReader(db, clock.today).invoice({ invoice: found.invoice, lesseeId: found.lesseeId });
  return {
    invoice,
    paymentDetails: { ...found.paymentDetails, totalDue: invoice.balance },
    paid: invoice.total - invoice.balance,
    link,
    asOf: clock.today,
  };
}

/** GET /api/invoice/invoices/{id}: `{ invoice, paymentDetails }` as invoiceScreen has them, or undefined. */
export async function invoiceApi(db: DbOrTx, id: number, clock: Clock) {
  const found = await invoiceScreen(db, id, clock);
  return found && { invoice: found.invoice, paymentDetails: found.paymentDetails };
}
