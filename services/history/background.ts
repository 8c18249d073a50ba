/**
 * Month-end snapshots built in the background (domain.md §9: "past months are rebuilt from the ledger when
 * first needed and then kept"). On a large book building a closed month takes about a second per 100,000
 * leases, so the reports do not build a long run of missing months inside a request:
 * - the server start (instrumentation.ts) and a bulk tape import queue the default range (the last
 *   DEFAULT_REPORT_MONTHS closed months) of each funder;
 * - Performance, Vintages and the Dashboard ask snapshotReadiness first: few missing lease-months are built
 *   in the request as before (a small book never sees a progress state); more queue the missing months
 *   and the page shows the progress (months built of months needed) and refreshes until they are stored.
 * The job builds one month at a time, oldest first, in chunks of leases with a turn of the event loop between
 * chunks, so requests are answered meanwhile. A month is computed with the same code as a synchronous build
 * (computeMonthSnapshot), its lease rows staged chunk by chunk and its month row written last (a report
 * reads only months with a month row; a request that builds the month itself replaces the staged rows), so
 * a background-built month is the same rows and aggregates; a write to the book during a month's build
 * (another store version) starts that month again, so no month mixes two states of the book.
 */
import { databaseState } from '@/lib/views';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { databaseKey, type DbOrTx } from '@/db/client';
import { finishSnapshotMonth, hasSnapshotMonth, historyLeaseTerms, insertSnapshotRows, snapshotMonthNamesIn } from '@/db/queries/history';
import { todayIso } from '@/lib/clock';
import { addMonthsTo, aggregateMonth, lastClosedMonth, monthEndOf, monthOf, monthRange, type LeaseSnapshot } from '@/lib/history';
import { creditFactsInSlices } from '@/services/credit/facts';
import { bookExtentOf, computeMonthSnapshot, DEFAULT_REPORT_MONTHS, firstBookMonth, type Carry } from '@/services/history/snapshots';
import { servicingStores } from '@/services/servicing/book';

/** Leases computed between two turns of the event loop (≈ 50 ms at 100,000 leases a second). */
export const BUILD_CHUNK = 5_000;
/** Up to this many missing lease-months (leases × months) a request builds them itself (≈ 0.25 s). */
export const SYNC_LEASE_MONTHS = 25_000;

/** How long a failed build is reported before a request queues it again. */
const FAILED_KEPT_MS = 60_000;

type Job = {
  db: DbOrTx;
  funderId: number;
  chunk: number;
  wanted: Set<string>;
  built: number;
  running: Promise<void>;
  error: string | null;
};

// Process-wide (route bundles and instrumentation share it): one job per database and funder.
const jobs = databaseState(
  'snapshotJobs',
  'the running month-end snapshot build per funder',
  'one per funder',
  () => new Map<number, Job>(),
);

function jobOf(db: DbOrTx, funderId: number): Job | undefined {
  return jobs.of(databaseKey(db)).get(funderId);
}

function setJob(db: DbOrTx, funderId: number, job: Job | undefined): void {
  const m = jobs.of(databaseKey(db));
  if (job) m.set(funderId, job);
  else m.delete(funderId);
}

/** The closed months of [from, to] a report needs (none before the funder's first purchase), and those not stored yet. */
export async function neededMonths(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  today = todayIso(),
): Promise<{ needed: string[]; missing: string[] }> {
  const last = to < monthOf(today) ? to : addMonthsTo(monthOf(today), -1);
  const first = await firstBookMonth(db, funderId);
  if (first === null || last < from) return { needed: [], missing: [] };
  const lo = from < first ? first : from;
  if (lo > last) return { needed: [], missing: [] };
  const needed = monthRange(lo, last);
  const have = new Set(await snapshotMonthNamesIn(db, funderId, lo, last));
  return { needed, missing: needed.filter((m) => !have.has(m)) };
}

/** The state of a report's snapshots: ready (stored, or few enough to build in the request), or being built in the background. */
export type SnapshotReadiness = { ready: true } | { ready: false; built: number; needed: number; error: string | null };

/**
 * Whether a report over [from, to] can be answered now. When more lease-months are missing than a request
 * should build (SYNC_LEASE_MONTHS), the missing months are queued for the background job (started if idle)
 * and the progress is returned: months of the range stored, of months needed.
 */
export async function snapshotReadiness(
  db: DbOrTx,
  funderId: number,
  from: string,
  to: string,
  today = todayIso(),
  limit = SYNC_LEASE_MONTHS,
): Promise<SnapshotReadiness> {
  const { needed, missing } = await neededMonths(db, funderId, from, to, today);
  if (missing.length === 0) return { ready: true };
  // The book's size from one query: a page showing the progress does not wait for the servicing stores.
  if (missing.length * (await bookExtentOf(db, funderId)).leases <= limit) return { ready: true };
  const job = queueSnapshots(db, funderId, missing, today);
  return { ready: false, built: needed.length - missing.length, needed: needed.length, error: job.error };
}

/** Queues closed months for the funder's background job (starting it when idle); returns the job. */
export function queueSnapshots(db: DbOrTx, funderId: number, months: readonly string[], today = todayIso(), chunk = BUILD_CHUNK): Job {
  let job = jobOf(db, funderId);
  if (job) {
    // A failed job is kept a while with its error (the page shows it instead of spinning), then retried.
    if (job.error === null) for (const m of months) job.wanted.add(m);
    return job;
  }
  job = { db, funderId, chunk, wanted: new Set(months), built: 0, running: Promise.resolve(), error: null };
  setJob(db, funderId, job);
  const j = job;
  j.running = runJob(j, today).then(
    () => setJob(db, funderId, undefined),
    (e: unknown) => {
      j.error = e instanceof Error ? e.message : String(e);
      setTimeout(() => setJob(db, funderId, undefined), FAILED_KEPT_MS).unref();
      console.warn(`[history] the month-end snapshots of funder ${funderId} were not built:`, j.error);
    },
  );
  return job;
}

/** Queues the reports' default range (the last DEFAULT_REPORT_MONTHS closed months) when months are missing; the job, or null. */
export async function queueDefaultSnapshots(db: DbOrTx, funderId: number, today = todayIso()): Promise<Job | null> {
  const to = lastClosedMonth(today);
  const { missing } = await neededMonths(db, funderId, addMonthsTo(to, -(DEFAULT_REPORT_MONTHS - 1)), to, today);
  return missing.length === 0 ? null : queueSnapshots(db, funderId, missing, today);
}

/** The default range queued (queueDefaultSnapshots); resolves when built, with the months this job built. */
export async function buildDefaultSnapshots(db: DbOrTx, funderId: number, today = todayIso()): Promise<number> {
  const job = await queueDefaultSnapshots(db, funderId, today);
  if (!job) return 0;
  await job.running;
  return job.built;
}

/** The running job of the funder, if any (tests and the benchmark wait on it). */
export function snapshotJob(db: DbOrTx, funderId: number): Promise<void> | null {
  return jobOf(db, funderId)?.running ?? null;
}

async function runJob(job: Job, today: string): Promise<void> {
  await yieldToLoop();
  let carry: Carry | undefined;
  for (;;) {
    const month = [...job.wanted].sort()[0];
    if (month === undefined) return;
    job.wanted.delete(month);
    if (month >= monthOf(today) || (await hasSnapshotMonth(job.db, job.funderId, month))) {
      carry = undefined;
      continue;
    }
    carry = await buildMonth(job.db, job.funderId, month, carry, job.chunk);
    job.built++;
  }
}

/**
 * One closed month computed in chunks of `chunk` leases (BUILD_CHUNK) (the previous month's end splits reused when
 * it was built just before on the same stores), each chunk's lease rows staged in its own transaction and
 * the month row written last (db/queries/history.ts insertSnapshotRows, finishSnapshotMonth), so no single
 * step holds the event loop or the database for long; restarted when the book changed meanwhile, given up
 * when a request stored the month first.
 */
async function buildMonth(
  db: DbOrTx,
  funderId: number,
  month: string,
  previous: Carry | undefined,
  chunk: number,
): Promise<Carry | undefined> {
  const monthEnd = monthEndOf(month);
  for (;;) {
    const { entry, schedule } = await servicingStores(db, funderId);
    const version = entry.version;
    const terms = previous && previous.schedule === schedule ? previous.terms : await historyLeaseTerms(db, funderId);
    await yieldToLoop();
    const facts = await creditFactsInSlices(db, funderId, monthEnd);
    const base: Carry = previous && previous.schedule === schedule ? previous : { month: '', schedule, splits: [], terms };
    const splits: Carry['splits'] = new Array(schedule.n);
    const rows: LeaseSnapshot[] = [];
    let moved = false;
    for (let lo = 0; lo < schedule.n; lo += chunk) {
      await yieldToLoop();
      const now = await servicingStores(db, funderId);
      if (now.schedule !== schedule || now.entry.version !== version) {
        moved = true;
        break;
      }
      const indexes = Array.from({ length: Math.min(chunk, schedule.n - lo) }, (_, k) => lo + k);
      const built = await computeMonthSnapshot(db, funderId, month, monthEnd, { ...base, terms }, { indexes, facts });
      for (const i of indexes) splits[i] = built.carry.splits[i];
      for (const r of built.rows) rows.push(r);
      if (!(await insertSnapshotRows(db, funderId, month, built.rows, lo === 0))) return undefined;
    }
    if (!moved) {
      await yieldToLoop();
      const now = await servicingStores(db, funderId);
      moved = now.schedule !== schedule || now.entry.version !== version;
    }
    if (moved) {
      previous = undefined;
      continue;
    }
    const aggregates = aggregateMonth(month, monthEnd, rows);
    if (await finishSnapshotMonth(db, funderId, month, monthEnd, rows.length, aggregates)) return { month, schedule, splits, terms };
    if (await hasSnapshotMonth(db, funderId, month)) return undefined;
    previous = undefined;
  }
}
