import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Profile, User } from 'next-auth';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-oidc-'));
let signIn: (args: { account: Account | null; profile?: Profile; user: User }) => Promise<boolean | string>;

beforeAll(async () => {
  process.env.DATABASE_URL = path.join(dir, 'q.db');
  process.env.NEXTAUTH_SECRET = 'unit-test-secret-0123456789abcdef0123456789';
  const { openDb, runMigrations } = await import('@/db/client');
  const { createUser } = await import('@/db/queries/users');
  const setup = openDb(process.env.DATABASE_URL);
  runMigrations(setup);
  await createUser(setup, { email: 'local@example.com', username: 'local', role: 'admin', passwordHash: 'x', authProvider: 'credentials' });
  await createUser(setup, { email: 'idp@example.com', username: 'idp', role: 'client', passwordHash: null, authProvider: 'oidc' });
  setup.$client.close();
  const { getAuthOptions } = await import('@/services/auth/options');
  signIn = getAuthOptions().callbacks!.signIn! as typeof signIn;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const oidc = { provider: 'oidc', type: 'oauth', providerAccountId: 'sub-1' } as Account;

describe('identity-provider account linking', () => {
  it.each([
    ['a new e-mail', 'new@example.com', true, true],
    ['an existing identity-provider user', 'idp@example.com', true, true],
    ['a local password account with the same e-mail (no takeover)', 'local@example.com', true, false],
    ['an e-mail the provider marks unverified', 'new2@example.com', false, false],
  ])('%s → allowed=%s', async (_name, email, verified, allowed) => {
    const result = await signIn({ account: oidc, profile: { email, email_verified: verified } as Profile, user: { id: 'sub-1', email } });
    expect(result).toBe(allowed);
  });

  it('leaves credentials sign-ins to authorize()', async () => {
    expect(await signIn({ account: { provider: 'credentials', type: 'credentials', providerAccountId: '1' }, user: { id: '1' } })).toBe(
      true,
    );
  });
});
