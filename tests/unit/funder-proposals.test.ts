import { describe, expect, it } from 'vitest';
import { pageAudit } from '@/db/queries/audit';
import {
  approveFunderProposal,
  changeFunderSettings,
  listFunderProposals,
  rejectFunderProposal,
  SELF_APPROVAL_MESSAGE,
  type Actor,
} from '@/db/queries/funder-proposals';
import { getFunder, updateFunder } from '@/db/queries/funders';
import { registerUser } from '@/db/queries/registration';
import { changePassword } from '@/db/queries/sessions';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { statusOf } from '@/lib/api/errors';
import { DomainError } from '@/lib/domain/errors';
import { settingsChanges, toFunderSettings } from '@/lib/validations/funders';
import { createTestDb } from '../helpers/test-db';

function seeded() {
  const db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 4, today: '2026-11-21', seed: 7 });
  return db;
}
type TestDb = ReturnType<typeof seeded>;

const actor = (db: TestDb, who: string): Actor => {
  const email = `${who}@quantum.demo`;
  return { userId: db.$client.prepare('select id from users where email = ?').pluck().get(email) as number, email };
};
const auditOf = async (db: TestDb, entity: string) => (await pageAudit(db, { entity }, 1, 100)).rows;

async function thrown(fn: () => unknown): Promise<DomainError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('settingsChanges', () => {
  it('keeps only the settings a patch really changes, old → new', async () => {
    const db = seeded();
    const current = toFunderSettings((await getFunder(db, 1))!);
    expect(
      settingsChanges(current, { buyRate: current.buyRate, graceDays: 7, bucketEdges: [...current.bucketEdges], fourEyes: false }),
    ).toEqual({
      graceDays: { before: 0, after: 7 },
      fourEyes: { before: true, after: false },
    });
  });
});

describe('four eyes on funder settings (domain.md §12)', () => {
  it('a change by one admin is a pending proposal; another admin approves it and it applies with its audit rows', async () => {
    const db = seeded();
    const admin = actor(db, 'admin');
    const admin2 = actor(db, 'admin2');
    const before = (await getFunder(db, 1))!;
    const proposed = await changeFunderSettings(db, 1, { graceDays: 5, buyRate: 0.061 }, admin);
    expect(proposed.proposal).toMatchObject({
      status: 'pending',
      funderId: 1,
      proposedBy: admin.userId,
      baseDataVersion: before.dataVersion,
      changes: { graceDays: { before: 0, after: 5 } },
    });
    expect(await getFunder(db, 1)).toMatchObject({ graceDays: 0, dataVersion: before.dataVersion });
    expect((await listFunderProposals(db, { funderId: 1, status: 'pending' })).map((p) => p.id)).toEqual([proposed.proposal!.id]);

    const { proposal, funder } = await approveFunderProposal(db, proposed.proposal!.id, admin2);
    expect(proposal).toMatchObject({ status: 'approved', decidedBy: admin2.userId, decidedByEmail: 'admin2@quantum.demo' });
    expect(funder).toMatchObject({ graceDays: 5, buyRate: 0.061, dataVersion: before.dataVersion + 1 });
    expect(await listFunderProposals(db, { funderId: 1, status: 'pending' })).toEqual([]);
    const actions = (await auditOf(db, 'funder')).map((r) => [r.action, r.userEmail]);
    expect(actions).toEqual([
      ['update', 'admin2@quantum.demo'],
      ['approve', 'admin2@quantum.demo'],
      ['propose', 'admin@quantum.demo'],
    ]);
  });

  it('the tape import instalment tolerance is a setting like the others: proposed, approved, then applied', async () => {
    const db = seeded();
    const admin = actor(db, 'admin');
    const before = (await getFunder(db, 1))!;
    expect(toFunderSettings(before).importInstalmentTolerance).toBe(0.02);
    const { proposal } = await changeFunderSettings(db, 1, { importInstalmentTolerance: 0.035 }, admin);
    expect(proposal).toMatchObject({ status: 'pending', changes: { importInstalmentTolerance: { before: 0.02, after: 0.035 } } });
    expect((await getFunder(db, 1))!.importInstalmentTolerance).toBe(0.02);
    const { funder } = await approveFunderProposal(db, proposal!.id, actor(db, 'admin2'));
    expect(funder).toMatchObject({ importInstalmentTolerance: 0.035, dataVersion: before.dataVersion + 1 });
    expect((await getFunder(db, 1))!.importInstalmentTolerance).toBe(0.035);
  });

  it('the proposer cannot approve their own change (403) and nothing is written', async () => {
    const db = seeded();
    const admin = actor(db, 'admin');
    const { proposal } = await changeFunderSettings(db, 1, { graceDays: 3 }, admin);
    const rows = (await auditOf(db, 'funder')).length;
    const error = await thrown(async () => await approveFunderProposal(db, proposal!.id, admin));
    expect(statusOf(error)).toBe(403);
    expect(error.message).toBe(SELF_APPROVAL_MESSAGE);
    expect(await auditOf(db, 'funder')).toHaveLength(rows);
    expect(await listFunderProposals(db, { status: 'pending' })).toHaveLength(1);
    expect((await getFunder(db, 1))!.graceDays).toBe(0);
  });

  it('approving one proposal supersedes the others; a decided proposal answers 409', async () => {
    const db = seeded();
    const admin = actor(db, 'admin');
    const admin2 = actor(db, 'admin2');
    const a = (await changeFunderSettings(db, 1, { graceDays: 3 }, admin)).proposal!;
    const b = (await changeFunderSettings(db, 1, { graceDays: 9 }, admin)).proposal!;
    await approveFunderProposal(db, a.id, admin2);
    expect((await listFunderProposals(db, { funderId: 1, status: 'all' })).map((p) => [p.id, p.status])).toEqual([
      [b.id, 'superseded'],
      [a.id, 'approved'],
    ]);
    expect(statusOf(await thrown(async () => await approveFunderProposal(db, b.id, admin2)))).toBe(409);
    expect(statusOf(await thrown(async () => await rejectFunderProposal(db, a.id, admin2)))).toBe(409);
    expect((await getFunder(db, 1))!.graceDays).toBe(3);
  });

  it('a proposal whose base settings changed since answers 409 (stale)', async () => {
    const db = seeded();
    const { proposal } = await changeFunderSettings(db, 1, { graceDays: 3 }, actor(db, 'admin'));
    // A change that bypassed the proposals (a migration, a script) moves the base.
    await updateFunder(db, 1, { buyRate: 0.07 });
    const error = await thrown(async () => await approveFunderProposal(db, proposal!.id, actor(db, 'admin2')));
    expect(statusOf(error)).toBe(409);
    expect(error.message).toMatch(/changed since/);
    expect((await getFunder(db, 1))!.graceDays).toBe(0);
  });

  it('a change of the book alone (the data version moves) does not make a proposal stale', async () => {
    const db = seeded();
    const { proposal } = await changeFunderSettings(db, 1, { graceDays: 3 }, actor(db, 'admin'));
    db.$client.prepare('update funders set data_version = data_version + 1 where id = 1').run();
    expect((await approveFunderProposal(db, proposal!.id, actor(db, 'admin2'))).funder.graceDays).toBe(3);
  });

  it('a rejected proposal applies nothing and is audited', async () => {
    const db = seeded();
    const { proposal } = await changeFunderSettings(db, 1, { graceDays: 3 }, actor(db, 'admin'));
    expect(await rejectFunderProposal(db, proposal!.id, actor(db, 'admin2'))).toMatchObject({
      status: 'rejected',
      decidedByEmail: 'admin2@quantum.demo',
    });
    expect((await getFunder(db, 1))!.graceDays).toBe(0);
    expect((await auditOf(db, 'funder'))[0]).toMatchObject({ action: 'reject', userEmail: 'admin2@quantum.demo' });
  });

  it('turning four eyes off needs the second admin; afterwards changes apply at once', async () => {
    const db = seeded();
    const admin = actor(db, 'admin');
    const off = await changeFunderSettings(db, 1, { fourEyes: false }, admin);
    expect(off.proposal?.changes).toEqual({ fourEyes: { before: true, after: false } });
    expect((await getFunder(db, 1))!.fourEyes).toBe(true);
    await approveFunderProposal(db, off.proposal!.id, actor(db, 'admin2'));
    const direct = await changeFunderSettings(db, 1, { graceDays: 4 }, admin);
    expect(direct.proposal).toBeUndefined();
    expect(direct.applied).toMatchObject({ graceDays: 4, fourEyes: false });
    // Turning it on again is a direct change too, while it is off.
    expect((await changeFunderSettings(db, 1, { fourEyes: true }, admin)).applied?.fourEyes).toBe(true);
  });

  it('a patch that changes nothing makes no proposal; a taken name is refused at once (409)', async () => {
    const db = seeded();
    const admin = actor(db, 'admin');
    const current = toFunderSettings((await getFunder(db, 1))!);
    expect((await changeFunderSettings(db, 1, { graceDays: current.graceDays }, admin)).applied).toEqual(current);
    expect(statusOf(await thrown(async () => await changeFunderSettings(db, 1, { name: 'Nordlicht Leasing Bank' }, admin)))).toBe(409);
    expect(await listFunderProposals(db, { status: 'all' })).toEqual([]);
  });
});

describe('audit of users', () => {
  it('a password change writes one audit row that never holds the password or its hash', async () => {
    const db = seeded();
    const { userId } = actor(db, 'viewer');
    await changePassword(db, userId, '$argon2id$v=19$secret-hash');
    const [row] = await auditOf(db, 'user');
    expect(row).toMatchObject({ action: 'password_change', userId, userEmail: 'viewer@quantum.demo', entityId: String(userId) });
    expect(JSON.stringify(row)).not.toMatch(/argon2|secret-hash|password"/i);
  });

  it('a self-registration writes one audit row by the new user, without the hash', async () => {
    const db = seeded();
    const result = await registerUser(db, { email: 'new@example.com', username: 'newbie', passwordHash: '$argon2id$hash-value' });
    if (!result.ok) throw new Error('registration failed');
    const [row] = await auditOf(db, 'user');
    expect(row).toMatchObject({ action: 'register', userId: result.user.id, userEmail: 'new@example.com' });
    expect(JSON.parse(row!.after!)).toEqual({ email: 'new@example.com', username: 'newbie', role: 'client', authProvider: 'credentials' });
    expect(JSON.stringify(row)).not.toMatch(/argon2|hash-value/);
    // A refused duplicate writes none.
    await registerUser(db, { email: 'new@example.com', username: 'newbie', passwordHash: 'h' });
    expect(await auditOf(db, 'user')).toHaveLength(1);
  });
});
