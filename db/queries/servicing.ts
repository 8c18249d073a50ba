/**
 * Bulk reads for the servicing book: a funder's leases, their instalments and ledgers in a few plain
 * scans (no per-lease queries), so a 100k-lease book loads in well under a second.
 */
import type { Instalment, LedgerEntry } from '@/lib/servicing';
import { leaseInstalments, type ResidualTerms } from '@/lib/servicing/instalments';
import type { OpeningPosition } from '@/lib/servicing/opening';
import { openingPositionsOf, POSITION_COLUMNS, positionOf, type PositionColumns } from './opening-positions';
import { NotFound } from '@/lib/domain/errors';
import { intern } from '@/lib/intern';
import { isInPool, tryParseDate } from '@/lib/finance';
import { sqliteOf, type DbOrTx } from '../client';
import {
  arraysOf,
  firstOf,
  idListParam,
  idListSql,
  idTableSql,
  indexedBy,
  JOIN_IN_ORDER,
  listAgg,
  NO_INDEX,
  NO_LIMIT,
  rowsOf,
} from '../dialect';

/** A lease's schedule rows as comma lists in period order (due dates, vat, fee, interest, principal). */
const SCHEDULE_LISTS = ['due_date', 'vat', 'fee', 'interest', 'principal'].map((c) => listAgg(c, 'period')).join(', ');
/** A lease's payments as comma lists (received dates, amounts) in the order of payments_funder_lease_cover_idx. */
const PAYMENT_LISTS = ['received_on', 'amount'].map((c) => listAgg(c, 'received_on, amount')).join(', ');

/** The lease fields the servicing book needs. */
export type ServicingLease = ResidualTerms & {
  id: number;
  lesseeId: number;
  currency: string;
  status: string;
  contractNumber: string;
  purchaseDate?: string;
  writtenOffOn?: string;
  /** Where its servicing starts (lib/servicing/opening.ts); absent: from its first instalment. */
  opening?: OpeningPosition;
};

export { sqliteOf };
const client = sqliteOf;

/**
 * Every lease of the funder that belongs to the book (status ≠ terminated, as the portfolio) and, with
 * an `asOf`, is in the pool on it (purchased on or before it), in id order, with its instalments (schedule rows + residual) and its ledger entries received on or before
 * `asOf` (null: all), in ledger (id) order.
 */
export function loadServicingLedgers(
  db: DbOrTx,
  funderId: number,
  asOf: string | null,
): { lease: ServicingLease; instalments: Instalment[]; entries: LedgerEntry[] }[] {
  const sqlite = client(db);
  const leaseRows = sqlite
    .prepare(
      `select id, lessee_id, contract_number, currency, status, residual, vat_rate, vat_regime, first_due_date, term, timing, frequency, purchase_date
       from leases where funder_id = ? and status != 'terminated' order by id`,
    )
    .raw()
    .all(funderId) as [
    number,
    number,
    string,
    string,
    string,
    number,
    number,
    'per-instalment' | 'upfront',
    string,
    number,
    'advance' | 'arrears',
    ResidualTerms['frequency'],
    string,
  ][];
  // At an as-of date only the leases in the pool on it (domain.md §3), as the servicing book counts them.
  const asOfDay = asOf === null ? null : tryParseDate(asOf);
  const inPool = leaseRows.filter((r) => asOfDay === null || isInPool(tryParseDate(r[12]) ?? Number.NEGATIVE_INFINITY, asOfDay));
  const index = new Map<number, number>();
  const out = inPool.map((r, i) => {
    index.set(r[0], i);
    return {
      lease: {
        id: r[0],
        lesseeId: r[1],
        contractNumber: r[2],
        currency: r[3],
        status: r[4],
        residual: r[5],
        vatRate: r[6],
        vatRegime: r[7],
        firstDueDate: r[8],
        term: r[9],
        timing: r[10],
        frequency: r[11],
        purchaseDate: r[12],
      },
      instalments: [] as Instalment[],
      entries: [] as LedgerEntry[],
    };
  });
  if (out.length === 0) return out;
  const rows = sqlite
    .prepare(
      `select s.lease_id, s.period, s.due_date, s.vat, s.fee, s.interest, s.principal
       from schedule_rows s join leases l on l.id = s.lease_id where l.funder_id = ? and l.status != 'terminated'`,
    )
    .raw()
    .iterate(funderId) as IterableIterator<[number, number, string, number, number, number, number]>;
  for (const r of rows) {
    const i = index.get(r[0]);
    if (i !== undefined) out[i]!.instalments.push({ period: r[1], dueDate: r[2], vat: r[3], fee: r[4], interest: r[5], principal: r[6] });
  }
  const pay = sqlite
    .prepare(
      asOf === null
        ? `select lease_id, id, kind, reverses_id, received_on, amount from payments where funder_id = ? order by id`
        : `select lease_id, id, kind, reverses_id, received_on, amount from payments where funder_id = ? and received_on <= ? order by id`,
    )
    .raw()
    .iterate(...(asOf === null ? [funderId] : [funderId, asOf])) as IterableIterator<
    [number, number, string, number | null, string, number]
  >;
  for (const p of pay) {
    const i = index.get(p[0]);
    if (i === undefined) continue;
    out[i]!.entries.push(
      p[2] === 'reversal'
        ? { id: String(p[1]), reversalOf: String(p[3]), date: p[4] }
        : { id: String(p[1]), receivedDate: p[4], amount: p[5] },
    );
  }
  const openings = openingPositionsOf(db, funderId);
  for (const o of out) o.instalments = leaseInstalments(o.instalments, o.lease, openings.get(o.lease.id));
  return out;
}

/** Labels for the servicing screens: contract number and status per lease, name per lessee (funder's book). */
export async function servicingLabels(
  db: DbOrTx,
  funderId: number,
): Promise<{
  leases: Map<number, { contractNumber: string; status: string; lesseeId: number }>;
  lessees: Map<number, { name: string; idOdoo: string | null; country: string }>;
}> {
  const leases = new Map<number, { contractNumber: string; status: string; lesseeId: number }>();
  for (const r of await arraysOf<[number, string, string, number]>(
    db,
    `select id, contract_number, status, lessee_id from leases where funder_id = ?`,
    [funderId],
  )) {
    leases.set(r[0], { contractNumber: r[1], status: intern(r[2]), lesseeId: r[3] });
  }
  return { leases, lessees: await lesseeLabels(db, funderId) };
}

/** Name, Odoo id and country per lessee of the funder. */
export async function lesseeLabels(
  db: DbOrTx,
  funderId: number,
): Promise<Map<number, { name: string; idOdoo: string | null; country: string }>> {
  const lessees = new Map<number, { name: string; idOdoo: string | null; country: string }>();
  for (const r of await arraysOf<[number, string, string | null, string]>(
    db,
    `select id, name, id_odoo, country from lessees where funder_id = ?`,
    [funderId],
  )) {
    lessees.set(r[0], { name: r[1], idOdoo: r[2], country: r[3] });
  }
  return lessees;
}

/** Gross instalments (minor units, per currency) of the funder's book due in [from, to] (schedule rows only). */
export async function scheduledInWindow(db: DbOrTx, funderId: number, from: string, to: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ currency: string; amount: number }>(
    db,
    `select l.currency as currency, coalesce(sum(s.gross), 0) as amount from schedule_rows s join leases l on l.id = s.lease_id
       where l.funder_id = ? and l.status != 'terminated' and s.due_date between ? and ? group by l.currency`,
    [funderId, from, to],
  );
  return new Map(rows.map((r) => [r.currency, r.amount]));
}

/** Payments (minor units, per currency) received by the funder in [from, to], net of reversals dated in it. */
export async function collectedInWindow(db: DbOrTx, funderId: number, from: string, to: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ currency: string; amount: number }>(
    db,
    `select currency, coalesce(sum(case when kind = 'payment' then amount else -amount end), 0) as amount from payments
       where funder_id = ? and received_on between ? and ? group by currency`,
    [funderId, from, to],
  );
  return new Map(rows.map((r) => [r.currency, r.amount]));
}

/** One lease's share of a window sum: [lease id, currency, minor units]. */
export type LeaseWindowAmount = readonly [number, string, number];

const IDS_PER_QUERY = 500;

/** Runs `sql` (with `?` placeholders for the ids in its `in (…)`) over the ids in chunks, or once without ids. */
async function perLeaseRows(
  db: DbOrTx,
  sql: (idList: string | null) => string,
  params: readonly unknown[],
  ids: readonly number[] | undefined,
): Promise<LeaseWindowAmount[]> {
  if (ids === undefined) return await arraysOf<[number, string, number]>(db, sql(null), params);
  const out: LeaseWindowAmount[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + IDS_PER_QUERY);
    out.push(...(await arraysOf<[number, string, number]>(db, sql(chunk.map(() => '?').join(',')), [...params, ...chunk])));
  }
  return out;
}

/**
 * scheduledInWindow per lease: the gross instalments due in [from, to] of each lease of the funder's book
 * (status ≠ terminated), or of the given leases only. Leases with nothing due in the window are left out.
 */
export async function scheduledInWindowByLease(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  ids?: readonly number[],
): Promise<LeaseWindowAmount[]> {
  return await perLeaseRows(
    db,
    (list) => `select l.id, l.currency, sum(s.gross) from schedule_rows s join leases l on l.id = s.lease_id
       where l.funder_id = ? and l.status != 'terminated' and s.due_date between ? and ?${list ? ` and l.id in (${list})` : ''} group by l.id`,
    [funderId, from, to],
    ids,
  );
}

/** collectedInWindow per lease and currency: payments received in [from, to] net of reversals, of every lease or the given ones. */
export async function collectedInWindowByLease(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  ids?: readonly number[],
): Promise<LeaseWindowAmount[]> {
  return await perLeaseRows(
    db,
    // For a few leases the lease index must lead, not the date range (+received_on keeps the planner off
    // payments_funder_date_idx, which would read every payment of the month: 100 ms instead of 0.1 at 100k).
    (list) => `select lease_id, currency, sum(case when kind = 'payment' then amount else -amount end) from payments
       where funder_id = ? and ${list ? NO_INDEX : ''}received_on between ? and ?${list ? ` and lease_id in (${list})` : ''} group by lease_id, currency`,
    [funderId, from, to],
    ids,
  );
}

/** A lessee of the funder (id, name, Odoo id, country, region, industry, contact, email); 404 otherwise. */
export async function getLesseeOfFunder(db: DbOrTx, funderId: number, lesseeId: number) {
  const r = (await firstOf(
    db,
    `select id, name, id_odoo as "idOdoo", tax_id as "taxId", country, region, industry, contact, email from lessees where id = ? and funder_id = ?`,
    [lesseeId, funderId],
  )) as
    | {
        id: number;
        name: string;
        idOdoo: string | null;
        taxId: string | null;
        country: string;
        region: string;
        industry: string;
        contact: string | null;
        email: string | null;
      }
    | undefined;
  if (!r) throw new NotFound(`Lessee ${lesseeId} does not exist for funder ${funderId}.`);
  return r;
}

type BookLeaseRow = [
  number,
  number,
  string,
  string,
  string,
  number,
  number,
  'per-instalment' | 'upfront',
  string,
  number,
  'advance' | 'arrears',
  ResidualTerms['frequency'],
  string,
  string | null,
  // The opening position (lib/servicing/opening.ts), all null when the lease has none.
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
];
/** The columns of a BookLeaseRow, over leases l left join opening_positions o. */
const BOOK_LEASE_COLUMNS = `l.id, l.lessee_id, l.contract_number, l.currency, l.status, l.residual, l.vat_rate, l.vat_regime, l.first_due_date,
  l.term, l.timing, l.frequency, l.purchase_date, l.written_off_on,
  ${POSITION_COLUMNS}`;
function bookLeaseOf(r: BookLeaseRow): ServicingLease {
  // Repeated strings shared (lib/intern.ts): the servicing store keeps every lease of the book in memory.
  const l: ServicingLease = {
    id: r[0],
    lesseeId: r[1],
    contractNumber: r[2],
    currency: intern(r[3]),
    status: intern(r[4]),
    residual: r[5],
    vatRate: r[6],
    vatRegime: intern(r[7]),
    firstDueDate: intern(r[8]),
    term: r[9],
    timing: intern(r[10]),
    frequency: intern(r[11]),
    purchaseDate: intern(r[12]),
  };
  if (r[13] !== null) l.writtenOffOn = r[13];
  if (r[14] !== null) l.opening = positionOf(r.slice(14) as unknown as PositionColumns);
  return l;
}

/** The leases of the funder's book (status ≠ terminated) in id order. */
export async function bookLeases(db: DbOrTx, funderId: number, page?: { afterId: number; limit: number }): Promise<ServicingLease[]> {
  const rows = await arraysOf<BookLeaseRow>(
    db,
    `select ${BOOK_LEASE_COLUMNS}
       from leases l left join opening_positions o on o.lease_id = l.id
       where l.funder_id = ? and l.status != 'terminated' and l.id > ? order by l.id limit ?`,
    [funderId, page?.afterId ?? 0, page?.limit ?? NO_LIMIT],
  );
  return rows.map(bookLeaseOf);
}

/**
 * The schedule rows of the book's leases with ids in [fromId, toId], one row per lease in id order, as
 * comma lists in period order (periods are 1..n): [leaseId, due dates, vat, fee, interest, principal]. Read from
 * the covering index schedule_rows_servicing_cover_idx; one row per lease (not per instalment) because
 * materializing millions of rows in JS costs several times the scan.
 */
export async function scheduleListsOfBook(
  db: DbOrTx,
  funderId: number,
  fromId: number,
  toId: number,
): Promise<[number, string, string, string, string, string][]> {
  return await arraysOf<[number, string, string, string, string, string]>(
    db,
    `select lease_id, ${SCHEDULE_LISTS}
       from schedule_rows where lease_id in (select id from leases where funder_id = ? and status != 'terminated' and id between ? and ?)
       group by lease_id order by lease_id`,
    [funderId, fromId, toId],
  );
}

/**
 * The payments (kind payment, reversed or not) of the funder's leases with ids in [fromId, toId], one row
 * per lease in id order: [leaseId, received dates, amounts] as comma lists (index order: by received
 * date). From the covering index payments_funder_lease_cover_idx.
 */
export async function paymentListsOfBook(db: DbOrTx, funderId: number, fromId: number, toId: number): Promise<[number, string, string][]> {
  return await arraysOf<[number, string, string]>(
    db,
    `select lease_id, ${PAYMENT_LISTS} from payments
       where funder_id = ? and lease_id between ? and ? and kind = 'payment' group by lease_id order by lease_id`,
    [funderId, fromId, toId],
  );
}

/** The reversals of the funder (through the reverses index: a few rows, where the funder index would read the whole ledger): [leaseId, reversed payment's received date, its amount, the reversal's date]. */
export async function reversalsOfBook(db: DbOrTx, funderId: number): Promise<[number, string, number, string][]> {
  return await arraysOf<[number, string, number, string]>(
    db,
    `select p.lease_id, p.received_on, p.amount, r.received_on from payments r ${indexedBy('payments_reverses_idx')} join payments p on p.id = r.reverses_id
       where r.reverses_id > 0 and r.funder_id = ? and r.kind = 'reversal' order by r.id`,
    [funderId],
  );
}

// ---------------------------------------------------------------------------------------------
// Per-lease reads for the incremental updates of the servicing stores (services/servicing/book.ts):
// the same rows as the bulk readers above, for a list of lease ids (passed as one JSON array). Each is
// driven by the ids (rowid or lease_id lookups: `+funder_id` and `not indexed` keep the planner off the funder-wide
// indexes, which made each read a scan of the funder's 100k leases or 2.7M payments), so a write's
// refresh costs what the changed leases hold, not what the book holds.

/** The leases of `ids` that belong to the funder's book (status ≠ terminated), in id order. */
export async function bookLeasesByIds(db: DbOrTx, funderId: number, ids: readonly number[]): Promise<ServicingLease[]> {
  const rows = await arraysOf<BookLeaseRow>(
    db,
    `select ${BOOK_LEASE_COLUMNS}
       from leases l left join opening_positions o on o.lease_id = l.id
       where +l.funder_id = ? and l.status != 'terminated' and l.id ${idListSql} order by l.id`,
    [funderId, idListParam(ids)],
  );
  return rows.map(bookLeaseOf);
}

/** As scheduleListsOfBook, for the leases of `ids`. */
export async function scheduleListsOfLeases(
  db: DbOrTx,
  ids: readonly number[],
): Promise<[number, string, string, string, string, string][]> {
  return await arraysOf<[number, string, string, string, string, string]>(
    db,
    `select lease_id, ${SCHEDULE_LISTS}
       from schedule_rows where lease_id ${idListSql} group by lease_id order by lease_id`,
    [idListParam(ids)],
  );
}

/** As paymentListsOfBook, for the leases of `ids`. */
export async function paymentListsOfLeases(db: DbOrTx, funderId: number, ids: readonly number[]): Promise<[number, string, string][]> {
  return await arraysOf<[number, string, string]>(
    db,
    `select lease_id, ${PAYMENT_LISTS} from payments
       where funder_id = ? and lease_id ${idListSql} and kind = 'payment' group by lease_id order by lease_id`,
    [funderId, idListParam(ids)],
  );
}

/** As reversalsOfBook, for the leases of `ids` (reversal-id order). */
export async function reversalsOfLeases(db: DbOrTx, funderId: number, ids: readonly number[]): Promise<[number, string, number, string][]> {
  return await arraysOf<[number, string, number, string]>(
    db,
    `select p.lease_id, p.received_on, p.amount, r.received_on
       from ${idTableSql} j
       ${JOIN_IN_ORDER} payments p ${indexedBy('payments_lease_idx')} on p.lease_id = j.value
       ${JOIN_IN_ORDER} payments r ${indexedBy('payments_reverses_idx')} on r.reverses_id = p.id
       where r.funder_id = ? and r.kind = 'reversal' order by r.id`,
    [idListParam(ids), funderId],
  );
}

/** Contract number, status and lessee of the funder's leases of `ids` (labels of the servicing screens, updated per changed lease). */
export async function leaseLabelsByIds(db: DbOrTx, funderId: number, ids: readonly number[]): Promise<[number, string, string, number][]> {
  return await arraysOf<[number, string, string, number]>(
    db,
    `select id, contract_number, status, lessee_id from leases where +funder_id = ? and id ${idListSql}`,
    [funderId, idListParam(ids)],
  );
}

/** Name, Odoo id and country of the funder's lessees of `ids`. */
export async function lesseeLabelsByIds(
  db: DbOrTx,
  funderId: number,
  ids: readonly number[],
): Promise<[number, string, string | null, string][]> {
  return await arraysOf<[number, string, string | null, string]>(
    db,
    `select id, name, id_odoo, country from lessees where funder_id = ? and id ${idListSql}`,
    [funderId, idListParam(ids)],
  );
}
