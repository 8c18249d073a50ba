import type { DbOrTx } from '@/db/client';
import { clearAuthFailures, countAuthFailures, recordAuthFailure } from '@/db/queries/auth-failures';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The client address: the right-most X-Forwarded-For entry (the one added by the nearest proxy). */
export function clientIp(forwardedFor: string | null | undefined): string | null {
  if (!forwardedFor) return null;
  const parts = forwardedFor
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1) ?? null;
}

/** Rate-limit keys of one sign-in attempt: per e-mail and per IP. */
export function loginKeys(email: string, ip: string | null): string[] {
  const keys = [`email:${email.trim().toLowerCase()}`];
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

export type RateLimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/** Limited once any key has LOGIN_MAX_FAILURES failures inside the window; checked before the password. */
export function checkLoginRateLimit(db: DbOrTx, keys: string[], now = Date.now()): RateLimitVerdict {
  let retryAfterMs = 0;
  for (const key of keys) {
    const { count, oldest } = countAuthFailures(db, key, now - LOGIN_WINDOW_MS);
    if (count >= LOGIN_MAX_FAILURES && oldest !== null) {
      retryAfterMs = Math.max(retryAfterMs, oldest + LOGIN_WINDOW_MS - now);
    }
  }
  return retryAfterMs > 0 ? { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : { limited: false };
}

export function registerLoginFailure(db: DbOrTx, keys: string[], now = Date.now()): void {
  recordAuthFailure(db, keys, now);
}

/** A successful sign-in forgives the account's earlier failures (not the IP's). */
export function registerLoginSuccess(db: DbOrTx, email: string): void {
  clearAuthFailures(db, [`email:${email.trim().toLowerCase()}`]);
}
