/**
 * Servicing reports reconcile with their sources: VAT invoiced = Σ schedule VAT due in the month;
 * collections allocated + credit = received (reversed payments excluded); distributions = received −
 * fee line by line; draws = leases purchased in the month; a kept file regenerated for a past month
 * has the same sha256 (CSV and XLSX).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { seedPortfolio } from '@/db/seed/portfolio';
import { paymentAllocations, payments } from '@/db/schema/servicing';
import { renderServicingReport } from '@/services/reports/kept-files';
import {
  buildServicingReport,
  lastCompleteMonth,
  monthRange,
  SERVICING_REPORT_KINDS,
  type ServicingReport,
} from '@/services/reports/servicing-reports';

const MONTH = '2026-10';
let db: Conn;
const sum = (lines: ServicingReport['lines'], id: string, currency?: string) =>
  lines.filter((l) => !currency || l.currency === currency).reduce((s, l) => s + ((l[id] as number) ?? 0), 0);

beforeAll(() => {
  db = createTestDb();
  seedPortfolio(db, { leases: 300, today: '2026-11-21', seed: 5 });
  const due = db.$client
    .prepare(
      `select s.lease_id as leaseId, s.period, s.vat, s.fee, s.interest, s.principal, l.currency from schedule_rows s join leases l on l.id = s.lease_id
       where l.funder_id = 1 and s.due_date between '2026-10-01' and '2026-10-31' order by s.lease_id limit 40`,
    )
    .all() as { leaseId: number; period: number; vat: number; fee: number; interest: number; principal: number; currency: string }[];
  expect(due.length).toBeGreaterThan(10);
  due.forEach((d, k) => {
    const extra = k % 3 === 0 ? 1234 : 0;
    // Every fourth payer pays only the VAT and part of the interest: the rest stays in arrears.
    const partial = k % 4 === 1;
    const parts = partial
      ? [
          { component: 'vat' as const, period: d.period, amount: d.vat },
          { component: 'interest' as const, period: d.period, amount: Math.floor(d.interest / 2) },
        ]
      : [
          { component: 'vat' as const, period: d.period, amount: d.vat },
          { component: 'fee' as const, period: d.period, amount: d.fee },
          { component: 'interest' as const, period: d.period, amount: d.interest },
          { component: 'principal' as const, period: d.period, amount: d.principal },
          ...(extra ? [{ component: 'credit' as const, period: 0, amount: extra }] : []),
        ];
    const amount = parts.reduce((s, p) => s + p.amount, 0);
    const p = db
      .insert(payments)
      .values({
        funderId: 1,
        leaseId: d.leaseId,
        receivedOn: `2026-10-${String(5 + (k % 20)).padStart(2, '0')}`,
        amount,
        currency: d.currency,
        method: 'transfer',
        createdAt: 0,
      })
      .returning()
      .get();
    db.insert(paymentAllocations)
      .values(parts.filter((x) => x.amount > 0).map((x) => ({ ...x, paymentId: p.id, leaseId: d.leaseId })))
      .run();
  });
  // A mistaken payment and its reversal: neither counts, and it has no allocations.
  const wrong = db
    .insert(payments)
    .values({
      funderId: 1,
      leaseId: due[0]!.leaseId,
      receivedOn: '2026-10-20',
      amount: 99999,
      currency: due[0]!.currency,
      method: 'transfer',
      createdAt: 0,
    })
    .returning()
    .get();
  db.insert(payments)
    .values({
      funderId: 1,
      leaseId: due[0]!.leaseId,
      kind: 'reversal',
      reversesId: wrong.id,
      receivedOn: '2026-10-21',
      amount: 99999,
      currency: due[0]!.currency,
      method: 'transfer',
      createdAt: 0,
    })
    .run();
});

const funder = async () => (await getFunder(db, 1))!;

describe('month helpers', () => {
  test.each([
    ['2026-11-21', '2026-10'],
    ['2026-01-01', '2025-12'],
    ['2024-03-31', '2024-02'],
  ])('last complete month before %s is %s', (today, month) => expect(lastCompleteMonth(today)).toBe(month));
  test.each([
    ['2024-02', '2024-02-29'],
    ['2026-02', '2026-02-28'],
    ['2026-12', '2026-12-31'],
  ])('%s ends on %s', (month, to) => expect(monthRange(month).to).toBe(to));
});

describe('reconciliations', () => {
  test('VAT invoiced = Σ schedule VAT due in the month, per currency', async () => {
    const r = await buildServicingReport(db, await funder(), 'vat', MONTH);
    const expected = db.$client
      .prepare(
        `select l.currency, sum(s.vat) as vat from schedule_rows s join leases l on l.id = s.lease_id where l.funder_id = 1 and l.status <> 'terminated' and s.due_date between ? and ? group by l.currency`,
      )
      .all('2026-10-01', '2026-10-31') as { currency: string; vat: number }[];
    expect(expected.length).toBeGreaterThan(0);
    for (const e of expected) expect(r.totals.find((t) => t.currency === e.currency)?.invoiced ?? 0).toBe(e.vat);
    expect(sum(r.lines, 'collected')).toBe(
      db.$client.prepare(`select sum(amount) from payment_allocations where component = 'vat'`).pluck().get(),
    );
    expect(sum(r.lines, 'arrears')).toBeGreaterThan(0);
  });

  test('collections: allocated by component + credit = received, per line and in total; the reversed payment is left out', async () => {
    const r = await buildServicingReport(db, await funder(), 'collections', MONTH);
    const paid = r.lines.filter((l) => (l.received as number) > 0);
    expect(paid.length).toBeGreaterThan(10);
    for (const l of r.lines) {
      expect(
        (l.collectedVat as number) +
          (l.collectedFee as number) +
          (l.collectedInterest as number) +
          (l.collectedPrincipal as number) +
          (l.credit as number),
      ).toBe(l.received);
    }
    const received = db.$client
      .prepare(
        `select sum(amount) from payments p where kind = 'payment' and not exists (select 1 from payments r where r.reverses_id = p.id)`,
      )
      .pluck()
      .get();
    expect(sum(r.lines, 'received')).toBe(received);
    expect(sum(r.totals, 'credit')).toBeGreaterThan(0);
  });

  test('distributions = received − servicing fee, line by line', async () => {
    const r = await buildServicingReport(db, await funder(), 'distributions', MONTH);
    for (const l of r.lines) {
      expect(l.servicingFee).toBe(Math.round((l.received as number) * (await funder()).servicingFee));
      expect((l.distributed as number) + (l.servicingFee as number)).toBe(l.received);
    }
  });

  test('draws list exactly the leases purchased in the month, drawn = advance rate × price', async () => {
    const r = await buildServicingReport(db, await funder(), 'draws', '2026-06');
    const ids = db.$client
      .prepare(
        `select id from leases where funder_id = 1 and status <> 'terminated' and purchase_date between '2026-06-01' and '2026-06-30' order by id`,
      )
      .pluck()
      .all();
    expect(r.lines.map((l) => l.leaseId)).toEqual(ids);
    for (const l of r.lines) expect(l.drawn).toBe(Math.round((l.purchasePrice as number) * (await funder()).advanceRate));
  });

  // Issue #11: leases purchased during the month draw on the funding line, so the month's movement includes them.
  test('liability and total CF: closing = opening + drawn − principal − written off; net = cash − liability', async () => {
    const lr = await buildServicingReport(db, await funder(), 'liability', MONTH);
    expect(lr.lines.length).toBeGreaterThan(0);
    for (const l of lr.lines)
      expect(l.closing).toBe((l.opening as number) + (l.drawn as number) - (l.principal as number) - (l.writtenOff as number));
    const t = await buildServicingReport(db, await funder(), 'total-cf', MONTH);
    for (const l of t.lines) {
      const liab = lr.lines.find((x) => x.currency === l.currency);
      expect(l.liabilityPrincipal).toBe(liab?.principal ?? 0);
      expect(l.netActual).toBe((l.collected as number) - (l.liabilityTotal as number));
    }
  });
});

describe('a kept CSV is one table', () => {
  test.each(SERVICING_REPORT_KINDS)('%s: a header and its lines, every row as wide as the header, no second table', async (kind) => {
    const report = await buildServicingReport(db, await funder(), kind, MONTH);
    const file = await renderServicingReport(report, 'csv', (id) => `H ${id}`, { lines: 'Lines', totals: 'Totals' });
    const text = file.data.toString('utf8').replace(/^\uFEFF/, '');
    const rows = text.split('\r\n');
    if (rows.at(-1) === '') rows.pop();
    expect(
      rows.every((r) => r !== ''),
      'no blank line between two tables',
    ).toBe(true);
    expect(rows[0]).toBe(report.columns.map((c) => `H ${c.id}`).join(','));
    expect(rows).toHaveLength(1 + report.lines.length);
  });
});

describe('kept files are reproducible', () => {
  test.each(SERVICING_REPORT_KINDS.flatMap((k) => [[k, 'csv'] as const, [k, 'xlsx'] as const]))(
    '%s %s regenerated → same sha256',
    async (kind, format) => {
      const names = { lines: 'Lines', totals: 'Totals' };
      const a = await renderServicingReport(await buildServicingReport(db, await funder(), kind, MONTH), format, (id) => id, names);
      await new Promise((r) => setTimeout(r, format === 'xlsx' && kind === 'draws' ? 2100 : 5));
      const b = await renderServicingReport(await buildServicingReport(db, await funder(), kind, MONTH), format, (id) => id, names);
      expect(b.sha256).toBe(a.sha256);
      expect(b.data.equals(a.data)).toBe(true);
    },
  );
});
