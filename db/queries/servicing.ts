/**
 * Bulk reads for the servicing book: a funder's leases, their instalments and ledgers in a few plain
 * scans (no per-lease queries), so a 100k-lease book loads in well under a second.
 */
import type { Instalment, LedgerEntry } from '@/lib/servicing';
import { leaseInstalments, type ResidualTerms } from '@/lib/servicing/instalments';
import type { DbOrTx } from '../client';

/** The lease fields the servicing book needs. */
export type ServicingLease = ResidualTerms & { id: number; lesseeId: number; currency: string; status: string; contractNumber: string };

/** What changes the servicing figures: any ledger entry (max payment id, global) and any lease or settings change (funder dataVersion). */
export function servicingStamp(db: DbOrTx, funderId: number): string {
  const sqlite = (db as unknown as { $client: import('better-sqlite3').Database }).$client;
  const r = sqlite
    .prepare(`select (select coalesce(max(id), 0) from payments) as p, (select data_version from funders where id = ?) as v`)
    .get(funderId) as { p: number; v: number | null };
  return `${r.p}:${r.v ?? 'none'}`;
}

function client(db: DbOrTx): import('better-sqlite3').Database {
  return (db as unknown as { $client: import('better-sqlite3').Database }).$client;
}

/**
 * Every lease of the funder that belongs to the book (status ≠ terminated, as the portfolio), in id
 * order, with its instalments (schedule rows + residual) and its ledger entries received on or before
 * `asOf` (null: all), in ledger (id) order.
 */
export function loadServicingLedgers(db: DbOrTx, funderId: number, asOf: string | null): { lease: ServicingLease; instalments: Instalment[]; entries: LedgerEntry[] }[] {
  const sqlite = client(db);
  const leaseRows = sqlite
    .prepare(
      `select id, lessee_id, contract_number, currency, status, residual, vat_rate, vat_regime, first_due_date, term, timing, frequency
       from leases where funder_id = ? and status != 'terminated' order by id`,
    )
    .raw()
    .all(funderId) as [number, number, string, string, string, number, number, 'per-instalment' | 'upfront', string, number, 'advance' | 'arrears', ResidualTerms['frequency']][];
  const index = new Map<number, number>();
  const out = leaseRows.map((r, i) => {
    index.set(r[0], i);
    return {
      lease: { id: r[0], lesseeId: r[1], contractNumber: r[2], currency: r[3], status: r[4], residual: r[5], vatRate: r[6], vatRegime: r[7], firstDueDate: r[8], term: r[9], timing: r[10], frequency: r[11] },
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
        ? `select lease_id, id, kind, reverses_id, received_on, amount from payments not indexed where funder_id = ?`
        : `select lease_id, id, kind, reverses_id, received_on, amount from payments not indexed where funder_id = ? and received_on <= ?`,
    )
    .raw()
    .iterate(...(asOf === null ? [funderId] : [funderId, asOf])) as IterableIterator<[number, number, string, number | null, string, number]>;
  for (const p of pay) {
    const i = index.get(p[0]);
    if (i === undefined) continue;
    out[i]!.entries.push(p[2] === 'reversal' ? { id: String(p[1]), reversalOf: String(p[3]), date: p[4] } : { id: String(p[1]), receivedDate: p[4], amount: p[5] });
  }
  for (const o of out) o.instalments = leaseInstalments(o.instalments, o.lease);
  return out;
}
