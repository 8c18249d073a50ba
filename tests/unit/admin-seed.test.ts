import { describe, expect, it } from 'vitest';
import { seedCommerce } from '@/db/seed/commerce';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { createTestDb } from '../helpers/test-db';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 120, today: '2026-11-21', seed: 7 });
  const counts = seedCommerce(db, { today: '2026-11-21' });
  return { db, counts };
}

describe('seedCommerce', () => {
  it('seeds invoices from the real schedules and the catalogue', () => {
    const { db, counts } = seeded();
    expect(counts.products).toBe(24);
    expect(counts.invoices).toBeGreaterThan(30);
    const sqlite = db.$client;
    const paid = sqlite.prepare(`select count(*) as n from invoices where invoice_status = 'Paid' and balance <> 0`).get() as { n: number };
    expect(paid.n).toBe(0);
    const open = sqlite
      .prepare(`select count(*) as n from invoices where invoice_status in ('Sent','Past Due','Draft','Downloaded') and balance <> total`)
      .get() as { n: number };
    expect(open.n).toBe(0);
    const orphan = sqlite
      .prepare(`select count(*) as n from invoice_clients c left join lessees l on l.id = c.lessee_id where l.id is null`)
      .get() as { n: number };
    expect(orphan.n).toBe(0);
  });

  it('is deterministic for a seed and a day', () => {
    const a = seeded().db.$client.prepare('select id, service, total, balance, invoice_status from invoices order by id').all();
    const b = seeded().db.$client.prepare('select id, service, total, balance, invoice_status from invoices order by id').all();
    expect(a).toEqual(b);
  });
});
