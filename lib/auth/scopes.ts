import type { Role } from '@/lib/domain/enums';

export const SCOPES = ['read:funders', 'write:funders', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: ['read:funders', 'write:funders', 'admin'],
  analyst: ['read:funders', 'write:funders'],
  viewer: ['read:funders'],
  client: [],
};

/** The scopes a role grants (the embedded credentials provider). */
export function scopesForRole(role: Role): Scope[] {
  return [...ROLE_SCOPES[role]];
}

/** Keeps only the scopes QUANTUM knows from a space-separated list granted by an identity provider. */
export function parseGrantedScopes(granted: string | undefined | null): Scope[] {
  if (!granted) return [];
  const parts = new Set(granted.split(/\s+/));
  return SCOPES.filter((s) => parts.has(s));
}

export function hasScope(scopes: readonly string[], scope: Scope): boolean {
  return scopes.includes(scope);
}
