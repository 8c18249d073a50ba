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

  it('runs `finish` last, inside the load (the demo users assigned, the data not yet committed), and only when it seeds', () => {
    const db = createTestDb();
    const seen: { today: string; inTransaction: boolean; assigned: number; leases: number }[] = [];
    seedIfEmpty(db, {
      leases: 20,
      finish: (d, today) =>
        void seen.push({ today, inTransaction: d.$client.inTransaction, assigned: count(d, 'user_funders'), leases: count(d, 'leases') }),
    });
    expect(seen).toEqual([
      { today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), inTransaction: true, assigned: 4, leases: expect.any(Number) },
    ]);
    expect(seen[0]!.leases).toBeGreaterThan(20);
    expect(db.$client.inTransaction).toBe(false);
    seedIfEmpty(db, { finish: () => void seen.push({ today: '', inTransaction: false, assigned: 0, leases: 0 }) });
    expect(seen).toHaveLength(1);
  });

  it('a failing `finish` rolls the whole seed back', () => {
    const db = createTestDb();
    expect(() =>
      seedIfEmpty(db, {
        leases: 10,
        finish: () => {
          throw new Error('facilities failed');
        },
      }),
    ).toThrow('facilities failed');
    expect(count(db, 'leases')).toBe(0);
    expect(count(db, 'user_funders')).toBe(0);
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
