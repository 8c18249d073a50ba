/**
 * Servicing → Defaults & losses (domain.md §8): what the screen, its exports and /api/credit/* answer — the
 * leases in default with the reason, date and exposure, the flags, the write-off proposals, recoveries, the loss
 * ledger, the loss measures and the IFRS 9 ECL by stage and bucket. Every figure comes from services/credit/book.ts
 * (the default timelines) and the servicing book (DPD, bucket); money in minor units per currency.
 */
import type { DbOrTx } from '@/db/client';
import {
  listActiveFlags,
  listRecoveries,
  listWriteOffs,
  type CreditFlagView,
  type RecoveryView,
  type WriteOffView,
} from '@/db/queries/credit';
import { leaseLabelsByIds, lesseeLabelsByIds } from '@/db/queries/servicing';
import { originalPrincipalAt } from '@/services/portfolio/valuation';
import {
  DEFAULT_BUCKET,
  cashPositionAt,
  creditDpdAt,
  eclOfCell,
  ifrs9Stage,
  lossMeasures,
  provisionRate,
  type LossMeasures,
} from '@/lib/credit';
import { parseDate } from '@/lib/finance';
import { getServicingBook, type ServicingBook } from '@/services/servicing/book';
import { creditStatesAt, exposuresOf, inputOf, remainingExposure, type LeaseCreditState } from './book';
import { derivedValue } from '@/lib/views';

/** A lease in default on the as-of date. */
export type DefaultRow = {
  leaseId: number;
  contractNumber: string;
  lesseeId: number;
  lesseeName: string;
  currency: string;
  why: NonNullable<LeaseCreditState['why']>;
  defaultSince: string;
  probationUntil: string | null;
  /** Credit DPD (counted only while the arrears are material) and the servicing DPD. */
  creditDpd: number;
  dpd: number;
  pastDue: number;
  exposure: number;
  utpReason: string | null;
  utpBy: string | null;
  pendingWriteOffId: number | null;
};

export type LossLedgerRow = {
  date: string;
  kind: 'write_off' | 'recovery';
  id: number;
  leaseId: number;
  contractNumber: string;
  lesseeName: string;
  currency: string;
  amount: number;
  balance: number;
};

export type MeasuresRow = LossMeasures & {
  currency: string;
  defaultedLeases: number;
  defaultedExposure: number;
  writtenOffLeases: number;
  originalPrincipal: number;
};

export type EclRow = { currency: string; stage: 1 | 2 | 3; bucket: string; leases: number; exposure: number; rate: number; ecl: number };

export type CreditScreen = {
  asOf: string;
  defaults: DefaultRow[];
  flags: CreditFlagView[];
  writeOffs: WriteOffView[];
  recoveries: RecoveryView[];
  ledger: LossLedgerRow[];
  measures: MeasuresRow[];
  ecl: EclRow[];
  eclTotals: EclTotal[];
};

/** The book's credit states on a day (services/credit/book.ts): read once per request and handed down. */
type StatesAt = Awaited<ReturnType<typeof creditStatesAt>>;

/** Lease `id`'s state in `at` (states are in store order: its index in the store). */
function stateOf(at: StatesAt, id: number): LeaseCreditState | undefined {
  const i = at.entry.schedule.indexById.get(id);
  const s = i === undefined ? undefined : at.states[i];
  return s?.leaseId === id ? s : undefined;
}

async function labels(db: DbOrTx, funderId: number, ids: readonly number[]) {
  const leases = new Map((await leaseLabelsByIds(db, funderId, ids)).map((r) => [r[0], { contractNumber: r[1], lesseeId: r[3] }]));
  const lessees = new Map(
    (await lesseeLabelsByIds(db, funderId, [...new Set([...leases.values()].map((l) => l.lesseeId))])).map((r) => [r[0], r[1]]),
  );
  return (id: number) => {
    const l = leases.get(id);
    return { contractNumber: l?.contractNumber ?? String(id), lesseeName: l ? (lessees.get(l.lesseeId) ?? '') : '' };
  };
}

/** The leases in default on `asOf`, oldest default first; `only`: just these leases (a table page's notes). */
export async function defaultsAt(
  db: DbOrTx,
  funderId: number,
  asOf: string,
  given?: StatesAt,
  only?: ReadonlySet<number>,
): Promise<DefaultRow[]> {
  const at = given ?? (await creditStatesAt(db, funderId, asOf));
  const { entry, states } = at;
  const book = await getServicingBook(db, funderId, asOf);
  const day = parseDate(asOf);
  // A lease in default is in the pool (book.ts: one not purchased yet, repaid or written off is never 'defaulted', §14).
  const defaulted = only
    ? [...only].flatMap((id) => (stateOf(at, id)?.status === 'defaulted' ? [stateOf(at, id)!] : []))
    : states.filter((s) => s.status === 'defaulted');
  const label = await labels(
    db,
    funderId,
    defaulted.map((s) => s.leaseId),
  );
  // A table page's notes read those leases' flags and proposals only: the whole book's flags cost ≈ 8 ms a page at 100k.
  const ids = only ? defaulted.map((s) => s.leaseId) : undefined;
  const flags = new Map((await listActiveFlags(db, funderId, ids)).filter((f) => f.kind === 'utp').map((f) => [f.leaseId, f]));
  const pending = new Map((await listWriteOffs(db, funderId, 'proposed', ids)).map((w) => [w.leaseId, w.id]));
  const rows = defaulted.map((s): DefaultRow => {
    const i = entry.schedule.indexById.get(s.leaseId)!;
    const pos = cashPositionAt(inputOf(entry, i), day);
    const t = entry.timelines.get(s.leaseId);
    const f = flags.get(s.leaseId);
    return {
      leaseId: s.leaseId,
      ...label(s.leaseId),
      lesseeId: s.lesseeId,
      currency: s.currency,
      why: s.why!,
      defaultSince: s.defaultSince!,
      probationUntil: s.probationUntil,
      creditDpd: t ? creditDpdAt(t, pos, day) : 0,
      dpd: book.byLeaseId.get(s.leaseId)?.dpd ?? 0,
      pastDue: pos.pastDue,
      exposure: remainingExposure(entry, s.leaseId, pos.exposure, day),
      utpReason: f?.reason ?? null,
      utpBy: f?.flaggedByEmail ?? null,
      pendingWriteOffId: pending.get(s.leaseId) ?? null,
    };
  });
  return rows.sort((a, b) => (a.defaultSince < b.defaultSince ? -1 : a.defaultSince > b.defaultSince ? 1 : a.leaseId - b.leaseId));
}

/** The loss ledger: approved write-offs (+) and recoveries (−) by date, with the running balance per currency. */
export async function lossLedger(db: DbOrTx, funderId: number, asOf?: string): Promise<LossLedgerRow[]> {
  const entries: Omit<LossLedgerRow, 'balance'>[] = [];
  for (const w of await listWriteOffs(db, funderId, 'approved'))
    entries.push({
      date: w.writeOffOn,
      kind: 'write_off',
      id: w.id,
      leaseId: w.leaseId,
      contractNumber: w.contractNumber,
      lesseeName: w.lesseeName,
      currency: w.currency,
      amount: w.amount,
    });
  for (const r of await listRecoveries(db, funderId))
    entries.push({
      date: r.receivedOn,
      kind: 'recovery',
      id: r.id,
      leaseId: r.leaseId,
      contractNumber: r.contractNumber,
      lesseeName: r.lesseeName,
      currency: r.currency,
      amount: r.amount,
    });
  const kept = entries
    .filter((e) => asOf === undefined || e.date <= asOf)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.kind === b.kind ? a.id - b.id : a.kind === 'write_off' ? -1 : 1));
  const balance = new Map<string, number>();
  return kept.map((e) => {
    const b = (balance.get(e.currency) ?? 0) + (e.kind === 'write_off' ? e.amount : -e.amount);
    balance.set(e.currency, b);
    return { ...e, balance: b };
  });
}

/**
 * Loss measures per currency on `asOf`: gross loss = the exposure written off (the write-off amount, by default the
 * exposure at default), recoveries, net loss, recovery rate, severity, cumulative net loss % over the pool's original
 * principal; plus the defaulted exposure (leases in default now) for the dashboard.
 */
export async function lossMeasuresAt(db: DbOrTx, funderId: number, asOf: string, given?: StatesAt): Promise<MeasuresRow[]> {
  const at = given ?? (await creditStatesAt(db, funderId, asOf));
  // A day's states array is new whenever a lease, a ledger entry, a credit record or the settings move (book.ts), so
  // it keys the measures (the pool's original principal included: a lease write moves the states too).
  const hit = measuresMemo.peek(at.states);
  if (hit) return hit;
  const rows = await computeMeasures(db, funderId, asOf, at);
  measuresMemo.set(at.states, rows);
  return rows;
}

const measuresMemo = derivedValue<LeaseCreditState[], MeasuresRow[]>(
  'creditMeasures',
  "the loss measures per currency of a day's credit states",
);

async function computeMeasures(db: DbOrTx, funderId: number, asOf: string, at: StatesAt): Promise<MeasuresRow[]> {
  const { entry, states: st } = at;
  const day = parseDate(asOf);
  const per = new Map<string, { gross: number; rec: number; defaulted: number; exposure: number; writtenOff: number }>();
  const of = (c: string) => {
    let v = per.get(c);
    if (!v) per.set(c, (v = { gross: 0, rec: 0, defaulted: 0, exposure: 0, writtenOff: 0 }));
    return v;
  };
  // The day's exposures as the ECL reads them (memoised per day and patched per changed lease: book.ts exposuresOf),
  // states[i] being the lease at store index i.
  const exposures = exposuresOf(entry, day, st);
  for (let i = 0; i < st.length; i++) {
    const s = st[i]!;
    if (s.status === 'defaulted') {
      const v = of(s.currency);
      v.defaulted++;
      v.exposure += exposures[i]!;
    }
    if (s.writtenOff > 0 || s.recoveries > 0) {
      const v = of(s.currency);
      v.gross += s.writtenOff;
      v.rec += s.recoveries;
      if (s.status === 'written_off') v.writtenOff++;
    }
  }
  const principal = await originalPrincipalAt(db, funderId, asOf);
  for (const c of principal.keys()) of(c);
  return [...per.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([currency, v]) => ({
      currency,
      ...lossMeasures({ grossLoss: v.gross, recoveries: v.rec, originalPrincipal: principal.get(currency) ?? 0 }),
      defaultedLeases: v.defaulted,
      defaultedExposure: v.exposure,
      writtenOffLeases: v.writtenOff,
      originalPrincipal: principal.get(currency) ?? 0,
    }));
}

/**
 * IFRS 9 ECL on `asOf` (simplified approach, provision matrix per currency): every lease in the pool that is neither
 * written off nor repaid, by stage (1: DPD ≤ 30, 2: 30 < DPD ≤ 90 or SICR-flagged, 3: in default) and matrix key
 * (its DPD bucket; `default` in stage 3); ECL = Σ exposure × rate, each cell rounded once.
 */
export async function eclAt(db: DbOrTx, funderId: number, asOf: string, given?: StatesAt): Promise<Ecl> {
  const at = given ?? (await creditStatesAt(db, funderId, asOf));
  const book = await getServicingBook(db, funderId, asOf);
  // The states array and the book are new objects whenever the leases, records or settings move: same pair, same ECL.
  const hit = eclMemo.peek(at.states);
  if (hit?.book === book) return hit.ecl;
  const ecl = computeEcl(at, book, asOf);
  eclMemo.set(at.states, { book, ecl });
  return ecl;
}

/**
 * Per currency, the pool's leases at the date with their outstanding principal and arrears net of VAT (the servicing
 * book's), whose sum is the exposure (domain.md §8, §14: the ECL's exposure reconciles to the pool), and the ECL.
 */
/** `partlyWrittenOff`: what partial write-offs took off the pool's exposure (outstanding + arrears − it = exposure). */
export type EclTotal = {
  currency: string;
  leases: number;
  outstanding: number;
  arrearsNet: number;
  partlyWrittenOff: number;
  exposure: number;
  ecl: number;
};
type Ecl = { rows: EclRow[]; totals: EclTotal[] };
const eclMemo = derivedValue<LeaseCreditState[], { book: ServicingBook; ecl: Ecl }>(
  'creditEcl',
  "the ECL of a day's credit states, with the servicing book it read",
);

function computeEcl({ entry, states }: StatesAt, book: ServicingBook, asOf: string): Ecl {
  const day = parseDate(asOf);
  const exposures = exposuresOf(entry, day, states);
  const totals = new Map<string, EclTotal>();
  const totalOf = (currency: string) => {
    let t = totals.get(currency);
    if (!t) totals.set(currency, (t = { currency, leases: 0, outstanding: 0, arrearsNet: 0, partlyWrittenOff: 0, exposure: 0, ecl: 0 }));
    return t;
  };
  // Cells per currency, then per stage and bucket (nested maps: no key string built per lease).
  const cells = new Map<string, Map<string, EclRow>[]>();
  // states[i] is the lease at store index i (book.ts), the index of its exposure.
  for (let i = 0; i < states.length; i++) {
    const s = states[i]!;
    if (s.status === 'written_off' || s.status === 'repaid') continue;
    const sv = book.byLeaseId.get(s.leaseId);
    if (!sv) continue; // not in the pool on asOf
    const defaulted = s.status === 'defaulted';
    const stage = ifrs9Stage(sv.dpd, defaulted, s.sicr);
    const bucket = stage === 3 ? DEFAULT_BUCKET : sv.bucket;
    let byStage = cells.get(s.currency);
    if (!byStage) cells.set(s.currency, (byStage = [new Map(), new Map(), new Map()]));
    const byBucket = byStage[stage - 1]!;
    let c = byBucket.get(bucket);
    if (!c)
      byBucket.set(
        bucket,
        (c = {
          currency: s.currency,
          stage,
          bucket,
          leases: 0,
          exposure: 0,
          rate: provisionRate(entry.settings.matrix, s.currency, bucket),
          ecl: 0,
        }),
      );
    c.leases++;
    c.exposure += exposures[i]!;
    // The pool's outstanding and arrears beside the exposure (§14: exposure = outstanding + arrears net of VAT).
    const t = totalOf(s.currency);
    t.outstanding += sv.outstandingPrincipal;
    t.arrearsNet += sv.arrearsNet;
    // A lease still in the pool with written-off amounts was written off in part: that part is no longer exposed.
    if (s.writtenOff > 0) t.partlyWrittenOff += Math.max(0, sv.outstandingPrincipal + sv.arrearsNet - exposures[i]!);
  }
  const order = [...book.bucketKeys, DEFAULT_BUCKET];
  const rows = [...cells.values()]
    .flatMap((byStage) => byStage.flatMap((m) => [...m.values()]))
    .map((c) => ({ ...c, ecl: eclOfCell(c) }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.stage - b.stage || order.indexOf(a.bucket) - order.indexOf(b.bucket));
  for (const r of rows) {
    const t = totalOf(r.currency);
    t.leases += r.leases;
    t.exposure += r.exposure;
    t.ecl += r.ecl;
  }
  return { rows, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}

/** Everything the Defaults & losses screen shows on `asOf`. */
export async function creditScreen(db: DbOrTx, funderId: number, asOf: string): Promise<CreditScreen> {
  const at = await creditStatesAt(db, funderId, asOf);
  const ecl = await eclAt(db, funderId, asOf, at);
  return {
    asOf,
    defaults: await defaultsAt(db, funderId, asOf, at),
    flags: await listActiveFlags(db, funderId),
    writeOffs: await listWriteOffs(db, funderId),
    recoveries: await listRecoveries(db, funderId),
    ledger: await lossLedger(db, funderId, asOf),
    measures: await lossMeasuresAt(db, funderId, asOf, at),
    ecl: ecl.rows,
    eclTotals: ecl.totals,
  };
}

/** The dashboard's two credit tiles per currency: ECL and the exposure in default. */
export async function creditTiles(
  db: DbOrTx,
  funderId: number,
  asOf: string,
): Promise<{ currency: string; ecl: number; defaultedExposure: number; defaultedLeases: number }[]> {
  const at = await creditStatesAt(db, funderId, asOf);
  const ecl = (await eclAt(db, funderId, asOf, at)).totals;
  const measures = await lossMeasuresAt(db, funderId, asOf, at);
  const currencies = [...new Set([...ecl.map((e) => e.currency), ...measures.map((m) => m.currency)])].sort();
  return currencies.map((currency) => {
    const m = measures.find((x) => x.currency === currency);
    return {
      currency,
      ecl: ecl.find((e) => e.currency === currency)?.ecl ?? 0,
      defaultedExposure: m?.defaultedExposure ?? 0,
      defaultedLeases: m?.defaultedLeases ?? 0,
    };
  });
}
