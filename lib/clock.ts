/**
 * The one clock of QUANTUM's business date — "today": the as-of date of every "today" figure (default cut-off,
 * delinquency, credit states, closed months, facility bases), the date the demo seed places its book around, and the
 * date in export file names. Like lib/env.ts it reads the process environment; nothing else in lib/ may.
 *
 * QUANTUM_TODAY=YYYY-MM-DD fixes it, for the server, the seed, the background jobs and the pages alike, so that a
 * test (or a demonstration) can say which day it is about. A production server refuses a fixed date unless
 * QUANTUM_ALLOW_FIXED_TODAY=1 says it is meant (clockStartProblem, checked at start), and every signed-in page shows
 * it while it is set (components/shell/fixed-clock-notice.tsx). Timestamps (audit, sessions, tokens) stay real time.
 *
 * In the browser the variable is not there: client components get "today" from the server as a prop.
 */
import { isoDateOf, tryParseDate } from '@/lib/finance/dates';

export const TODAY_VARIABLE = 'QUANTUM_TODAY';
export const ALLOW_FIXED_TODAY_VARIABLE = 'QUANTUM_ALLOW_FIXED_TODAY';

type EnvLike = Readonly<Record<string, string | undefined>>;

/** The date QUANTUM_TODAY fixes, or null when the clock runs with the calendar; throws on a malformed value. */
export function fixedToday(env: EnvLike = process.env): string | null {
  const raw = env[TODAY_VARIABLE]?.trim();
  if (!raw) return null;
  if (tryParseDate(raw) === null) throw new Error(`${TODAY_VARIABLE} must be a calendar date as YYYY-MM-DD; it is "${raw}".`);
  return raw;
}

/** Today as YYYY-MM-DD: QUANTUM_TODAY when it is set, else the calendar date (UTC). */
export function todayIso(): string {
  return fixedToday() ?? isoDateOf(new Date());
}

/** The business date a request, a job or a script works on: read once (requestClock) and passed to every screen. */
export type Clock = { readonly today: string };

/** The clock of one request, job or script: today read once, so every figure it computes is of the same day. */
export function requestClock(): Clock {
  return { today: todayIso() };
}

/**
 * Why a server must not start with this environment's clock, or null when it may: a malformed QUANTUM_TODAY, or one
 * set on a production server (NODE_ENV=production) without QUANTUM_ALLOW_FIXED_TODAY=1 — a forgotten test setting
 * there would date every figure wrong without a word.
 */
export function clockStartProblem(env: EnvLike = process.env): string | null {
  let fixed: string | null;
  try {
    fixed = fixedToday(env);
  } catch (e) {
    return (e as Error).message;
  }
  if (fixed === null || env.NODE_ENV !== 'production' || env[ALLOW_FIXED_TODAY_VARIABLE] === '1') return null;
  return `${TODAY_VARIABLE}=${fixed} fixes the date of every figure on a production server. Unset it, or set ${ALLOW_FIXED_TODAY_VARIABLE}=1 if this server is meant to run on that date (a test or a demonstration).`;
}
