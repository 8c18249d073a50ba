/**
 * Demo facilities (issue #15): each demo funder gets one facility whose figures are all computed from its book —
 * criteria and two concentration limits (the lessee limit set below the largest lessee's share, so it produces an
 * excess), reserves, a quarterly draw history that never exceeds the availability at its date and repayments from
 * collections that leave room to draw on whatever day it is seeded (requested by the demo analyst, approved by the
 * demo admin), an issued certificate at the last month end, and covenants placed around the measured values so that
 * one is in Warning. Deterministic for a given `today` (lib/clock's, by default the calendar's).
 */
import type { Db } from '@/db/client';
import { createFacility, updateFacility, type FacilityActor } from '@/db/queries/facilities';
import { listFunders } from '@/db/queries/funders';
import { getUserByEmail } from '@/db/queries/users';
import { addMonths } from '@/lib/finance/dates';
import { lastClosedMonth, monthEndOf, monthOf } from '@/lib/history/months';
import { createFacilityBody } from '@/lib/validations/facilities';
import { collateralAt } from './collateral';
import { approveFacilityCertificate, decideFacilityDraw, facilityBase, prepareFacilityCertificate, requestFacilityDraw } from './core';
import { facilityMonthMetrics } from './metrics';
import { valueOf } from '@/db/dialect';

const DAY = 86_400_000;
const round = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);
const up = (v: number, step: number) => Math.ceil(v / step) * step;

async function actor(db: Db, email: string): Promise<FacilityActor | null> {
  const u = await getUserByEmail(db, email);
  return u ? { userId: u.id, email: u.email } : null;
}

/** Seeds the demo facility of every funder that has a book and no facility yet; returns how many were made. */
export async function seedDemoFacilities(db: Db, today: string): Promise<number> {
  const hasAny = (await valueOf(db, 'select 1 from facilities limit 1')) !== undefined;
  if (hasAny) return 0;
  const analyst = await actor(db, 'analyst@quantum.demo');
  const admin = await actor(db, 'admin@quantum.demo');
  if (!analyst || !admin) return 0;
  const now = Date.parse(`${today}T09:00:00Z`);
  let made = 0;
  for (const funder of await listFunders(db)) {
    const pool = (await collateralAt(db, funder.id, today)).leases;
    if (pool.length < 10) continue;
    const byCurrency = new Map<string, number>();
    for (const l of pool) byCurrency.set(l.currency, (byCurrency.get(l.currency) ?? 0) + l.balance);
    const currency = [...byCurrency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const leases = pool.filter((l) => l.currency === currency);
    const balances = leases.map((l) => l.balance).sort((a, b) => a - b);
    const cap = up(balances[Math.floor(balances.length * 0.98)]!, 100_00);
    const eligible = leases.filter((l) => !l.inDefault && l.dpd <= 60 && l.remainingMonths >= 3 && l.balance <= cap);
    // A book too small (or too delinquent) for a facility's figures: none for this funder.
    if (eligible.length < 3) continue;
    const eligiblePool = eligible.reduce((s, l) => s + l.balance, 0);
    const byLessee = new Map<number, number>();
    for (const l of eligible) byLessee.set(l.lesseeId, (byLessee.get(l.lesseeId) ?? 0) + l.balance);
    const shares = [...byLessee.values()].sort((a, b) => b - a).map((v) => v / eligiblePool);
    // Below the largest lessee's share (an excess), above the second's where there is room.
    const lesseeShare = Math.max(0.001, Math.floor(Math.max(shares[0]! * 0.75, (shares[1] ?? 0) * 1.01) * 1000) / 1000);
    const top10 = shares.slice(0, 10).reduce((s, v) => s + v, 0);
    const startDate = `${addMonths(today, -18).slice(0, 7)}-01`;
    const reserves = round(eligiblePool * 0.01, 1000_00);
    const advanceRate = 0.85;
    const commitment = round(advanceRate * eligiblePool * 1.15, 100_000_00);
    const facility = await createFacility(
      db,
      createFacilityBody.parse({
        funderId: funder.id,
        name: `${funder.name} senior facility`,
        lender: 'Nordbank Structured Finance',
        currency,
        commitment,
        advanceRate,
        reserves,
        startDate,
        maturityDate: addMonths(startDate, 60),
        criteria: [
          { kind: 'notInDefault' },
          { kind: 'maxDpd', value: 60 },
          { kind: 'minRemainingMonths', value: 3 },
          { kind: 'maxBalance', value: cap },
        ],
        limits: [
          { group: 'lessee', kind: 'percent', value: lesseeShare },
          { group: 'topLessees', kind: 'percent', value: Math.min(1, Math.ceil((top10 + 0.05) * 100) / 100), topN: 10 },
        ],
      }),
      admin,
      now - 30 * DAY,
    );
    // Quarterly draws of half the availability at their date and, at the month ends between them, a repayment from
    // collections where the outstanding runs above 75 % of the maximum advance (down to 70 %): always within the base.
    for (let m = 1; m <= 18; m++) {
      const valueDate = monthEndOf(monthOf(addMonths(startDate, m)));
      if (valueDate > today) break;
      const { base } = await facilityBase(db, facility, valueDate);
      const draw = m % 3 === 1;
      const amount = draw
        ? round(base.availability * 0.5, 1000_00)
        : Math.min(base.outstanding, Math.floor((base.outstanding - base.maximumAdvance * 0.7) / 1000_00) * 1000_00);
      if (draw ? amount <= 0 || amount > base.availability : base.outstanding <= base.maximumAdvance * 0.75 || amount <= 0) continue;
      const d = await requestFacilityDraw(
        db,
        facility,
        { type: draw ? 'draw' : 'repayment', amount, valueDate, note: '' },
        analyst,
        now - 20 * DAY,
      );
      await decideFacilityDraw(db, facility, d.id, 'approved', admin, now - 19 * DAY);
    }
    // Room to draw today, whatever the day: a base that shrank since the last movement (collections, new defaults)
    // is met by a repayment at the last month end, down to 70 % of today's maximum advance.
    const lastMonthEnd = monthEndOf(lastClosedMonth(today));
    const atToday = (await facilityBase(db, facility, today)).base;
    if (atToday.availability < atToday.maximumAdvance * 0.1) {
      const amount = up(atToday.outstanding - atToday.maximumAdvance * 0.7, 1000_00);
      if (amount > 0 && lastMonthEnd >= startDate) {
        const r = await requestFacilityDraw(
          db,
          facility,
          {
            type: 'repayment',
            amount: Math.min(amount, (await facilityBase(db, facility, lastMonthEnd)).base.outstanding),
            valueDate: lastMonthEnd,
            note: '',
          },
          analyst,
          now - 18 * DAY,
        );
        await decideFacilityDraw(db, facility, r.id, 'approved', admin, now - 17 * DAY);
      }
    }
    // Covenants around the measured values of the last closed month: default ratio compliant (with a step in
    // month 13), the 60+ DPD ratio inside its warning margin, the WA rate floor and the top-10 share compliant.
    const latest = (await facilityMonthMetrics(db, facility, lastMonthEnd, today, 1))[0]!.metrics;
    const pct = (v: number) => Math.round(v * 10_000) / 10_000;
    const dpdMargin = Math.max(0.01, pct(latest.dpd60Ratio * 0.5));
    const withCovenants = await updateFacility(
      db,
      facility.id,
      {
        covenants: [
          {
            metric: 'defaultRatio',
            operator: 'lt',
            steps: [
              { fromMonth: 0, threshold: Math.max(0.05, up(latest.defaultRatio * 2, 0.01)) },
              { fromMonth: 13, threshold: Math.max(0.08, up(latest.defaultRatio * 3, 0.01)) },
            ],
            warningMargin: 0.01,
          },
          {
            metric: 'dpd60Ratio',
            operator: 'lte',
            steps: [{ fromMonth: 0, threshold: pct(latest.dpd60Ratio + dpdMargin / 2) }],
            warningMargin: dpdMargin,
          },
          {
            metric: 'waRate',
            operator: 'gte',
            steps: [{ fromMonth: 0, threshold: pct(Math.max(0, latest.waRate - 0.01)) }],
            warningMargin: 0.0025,
          },
          {
            metric: 'top10LesseeShare',
            operator: 'lte',
            steps: [{ fromMonth: 0, threshold: Math.min(1, up(latest.top10LesseeShare + 0.1, 0.05)) }],
            warningMargin: 0.02,
          },
        ],
      },
      admin,
      now - 16 * DAY,
    );
    const cert = await prepareFacilityCertificate(db, withCovenants, lastMonthEnd, analyst, now - 10 * DAY);
    await approveFacilityCertificate(db, withCovenants, cert.id, admin, now - 9 * DAY);
    made++;
  }
  return made;
}
