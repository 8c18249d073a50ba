/**
 * The funder's credit book: each lease's default timeline (lib/credit/default.ts) over the servicing stores
 * (services/servicing/book.ts: the same instalments and ledger the DPD engine reads — no second ledger), plus
 * the flags, write-offs and recoveries. A timeline answers any as-of date, so the state at a past month end
 * costs one pass over the leases (no recomputation).
 *
 * Cache per database and funder, kept up to date lease by lease: the servicing store version says which leases
 * changed (changedLeasesOf), and only their timelines are recomputed; a change of the credit settings or of
 * the servicing settings (component order) or a rebuild of the stores recomputes all. The credit records come from
 * the book change journal (db/queries/book-changes.ts) after the entry's seq: `flag` rows recompute the flagged
 * leases; a `lessee` row (a kind changed) recomputes the leases of the lessees whose kind moved; `loss` rows re-read
 * the write-offs and recoveries (they do not change a timeline).
 */
import { databaseKey, type DbOrTx } from '@/db/client';
import { bookChangeStamp, bookChangesSince } from '@/db/queries/book-changes';
import { creditLedgerRows, lesseeKinds, listCreditFlags } from '@/db/queries/credit';
import type { Funder } from '@/db/schema/portfolio';
import { formatDate, tryParseDate } from '@/lib/finance';
import { wholeNumber } from '@/lib/intern';
import {
  NEVER,
  absoluteThreshold,
  cashPositionAt,
  cashPositionFn,
  contagionIntervals,
  contagionStateAt,
  creditDpdAt,
  creditSettingsOf,
  creditTimeline,
  defaultStateAt,
  withoutOwnDefault,
  type CashPosition,
  type ContagionState,
  type CreditLeaseInput,
  type CreditSettings,
  type CreditTimeline,
  type DefaultEpisode,
} from '@/lib/credit';
import { purchaseDayOf, type ScheduleStore, type LedgerStore, type StoreLease } from '@/lib/servicing/book-store';
import { changedLeasesOf, servicingSettingsOf, servicingStores } from '@/services/servicing/book';
import { catchUps, databaseState, derivedValue, processState } from '@/lib/views';
import { idLookup, type IdLookup } from '@/lib/sorted';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

type FlagInterval = { from: number; to: number };

type Entry = {
  storeVersion: number;
  settingsKey: string;
  /** The funder's book_version and the book change journal seq the credit records (flags, kinds, losses) reflect. */
  bookVersion: number;
  journal: number;
  /** Moves (process-wide unique) whenever the entry's credit records change: part of cache keys. */
  recordsVersion: number;
  settings: CreditSettings;
  schedule: ScheduleStore;
  ledger: LedgerStore;
  componentOrder: ReturnType<typeof servicingSettingsOf>['componentOrder'];
  kinds: Map<number, string>;
  utp: Map<number, FlagInterval[]>;
  sicr: Map<number, FlagInterval[]>;
  /** Timelines of the leases that have (had) a default episode or a material run; absent = never. */
  timelines: Map<number, CreditTimeline>;
  /** Repaid day per lease id (absent = not repaid). */
  repaid: Map<number, number>;
  /** Approved write-offs that took the lease out of the pool, per lease: [day, amount]. */
  writeOffs: Map<number, [number, number]>;
  /** Approved partial write-offs per lease (the lease stays in the pool): [day, amount][] by day. */
  partialWriteOffs: Map<number, [number, number][]>;
  /** Recoveries per lease: [day, amount][] by day. */
  recoveries: Map<number, [number, number][]>;
  /** Leases per lessee (store indexes). */
  byLessee: Map<number, number[]> | null;
};

// Process-wide like the caches: records versions of entries made by different bundled copies of this module never meet.
const recordVersions = processState('creditRecordVersions', 'the counter of credit record versions', 'one number', () => ({ n: 0 }));

const entries = databaseState(
  'creditEntries',
  "each funder's credit timelines, flags, kinds, write-offs and recoveries over the servicing stores",
  'one entry per funder',
  () => new Map<number, Entry>(),
);

function cacheOf(db: DbOrTx): Map<number, Entry> {
  return entries.of(databaseKey(db));
}

/** Drops the funder's credit cache in every database file cache of this process, and in `db`'s when given (an in-memory one). */
export function dropCreditCache(funderId: number, db?: DbOrTx): void {
  for (const c of entries.files()) c.delete(funderId);
  if (db) cacheOf(db).delete(funderId);
}

function day(text: string): number {
  const d = tryParseDate(text);
  if (d === null) throw new Error(`not a date: ${text}`);
  return d;
}

async function flagMaps(db: DbOrTx, funderId: number): Promise<{ utp: Map<number, FlagInterval[]>; sicr: Map<number, FlagInterval[]> }> {
  const utp = new Map<number, FlagInterval[]>();
  const sicr = new Map<number, FlagInterval[]>();
  for (const f of await listCreditFlags(db, funderId)) {
    const m = f.kind === 'utp' ? utp : sicr;
    const list = m.get(f.leaseId) ?? [];
    list.push({ from: day(f.flaggedOn), to: f.clearedOn === null ? NEVER : day(f.clearedOn) });
    m.set(f.leaseId, list);
  }
  return { utp, sicr };
}

async function ledgerMaps(db: DbOrTx, funderId: number) {
  const rows = await creditLedgerRows(db, funderId);
  const writeOffs = new Map<number, [number, number]>();
  const partialWriteOffs = new Map<number, [number, number][]>();
  for (const [leaseId, on, amount, full] of rows.writeOffs) {
    if (full) {
      if (!writeOffs.has(leaseId)) writeOffs.set(leaseId, [day(on), amount]);
      continue;
    }
    const list = partialWriteOffs.get(leaseId) ?? [];
    list.push([day(on), amount]);
    partialWriteOffs.set(leaseId, list);
  }
  const recoveries = new Map<number, [number, number][]>();
  for (const [leaseId, on, amount] of rows.recoveries) {
    const list = recoveries.get(leaseId) ?? [];
    list.push([day(on), amount]);
    recoveries.set(leaseId, list);
  }
  return { writeOffs, partialWriteOffs, recoveries };
}

/**
 * The credit exposure of a lease on day `d` from its cash position's: outstanding principal + arrears net of VAT, less
 * what partial write-offs dated ≤ `d` took off it (never below zero: what the lessee pays beyond the rest is a
 * recovery of the written-off part). The one place the written-off part leaves the exposure, so the defaults table,
 * the ECL, the contagion share and a proposal's default amount agree.
 */
export function remainingExposure(e: Pick<Entry, 'partialWriteOffs'>, leaseId: number, positionExposure: number, d: number): number {
  const off = sumTo(e.partialWriteOffs.get(leaseId), d);
  return off === 0 ? positionExposure : Math.max(0, positionExposure - off);
}

/**
 * The default triggers of a lease besides its DPD: its unlikely-to-pay flags and, for a lease a tape reported in
 * default (its opening position's `defaultedOn`, domain.md §7), the days from that date through the tape's date.
 */
function triggersOf(e: Pick<Entry, 'utp'>, lease: StoreLease): FlagInterval[] {
  const flags = e.utp.get(lease.id) ?? [];
  const reported = lease.opening?.defaultedOn;
  if (!reported) return flags;
  return [...flags, { from: day(reported), to: day(lease.opening!.asOf) + 1 }];
}

/** Whether the lease's default on `d` comes from a tape's report (a reported-default trigger holds, no flag does). */
function reportedOn(e: Pick<Entry, 'utp'>, lease: StoreLease, d: number): boolean {
  const o = lease.opening;
  return !!o?.defaultedOn && day(o.defaultedOn) <= d && !onFlag(e.utp.get(lease.id), d);
}

/** The default-rule input of the lease at store index `i`. */
export function inputOf(e: Pick<Entry, 'schedule' | 'ledger' | 'componentOrder' | 'utp'>, i: number): CreditLeaseInput {
  const s = e.schedule;
  const l = e.ledger;
  return {
    due: s.due,
    vat: s.vat,
    fee: s.fee,
    interest: s.interest,
    principal: s.principal,
    from: s.start[i]!,
    to: s.end[i]!,
    payDay: l.day,
    payAmount: l.amount,
    payReversedOn: l.reversedOn,
    payFrom: l.start[i]!,
    payTo: l.end[i]!,
    componentOrder: e.componentOrder,
    utp: triggersOf(e, s.leases[i]!),
  };
}

function rulesOf(e: Pick<Entry, 'settings' | 'kinds'>, lease: StoreLease) {
  return {
    absolute: absoluteThreshold(e.settings, e.kinds.get(lease.lesseeId) ?? 'corporate'),
    relative: e.settings.relative,
    probationMonths: e.settings.probationMonths,
  };
}

function computeLease(e: Entry, i: number): void {
  const lease = e.schedule.leases[i]!;
  const t = creditTimeline(inputOf(e, i), rulesOf(e, lease));
  if (t.episodes.length > 0) e.timelines.set(lease.id, t);
  else e.timelines.delete(lease.id);
  if (t.repaidDay !== NEVER) e.repaid.set(lease.id, t.repaidDay);
  else e.repaid.delete(lease.id);
}

function computeAll(e: Entry): void {
  e.timelines.clear();
  e.repaid.clear();
  for (let i = 0; i < e.schedule.n; i++) computeLease(e, i);
  e.byLessee = null;
}

/** Whether lease `id` is still in the store, listed under its lessee at its index. */
function stillListed(index: Map<number, number[]>, schedule: ScheduleStore, id: number): boolean {
  const i = schedule.indexById.get(id);
  return i !== undefined && (index.get(schedule.leases[i]!.lesseeId)?.includes(i) ?? false);
}

function newLessee(e: Entry, schedule: ScheduleStore, leaseId: number): boolean {
  const i = schedule.indexById.get(leaseId);
  return i !== undefined && !e.kinds.has(schedule.leases[i]!.lesseeId);
}

type Stores = { version: number; schedule: ScheduleStore; ledger: LedgerStore };

/** An entry over the stores with nothing computed yet. */
async function newEntry(db: DbOrTx, funder: Funder, stores: Stores): Promise<Entry> {
  const settings = creditSettingsOf(funder);
  const componentOrder = servicingSettingsOf(funder).componentOrder;
  const journal = await bookChangeStamp(db, funder.id);
  return {
    storeVersion: stores.version,
    settingsKey: JSON.stringify([settings, componentOrder]),
    bookVersion: funder.bookVersion,
    journal,
    recordsVersion: ++recordVersions.n,
    settings,
    schedule: stores.schedule,
    ledger: stores.ledger,
    componentOrder,
    kinds: await lesseeKinds(db, funder.id),
    ...(await flagMaps(db, funder.id)),
    timelines: new Map(),
    repaid: new Map(),
    ...(await ledgerMaps(db, funder.id)),
    byLessee: null,
  };
}

/** Longest stretch the background build holds the event loop. */
const SLICE_MS = 25;

/**
 * The credit entry over rebuilt servicing stores not in place yet (rebuildServicingInBackground's DeriveFromStores),
 * computed lease by lease between event-loop turns — a bulk import's commit would otherwise leave it to the first
 * request after the swap (seconds for 100k leases). The entry reads the credit records as they are now; a change
 * meanwhile moves their stamp and creditEntry applies it as after any write. Resolves with what puts it in place.
 */
export async function creditEntryInBackground(db: DbOrTx, funder: Funder, stores: Stores): Promise<() => Entry> {
  const e = await newEntry(db, funder, stores);
  let slice = performance.now();
  const due = () => performance.now() - slice > SLICE_MS;
  const pause = async () => {
    await yieldToLoop();
    slice = performance.now();
  };
  for (let i = 0; i < e.schedule.n; i++) {
    computeLease(e, i);
    if (due()) await pause();
  }
  // The days the previous entry had memoised (today's register, Delinquency, the Dashboard): their states and
  // exposures computed here too, else the first request for each would compute them for every lease.
  const previous = cacheOf(db).get(funder.id);
  const memo = previous && statesMemo.peek(previous);
  if (memo) {
    const byDay = new Map<number, DayStates>();
    for (const [d, x] of memo.byDay) {
      const states: LeaseCreditState[] = new Array(e.schedule.n);
      const one = stateWriter(e, d, null, states);
      for (let i = 0; i < e.schedule.n; i++) {
        one(i);
        if (due()) await pause();
      }
      let exposure: Float64Array | null = null;
      if (x.exposure) {
        exposure = new Float64Array(e.schedule.n);
        for (let i = 0; i < e.schedule.n; i++) {
          exposure[i] = exposureAt(e, i, d);
          if (due()) await pause();
        }
      }
      byDay.set(d, { states, exposure });
    }
    statesMemo.set(e, { key: memoKeyOf(e), store: e.schedule, byDay });
  }
  return () => {
    cacheOf(db).set(funder.id, e);
    return e;
  };
}

/** One catch-up with the journal at a time per funder (lib/views.ts catchUps). */
const creditCatchUps = catchUps('creditCatchUps', "each funder's credit catch-up with the book change journal in flight");

/** The funder's credit entry, brought up to date (see module doc). */
export function creditEntry(db: DbOrTx, funderId: number): Promise<Entry & { funder: Funder }> {
  return creditCatchUps.run(databaseKey(db), funderId, () => catchUp(db, funderId));
}

async function catchUp(db: DbOrTx, funderId: number): Promise<Entry & { funder: Funder }> {
  // servicingStores reads the funder (404 when unknown): no second read here.
  const { funder, schedule, ledger, entry: servicing } = await servicingStores(db, funderId);
  const settings = creditSettingsOf(funder);
  const componentOrder = servicingSettingsOf(funder).componentOrder;
  const settingsKey = JSON.stringify([settings, componentOrder]);
  const cache = cacheOf(db);
  let e = cache.get(funderId);
  if (!e || e.settingsKey !== settingsKey) {
    e = await newEntry(db, funder, { version: servicing.version, schedule, ledger });
    computeAll(e);
    cache.set(funderId, e);
    return Object.assign(e, { funder });
  }
  const memoKeyBefore = memoKeyOf(e);
  // Leases whose state may have moved since the memoised states (null: all of them, the memo is dropped).
  let touched: Set<number> | null = new Set();
  if (e.storeVersion !== servicing.version || e.schedule !== schedule || e.ledger !== ledger) {
    const changed = changedLeasesOf(servicing, e.storeVersion);
    const nBefore = e.schedule.n;
    e.schedule = schedule;
    e.ledger = ledger;
    e.storeVersion = changed.version;
    // A kind changed in the app is a `lessee` row (below); a lease write can bring a new lessee. Re-read them on a
    // rebuild or when a changed lease's lessee is not known yet — not on every write.
    if (changed.ids === null || changed.ids.some((id) => newLessee(e!, schedule, id))) e.kinds = await lesseeKinds(db, funderId);
    if (changed.ids === null) {
      computeAll(e);
      touched = null;
    } else {
      for (const id of changed.ids) {
        const i = schedule.indexById.get(id);
        if (i === undefined) {
          e.timelines.delete(id);
          e.repaid.delete(id);
        } else computeLease(e, i);
        touched?.add(id);
      }
      // The lessee index holds store indexes: it stays while no lease was added or removed and none changed lessee.
      const index = e.byLessee;
      if (index && (schedule.n !== nBefore || changed.ids.some((id) => !stillListed(index, schedule, id)))) e.byLessee = null;
    }
  }
  if (e.bookVersion !== funder.bookVersion) {
    const changed = await bookChangesSince(db, funderId, e.journal);
    // A lessee's kind changed (its absolute materiality threshold): the leases of the lessees whose kind moved.
    if (changed.lessee) {
      const kinds = await lesseeKinds(db, funderId);
      const index = lesseeIndex(e);
      for (const [lesseeId, kind] of kinds) {
        if (e.kinds.get(lesseeId) === kind) continue;
        e.kinds.set(lesseeId, kind);
        for (const i of index.get(lesseeId) ?? []) {
          computeLease(e, i);
          touched?.add(schedule.leases[i]!.id);
        }
      }
    }
    // The flags moved: the flagged leases (before and after) are recomputed.
    if (changed.flag.length > 0) {
      const before = new Set([...e.utp.keys()]);
      const sicrBefore = [...e.sicr.keys()];
      const flags = await flagMaps(db, funderId);
      e.utp = flags.utp;
      e.sicr = flags.sicr;
      for (const id of flags.utp.keys()) before.add(id);
      for (const id of before) {
        const i = schedule.indexById.get(id);
        if (i !== undefined) computeLease(e, i);
      }
      if (touched) for (const id of [...before, ...sicrBefore, ...e.sicr.keys()]) touched.add(id);
    }
    if (changed.loss.length > 0) {
      const ledgers = await ledgerMaps(db, funderId);
      if (touched)
        for (const id of [
          ...changedKeys(e.writeOffs, ledgers.writeOffs),
          ...changedKeys(e.partialWriteOffs, ledgers.partialWriteOffs),
          ...changedKeys(e.recoveries, ledgers.recoveries),
        ])
          touched.add(id);
      Object.assign(e, ledgers);
    }
    if (changed.lessee || changed.flag.length > 0 || changed.loss.length > 0) e.recordsVersion = ++recordVersions.n;
    e.journal = changed.stamp;
    e.bookVersion = funder.bookVersion;
  }
  if (memoKeyOf(e) !== memoKeyBefore) patchMemo(e, memoKeyBefore, touched);
  return Object.assign(e, { funder });
}

/** Everything the screens say about one lease's credit on a day. */
export type LeaseCreditState = {
  leaseId: number;
  lesseeId: number;
  currency: string;
  status: 'performing' | 'defaulted' | 'cured' | 'written_off' | 'repaid';
  /** Why it is in default: its own DPD, unlikely to pay, in probation, or its lessee's contagion (null when not defaulted). */
  /** `reported`: a tape reported the lease in default (domain.md §7) and no flag or DPD trigger explains it otherwise. */
  why: 'dpd' | 'utp' | 'reported' | 'probation' | 'contagion' | null;
  defaultSince: string | null;
  probationUntil: string | null;
  firstDefaultDate: string | null;
  /** The (first) episode's exposure, unpaid principal at default (minor units). */
  defaultAmount: number;
  defaultedPrincipal: number;
  curedOn: string | null;
  writeOffDate: string | null;
  writtenOff: number;
  recoveries: number;
  sicr: boolean;
  utp: boolean;
};

function sumTo(list: [number, number][] | undefined, d: number): number {
  let s = 0;
  if (list) for (const [at, amount] of list) if (at <= d) s += amount;
  return s;
}

function lesseeIndex(e: Entry): Map<number, number[]> {
  if (e.byLessee) return e.byLessee;
  const m = new Map<number, number[]>();
  for (let i = 0; i < e.schedule.n; i++) {
    const id = e.schedule.leases[i]!.lesseeId;
    const list = m.get(id);
    if (list) list.push(i);
    else m.set(id, [i]);
  }
  return (e.byLessee = m);
}

function onFlag(list: FlagInterval[] | undefined, d: number): boolean {
  return list !== undefined && list.some((f) => f.from <= d && d < f.to);
}

function firstEpisode(t: CreditTimeline | undefined, d: number): DefaultEpisode | null {
  const ep = t?.episodes[0];
  return ep !== undefined && ep.start <= d ? ep : null;
}

/**
 * The credit state of every lease of the funder's book on `asOf` (leases in id order), contagion included:
 * one pass over the leases plus the exposures of the lessees that have a lease in default.
 */
export async function creditStatesAt(
  db: DbOrTx,
  funderId: number,
  asOf: string,
): Promise<{ entry: Entry & { funder: Funder }; states: LeaseCreditState[] }> {
  const e = await creditEntry(db, funderId);
  return { entry: e, states: memoStatesOf(e, day(asOf)) };
}

/**
 * The states of a day as creditStatesAt gives them, without keeping them: taken from the memo when a screen has that
 * day, else computed and left to the caller. For the month ends a background job walks through once (the month-end
 * snapshots, 24 of them after a tape import): kept, each would hold ≈ 20 MiB on the 100,000-lease book until six
 * later days pushed it out.
 */
export async function creditStatesOnce(db: DbOrTx, funderId: number, asOf: string): Promise<LeaseCreditState[]> {
  const e = await creditEntry(db, funderId);
  const d = day(asOf);
  return currentMemo(e)?.byDay.get(d)?.states ?? statesOf(e, d);
}

/**
 * creditStatesOnce between turns of the event loop, `slice` leases at a time (a background job's month end: the whole
 * book at once held the loop for over a second at 100,000 leases). Computed again when the entry moved meanwhile (a
 * write applied to it), so the states are all of one version of the book.
 */
export async function creditStatesInSlices(db: DbOrTx, funderId: number, asOf: string, slice = 5000): Promise<LeaseCreditState[]> {
  const d = day(asOf);
  for (;;) {
    const e = await creditEntry(db, funderId);
    const memo = currentMemo(e)?.byDay.get(d)?.states;
    if (memo) return memo;
    const key = memoKeyOf(e);
    const schedule = e.schedule;
    const out: LeaseCreditState[] = new Array(schedule.n);
    const one = stateWriter(e, d, null, out);
    let moved = false;
    for (let i = 0; i < schedule.n; i++) {
      one(i);
      if (i % slice === slice - 1) {
        await yieldToLoop();
        const now = await creditEntry(db, funderId);
        if (now !== e || now.schedule !== schedule || memoKeyOf(now) !== key) {
          moved = true;
          break;
        }
      }
    }
    if (!moved) return out;
  }
}

/**
 * The states of a day, kept per entry until it moves (a lease write moves the store version, a flag, write-off,
 * recovery or lessee kind the records version): the Delinquency table, the register's notes and the Dashboard read the same day's
 * states on every request. A write to a few leases patches every memoised day in place of recomputing the book
 * (patchMemo: the leases of the touched leases' lessees, contagion is per lessee) into a new array, so memos keyed by
 * the array (by id, ECL) move with it. Callers must not change the arrays they get.
 */
type DayStates = { states: LeaseCreditState[]; exposure: Float64Array | null };
type StatesMemo = { key: string; store: ScheduleStore; byDay: Map<number, DayStates> };
const statesMemo = derivedValue<Entry, StatesMemo>('creditStates', "a credit entry's lease states and exposures per day");
const MEMO_DAYS = 6;

function memoKeyOf(e: Entry): string {
  return `${e.storeVersion}|${e.recordsVersion}|${e.settingsKey}`;
}

/** The entry's memo when it is still for the entry's current version and stores (else undefined). */
function currentMemo(e: Entry): StatesMemo | undefined {
  const m = statesMemo.peek(e);
  return m && m.key === memoKeyOf(e) && m.store === e.schedule ? m : undefined;
}

function dayStatesOf(e: Entry, d: number): DayStates {
  let m = currentMemo(e);
  if (!m) {
    m = { key: memoKeyOf(e), store: e.schedule, byDay: new Map() };
    statesMemo.set(e, m);
  }
  let x = m.byDay.get(d);
  if (!x) {
    x = { states: statesOf(e, d), exposure: null };
    if (m.byDay.size >= MEMO_DAYS) m.byDay.delete(m.byDay.keys().next().value!);
    m.byDay.set(d, x);
  }
  return x;
}

function memoStatesOf(e: Entry, d: number): LeaseCreditState[] {
  return dayStatesOf(e, d).states;
}

/** Lease `i`'s exposure on day `d`: outstanding principal + arrears net of VAT (lib/credit cashPositionAt). */
const exposureAt = (e: Entry, i: number, d: number): number =>
  remainingExposure(e, e.schedule.leases[i]!.id, cashPositionAt(inputOf(e, i), d).exposure, d);

/**
 * Each lease's exposure on `day` (outstanding principal + arrears net of VAT) by store index, the index of `states`
 * (that day's states of the entry): memoised with them; computed afresh for states the memo has moved past.
 */
export function exposuresOf(e: Entry, day: number, states: readonly LeaseCreditState[]): Float64Array {
  const x = dayStatesOf(e, day);
  const fresh = () => {
    const a = new Float64Array(e.schedule.n);
    for (let i = 0; i < e.schedule.n; i++) a[i] = exposureAt(e, i, day);
    return a;
  };
  if (x.states !== states) return fresh();
  return (x.exposure ??= fresh());
}

/**
 * creditStatesById's lookups, by the states array they search (in the store's lease-id order): a binary search over
 * the array instead of a Map of it (≈ 3.5 MiB per memoised day of a 100,000-lease book), made in O(1) for a patched
 * day's new array.
 */
const byIdMemo = derivedValue<LeaseCreditState[], IdLookup<LeaseCreditState>>('creditStatesById', "a day's credit states by lease id");

/**
 * Brings the memoised days of the entry from the version `keyBefore` to the entry's current one: `touched` are the
 * leases whose timeline, flags, kind, write-off or recoveries moved. Only when the store's layout is the same (no
 * lease added or removed: every touched lease at the index it had); otherwise, or with `touched` null, the memo goes.
 */
function patchMemo(e: Entry, keyBefore: string, touched: Set<number> | null): void {
  const m = statesMemo.peek(e);
  if (!m) return;
  const first = m.byDay.values().next().value;
  const s = e.schedule;
  if (m.key !== keyBefore || touched === null || !first || first.states.length !== s.n) {
    statesMemo.delete(e);
    return;
  }
  const lessees = new Set<number>();
  const changed: number[] = [];
  for (const id of touched) {
    const i = s.indexById.get(id);
    const was = i === undefined ? undefined : first.states[i];
    if (i === undefined || was?.leaseId !== id) {
      statesMemo.delete(e);
      return;
    }
    changed.push(i);
    lessees.add(was.lesseeId);
    lessees.add(s.leases[i]!.lesseeId);
  }
  const index = lesseeIndex(e);
  const affected: number[] = [];
  for (const l of lessees) for (const i of index.get(l) ?? []) affected.push(i);
  for (const [d, x] of m.byDay) {
    const states = x.states.slice();
    fillStates(e, d, affected, states);
    let exposure = x.exposure;
    if (exposure) {
      exposure = exposure.slice();
      for (const i of changed) exposure[i] = exposureAt(e, i, d);
    }
    m.byDay.set(d, { states, exposure });
  }
  m.key = memoKeyOf(e);
  m.store = s;
}

/** Which keys have a different value in `b` than in `a` (added, removed or changed; values compared as JSON). */
function changedKeys<V>(a: Map<number, V>, b: Map<number, V>): number[] {
  const out: number[] = [];
  for (const [k, v] of b) if (!a.has(k) || JSON.stringify(a.get(k)) !== JSON.stringify(v)) out.push(k);
  for (const k of a.keys()) if (!b.has(k)) out.push(k);
  return out;
}

/** creditStatesAt by lease id (the same memo: built once per day and entry version). */
export async function creditStatesById(db: DbOrTx, funderId: number, asOf: string): Promise<IdLookup<LeaseCreditState>> {
  const { states } = await creditStatesAt(db, funderId, asOf);
  let m = byIdMemo.peek(states);
  if (!m) byIdMemo.set(states, (m = idLookup(states, (x) => x.leaseId)));
  return m;
}

/**
 * A lessee's contagion days (lib/credit contagionIntervals over its leases' own episodes and exposures), kept per
 * entry version like the states memo: the timelines they read are patched in place, so the key says which.
 */
const contagionMemo = derivedValue<Entry, { key: string; store: object; byLessee: Map<number, [number, number][]> }>(
  'creditContagion',
  "a credit entry's lessee contagion intervals",
);

function contagionOf(e: Entry, lesseeId: number): [number, number][] {
  const key = memoKeyOf(e);
  let m = contagionMemo.peek(e);
  if (!m || m.key !== key || m.store !== e.schedule) contagionMemo.set(e, (m = { key, store: e.schedule, byLessee: new Map() }));
  let intervals = m.byLessee.get(lesseeId);
  if (!intervals) {
    const s = e.schedule;
    const leases = (lesseeIndex(e).get(lesseeId) ?? []).map((i) => {
      const x = inputOf(e, i);
      const changeDays: number[] = [];
      for (let r = x.from; r < x.to; r++) changeDays.push(x.due[r]! + 1);
      for (let r = x.payFrom; r < x.payTo; r++) {
        changeDays.push(x.payDay[r]!);
        if (x.payReversedOn[r]! !== NEVER) changeDays.push(x.payReversedOn[r]!);
      }
      const id = s.leases[i]!.id;
      const position = cashPositionFn(x);
      return {
        episodes: e.timelines.get(id)?.episodes ?? [],
        exposureAt: (day: number) => remainingExposure(e, id, position(day).exposure, day),
        changeDays,
        exitDay: e.writeOffs.get(id)?.[0] ?? NEVER,
      };
    });
    m.byLessee.set(lesseeId, (intervals = contagionIntervals(leases, e.settings.contagion)));
  }
  return intervals;
}

function statesOf(e: Entry, d: number): LeaseCreditState[] {
  const out: LeaseCreditState[] = new Array(e.schedule.n);
  fillStates(e, d, null, out);
  return out;
}

/**
 * Writes the states on day `d` of the leases at `subset` (store indexes; null = all) into `out`. A subset must hold
 * every lease of each of its lessees (contagion is decided per lessee).
 */
function fillStates(e: Entry, d: number, subset: readonly number[] | null, out: LeaseCreditState[]): void {
  const one = stateWriter(e, d, subset, out);
  if (subset === null) for (let i = 0; i < e.schedule.n; i++) one(i);
  else for (const i of subset) one(i);
}

/** fillStates lease by lease: what the leases share (own defaults, contagion suspects) computed first; the result writes lease `i`. */
function stateWriter(e: Entry, d: number, subset: readonly number[] | null, out: LeaseCreditState[]): (i: number) => void {
  const s = e.schedule;
  const own = new Map<number, ReturnType<typeof defaultStateAt>>();
  // Contagion: only lessees with a lease that has been in default on its own by `d` can be affected; their
  // contagion history is computed once per entry version (contagionOf) and answers any day.
  const suspects = new Set<number>();
  const ownOf = (id: number, t: CreditTimeline) => {
    own.set(id, defaultStateAt(t, { utp: triggersOf(e, s.leases[s.indexById.get(id)!]!) }, d, e.settings.probationMonths));
    if (t.episodes[0]!.start <= d) suspects.add(s.leases[s.indexById.get(id)!]!.lesseeId);
  };
  if (subset === null) {
    for (const [id, t] of e.timelines) if (s.indexById.has(id)) ownOf(id, t);
  } else {
    for (const i of subset) {
      const t = e.timelines.get(s.leases[i]!.id);
      if (t) ownOf(s.leases[i]!.id, t);
    }
  }
  const one = (i: number) => {
    const lease = s.leases[i]!;
    const t = e.timelines.get(lease.id);
    const st = own.get(lease.id) ?? { state: 'none' as const };
    const wo = e.writeOffs.get(lease.id);
    const writtenOff = wo !== undefined && wo[0] <= d;
    const repaidDay = e.repaid.get(lease.id);
    const repaid = repaidDay !== undefined && repaidDay <= d;
    // The same probation and cure rule as an own default; the first contagion day stays (everDefaulted is monotone).
    const cs: ContagionState = suspects.has(lease.lesseeId)
      ? contagionStateAt(withoutOwnDefault(contagionOf(e, lease.lesseeId), t?.episodes ?? []), d, e.settings.probationMonths)
      : { state: 'none' };
    const contagion = st.state !== 'defaulted' && cs.state === 'defaulted' ? cs : null;
    const ep = firstEpisode(t, d);
    let defaultAmount = ep?.exposure ?? 0;
    let defaultedPrincipal = ep?.principal ?? 0;
    let firstDefault = ep?.start ?? null;
    if (cs.state !== 'none' && (firstDefault === null || cs.first < firstDefault)) {
      const at = cashPositionAt(inputOf(e, i), cs.first);
      firstDefault = cs.first;
      defaultAmount = at.exposure;
      defaultedPrincipal = at.unpaidPrincipal;
    }
    const cured = st.state === 'cured' || cs.state === 'cured';
    // Not purchased yet on d: not in the pool (domain.md §3, §14), so in default in no figure, not even by its lessee's contagion.
    const purchased = purchaseDayOf(lease) <= d;
    const status: LeaseCreditState['status'] = writtenOff
      ? 'written_off'
      : repaid
        ? 'repaid'
        : purchased && (st.state === 'defaulted' || contagion !== null)
          ? 'defaulted'
          : purchased && cured
            ? 'cured'
            : 'performing';
    // Whole amounts kept as small integers in the object (lib/intern.ts wholeNumber): a memoised day holds one state per lease.
    out[i] = {
      leaseId: lease.id,
      lesseeId: lease.lesseeId,
      currency: lease.currency,
      status,
      why:
        status !== 'defaulted'
          ? null
          : st.state === 'defaulted'
            ? st.why === 'utp' && reportedOn(e, lease, d)
              ? 'reported'
              : st.why
            : contagion!.why,
      defaultSince: status !== 'defaulted' ? null : formatDate(st.state === 'defaulted' ? st.since : contagion!.since),
      probationUntil:
        status !== 'defaulted'
          ? null
          : st.state === 'defaulted'
            ? st.why === 'probation'
              ? formatDate(st.probationUntil)
              : null
            : contagion!.why === 'probation'
              ? formatDate(contagion!.probationUntil)
              : null,
      firstDefaultDate: firstDefault === null ? null : formatDate(firstDefault),
      defaultAmount: wholeNumber(defaultAmount),
      defaultedPrincipal: wholeNumber(defaultedPrincipal),
      curedOn:
        status !== 'cured'
          ? null
          : formatDate(Math.max(st.state === 'cured' ? st.since : -NEVER, cs.state === 'cured' ? cs.since : -NEVER)),
      writeOffDate: wo && writtenOff ? formatDate(wo[0]) : null,
      writtenOff: wholeNumber((writtenOff ? wo[1] : 0) + sumTo(e.partialWriteOffs.get(lease.id), d)),
      recoveries: wholeNumber(sumTo(e.recoveries.get(lease.id), d)),
      sicr: onFlag(e.sicr.get(lease.id), d),
      utp: onFlag(e.utp.get(lease.id), d),
    };
  };
  return one;
}

/** One lease's position and credit DPD on a day (for the status note and the write-off default amount). */
export async function leasePositionAt(
  db: DbOrTx,
  funderId: number,
  leaseId: number,
  asOf: string,
): Promise<(CashPosition & { creditDpd: number }) | null> {
  const e = await creditEntry(db, funderId);
  const i = e.schedule.indexById.get(leaseId);
  if (i === undefined) return null;
  const d = day(asOf);
  const pos = cashPositionAt(inputOf(e, i), d);
  const t = e.timelines.get(leaseId) ?? creditTimeline(inputOf(e, i), rulesOf(e, e.schedule.leases[i]!));
  return { ...pos, exposure: remainingExposure(e, leaseId, pos.exposure, d), creditDpd: creditDpdAt(t, pos, d) };
}

/**
 * The other leases of the lease's lessee that an unlikely-to-pay flag from `flaggedOn` would put in default by lessee
 * contagion on that day (domain.md §8), without writing it: the same states computed over a copy of the entry whose
 * flags include the new one. Lease ids in id order; empty when the lease is unknown.
 */
export async function contagionOfUtpFlag(db: DbOrTx, funderId: number, leaseId: number, flaggedOn: string): Promise<number[]> {
  const e = await creditEntry(db, funderId);
  const i = e.schedule.indexById.get(leaseId);
  if (i === undefined) return [];
  const d = day(flaggedOn);
  const family = lesseeIndex(e).get(e.schedule.leases[i]!.lesseeId) ?? [];
  const byContagion = (x: Entry): Set<number> => {
    const out: LeaseCreditState[] = new Array(x.schedule.n);
    fillStates(x, d, family, out);
    const ids = new Set<number>();
    for (const j of family) if (j !== i && out[j]!.status === 'defaulted' && out[j]!.why === 'contagion') ids.add(out[j]!.leaseId);
    return ids;
  };
  const before = byContagion(e);
  const utp = new Map(e.utp);
  utp.set(leaseId, [...(e.utp.get(leaseId) ?? []), { from: d, to: NEVER }]);
  // A new object: the contagion memo is per entry object, so the trial's intervals never reach the real entry's.
  const trial: Entry = { ...e, utp, timelines: new Map(e.timelines), repaid: new Map(e.repaid) };
  computeLease(trial, i);
  return [...byContagion(trial)].filter((id) => !before.has(id)).sort((a, b) => a - b);
}
