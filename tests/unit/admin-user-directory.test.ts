import { describe, expect, it } from 'vitest';
import {
  createDirectoryUser,
  deleteDirectoryUser,
  getDirectoryUser,
  pageDirectoryUsers,
  updateDirectoryUser,
} from '@/db/queries/user-directory';
import { getUserByEmail } from '@/db/queries/users';
import { seedDemoUsers } from '@/db/seed/users';
import { DomainError } from '@/lib/domain/errors';
import { createTestDb } from '../helpers/test-db';

async function setup() {
  const db = createTestDb();
  seedDemoUsers(db);
  // The seed's second admin (four eyes on funder settings) is removed: these tests start from one active admin.
  await deleteDirectoryUser(db, (await getUserByEmail(db, 'admin2@quantum.demo'))!.id);
  const admin = (await getUserByEmail(db, 'admin@quantum.demo'))!;
  return { db, admin };
}

const base = { company: '', country: '', contact: '', currentPlan: 'basic' as const, status: 'active' as const };

async function codeOf(fn: () => unknown): Promise<string | undefined> {
  try {
    await fn();
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
  return undefined;
}

describe('user directory: the last active admin', () => {
  it.each([
    ['demote', { role: 'analyst' as const }],
    ['deactivate', { status: 'inactive' as const }],
    ['set pending', { status: 'pending' as const }],
  ])('refuses to %s the only active admin (409) and changes nothing', async (_, patch) => {
    const { db, admin } = await setup();
    expect(await codeOf(async () => await updateDirectoryUser(db, admin.id, patch))).toBe('conflict');
    expect(await getDirectoryUser(db, admin.id)).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('refuses to delete the only active admin', async () => {
    const { db, admin } = await setup();
    expect(await codeOf(async () => await deleteDirectoryUser(db, admin.id))).toBe('conflict');
    expect(await getDirectoryUser(db, admin.id)).toBeDefined();
  });

  it('an inactive second admin does not count', async () => {
    const { db, admin } = await setup();
    await createDirectoryUser(
      db,
      { ...base, fullName: 'Idle Admin', username: 'idle', email: 'idle@x.example', role: 'admin', status: 'inactive' },
      'h',
    );
    expect(await codeOf(async () => await updateDirectoryUser(db, admin.id, { role: 'viewer' }))).toBe('conflict');
  });

  it('allows it once another active admin exists, and revokes the demoted sessions', async () => {
    const { db, admin } = await setup();
    await createDirectoryUser(db, { ...base, fullName: 'Second Admin', username: 'second', email: 'second@x.example', role: 'admin' }, 'h');
    const before = (await getUserByEmail(db, 'admin@quantum.demo'))!.sessionVersion;
    expect(await updateDirectoryUser(db, admin.id, { role: 'analyst' })).toMatchObject({ role: 'analyst' });
    expect((await getUserByEmail(db, 'admin@quantum.demo'))!.sessionVersion).toBe(before + 1);
  });

  it('changes neither plan nor role when the role change in the same call is refused', async () => {
    const { db, admin } = await setup();
    expect(await codeOf(async () => await updateDirectoryUser(db, admin.id, { currentPlan: 'team', role: 'client' }))).toBe('conflict');
    expect(await getDirectoryUser(db, admin.id)).toMatchObject({ currentPlan: 'enterprise', role: 'admin' });
  });
});

describe('user directory: add, list, delete', () => {
  it('answers 409 for a taken e-mail or username, naming the field', async () => {
    const { db } = await setup();
    try {
      await createDirectoryUser(db, { ...base, fullName: 'Dup', username: 'admin', email: 'ADMIN@quantum.demo', role: 'viewer' }, 'h');
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).issues?.map((i) => i.field).sort()).toEqual(['email', 'username']);
    }
  });

  it.each([
    [{ q: 'ANA' }, ['analyst']],
    [{ q: 'vict' }, ['viewer']],
    [{ q: 'quantum.demo' }, []],
    [{ role: 'client' as const }, ['client']],
    [{ q: '%' }, []],
  ])('filters %j', async (f, usernames) => {
    const { db } = await setup();
    const res = await pageDirectoryUsers(db, { q: '', page: 1, perPage: 10, ...f });
    expect(res.users.map((u) => u.username)).toEqual(usernames);
    expect(res.total).toBe(usernames.length);
  });

  it('pages newest first with the filtered total', async () => {
    const { db } = await setup();
    const p2 = await pageDirectoryUsers(db, { q: '', page: 2, perPage: 3 });
    expect(p2.total).toBe(4);
    expect(p2.users.map((u) => u.username)).toEqual(['admin']);
  });

  it('never exposes the password hash', async () => {
    const { db, admin } = await setup();
    expect(Object.keys((await getDirectoryUser(db, admin.id))!)).not.toContain('passwordHash');
  });

  it('deletes a user and answers not_found for an unknown id', async () => {
    const { db } = await setup();
    const u = await createDirectoryUser(db, { ...base, fullName: 'Gone', username: 'gone', email: 'gone@x.example', role: 'viewer' }, 'h');
    await deleteDirectoryUser(db, u.id);
    expect(await getDirectoryUser(db, u.id)).toBeUndefined();
    expect(await codeOf(async () => await deleteDirectoryUser(db, u.id))).toBe('not_found');
  });
});
