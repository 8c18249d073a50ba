/**
 * Issue #11 "Status against DPD": until status is derived (domain.md §8) the lease page, the register and
 * the Delinquency table say why a lease has its status — one wording (statusNoteText), one read of the
 * shown leases' history (listStatusHistories), the DPD beside it.
 */
import { createFormatter, createTranslator } from 'next-intl';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDb } from '../helpers/test-db';
import type { Conn } from '@/db/client';
import { listStatusHistories } from '@/db/queries/lease-register';
import { getLease, updateLease } from '@/db/queries/leases';
import { users } from '@/db/schema/auth';
import { leases } from '@/db/schema/portfolio';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { needsStatusNote, statusDisagrees, statusNoteText, type StatusOrigin } from '@/lib/domain/status-origin';
import { statusNotes } from '@/services/master-file/status-notes';
import { creditStatesAt } from '@/services/credit/book';
import { getServicingBook } from '@/services/servicing/book';
import en from '@/messages/masterFile/en.json';
import de from '@/messages/masterFile/de.json';

const tr = (locale: 'en' | 'de') => {
  const t = createTranslator({ locale, messages: { masterFile: locale === 'en' ? en : de }, namespace: 'masterFile' });
  return {
    t: (key: string, values?: Record<string, string | number>) => t(key as never, values as never),
    format: createFormatter({ locale, timeZone: 'UTC' }),
  };
};
const set: StatusOrigin = { how: 'set', at: Date.UTC(2026, 5, 1, 9), userName: 'Bob Analyst' };

describe('statusNoteText', () => {
  test('a defaulted lease with DPD 0: who set it, when, DPD now, and that status and DPD disagree', () => {
    const { t, format } = tr('en');
    expect(statusNoteText(t, format, { status: 'defaulted', origin: set, dpd: 0 })).toBe(
      'Defaulted — set by hand on Jun 1, 2026 by Bob Analyst; DPD now 0. Status and DPD disagree: the status is set by hand, and default means more than 90 days past due.',
    );
  });

  test('a defaulted lease past 90 DPD: the origin only; a closed one since creation by an unknown user', () => {
    const { t, format } = tr('en');
    expect(statusNoteText(t, format, { status: 'defaulted', origin: set, dpd: 120 })).toBe(
      'Defaulted — set by hand on Jun 1, 2026 by Bob Analyst; DPD now 120',
    );
    expect(
      statusNoteText(t, format, { status: 'closed', origin: { how: 'created', at: Date.UTC(2025, 0, 5), userName: null }, dpd: null }),
    ).toBe('Closed — since creation on Jan 5, 2025 by an unknown user; DPD now not serviced yet');
  });

  test('in German, with no recorded change', () => {
    const { t, format } = tr('de');
    expect(statusNoteText(t, format, { status: 'terminated', origin: null, dpd: 3 })).toBe(
      'Gekündigt — keine erfasste Änderung; DPD jetzt 3',
    );
    expect(statusNoteText(t, format, { status: 'defaulted', origin: set, dpd: 0 })).toContain(
      'manuell gesetzt am 01.06.2026 von Bob Analyst; DPD jetzt 0',
    );
  });

  test.each([
    ['active', 0, false, false],
    ['active', 90, false, false],
    ['active', 91, true, true],
    ['active', null, false, false],
    ['defaulted', 0, true, true],
    ['defaulted', 90, true, true],
    ['defaulted', 91, false, true],
    ['closed', 0, false, true],
    ['terminated', null, false, true],
  ] as const)('%s with DPD %s: disagrees %s, explained %s', (status, dpd, disagrees, explained) => {
    expect(statusDisagrees(status, dpd)).toBe(disagrees);
    expect(needsStatusNote(status, dpd)).toBe(explained);
  });
});

describe('statusNotes on a seeded book', () => {
  let db: Conn;
  const today = '2026-11-21';
  beforeAll(() => {
    db = createTestDb();
    seedPortfolio(db, { leases: 200, today, seed: 7 });
    // A payment history, so most leases perform (without one, every lease past due is in default, domain.md §8).
    seedPayments(db, { funderId: 1, today });
  });

  test('a lease set to defaulted by hand (before the credit module) while not in default gets the reason; performing active leases get none', async () => {
    const now = Date.now();
    const user = db
      .insert(users)
      .values({ email: 'bob@example.test', username: 'bob', fullName: 'Bob Analyst', role: 'analyst', createdAt: now, updatedAt: now })
      .returning()
      .get();
    const book = await getServicingBook(db, 1, today);
    // Leases performing by the derived credit status (a defaulted one explains its default instead, domain.md §8).
    const performing = new Set((await creditStatesAt(db, 1, today)).states.filter((c) => c.status === 'performing').map((c) => c.leaseId));
    const ids: number[] = [];
    for (const s of book.leases) {
      if (ids.length === 3) break;
      if (s.dpd === 0 && performing.has(s.leaseId) && (await getLease(db, s.leaseId))!.status === 'active') ids.push(s.leaseId);
    }
    const target = (await getLease(db, ids[0]!))!;
    expect(target.status).toBe('active');
    await updateLease(db, target.id, target.version, { status: 'defaulted' }, user.id, Date.UTC(2026, 10, 2));

    const { t, format } = tr('en');
    const rows = await Promise.all(ids.map(async (id) => ({ id, status: (await getLease(db, id))!.status })));
    const notes = await statusNotes(db, 1, rows, t, format, today);
    expect([...notes.keys()]).toEqual([target.id]);
    expect(notes.get(target.id)).toMatch(/^Defaulted — set by hand on Nov 2, 2026 by Bob Analyst; DPD now 0\. Status and DPD disagree/);
  });

  test('the history read returns only the creation and the status changes of the asked leases', async () => {
    const some = db
      .select({ id: leases.id })
      .from(leases)
      .limit(3)
      .all()
      .map((r) => r.id);
    const h = await listStatusHistories(db, some);
    expect([...h.keys()].sort()).toEqual([...some].sort());
    for (const entries of h.values()) for (const e of entries) expect(e.action === 'created' || 'status' in e.changes).toBe(true);
    expect((await listStatusHistories(db, [])).size).toBe(0);
  });
});
