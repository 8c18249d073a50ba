import type { DbOrTx, Tx } from '../client';
import { seedUser, seedUserByEmail } from './sqlite';
import type { Role } from '../schema/auth';
import { hashPasswordSync } from '@/lib/auth/password';

export const DEMO_PASSWORD = 'quantum-demo';

export const DEMO_USERS: { email: string; username: string; fullName: string; role: Role; company: string; country: string }[] = [
  { email: 'admin@quantum.demo', username: 'admin', fullName: 'Alex Admin', role: 'admin', company: 'QUANTUM Funding', country: 'Germany' },
  {
    email: 'analyst@quantum.demo',
    username: 'analyst',
    fullName: 'Ana Analyst',
    role: 'analyst',
    company: 'QUANTUM Funding',
    country: 'Portugal',
  },
  {
    email: 'viewer@quantum.demo',
    username: 'viewer',
    fullName: 'Victor Viewer',
    role: 'viewer',
    company: 'QUANTUM Funding',
    country: 'France',
  },
  {
    email: 'client@quantum.demo',
    username: 'client',
    fullName: 'Clara Client',
    role: 'client',
    company: 'Lessee Partner Ltd',
    country: 'United Kingdom',
  },
  // Last, so the others keep their seeded content: four eyes on funder settings needs a second admin to approve a change.
  {
    email: 'admin2@quantum.demo',
    username: 'admin2',
    fullName: 'Berta Admin',
    role: 'admin',
    company: 'QUANTUM Funding',
    country: 'Austria',
  },
];

/** Creates the demo users (password quantum-demo) where they do not exist yet. */
export function seedDemoUsers(db: Tx): number {
  let created = 0;
  const hash = hashPasswordSync(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    if (seedUserByEmail(db, u.email)) continue;
    seedUser(db, { ...u, passwordHash: hash, status: 'active', currentPlan: 'enterprise', authProvider: 'credentials' });
    created++;
  }
  return created;
}

export function hasDemoUsers(db: DbOrTx): boolean {
  return DEMO_USERS.some((u) => seedUserByEmail(db, u.email)?.passwordHash);
}
