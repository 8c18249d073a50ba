import type { DbOrTx } from '@/db/client';
import { env } from '@/lib/env';
import { clearAuthFailures, countAuthFailures, recordAuthFailure, type AuthFailureStats } from '@/db/queries/auth-failures';

/**
 * Sign-in throttling that an attacker cannot turn against the owner (ASVS 6.1.1, 6.3.1). Three counters, each over
 * the last LOGIN_WINDOW_MS, all checked before the password:
 * - per account and address: exponential backoff after PAIR_FREE_FAILURES (1 s, 2 s, 4 s … up to the window).
 *   This is what stops one client guessing one password; a success from that address clears it.
 * - per account, from every address: after ACCOUNT_SLOW_AFTER failures each attempt waits a short, bounded
 *   spacing (at most ACCOUNT_MAX_SPACING_MS) after the last failure. It slows a distributed guess to about one per
 *   minute but never locks the owner out for longer than that.
 * - per address, across accounts: the same bounded spacing after ADDRESS_SLOW_AFTER failures, and a hard ceiling of
 *   ADDRESS_MAX_FAILURES (credential stuffing from one address); colleagues behind one NAT wait seconds, not 15 min.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const PAIR_FREE_FAILURES = 3;
export const PAIR_BASE_DELAY_MS = 1000;
export const ACCOUNT_SLOW_AFTER = 5;
export const ADDRESS_SLOW_AFTER = 5;
export const SPACING_BASE_MS = 5000;
export const ACCOUNT_MAX_SPACING_MS = 60_000;
export const ADDRESS_MAX_FAILURES = 50;

export const REGISTER_WINDOW_MS = 60 * 60 * 1000;
export const REGISTER_MAX_PER_ADDRESS = 20;

/**
 * The client address. With `trustedHops` = 0 (TRUST_PROXY unset) it is the socket address: instrumentation.ts
 * replaces any X-Forwarded-For a client sent by the socket address before Next sees the request, so the right-most
 * entry is it. Behind N trusted proxies, each appending the address it saw, the client is the N-th entry from the
 * right; entries further left were written by the client and are never read.
 */
export function clientIp(forwardedFor: string | null | undefined, trustedHops = 1): string | null {
  if (!forwardedFor) return null;
  const parts = forwardedFor
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const fromRight = Math.max(1, trustedHops);
  return parts[Math.max(0, parts.length - fromRight)] ?? null;
}

/** The client address of a request under the TRUST_PROXY setting (Headers, or next-auth's plain header object). */
export function requestIp(headers: Headers | Record<string, string | string[] | undefined> | undefined): string | null {
  const raw = headers instanceof Headers ? headers.get('x-forwarded-for') : headers?.['x-forwarded-for'];
  return clientIp(Array.isArray(raw) ? raw.join(',') : raw, env().TRUST_PROXY);
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type LoginKeys = { pair: string; account: string; address: string | null };

/** Rate-limit keys of one sign-in attempt. */
export function loginKeys(email: string, ip: string | null): LoginKeys {
  const account = normalizeEmail(email);
  const address = ip ?? 'unknown';
  return { pair: `pair:${account}|${address}`, account: `email:${account}`, address: ip ? `ip:${ip}` : null };
}

export type RateLimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/** Milliseconds one (account, address) pair must still wait; 0 = may try. */
export function pairWaitMs({ count, newest }: AuthFailureStats, now: number): number {
  if (count < PAIR_FREE_FAILURES || newest === null) return 0;
  const delay = Math.min(PAIR_BASE_DELAY_MS * 2 ** (count - PAIR_FREE_FAILURES), LOGIN_WINDOW_MS);
  return Math.max(0, newest + delay - now);
}

/** Milliseconds of bounded spacing after `slowAfter` failures (5 s, 10 s, … up to a minute) since the newest one. */
export function spacingWaitMs({ count, newest }: AuthFailureStats, slowAfter: number, now: number): number {
  if (count < slowAfter || newest === null) return 0;
  const spacing = Math.min(SPACING_BASE_MS * 2 ** (count - slowAfter), ACCOUNT_MAX_SPACING_MS);
  return Math.max(0, newest + spacing - now);
}

/** Milliseconds until an address over its hard ceiling may try again. */
export function addressCeilingWaitMs({ count, oldest }: AuthFailureStats, now: number): number {
  if (count < ADDRESS_MAX_FAILURES || oldest === null) return 0;
  return Math.max(0, oldest + LOGIN_WINDOW_MS - now);
}

function verdict(waitMs: number): RateLimitVerdict {
  return waitMs > 0 ? { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { limited: false };
}

/** Checked before the password: limited while any of the three counters asks to wait. */
export async function checkLoginRateLimit(db: DbOrTx, keys: LoginKeys, now = Date.now()): Promise<RateLimitVerdict> {
  const since = now - LOGIN_WINDOW_MS;
  let wait = pairWaitMs(await countAuthFailures(db, keys.pair, since), now);
  wait = Math.max(wait, spacingWaitMs(await countAuthFailures(db, keys.account, since), ACCOUNT_SLOW_AFTER, now));
  if (keys.address) {
    const perAddress = await countAuthFailures(db, keys.address, since);
    wait = Math.max(wait, spacingWaitMs(perAddress, ADDRESS_SLOW_AFTER, now), addressCeilingWaitMs(perAddress, now));
  }
  return verdict(wait);
}

export async function registerLoginFailure(db: DbOrTx, keys: LoginKeys, now = Date.now()): Promise<void> {
  await recordAuthFailure(db, [keys.pair, keys.account, ...(keys.address ? [keys.address] : [])], LOGIN_WINDOW_MS, now);
}

/**
 * A success forgives only this address's failures on the account: the account-wide and address-wide counters keep
 * what an attacker did elsewhere (they expire with the window).
 */
export async function registerLoginSuccess(db: DbOrTx, keys: LoginKeys): Promise<void> {
  await clearAuthFailures(db, [keys.pair]);
}

/** POST /jwt/register: at most REGISTER_MAX_PER_ADDRESS attempts per address and hour. */
export async function checkRegisterRateLimit(db: DbOrTx, ip: string | null, now = Date.now()): Promise<RateLimitVerdict> {
  const { count, oldest } = await countAuthFailures(db, `register:${ip ?? 'unknown'}`, now - REGISTER_WINDOW_MS);
  if (count < REGISTER_MAX_PER_ADDRESS || oldest === null) return { limited: false };
  return verdict(oldest + REGISTER_WINDOW_MS - now);
}

export async function registerRegistrationAttempt(db: DbOrTx, ip: string | null, now = Date.now()): Promise<void> {
  await recordAuthFailure(db, [`register:${ip ?? 'unknown'}`], REGISTER_WINDOW_MS, now);
}
