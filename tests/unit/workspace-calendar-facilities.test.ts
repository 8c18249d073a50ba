/**
 * The Calendar's read-only dates from the facilities (issue #16: "certificate and covenant dates as those
 * features land"): the demo facility's issued certificate on its as-of date, and a covenant test at every
 * month end of its term.
 */
import { expect, test } from 'vitest';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { monthEndsIn } from '@/lib/workspace/calendar';
import { seedDemoFacilities } from '@/services/facilities/demo';
import { calendarScreen } from '@/services/workspace/calendar';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

test('certificates on their as-of date and covenant tests at the month ends of the term', async () => {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 200, today: TODAY, seed: 4 });
  seedPayments(db, { funderId: 1, today: TODAY, seed: 4 });
  seedPayments(db, { funderId: 2, today: TODAY, seed: 4 });
  expect(await seedDemoFacilities(db, TODAY)).toBeGreaterThan(0);
  const certs = db.$client
    .prepare(
      `select c.as_of, f.name, c.status from facility_certificates c join facilities f on f.id = c.facility_id where f.funder_id = 1`,
    )
    .raw()
    .all() as [string, string, string][];
  expect(certs.length).toBeGreaterThan(0);
  const [asOf, name, status] = certs[0]!;
  const userId = db.$client.prepare(`select id from users where email = 'analyst@quantum.demo'`).pluck().get() as number;

  const month = await calendarScreen(db, userId, { view: 'month', date: asOf, calendars: undefined, minGross: null }, 1);
  expect(month.certificates.map((c) => [c.asOf, c.facilityName, c.status])).toContainEqual([asOf, name, status]);
  const [start, maturity] = db.$client.prepare(`select start_date, maturity_date from facilities where name = ?`).raw().get(name) as [
    string,
    string,
  ];
  const tests = month.covenantTests.filter((c) => c.facilityName === name).map((c) => c.date);
  expect(tests).toEqual(monthEndsIn(month.range.from, month.range.to).filter((d) => d >= start && d <= maturity));
  expect(tests.length).toBeGreaterThan(0);

  // Without the book (no funder), none of it; another funder's facilities never show.
  const none = await calendarScreen(db, userId, { view: 'month', date: asOf, calendars: undefined, minGross: null }, null);
  expect({ certificates: none.certificates, covenantTests: none.covenantTests }).toEqual({ certificates: [], covenantTests: [] });
  const other = await calendarScreen(db, userId, { view: 'month', date: asOf, calendars: undefined, minGross: null }, 999);
  expect({ certificates: other.certificates, covenantTests: other.covenantTests }).toEqual({ certificates: [], covenantTests: [] });
});
