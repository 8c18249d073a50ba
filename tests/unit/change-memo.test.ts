import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Db } from '@/db/client';
import { readUntilChange } from '@/db/queries/change-memo';
import { assignFunders, listUserFunderIds } from '@/db/queries/funder-access';
import { createFunder, getFunder, listFunders, updateFunder } from '@/db/queries/funders';
import { toFunderColumns, type FunderParams } from '@/lib/validations/funders';
import { bumpSessionVersion, createUser, isSessionCurrent, setUserRole } from '@/db/queries/users';

let dir: string;
let db: Db;
let other: Db;

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

const funder = (name: string) =>
  createFunder(
    db,
    toFunderColumns({
      name, baseCurrency: 'EUR', buyRate: 0.055, discountRate: null, discountConvention: 'monthly', rateConvention: 'nominal', facilityRate: 0.042,
      advanceRate: 0.9, vatDefault: 0.23, servicingFee: 0.005, allocationOrder: ['vat', 'fee', 'interest', 'principal'], bucketEdges: [30, 60, 90],
      materialityTolerance: 100, graceDays: 0,
    } satisfies FunderParams),
  );

const user = (email: string) =>
  createUser(db, { email, username: email.split('@')[0]!, fullName: 'Test', passwordHash: 'x', status: 'active', role: 'analyst', currentPlan: 'basic', authProvider: 'credentials' });

describe('readUntilChange: reads kept until the database changes', () => {
  test('kept while nothing is written; read again after a write by this connection or another', () => {
    let reads = 0;
    const read = () => readUntilChange(db, 'count', () => ++reads);
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    funder('Memo funder A');
    expect(read()).toBe(2);
    expect(read()).toBe(2);
    // Another connection's commit (a tape import's worker, a script) moves PRAGMA data_version.
    other.$client.prepare(`update funders set name = 'Memo funder A2' where name = 'Memo funder A'`).run();
    expect(read()).toBe(3);
    expect(read()).toBe(3);
  });

  test('inside a transaction nothing is kept: a rolled-back read is never served afterwards', () => {
    const f = funder('Memo funder B');
    expect(getFunder(db, f.id)!.name).toBe('Memo funder B');
    expect(() =>
      db.transaction((tx) => {
        updateFunder(tx, f.id, toFunderColumns({ name: 'Rolled back' }));
        expect(getFunder(tx, f.id)!.name).toBe('Rolled back');
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(getFunder(db, f.id)!.name).toBe('Memo funder B');
  });

  test('a revoked session, a deactivation and a role change answer at the next request', () => {
    const u = user('memo-session@quantum.test');
    expect(isSessionCurrent(db, u.id, u.sessionVersion)?.role).toBe('analyst');
    setUserRole(db, u.id, 'viewer');
    expect(isSessionCurrent(db, u.id, u.sessionVersion)?.role).toBe('viewer');
    bumpSessionVersion(db, u.id);
    expect(isSessionCurrent(db, u.id, u.sessionVersion)).toBeUndefined();
    expect(isSessionCurrent(db, u.id, u.sessionVersion + 1)?.id).toBe(u.id);
    other.$client.prepare(`update users set status = 'inactive' where id = ?`).run(u.id);
    expect(isSessionCurrent(db, u.id, u.sessionVersion + 1)).toBeUndefined();
  });

  test('the rows handed out are frozen, the lists are the caller’s own', () => {
    const u = user('memo-lists@quantum.test');
    const f = funder('Memo funder C');
    assignFunders(db, [{ userId: u.id, funderId: f.id }], null);
    const ids = listUserFunderIds(db, u.id);
    expect(ids).toEqual([f.id]);
    ids.push(999);
    expect(listUserFunderIds(db, u.id)).toEqual([f.id]);
    const all = listFunders(db);
    all.pop();
    expect(listFunders(db).length).toBe(all.length + 1);
    expect(Object.isFrozen(getFunder(db, f.id))).toBe(true);
    expect(Object.isFrozen(isSessionCurrent(db, u.id, u.sessionVersion))).toBe(true);
  });
});
