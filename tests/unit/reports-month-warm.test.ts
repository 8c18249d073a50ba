/**
 * The server's warm-up reads a month's schedule sums and collections day by day (warmMonthData): the
 * reports built from it equal the reports built from the month read in one piece, line by line.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { recordPayment } from '@/db/queries/payments';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { buildServicingReport, SERVICING_REPORT_KINDS, warmMonthData, type ServicingReport } from '@/services/reports/servicing-reports';

const TODAY = '2026-11-21';
const MONTH = '2026-10';
let db: Conn;

beforeAll(() => {
  db = createTestDb();
  seedDemoUsers(db);
  // A seed of its own so that no other test file's cached month shares the (funder, stamp, month) key.
  seedPortfolio(db, { leases: 250, today: TODAY, seed: 23 });
  seedPayments(db, { funderId: 1, today: TODAY, seed: 23 });
});

describe('warmMonthData', () => {
  test('the month read day by day gives the same reports as the month read at once', async () => {
    const funder = (await getFunder(db, 1))!;
    await warmMonthData(db, funder, MONTH);
    const warmed = Object.fromEntries(
      await Promise.all(SERVICING_REPORT_KINDS.map(async (k) => [k, await buildServicingReport(db, funder, k, MONTH)])),
    ) as Record<string, ServicingReport>;
    expect(warmed.collections!.lines.length).toBeGreaterThan(20);
    expect(warmed.vat!.lines.some((l) => (l.invoiced as number) > 0)).toBe(true);
    // A payment after the month moves the ledger stamp (a new cache key) without changing the month's figures.
    const lease = db.$client
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { id: number; currency: string };
    await recordPayment(db, 1, { leaseId: lease.id, receivedOn: TODAY, amount: 100, currency: lease.currency, method: 'transfer' }, null);
    for (const kind of SERVICING_REPORT_KINDS) {
      const direct = await buildServicingReport(db, funder, kind, MONTH);
      expect(direct).not.toBe(warmed[kind]);
      expect({ kind, lines: direct.lines, totals: direct.totals }).toEqual({
        kind,
        lines: warmed[kind]!.lines,
        totals: warmed[kind]!.totals,
      });
    }
  });
});
