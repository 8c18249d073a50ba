/**
 * The demo book reads well on any day (issue #39): seeded with the clock fixed (QUANTUM_TODAY) on the awkward days of
 * the calendar, each demo facility has room to draw today, one covenant in Warning, and its certificate issued at the
 * last month end, where the Calendar shows it beside that month end's covenant test.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { listFacilities } from '@/db/queries/facilities';
import { seedIfEmpty } from '@/db/seed';
import { todayIso } from '@/lib/clock';
import { lastClosedMonth, monthEndOf } from '@/lib/history/months';
import { covenantHistory, facilityBase, requestFacilityDraw } from '@/services/facilities/core';
import { seedDemoFacilities } from '@/services/facilities/demo';
import { calendarScreen } from '@/services/workspace/calendar';
import { createTestDb } from '../../helpers/test-db';

afterEach(() => vi.unstubAllEnvs());

const DAYS = ['2026-12-01', '2026-12-02', '2027-02-28', '2028-02-29', '2026-12-31', '2027-01-01', '2027-06-30'] as const;

describe.each(DAYS)('the demo seeded on %s', (day) => {
  test('room to draw today, a covenant in Warning, the certificate and covenant test at the last month end', async () => {
    vi.stubEnv('QUANTUM_TODAY', day);
    const db = createTestDb();
    expect(seedIfEmpty(db, { leases: 200 }).seeded).toBe(true);
    const today = todayIso();
    expect(await seedDemoFacilities(db, today)).toBeGreaterThan(0);
    expect(today).toBe(day);
    const lastMonthEnd = monthEndOf(lastClosedMonth(today));
    const facilities = await listFacilities(db, 'all');
    expect(facilities.length).toBeGreaterThan(0);
    const analyst = db.$client.prepare(`select id, email from users where email = 'analyst@quantum.demo'`).get() as {
      id: number;
      email: string;
    };
    for (const f of facilities) {
      const { base } = await facilityBase(db, f, today);
      // Room to draw: at least a tenth of the maximum advance, so a draw of 1.00 is accepted as pending.
      expect(base.availability, `${f.name} on ${day}`).toBeGreaterThanOrEqual(Math.floor(base.maximumAdvance * 0.1));
      expect(base.outstanding).toBeGreaterThan(0);
      const draw = await requestFacilityDraw(
        db,
        f,
        { type: 'draw', amount: 100, valueDate: today, note: 'any day' },
        { userId: analyst.id, email: analyst.email },
      );
      expect(draw.status).toBe('pending');
      // One covenant in Warning at the last closed month.
      const latest = (await covenantHistory(db, f, today, today, 1)).map((c) => c.latest?.status);
      expect(latest).toContain('warning');
      expect(latest).not.toContain('breach');
      // The issued certificate at the last month end, and the Calendar's month view shows it with the covenant test.
      const issued = db.$client.prepare(`select as_of, status from facility_certificates where facility_id = ?`).all(f.id) as {
        as_of: string;
        status: string;
      }[];
      expect(issued).toContainEqual({ as_of: lastMonthEnd, status: 'approved' });
      const month = await calendarScreen(
        db,
        analyst.id,
        { view: 'month', date: lastMonthEnd, calendars: undefined, minGross: null },
        f.funderId,
      );
      expect(month.certificates.map((c) => c.asOf)).toContain(lastMonthEnd);
      expect(month.covenantTests.filter((c) => c.facilityId === f.id).map((c) => c.date)).toContain(lastMonthEnd);
    }
  });
});
