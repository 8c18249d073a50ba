/**
 * The servicing reports' caches (month data, built reports) keep only the funder's current ledger stamp: a payment or
 * lease write moves the stamp, and the entries of the older one, which no request can read again, are dropped when
 * the next one is kept instead of holding a line per lease until newer entries push them out.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import { recordPayment } from '@/db/queries/payments';
import { bookChangeStamp } from '@/db/queries/book-changes';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { buildServicingReport, keepCurrent, SERVICING_REPORT_KINDS } from '@/services/reports/servicing-reports';

const TODAY = '2026-11-21';
const MONTH = '2026-10';

describe('keepCurrent', () => {
  test("drops the funder's entries of another stamp, keeps other funders' and the current stamp's", () => {
    const cache = new Map<string, string>([
      ['1:10:3:a', 'old a'],
      ['2:9:1:a', 'other funder'],
      ['12:9:1:a', 'funder 12'],
      ['1:11:3:b', 'current b'],
      ['1:11:2:c', 'older data version'],
    ]);
    keepCurrent(cache, '1:11:3:', '1:11:3:a', 'new a', 24);
    expect([...cache.keys()].sort()).toEqual(['12:9:1:a', '1:11:3:a', '1:11:3:b', '2:9:1:a']);
    expect(cache.get('1:11:3:a')).toBe('new a');
  });

  test('then drops the oldest entries beyond the limit', () => {
    const cache = new Map<string, number>([
      ['2:1:1:a', 1],
      ['2:1:1:b', 2],
      ['3:1:1:a', 3],
    ]);
    keepCurrent(cache, '2:1:1:', '2:1:1:c', 4, 3);
    expect([...cache.keys()]).toEqual(['2:1:1:b', '3:1:1:a', '2:1:1:c']);
  });
});

describe('the reports after a payment', () => {
  let db: Conn;
  beforeAll(() => {
    db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 120, today: TODAY, seed: 29 });
    seedPayments(db, { funderId: 1, today: TODAY, seed: 29 });
  });

  test('no report or month data of the stamp before the payment stays cached', async () => {
    const funder = (await getFunder(db, 1))!;
    for (const kind of SERVICING_REPORT_KINDS) await buildServicingReport(db, funder, kind, MONTH);
    const before = `1:${await bookChangeStamp(db, 1)}:`;
    // The two caches as the registry keeps them (lib/views.ts processState).
    const caches = globalThis as unknown as Record<string, Map<string, unknown>>;
    const keys = () => [...caches['__quantum:servicingReports']!.keys(), ...caches['__quantum:servicingReportMonths']!.keys()];
    expect(keys().filter((k) => k.startsWith(before)).length).toBeGreaterThanOrEqual(SERVICING_REPORT_KINDS.length + 1);
    const lease = db.$client
      .prepare(`select id, currency from leases where funder_id = 1 and status = 'active' order by id limit 1`)
      .get() as { id: number; currency: string };
    await recordPayment(db, 1, { leaseId: lease.id, receivedOn: TODAY, amount: 100, currency: lease.currency, method: 'transfer' }, null);
    const after = `1:${await bookChangeStamp(db, 1)}:`;
    expect(after).not.toBe(before);
    for (const kind of SERVICING_REPORT_KINDS) await buildServicingReport(db, funder, kind, MONTH);
    expect(keys().filter((k) => k.startsWith(before))).toEqual([]);
    expect(keys().filter((k) => k.startsWith(after)).length).toBeGreaterThanOrEqual(SERVICING_REPORT_KINDS.length + 1);
  });
});
