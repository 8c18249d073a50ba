import type { User } from '@/db/schema/auth';
import { scopesForRole, type Scope } from '@/lib/auth/scopes';

export type Ability = { action: string; subject: string };

/** CASL-style abilities of the documented auth user, derived from the scopes. */
export function abilitiesFor(scopes: readonly Scope[]): Ability[] {
  if (scopes.includes('admin')) return [{ action: 'manage', subject: 'all' }];
  const abilities: Ability[] = [
    { action: 'read', subject: 'ACL' },
    { action: 'read', subject: 'Auth' },
  ];
  if (scopes.includes('read:funders')) abilities.push({ action: 'read', subject: 'funders' });
  if (scopes.includes('write:funders')) abilities.push({ action: 'write', subject: 'funders' });
  return abilities;
}

/** The documented `userData`: the user without any secret. */
export function toUserData(user: User, scopes: Scope[] = scopesForRole(user.role), cartItemsCount = 0) {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    avatar: user.avatar,
    email: user.email,
    role: user.role,
    scopes,
    ability: abilitiesFor(scopes),
    extras: { eCommerceCartItemsCount: cartItemsCount },
  };
}
