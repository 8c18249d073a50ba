/**
 * The roll-forward of the next month's tape of a source (domain.md §7): per lease, previous balance − scheduled −
 * charged off = expected against the new balance; leases that appeared or are gone listed; a break decided under four
 * eyes (accepted with a note, or rejected — its row then rejected); the commit waits for every decision; the totals
 * reconcile per currency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb, runMigrations, type Conn } from '@/db/client';
import { createUser } from '@/db/queries/users';
import { leases, scheduleRows } from '@/db/schema/portfolio';
import { rollForward, rollForwardTotals } from '@/lib/import/roll-forward';
import { commitImport, startImport, waitForImport } from '@/services/imports/service';
import { decideRollForward, iterateRollForward, rollForwardPage } from '@/services/imports/roll-forward';
import { createImportFunder } from '../helpers/import-book';

describe('rollForward (pure)', () => {
  test('each line and the totals reconcile: opening − scheduled − charged off − gone + appeared + differences = closing', () => {
    const entries = rollForward(
      [
        { contractNumber: 'A', balance: 10_000, date: '2026-01-31', currency: 'EUR' },
        { contractNumber: 'B', balance: 8_000, date: '2026-01-31', currency: 'EUR' },
        { contractNumber: 'C', balance: 500, date: '2026-01-31', currency: 'EUR' },
        { contractNumber: 'D', balance: 3_000, date: '2026-01-31', currency: 'EUR' },
      ],
      [
        { contractNumber: 'A', row: 1, leaseId: 1, balance: 9_000, date: '2026-02-28', currency: 'EUR' },
        { contractNumber: 'B', row: 2, leaseId: 2, balance: 5_000, date: '2026-02-28', currency: 'EUR' },
        { contractNumber: 'C', row: 3, leaseId: 3, balance: 0, date: '2026-02-28', currency: 'EUR' },
        { contractNumber: 'E', row: 4, leaseId: null, balance: 7_000, date: '2026-02-28', currency: 'EUR' },
      ],
      (id) => (id === 3 ? 900 : 1_000),
      (id) => (id === 2 ? 0 : 0),
    );
    expect(entries.map((e) => [e.contractNumber, e.kind, e.scheduled, e.expected, e.difference])).toEqual([
      ['A', 'rolled', 1_000, 9_000, 0],
      ['B', 'break', 1_000, 7_000, -2_000],
      // Scheduled beyond what was left: capped at the previous balance.
      ['C', 'rolled', 500, 0, 0],
      ['E', 'appeared', 0, null, null],
      ['D', 'gone', 0, null, null],
    ]);
    const [t] = rollForwardTotals(entries);
    expect(t).toEqual({
      currency: 'EUR',
      opening: 21_500,
      scheduled: 2_500,
      chargedOff: 0,
      gone: 3_000,
      appeared: 7_000,
      differences: -2_000,
      closing: 21_000,
    });
    expect(t!.opening - t!.scheduled - t!.chargedOff - t!.gone + t!.appeared + t!.differences).toBe(t!.closing);
  });
});

describe('the next month of a source, rolled forward', () => {
  let dir: string;
  let db: Conn;
  let uploader: number;
  let checker: number;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quantum-roll-'));
    db = openDb(path.join(dir, 'roll.db'));
    runMigrations(db);
    const user = async (email: string) =>
      (
        await createUser(db, {
          email,
          username: email.split('@')[0]!,
          fullName: 'Test',
          passwordHash: 'x',
          status: 'active',
          role: 'analyst',
          currentPlan: 'basic',
          authProvider: 'credentials',
        } as never)
      ).id;
    uploader = await user('uploader@example.com');
    checker = await user('checker@example.com');
  });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const HEADER =
    'Contract number,Lessee,Currency,Asset type,Asset price,Term,Interest rate,Timing,First due date,Cut-off date,Outstanding principal';
  const line = (c: string, balance: string, cutOff: string) =>
    `${c},Lessee ${c},EUR,vehicle,12000.00,24,0.06,advance,2026-01-15,${cutOff},${balance}`;

  async function tape(funderId: number, lines: string[], mode: 'create' | 'upsert') {
    const imp = await startImport(db, {
      funderId,
      source: 'Roll lessor',
      mode,
      fileName: 'tape.csv',
      bytes: new TextEncoder().encode([HEADER, ...lines].join('\n')),
      userId: uploader,
      today: '2026-12-02',
    });
    return waitForImport(db, funderId, imp.id);
  }

  /** The schedule's outstanding principal before a date (the balance a tape of that date gives), in decimals. */
  function balanceBefore(contract: string, day: string): string {
    const lease = db.select().from(leases).where(eq(leases.contractNumber, contract)).get()!;
    const rows = db.select().from(scheduleRows).where(eq(scheduleRows.leaseId, lease.id)).all();
    const due = rows.filter((r) => r.dueDate < day).reduce((s, r) => s + r.principal, 0);
    return ((lease.principal - due) / 100).toFixed(2);
  }

  test('rolled, a break, appeared and gone; four eyes; the commit waits for the decision', async () => {
    const funder = (await createImportFunder(db, 'Roll')).id;
    // The first tape gives no balances: nothing to roll from. It creates the leases.
    const first = await tape(
      funder,
      ['R-1', 'R-2', 'R-3'].map((c) => line(c, '', '2026-03-31')),
      'create',
    );
    expect(first.status).toBe('validated');
    await commitImport(db, funder, first.id, false, uploader);
    await waitForImport(db, funder, first.id);
    expect((await rollForwardPage(db, funder, first.id, { page: 1, perPage: 50 })).summary).toBeNull();
    const march = ['R-1', 'R-2', 'R-3'].map((c) => line(c, balanceBefore(c, '2026-03-31'), '2026-03-31'));
    const marchImp = await tape(funder, march, 'upsert');
    // Its previous tape gave no balances: no roll-forward either.
    expect((await rollForwardPage(db, funder, marchImp.id, { page: 1, perPage: 50 })).summary).toBeNull();
    await commitImport(db, funder, marchImp.id, false, uploader);
    await waitForImport(db, funder, marchImp.id);

    const april = [
      line('R-1', balanceBefore('R-1', '2026-04-30'), '2026-04-30'),
      // A partial prepayment of 1,000.00 the schedule does not know.
      line('R-2', (Number(balanceBefore('R-2', '2026-04-30')) - 1000).toFixed(2), '2026-04-30'),
      line('R-4', '12000.00', '2026-04-30'),
    ];
    const aprilImp = await tape(funder, april, 'upsert');
    expect(aprilImp.status).toBe('validated');
    const rf = await rollForwardPage(db, funder, aprilImp.id, { page: 1, perPage: 50 });
    expect(rf.summary).toMatchObject({
      previousImportId: marchImp.id,
      previousTapeDate: '2026-03-31',
      tapeDate: '2026-04-30',
      counts: { rolled: 1, break: 1, appeared: 1, gone: 1, undecided: 1 },
    });
    expect(rf.rows.map((r) => [r.contractNumber, r.kind, r.difference])).toEqual([
      ['R-2', 'break', -100_000],
      ['R-4', 'appeared', null],
      ['R-3', 'gone', null],
      ['R-1', 'rolled', 0],
    ]);
    const [t] = rf.summary!.totals;
    expect(t!.opening - t!.scheduled - t!.chargedOff - t!.gone + t!.appeared + t!.differences).toBe(t!.closing);
    const all = [];
    for await (const batch of iterateRollForward(db, funder, aprilImp.id, {})) all.push(...batch);
    expect(all).toHaveLength(4);

    // The commit waits for the break; the uploader cannot decide it (four eyes); another user accepts it with a note.
    await expect(async () => await commitImport(db, funder, aprilImp.id, false, uploader)).rejects.toThrow(/undecided/);
    await expect(
      decideRollForward(
        db,
        funder,
        aprilImp.id,
        { contractNumbers: ['R-2'], decision: 'accepted', note: 'prepaid' },
        { userId: uploader, email: 'uploader@example.com' },
      ),
    ).rejects.toThrow(expect.objectContaining({ code: 'forbidden' }));
    await expect(
      decideRollForward(
        db,
        funder,
        aprilImp.id,
        { contractNumbers: ['R-1'], decision: 'accepted', note: 'x' },
        { userId: checker, email: 'checker@example.com' },
      ),
    ).rejects.toThrow(expect.objectContaining({ code: 'invalid' }));
    // Rejected: its row is rejected; accepted again: restored.
    const rejected = await decideRollForward(
      db,
      funder,
      aprilImp.id,
      { allUndecided: true, decision: 'rejected', note: '' },
      { userId: checker, email: 'checker@example.com' },
    );
    expect(rejected).toMatchObject({ decided: 1, summary: { counts: { undecided: 0 } } });
    expect(await waitForImport(db, funder, aprilImp.id)).toMatchObject({ rejectedCount: 1, updatedCount: 0 });
    await decideRollForward(
      db,
      funder,
      aprilImp.id,
      { contractNumbers: ['R-2'], decision: 'accepted', note: 'Partial prepayment on 12 Apr' },
      { userId: checker, email: 'checker@example.com' },
    );
    const accepted = (await rollForwardPage(db, funder, aprilImp.id, { kind: 'break', page: 1, perPage: 50 })).rows[0]!;
    expect(accepted).toMatchObject({ decision: 'accepted', note: 'Partial prepayment on 12 Apr', decidedBy: 'checker@example.com' });
    expect((await waitForImport(db, funder, aprilImp.id)).rejectedCount).toBe(0);
    await commitImport(db, funder, aprilImp.id, false, uploader);
    expect((await waitForImport(db, funder, aprilImp.id)).status).toBe('committed');
  });
});
