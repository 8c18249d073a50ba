import { seedFunders } from '@/db/seed/sqlite';
/**
 * A lessee's kind (retail / non-retail) picks the absolute materiality threshold of its leases (domain.md §8): it is
 * editable with one audit row, and the credit cache recomputes that lessee's leases only.
 */
import { describe, expect, it } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import { getLessee, updateLesseeKind } from '@/db/queries/lessees';
import { lesseePatchBody } from '@/lib/validations/leases';
import { creditEntry, creditStatesById } from '@/services/credit/book';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';

describe('lesseePatchBody', () => {
  it('accepts retail and corporate, nothing else', () => {
    expect(lesseePatchBody.parse({ kind: 'retail' })).toEqual({ kind: 'retail' });
    expect(lesseePatchBody.safeParse({ kind: 'corporate' }).success).toBe(true);
    const bad = lesseePatchBody.safeParse({ kind: 'consumer' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toMatch(/retail or corporate/);
    expect(lesseePatchBody.safeParse({}).success).toBe(false);
  });
});

describe('a lessee kind change', () => {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 500, today: TODAY });
  for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
  for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
  const funderId = seedFunders(db)[0]!.id;
  // A retail threshold no past-due amount reaches: a retail lessee's leases then never default on their DPD.
  db.$client.prepare('update funders set credit_abs_retail = ? where id = ?').run(1e12, funderId);
  const actor = {
    userId: db.$client.prepare('select id from users where email = ?').pluck().get('analyst@quantum.demo') as number,
    email: 'analyst@quantum.demo',
  };

  it('recomputes the leases of that lessee only, with the threshold of its new kind, and writes one audit row', async () => {
    const e = await creditEntry(db, funderId);
    const states = await creditStatesById(db, funderId, TODAY);
    // A corporate lessee with a lease in default on its DPD (not flagged unlikely to pay).
    const target = [...states.values()].find(
      (s) => s.status === 'defaulted' && s.why === 'dpd' && !s.utp && e.kinds.get(s.lesseeId) === 'corporate',
    )!;
    const lesseeId = target.lesseeId;
    const before = new Map(e.timelines);
    const audits = () =>
      db.$client
        .prepare(`select before, after from audit_log where entity = 'lessee' and action = 'kind' and entity_id = ?`)
        .all(String(lesseeId));

    const r = await updateLesseeKind(db, funderId, lesseeId, 'retail', actor);
    expect(r.changed).toBe(true);
    expect((await getLessee(db, lesseeId))!.kind).toBe('retail');
    expect(audits()).toEqual([{ before: JSON.stringify({ kind: 'corporate' }), after: JSON.stringify({ kind: 'retail' }) }]);

    const after = await creditEntry(db, funderId);
    expect(after).toBe(e); // the same cache entry, updated in place (no rebuild)
    expect(after.kinds.get(lesseeId)).toBe('retail');
    const mine = new Set(
      [...before.keys()].filter((id) => after.schedule.leases[after.schedule.indexById.get(id)!]!.lesseeId === lesseeId),
    );
    for (const [id, t] of before) {
      if (mine.has(id)) continue;
      expect(after.timelines.get(id), `lease ${id} of another lessee`).toBe(t);
    }
    expect(after.timelines.get(target.leaseId)).not.toBe(before.get(target.leaseId));
    // Under the retail threshold its past-due amount is not material: not in default on its DPD any more.
    expect((await creditStatesById(db, funderId, TODAY)).get(target.leaseId)!.why).not.toBe('dpd');

    // Back to corporate: in default again; the same kind twice writes nothing.
    await updateLesseeKind(db, funderId, lesseeId, 'corporate', actor);
    expect((await creditStatesById(db, funderId, TODAY)).get(target.leaseId)).toMatchObject({ status: 'defaulted', why: 'dpd' });
    expect((await updateLesseeKind(db, funderId, lesseeId, 'corporate', actor)).changed).toBe(false);
    expect(audits()).toHaveLength(2);
  });

  it('answers 404 for a lessee of another funder or none', async () => {
    const other = db.$client.prepare('select id from lessees where funder_id <> ? limit 1').pluck().get(funderId) as number;
    await expect(async () => await updateLesseeKind(db, funderId, other, 'retail', actor)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    await expect(async () => await updateLesseeKind(db, funderId, 999_999, 'retail', actor)).rejects.toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});
