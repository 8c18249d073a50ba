import { transaction } from '@/db/transaction';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { readUntilChange } from '@/db/queries/change-memo';
import { assignFunders, listUserFunderIds } from '@/db/queries/funder-access';
import { createFunder, getFunder, listFunders, updateFunder } from '@/db/queries/funders';
import { toFunderColumns, type FunderParams } from '@/lib/validations/funders';
import { statementFor } from '@/db/queries/prepared';
import { snapshotMonthsIn } from '@/db/queries/history';
import { bumpSessionVersion, createUser, isSessionCurrent, setUserRole } from '@/db/queries/users';
import { createScenario, getScenario, listScenarios, updateScenario } from '@/db/queries/scenarios';
import { createFacility, facilityOutstanding, getMetricResults, keepMetricResult } from '@/db/queries/facilities';
import { createFacilityBody } from '@/lib/validations/facilities';

let dir: string;
let db: Conn;
let other: Conn;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-change-memo-'));
  const file = path.join(dir, 'q.db');
  db = openDb(file);
  runMigrations(db);
  other = openDb(file);
});

afterAll(() => {
  db.$client.close();
  other.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const funder = async (name: string) =>
  await createFunder(
    db,
    toFunderColumns({
      name,
      baseCurrency: 'EUR',
      buyRate: 0.055,
      discountRate: null,
      discountConvention: 'monthly',
      rateConvention: 'nominal',
      facilityRate: 0.042,
      advanceRate: 0.9,
      vatDefault: 0.23,
      servicingFee: 0.005,
      allocationOrder: ['vat', 'fee', 'interest', 'principal'],
      bucketEdges: [30, 60, 90],
      materialityTolerance: 100,
      graceDays: 0,
      importInstalmentTolerance: 0.02,
    } satisfies FunderParams),
  );

const user = async (email: string) =>
  await createUser(db, {
    email,
    username: email.split('@')[0]!,
    fullName: 'Test',
    passwordHash: 'x',
    status: 'active',
    role: 'analyst',
    currentPlan: 'basic',
    authProvider: 'credentials',
  });

describe('readUntilChange: reads kept until the database changes', () => {
  test('kept while nothing is written; read again after a write by this connection or another', async () => {
    let reads = 0;
    const read = () => readUntilChange(db, 'count', () => ++reads);
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    await funder('Memo funder A');
    expect(read()).toBe(2);
    expect(read()).toBe(2);
    // Another connection's commit (a tape import's worker, a script) moves PRAGMA data_version.
    other.$client.prepare(`update funders set name = 'Memo funder A2' where name = 'Memo funder A'`).run();
    expect(read()).toBe(3);
    expect(read()).toBe(3);
  });

  test('inside a transaction nothing is kept: a rolled-back read is never served afterwards', async () => {
    const f = await funder('Memo funder B');
    expect((await getFunder(db, f.id))!.name).toBe('Memo funder B');
    await expect(
      transaction(db, async (tx) => {
        await updateFunder(tx, f.id, toFunderColumns({ name: 'Rolled back' }));
        expect((await getFunder(tx, f.id))!.name).toBe('Rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await getFunder(db, f.id))!.name).toBe('Memo funder B');
  });

  test('a revoked session, a deactivation and a role change answer at the next request', async () => {
    const u = await user('memo-session@quantum.test');
    expect((await isSessionCurrent(db, u.id, u.sessionVersion))?.role).toBe('analyst');
    await setUserRole(db, u.id, 'viewer');
    expect((await isSessionCurrent(db, u.id, u.sessionVersion))?.role).toBe('viewer');
    await bumpSessionVersion(db, u.id);
    expect(await isSessionCurrent(db, u.id, u.sessionVersion)).toBeUndefined();
    expect((await isSessionCurrent(db, u.id, u.sessionVersion + 1))?.id).toBe(u.id);
    other.$client.prepare(`update users set status = 'inactive' where id = ?`).run(u.id);
    expect(await isSessionCurrent(db, u.id, u.sessionVersion + 1)).toBeUndefined();
  });

  test('the rows handed out are frozen, the lists are the caller’s own', async () => {
    const u = await user('memo-lists@quantum.test');
    const f = await funder('Memo funder C');
    await assignFunders(db, [{ userId: u.id, funderId: f.id }], null);
    const ids = await listUserFunderIds(db, u.id);
    expect(ids).toEqual([f.id]);
    ids.push(999);
    expect(await listUserFunderIds(db, u.id)).toEqual([f.id]);
    const all = await listFunders(db);
    all.pop();
    expect((await listFunders(db)).length).toBe(all.length + 1);
    expect(Object.isFrozen(await getFunder(db, f.id))).toBe(true);
    expect(Object.isFrozen(await isSessionCurrent(db, u.id, u.sessionVersion))).toBe(true);
  });
});

describe('statementFor: statements compiled once per connection and SQL text', () => {
  test('the same statement for the same text, handed out returning objects whatever the last user asked for', () => {
    const sql = 'select id, name from funders order by id';
    const a = statementFor(db, sql);
    expect(statementFor(db, sql)).toBe(a);
    expect(statementFor(other, sql)).not.toBe(a);
    const first = statementFor(db, sql).raw().get() as unknown[];
    expect(Array.isArray(first)).toBe(true);
    expect(statementFor(db, sql).get()).toEqual({ id: first[0], name: first[1] });
    statementFor(db, sql).pluck();
    expect(statementFor(db, sql).get()).toEqual({ id: first[0], name: first[1] });
  });

  test('a statement still iterating is not shared: a fresh one is compiled', () => {
    const sql = 'select id from funders order by id';
    const outer = statementFor(db, sql);
    const seen: number[] = [];
    for (const row of outer.pluck().iterate() as IterableIterator<number>) {
      const inner = statementFor(db, sql);
      expect(inner).not.toBe(outer);
      seen.push(row, (inner.pluck().all() as number[]).length);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(statementFor(db, sql)).toBe(outer);
  });
});

describe('snapshotMonthsIn: parsed month rows kept until the database changes', () => {
  test('frozen rows; a month stored afterwards is read', async () => {
    const f = await funder('Memo funder D');
    const insert = db.$client.prepare(
      'insert into snapshot_months (funder_id, month, month_end, lease_count, aggregates, built_at) values (?, ?, ?, ?, ?, ?)',
    );
    insert.run(f.id, '2026-01', '2026-01-31', 3, JSON.stringify({ currencies: { EUR: { balance: 5 } } }), 1);
    const rows = await snapshotMonthsIn(db, f.id, '2026-01', '2026-12');
    expect(rows.map((r) => r.month)).toEqual(['2026-01']);
    expect(() => {
      (rows[0]!.aggregates as unknown as { currencies: { EUR: { balance: number } } }).currencies.EUR.balance = 6;
    }).toThrow(TypeError);
    rows.pop();
    expect((await snapshotMonthsIn(db, f.id, '2026-01', '2026-12')).length).toBe(1);
    insert.run(f.id, '2026-02', '2026-02-28', 4, JSON.stringify({ currencies: {} }), 1);
    expect((await snapshotMonthsIn(db, f.id, '2026-01', '2026-12')).map((r) => r.month)).toEqual(['2026-01', '2026-02']);
  });
});

describe('scenarios and facility figures: kept until the database changes', () => {
  const assumptions = { cpr: 0.05, cdr: 0.02, severity: 0.4, lagMonths: 6 };

  test('scenarios: frozen rows, the caller’s own list; a creation, a rename and another connection’s change are read', async () => {
    const f = await funder('Memo funder E');
    const a = await createScenario(db, f.id, { name: 'Memo A', ...assumptions });
    const list = await listScenarios(db, f.id);
    expect(list.map((s) => s.name)).toEqual(['Memo A']);
    expect(Object.isFrozen(list[0])).toBe(true);
    list.pop();
    expect((await listScenarios(db, f.id)).length).toBe(1);
    expect(await getScenario(db, a.id)).toBe(await getScenario(db, a.id));
    await createScenario(db, f.id, { name: 'Memo B', ...assumptions });
    expect((await listScenarios(db, f.id)).map((s) => s.name)).toEqual(['Memo A', 'Memo B']);
    await updateScenario(db, a.id, { name: 'Memo C' });
    expect((await getScenario(db, a.id))?.name).toBe('Memo C');
    other.$client.prepare('update scenarios set cpr = 0.07 where id = ?').run(a.id);
    expect((await getScenario(db, a.id))?.cpr).toBe(0.07);
    expect((await listScenarios(db, f.id)).map((s) => s.name)).toEqual(['Memo B', 'Memo C']);
  });

  test('facilities: the outstanding after a movement, and the stored month metrics (frozen, in a map of the caller’s own)', async () => {
    const f = await funder('Memo funder F');
    const facility = await createFacility(
      db,
      createFacilityBody.parse({
        funderId: f.id,
        name: 'Memo facility',
        lender: 'Memo bank',
        currency: 'EUR',
        commitment: 100_000_00,
        advanceRate: 0.8,
        reserves: 0,
        startDate: '2026-01-01',
        maturityDate: '2028-12-31',
        criteria: [],
        limits: [],
      }),
      null,
    );
    expect(await facilityOutstanding(db, facility.id)).toBe(0);
    const draw = other.$client.prepare(
      `insert into facility_draws (facility_id, type, amount, value_date, status, requested_at) values (?, ?, ?, ?, 'approved', 1)`,
    );
    draw.run(facility.id, 'draw', 500_00, '2026-03-31');
    expect(await facilityOutstanding(db, facility.id)).toBe(500_00);
    expect(await facilityOutstanding(db, facility.id, '2026-02-28')).toBe(0);
    draw.run(facility.id, 'repayment', 200_00, '2026-04-30');
    expect(await facilityOutstanding(db, facility.id)).toBe(300_00);

    const months = ['2026-01-31', '2026-02-28'];
    expect((await getMetricResults(db, facility.id, months)).size).toBe(0);
    await keepMetricResult(db, facility.id, '2026-01-31', { defaultRatio: 0.01 });
    const kept = await getMetricResults(db, facility.id, months);
    expect([...kept.keys()]).toEqual(['2026-01-31']);
    expect(Object.isFrozen(kept.get('2026-01-31'))).toBe(true);
    kept.delete('2026-01-31');
    expect((await getMetricResults(db, facility.id, months)).get('2026-01-31')).toEqual({ defaultRatio: 0.01 });
    await keepMetricResult(db, facility.id, '2026-02-28', { defaultRatio: 0.02 });
    expect([...(await getMetricResults(db, facility.id, months)).keys()].sort()).toEqual(months);
  });
});
