/**
 * Demo credit history (domain.md §8), deterministic, after the payment history: the leases the portfolio seed
 * picked to stop paying lose their hand-typed "defaulted" (the status is derived now: they are in default by their
 * DPD), every fifth lessee is retail, one defaulted lease catches up and cures after the probation, two are written
 * off (proposed by one user, approved by another) with partial recoveries, one write-off is pending, and one
 * performing lease is flagged unlikely to pay. Default dates and exposures come from lib/credit over the ledger.
 */
import { NEVER, absoluteThreshold, cashPositionAt, creditSettingsOf, creditTimeline, type CreditLeaseInput } from '@/lib/credit';
import { formatDate, tryParseDate } from '@/lib/finance';
import type { Instalment, LedgerEntry } from '@/lib/servicing';
import type { Conn as Db } from '../client';
import { componentOrderOf } from '../queries/payments';
import { loadServicingLedgers } from '../queries/servicing';
import { seedBookChange, seedFunder, seedLesseeKinds, seedPayment } from './sqlite';

type Ledger = ReturnType<typeof loadServicingLedgers>[number];

function inputOf(instalments: Instalment[], ledger: LedgerEntry[], order: ReturnType<typeof componentOrderOf>): CreditLeaseInput {
  // In ledger (id) order whatever order the scan returned them in (it follows the indexes in place): payments of
  // one day keep their order below.
  const entries = [...ledger].sort((a, b) => Number(a.id) - Number(b.id));
  const pays = entries.filter((e): e is Extract<LedgerEntry, { receivedDate: string }> => 'receivedDate' in e);
  const reversedOn = new Map<string, number>();
  for (const e of entries) if ('reversalOf' in e) reversedOn.set(e.reversalOf, tryParseDate(e.date)!);
  const sorted = [...pays].sort((a, b) => (a.receivedDate < b.receivedDate ? -1 : a.receivedDate > b.receivedDate ? 1 : 0));
  const ins = [...instalments].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.period - b.period));
  return {
    due: ins.map((i) => tryParseDate(i.dueDate)!),
    vat: ins.map((i) => i.vat),
    fee: ins.map((i) => i.fee),
    interest: ins.map((i) => i.interest),
    principal: ins.map((i) => i.principal),
    from: 0,
    to: ins.length,
    payDay: sorted.map((p) => tryParseDate(p.receivedDate)!),
    payAmount: sorted.map((p) => p.amount),
    payReversedOn: sorted.map((p) => reversedOn.get(p.id) ?? NEVER),
    payFrom: 0,
    payTo: sorted.length,
    componentOrder: order,
    utp: [],
  };
}

/** Seeds the funder's credit demo; returns what it wrote. `ledgers`: the funder's ledgers as seedPayments returned them. */
export function seedCredit(
  db: Db,
  opts: { funderId: number; today: string; ledgers?: Ledger[] },
): { defaults: number; cured: number; writtenOff: number; recoveries: number; flagged: number } {
  const funder = seedFunder(db, opts.funderId);
  const sqlite = db.$client;
  const now = Date.now();
  const today = tryParseDate(opts.today)!;
  const userId = (email: string) =>
    (sqlite.prepare(`select id from users where email = ?`).pluck().get(email) as number | undefined) ?? null;
  const proposer = userId('analyst@quantum.demo');
  const approver = userId('admin@quantum.demo');
  const out = { defaults: 0, cured: 0, writtenOff: 0, recoveries: 0, flagged: 0 };

  const stoppers = new Set(
    sqlite.prepare(`select id from leases where funder_id = ? and status = 'defaulted' order by id`).pluck().all(opts.funderId) as number[],
  );
  sqlite.prepare(`update lessees set kind = 'retail' where funder_id = ? and id % 5 = 0`).run(opts.funderId);
  sqlite.prepare(`update leases set status = 'active' where funder_id = ? and status = 'defaulted'`).run(opts.funderId);

  const settings = creditSettingsOf(funder);
  const order = componentOrderOf(funder);
  const kinds = seedLesseeKinds(db, opts.funderId);
  // The ledgers seedPayments just wrote (read back when not given), with the statuses as updated above.
  const ledgers = opts.ledgers ?? loadServicingLedgers(db, opts.funderId, null);
  if (opts.ledgers) for (const l of ledgers) if (l.lease.status === 'defaulted') l.lease.status = 'active';
  const defaulted: { l: Ledger; x: CreditLeaseInput; start: number }[] = [];
  for (const l of ledgers) {
    if (!stoppers.has(l.lease.id)) continue;
    const x = inputOf(l.instalments, l.entries, order);
    const rules = {
      absolute: absoluteThreshold(settings, kinds.get(l.lease.lesseeId) ?? 'corporate'),
      relative: settings.relative,
      probationMonths: settings.probationMonths,
    };
    const ep = creditTimeline(x, rules).episodes[0];
    if (ep && ep.start <= today) defaulted.push({ l, x, start: ep.start });
  }
  defaulted.sort((a, b) => a.start - b.start || a.l.lease.id - b.l.lease.id);
  out.defaults = defaulted.length;
  const old = defaulted.filter((d) => d.start <= today - 150);

  // One lease catches up 15 days after its default and then pays on time: it cures once the probation is over.
  const cure = old[0];
  if (cure) {
    const on = cure.start + 15;
    const pos = cashPositionAt(cure.x, on);
    // The lease's ledger as written so far, which each payment joins (its allocation is recomputed from all of them).
    const ledger = { lease: cure.l.lease, instalments: cure.l.instalments, entries: [...cure.l.entries] };
    if (pos.pastDue > 0)
      seedPayment(
        db,
        opts.funderId,
        ledger,
        { receivedOn: formatDate(on), amount: pos.pastDue, method: 'transfer', reference: 'Catch-up after default' },
        order,
        now,
      );
    for (const ins of cure.l.instalments) {
      const due = tryParseDate(ins.dueDate)!;
      if (due <= on || due > today) continue;
      seedPayment(
        db,
        opts.funderId,
        ledger,
        {
          receivedOn: ins.dueDate,
          amount: ins.vat + ins.fee + ins.interest + ins.principal,
          method: 'direct_debit',
          reference: `${ins.period}`,
        },
        order,
        now,
      );
    }
    out.cured = 1;
  }

  // Two written off 45 days after their default (four eyes: analyst proposes, admin approves), with partial recoveries.
  const insWriteOff = sqlite.prepare(
    `insert into write_offs (funder_id, lease_id, write_off_on, amount, currency, note, status, proposed_by, proposed_at, decided_by, decided_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insRecovery = sqlite.prepare(
    `insert into recoveries (funder_id, lease_id, received_on, amount, currency, kind, reference, note, created_by, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const d of old.slice(1, 3)) {
    const on = d.start + 45;
    const amount = cashPositionAt(d.x, on).exposure;
    if (amount <= 0) continue;
    insWriteOff.run(
      opts.funderId,
      d.l.lease.id,
      formatDate(on),
      amount,
      d.l.lease.currency,
      'Lessee insolvent; asset repossessed',
      'approved',
      proposer,
      now,
      approver,
      now,
    );
    sqlite.prepare(`update leases set written_off_on = ? where id = ?`).run(formatDate(on), d.l.lease.id);
    out.writtenOff++;
    const sale = on + 40;
    if (sale <= today) {
      insRecovery.run(
        opts.funderId,
        d.l.lease.id,
        formatDate(sale),
        Math.round(amount * 0.35),
        d.l.lease.currency,
        'asset_sale',
        'Auction',
        'Sale of the repossessed asset',
        approver,
        now,
      );
      out.recoveries++;
    }
    const late = on + 70;
    if (late <= today) {
      insRecovery.run(
        opts.funderId,
        d.l.lease.id,
        formatDate(late),
        Math.round(amount * 0.04),
        d.l.lease.currency,
        'late_collection',
        'Settlement',
        'Partial settlement by the guarantor',
        approver,
        now,
      );
      out.recoveries++;
    }
  }
  // One pending proposal, waiting for a second user.
  const used = new Set(old.slice(0, 3).map((d) => d.l.lease.id));
  const pending = defaulted.find((d) => !used.has(d.l.lease.id) && d.start < today - 1);
  if (pending) {
    const on = today - 1;
    insWriteOff.run(
      opts.funderId,
      pending.l.lease.id,
      formatDate(on),
      cashPositionAt(pending.x, on).exposure,
      pending.l.lease.currency,
      'No payment for over a year',
      'proposed',
      proposer,
      now,
      null,
      null,
    );
  }

  // One performing lease still running flagged unlikely to pay.
  const flagged = ledgers.find(
    (l) =>
      !stoppers.has(l.lease.id) && l.lease.status === 'active' && l.instalments.some((i) => (tryParseDate(i.dueDate) ?? 0) > today + 90),
  );
  if (flagged) {
    sqlite
      .prepare(
        `insert into credit_flags (funder_id, lease_id, kind, flagged_on, reason, flagged_by, flagged_at) values (?, ?, 'utp', ?, ?, ?, ?)`,
      )
      .run(opts.funderId, flagged.lease.id, formatDate(today - 10), 'Lessee filed for insolvency protection', proposer, now);
    out.flagged = 1;
  }
  // Statuses, kinds, flags and the loss ledger were written in bulk: one `book` row of the change journal.
  seedBookChange(db, opts.funderId);
  return out;
}
