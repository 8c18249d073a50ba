import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pageAudit } from '@/db/queries/audit';
import {
  createFacility,
  getCertificate,
  getFacility,
  listDraws,
  SELF_DECISION_MESSAGE,
  updateFacility,
  type Facility,
  type FacilityActor,
} from '@/db/queries/facilities';
import { getLease, updateLease } from '@/db/queries/leases';
import { recordPayment } from '@/db/queries/payments';
import { createRecovery, flagLease, unflagLease } from '@/db/queries/credit';
import { approveLeaseWriteOff, proposeLeaseWriteOff } from '@/services/credit/actions';
import { creditFactsAt } from '@/services/credit/facts';
import { lossMeasuresAt } from '@/services/credit/screen';
import { seedPayments } from '@/db/seed/payments';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { statusOf } from '@/lib/api/errors';
import { DomainError } from '@/lib/domain/errors';
import { createFacilityBody } from '@/lib/validations/facilities';
import {
  approveFacilityCertificate,
  covenantHistory,
  decideFacilityDraw,
  facilityBase,
  prepareFacilityCertificate,
  requestFacilityDraw,
} from '@/services/facilities/service';
import { facilityMonthMetrics, monthEndBook, monthEndsUpTo, type MonthMetrics } from '@/services/facilities/metrics';
import { collateralAt } from '@/services/facilities/collateral';
import { createTestDb } from '../../helpers/test-db';

const TODAY = '2026-11-21';

/** Sheet name → its first row's texts. */
async function readXlsx(buf: Buffer): Promise<Record<string, string[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return Object.fromEntries(wb.worksheets.map((ws) => [ws.name, [((ws.getRow(1).values as unknown[]) ?? []).slice(1).map(String)]]));
}

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 40, today: TODAY, seed: 11 });
  // With its payments: without them every lease would be > 90 days past due, so in default (domain.md §8).
  seedPayments(db, { funderId: 1, today: TODAY, seed: 11 });
  return db;
}
type TestDb = ReturnType<typeof seeded>;

const actor = (db: TestDb, who: string): FacilityActor => {
  const email = `${who}@quantum.demo`;
  return { userId: db.$client.prepare('select id from users where email = ?').pluck().get(email) as number, email };
};

async function thrown(fn: () => unknown): Promise<DomainError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

function facility(db: TestDb) {
  const currency = db.$client
    .prepare('select currency from leases where funder_id = 1 group by currency order by count(*) desc limit 1')
    .pluck()
    .get() as string;
  return createFacility(
    db,
    createFacilityBody.parse({
      funderId: 1,
      name: 'Senior A',
      lender: 'Bank',
      currency,
      commitment: 1_000_000_000_00,
      advanceRate: 0.85,
      reserves: 10_000_00,
      startDate: '2025-01-15',
      maturityDate: '2029-01-15',
      criteria: [{ kind: 'notInDefault' }, { kind: 'maxDpd', value: 60 }, { kind: 'minRemainingMonths', value: 3 }],
      limits: [
        { group: 'lessee', kind: 'percent', value: 0.04 },
        { group: 'industry', kind: 'percent', value: 0.5 },
      ],
      covenants: [
        {
          metric: 'defaultRatio',
          operator: 'lt',
          steps: [
            { fromMonth: 0, threshold: 0.05 },
            { fromMonth: 13, threshold: 0.08 },
          ],
          warningMargin: 0.01,
        },
      ],
    }),
    actor(db, 'analyst'),
  );
}

describe('facility service', () => {
  it('the borrowing base over the seeded pool satisfies BB = advance × (eligible − Σ excess) − reserves on every month end', async () => {
    const db = seeded();
    const f = await facility(db);
    for (const asOf of monthEndsUpTo('2025-06-01', TODAY)) {
      const { base, rows } = await facilityBase(db, f, asOf);
      expect(base.collateralBalance).toBe(base.eligibleBalance + base.ineligibleBalance);
      expect(Math.abs(base.borrowingBase - (0.85 * (base.eligibleBalance - base.excess.total) - 10_000_00))).toBeLessThanOrEqual(0.5);
      expect(rows.filter((r) => r.eligible).reduce((s, r) => s + (r.currency === f.currency ? r.balance : 0), 0)).toBe(
        base.eligibleBalance,
      );
    }
  });

  it('draws: above availability 409 with the figure; four eyes (self 403, decided 409); approved draws move the outstanding; audit rows', async () => {
    const db = seeded();
    const f = await facility(db);
    const analyst = actor(db, 'analyst');
    const admin = actor(db, 'admin');
    const { base } = await facilityBase(db, f, TODAY);
    expect(base.availability).toBeGreaterThan(0);
    const tooMuch = await thrown(
      async () => await requestFacilityDraw(db, f, { type: 'draw', amount: base.availability + 1, valueDate: TODAY, note: '' }, analyst),
    );
    expect(statusOf(tooMuch)).toBe(409);
    expect(tooMuch.message).toContain(String(base.availability));
    const draw = await requestFacilityDraw(
      db,
      f,
      { type: 'draw', amount: base.availability, valueDate: TODAY, note: 'all of it' },
      analyst,
    );
    expect(draw.status).toBe('pending');
    expect(statusOf(await thrown(async () => await decideFacilityDraw(db, f, draw.id, 'approved', analyst)))).toBe(403);
    const approved = await decideFacilityDraw(db, f, draw.id, 'approved', admin);
    expect(approved.status).toBe('approved');
    expect(statusOf(await thrown(async () => await decideFacilityDraw(db, f, draw.id, 'rejected', admin)))).toBe(409);
    const after = (await facilityBase(db, f, TODAY)).base;
    expect(after.outstanding).toBe(base.availability);
    expect(after.availability).toBe(0);
    expect(
      statusOf(
        await thrown(async () => await requestFacilityDraw(db, f, { type: 'draw', amount: 1, valueDate: TODAY, note: '' }, analyst)),
      ),
    ).toBe(409);
    expect(await listDraws(db, f.id)).toHaveLength(1);
    const actions = (await pageAudit(db, { entity: 'facility' }, 1, 100)).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'request_draw', 'approve_draw']));
    expect(SELF_DECISION_MESSAGE).toMatch(/Four eyes/);
  });

  it('an issued certificate is byte-identical after a new payment and a lease edit; its PDF reads back', async () => {
    const db = seeded();
    const f = await facility(db);
    const analyst = actor(db, 'analyst');
    const admin = actor(db, 'admin');
    const prepared = await prepareFacilityCertificate(db, f, '2026-10-31', analyst, Date.UTC(2026, 10, 2));
    expect(statusOf(await thrown(async () => await approveFacilityCertificate(db, f, prepared.id, analyst)))).toBe(403);
    const issued = await approveFacilityCertificate(db, f, prepared.id, admin, Date.UTC(2026, 10, 3));
    expect(issued.status).toBe('approved');
    expect(statusOf(await thrown(async () => await approveFacilityCertificate(db, f, prepared.id, admin)))).toBe(409);
    const before = (await getCertificate(db, f.id, prepared.id))!;
    expect(createHash('sha256').update(before.xlsx).digest('hex')).toBe(before.xlsxSha256);
    expect(createHash('sha256').update(before.pdf!).digest('hex')).toBe(before.pdfSha256);
    const text = (await extractText(new Uint8Array(before.pdf!), { mergePages: true })).text;
    expect(text).toContain('Borrowing base certificate');
    expect(text).toContain('Senior A');
    expect(text).toContain('2026-10-31');
    expect(text).toContain('Approved by admin@quantum.demo');

    const baseBefore = (await facilityBase(db, f, '2026-10-31')).base;
    const leaseId = db.$client
      .prepare("select id from leases where funder_id = 1 and currency = ? and status = 'active' order by id limit 1")
      .pluck()
      .get(f.currency) as number;
    await recordPayment(
      db,
      1,
      { leaseId, receivedOn: '2026-10-15', amount: 5_000_00, currency: f.currency, method: 'transfer' },
      analyst.userId,
    );
    const lease = (await getLease(db, leaseId))!;
    await updateLease(db, leaseId, lease.version, { rate: lease.rate + 0.01 }, analyst.userId);
    const baseAfter = (await facilityBase(db, f, '2026-10-31')).base;
    // The live base moved; the issued certificate did not.
    expect(baseAfter.collateralBalance).not.toBe(baseBefore.collateralBalance);
    const after = (await getCertificate(db, f.id, prepared.id))!;
    expect(Buffer.compare(after.xlsx, before.xlsx)).toBe(0);
    expect(Buffer.compare(after.pdf!, before.pdf!)).toBe(0);
    expect(after.summary).toBe(before.summary);
    expect([after.xlsxSha256, after.pdfSha256]).toEqual([before.xlsxSha256, before.pdfSha256]);
  });

  it('a certificate prepared in German reads in German in both files, keeps its locale and bytes once issued', async () => {
    const db = seeded();
    const f = await facility(db);
    const prepared = await prepareFacilityCertificate(db, f, '2026-10-31', actor(db, 'analyst'), Date.UTC(2026, 10, 2), 'de');
    const issued = await approveFacilityCertificate(db, f, prepared.id, actor(db, 'admin'), Date.UTC(2026, 10, 3));
    const row = (await getCertificate(db, f.id, issued.id))!;
    const content = JSON.parse(row.summary) as { locale: string; labels: { title: string } };
    expect(content.locale).toBe('de');
    const text = (await extractText(new Uint8Array(row.pdf!), { mergePages: true })).text;
    expect(text).toContain('Borrowing-Base-Bescheinigung');
    expect(text).toContain('Freigegeben von admin@quantum.demo am 2026-11-03.');
    expect(text).toContain('Verfügbarkeit');
    expect(text).not.toContain('Approved by');
    const sheets = await readXlsx(row.xlsx);
    expect(Object.keys(sheets)).toEqual(['Borrowing Base', 'Überhang', 'Eignung']);
    expect(sheets['Eignung']![0]).toEqual(expect.arrayContaining(['Vertrag', 'Leasingnehmer', 'Verfehlte Kriterien']));
    // The same base in Portuguese: other labels, the same figures.
    const pt = await prepareFacilityCertificate(db, f, '2026-10-31', actor(db, 'analyst'), Date.UTC(2026, 10, 2), 'pt');
    const ptText = (
      await extractText(new Uint8Array((await approveFacilityCertificate(db, f, pt.id, actor(db, 'admin'), Date.UTC(2026, 10, 3))).pdf!), {
        mergePages: true,
      })
    ).text;
    expect(ptText).toContain('Certificado da base de empréstimo');
    expect(ptText).toContain('Disponibilidade');
    // A later preparation in English leaves the German one byte-identical.
    await prepareFacilityCertificate(db, f, '2026-10-31', actor(db, 'analyst'), Date.UTC(2026, 10, 4), 'en');
    const again = (await getCertificate(db, f.id, issued.id))!;
    expect([again.xlsxSha256, again.pdfSha256]).toEqual([row.xlsxSha256, row.pdfSha256]);
    expect(createHash('sha256').update(again.pdf!).digest('hex')).toBe(row.pdfSha256);
  });

  it('a covenant threshold step takes effect in month 13 of the facility', async () => {
    const db = seeded();
    const f = await facility(db);
    const [h] = await covenantHistory(db, f, TODAY, TODAY, 24);
    const byMonth = new Map(h!.months.map((m) => [m.monthEnd, m]));
    expect(byMonth.get('2026-01-31')).toMatchObject({ ageMonths: 12, threshold: 0.05 });
    expect(byMonth.get('2026-02-28')).toMatchObject({ ageMonths: 13, threshold: 0.08 });
    for (const m of h!.months) expect(m.headroom).toBeCloseTo(m.threshold - m.actual, 12);
  });

  it('months measured while their snapshots are built (the rows and losses kept from the build) equal the same months read back from the stored snapshots', async () => {
    const db = seeded();
    const f = await facility(db);
    const stored = () => db.$client.prepare('select count(*) from snapshot_months where funder_id = 1').pluck().get() as number;
    expect(stored()).toBe(0);
    const building = await facilityMonthMetrics(db, f, TODAY, TODAY, 24);
    expect(stored()).toBeGreaterThan(12);
    // A second facility with the same terms finds every snapshot stored: it reads the rows and recomputes the losses.
    const reading = facilityMonthMetrics(db, await facility(db), TODAY, TODAY, 24);
    expect(await reading).toEqual(building);
    expect(building.some((m) => m.metrics.defaultRatio > 0)).toBe(true);
  });

  it('only the months asked for are measured, each from the month before it: the same figures as the whole history, fewer snapshots built', async () => {
    const whole = await (async () => {
      const db = seeded();
      return facilityMonthMetrics(db, await facility(db), TODAY, TODAY, 24);
    })();
    expect(whole.length).toBeGreaterThan(12);
    const db = seeded();
    const f = await facility(db);
    const snapshots = () => db.$client.prepare('select count(*) from snapshot_months where funder_id = 1').pluck().get() as number;
    const results = () =>
      db.$client.prepare('select count(*) from facility_metric_results where facility_id = ?').pluck().get(f.id) as number;
    const last = facilityMonthMetrics(db, f, TODAY, TODAY, 1);
    expect(await last).toEqual(whole.slice(-1));
    // The last month and the one before it, not the 22 months since the facility start.
    expect(snapshots()).toBeLessThanOrEqual(2);
    expect(results()).toBeLessThanOrEqual(1);
    // A longer history later: the kept month read back, the others computed, the same figures.
    expect(await facilityMonthMetrics(db, f, TODAY, TODAY, 5)).toEqual(whole.slice(-5));
    expect(await facilityMonthMetrics(db, f, TODAY, TODAY, 24)).toEqual(whole);
  });

  it('a closed month reads the §9 snapshot: the pool equals the live book then; covenant values stay after a payment and a lease edit in that month', async () => {
    const db = seeded();
    const f = await facility(db);
    const month = '2026-09-30';
    // Nothing changed yet: the snapshot's pool is the live book's at that month end, lease by lease.
    const live = (await collateralAt(db, 1, month)).leases.filter((l) => l.currency === f.currency);
    expect((await monthEndBook(db, 1, f.currency, month, TODAY)).leases).toEqual(live);
    const before = await facilityMonthMetrics(db, f, TODAY, TODAY, 24);
    const closed = before.filter((m) => m.monthEnd < '2026-11-01');
    expect(closed.map((m) => m.monthEnd)).toContain(month);

    const analyst = actor(db, 'analyst');
    const leaseId = db.$client
      .prepare("select id from leases where funder_id = 1 and currency = ? and status = 'active' order by id limit 1")
      .pluck()
      .get(f.currency) as number;
    await recordPayment(
      db,
      1,
      { leaseId, receivedOn: '2026-09-15', amount: 50_000_00, currency: f.currency, method: 'transfer' },
      analyst.userId,
    );
    const lease = (await getLease(db, leaseId))!;
    await updateLease(db, leaseId, lease.version, { rate: lease.rate + 0.01 }, analyst.userId);
    // The live book at that month end moved …
    const liveAfter = (await collateralAt(db, 1, month)).leases.filter((l) => l.currency === f.currency);
    expect(liveAfter.reduce((s, l) => s + l.balance, 0)).not.toBe(live.reduce((s, l) => s + l.balance, 0));
    // … the kept results of the closed months did not …
    const after = await facilityMonthMetrics(db, f, TODAY, TODAY, 24);
    expect(after.filter((m) => m.monthEnd < '2026-11-01')).toEqual(closed);
    // … and a facility measured for the first time now reads the snapshot, not the live book: the same balances,
    // DPD and default status. (The rate is a lease term, not in the snapshot, read when first measured; the
    // cumulative losses are the credit facts as of the month end, which the higher instalments re-derive.)
    const g = await facility(db);
    const fresh = new Map((await facilityMonthMetrics(db, g, TODAY, TODAY, 24)).map((m) => [m.monthEnd, m.metrics]));
    const fromSnapshot = (x: MonthMetrics) => ({
      dpd60Ratio: x.dpd60Ratio,
      defaultRatio: x.defaultRatio,
      cdr: x.cdr,
      top10: x.top10LesseeShare,
      excess: x.excessConcentration,
      orig: x.originalPrincipal,
    });
    for (const m of closed) expect(fromSnapshot(fresh.get(m.monthEnd)!)).toEqual(fromSnapshot(m.metrics));
    expect((await monthEndBook(db, 1, f.currency, month, TODAY)).leases.map((l) => l.balance)).toEqual(live.map((l) => l.balance));
  });

  it('an update replaces rules with an audit row holding before and after', async () => {
    const db = seeded();
    const f = await facility(db);
    const updated = await updateFacility(
      db,
      f.id,
      { reserves: 0, criteria: [{ kind: 'maxDpd', value: 30, values: null }] },
      actor(db, 'admin'),
    );
    expect(updated.criteria.map((c) => [c.kind, c.value])).toEqual([['maxDpd', 30]]);
    expect((await getFacility(db, f.id))!.reserves).toBe(0);
    const row = (await pageAudit(db, { entity: 'facility', action: 'update' } as never, 1, 10)).rows[0]!;
    expect(row.action).toBe('update');
  });

  it('a lease flagged unlikely to pay leaves the base as in default (the derived credit status of domain.md §8), and comes back when cleared', async () => {
    const db = seeded();
    const f = await facility(db);
    const analyst = actor(db, 'analyst');
    const before = await facilityBase(db, f, TODAY);
    const lease = before.rows.find((r) => r.eligible)!;
    expect(lease).toBeDefined();
    await flagLease(
      db,
      { funderId: 1, leaseId: lease.leaseId, kind: 'utp', flaggedOn: '2026-11-01', reason: 'insolvency filing' },
      analyst,
    );
    const flagged = await facilityBase(db, f, TODAY);
    const row = flagged.rows.find((r) => r.leaseId === lease.leaseId)!;
    expect(row.eligible).toBe(false);
    expect(row.failed.map((c) => c.kind)).toContain('notInDefault');
    expect(flagged.base.ineligibleBalance).toBeGreaterThanOrEqual(before.base.ineligibleBalance + lease.balance);
    await unflagLease(
      db,
      { funderId: 1, leaseId: lease.leaseId, kind: 'utp', clearedOn: '2026-11-10', reason: 'filing withdrawn' },
      analyst,
    );
    // Cleared, but a defaulted lease cures only after its probation: still in default at the date.
    expect((await facilityBase(db, f, TODAY)).rows.find((r) => r.leaseId === lease.leaseId)!.eligible).toBe(false);
  });

  it('cumulative net loss follows the loss ledger: amounts written off less the recoveries (domain.md §8, §14)', async () => {
    const ON = '2026-10-20';
    const MONTH_END = '2026-10-31';
    const metricsAt = async (db: TestDb, f: Facility) => (await facilityMonthMetrics(db, f, MONTH_END, TODAY, 1)).at(-1)!;
    // Two identical books; the second writes a defaulted lease off and recovers part of it before the month end.
    const plain = seeded();
    const before = await metricsAt(plain, await facility(plain));
    const db = seeded();
    const f = await facility(db);
    const facts = await creditFactsAt(db, 1, ON);
    const currencyOf = new Map(db.$client.prepare('select id, currency from leases').raw().all() as [number, string][]);
    const target = [...facts.values()].find(
      (x) =>
        x.status === 'defaulted' &&
        x.firstDefaultDate !== null &&
        x.firstDefaultDate >= f.startDate &&
        currencyOf.get(x.leaseId) === f.currency,
    );
    expect(target).toBeDefined();
    const proposal = await proposeLeaseWriteOff(
      db,
      1,
      { leaseId: target!.leaseId, writeOffOn: ON, note: 'no prospect' },
      actor(db, 'analyst'),
    );
    await approveLeaseWriteOff(db, proposal.id, null, actor(db, 'admin'));
    await createRecovery(
      db,
      { funderId: 1, leaseId: target!.leaseId, receivedOn: ON, amount: 50_000, kind: 'asset_sale', reference: 'auction', note: '' },
      actor(db, 'analyst'),
    );
    const after = await metricsAt(db, f);
    expect(after.monthEnd).toBe(MONTH_END);
    // Nothing written off yet: a lease in default is not a loss until it is written off (the defaults are in the default ratio).
    expect(before.metrics.cumulativeNetLoss).toBe(0);
    expect(before.metrics.defaultRatio).toBeGreaterThan(0);
    // The written-off lease stays in the pool's original principal.
    expect(after.metrics.originalPrincipal).toBe(before.metrics.originalPrincipal);
    // Net loss = gross (the amount written off: the exposure on the write-off date) − recoveries; this book has no other.
    const orig = after.metrics.originalPrincipal;
    expect(after.metrics.cumulativeWrittenOff).toBe(proposal.amount);
    expect(after.metrics.cumulativeNetLoss * orig).toBeCloseTo(proposal.amount - 50_000, 4);
    // The same figure as Defaults & losses on that month end (domain.md §14).
    expect((await lossMeasuresAt(db, 1, MONTH_END)).find((m) => m.currency === f.currency)!.cumulativeNetLossRate).toBeCloseTo(
      after.metrics.cumulativeNetLoss,
      12,
    );
  });
});
