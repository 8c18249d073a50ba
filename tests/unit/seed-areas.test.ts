import { describe, expect, it } from 'vitest';
import { seedIfEmpty } from '@/db/seed';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { createTestDb } from '../helpers/test-db';

const count = (db: ReturnType<typeof createTestDb>, table: string) =>
  (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('seedIfEmpty', () => {
  it('seeds every demo area on a new database', () => {
    const db = createTestDb();
    const r = seedIfEmpty(db, { leases: 40 });
    expect(r.seeded).toBe(true);
    expect(r.areas).toEqual(expect.arrayContaining(['payments', 'scenarios', 'apps', 'content', 'commerce']));
    for (const t of ['leases', 'payments', 'payment_allocations', 'scenarios', 'app_emails', 'content_faq_categories', 'products'])
      expect(count(db, t), t).toBeGreaterThan(0);
  });

  it('leaves no transaction open and seeds once', () => {
    const db = createTestDb();
    expect(seedIfEmpty(db, { leases: 20 }).seeded).toBe(true);
    expect(db.$client.inTransaction).toBe(false);
    expect(count(db, 'user_funders')).toBe(4);
    expect(seedIfEmpty(db).seeded).toBe(false);
  });

  it('fills the areas a demo database from an earlier version lacks, once', () => {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 30, today: '2026-11-01', seed: 1 });
    const first = seedIfEmpty(db);
    expect(first.seeded).toBe(false);
    expect(first.areas).toEqual(expect.arrayContaining(['payments', 'apps', 'content', 'commerce']));
    const before = ['app_emails', 'content_faq_categories', 'products'].map((t) => count(db, t));
    expect(seedIfEmpty(db).areas).toEqual([]);
    expect(['app_emails', 'content_faq_categories', 'products'].map((t) => count(db, t))).toEqual(before);
  });

  it('never seeds demo areas into a database whose users are not the demo users', () => {
    const db = createTestDb();
    db.$client
      .prepare(
        `insert into users (email, username, full_name, password_hash, role, created_at, updated_at) values ('a@b.c', 'a', 'A', 'x', 'admin', 0, 0)`,
      )
      .run();
    expect(seedIfEmpty(db)).toEqual({ seeded: false, areas: [] });
    expect(count(db, 'content_faq_categories')).toBe(0);
  });
});
