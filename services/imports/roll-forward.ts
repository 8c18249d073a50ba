import { transaction } from '@/db/transaction';
/**
 * The roll-forward of a tape import against the previous committed tape of the same source (domain.md §7;
 * lib/import/roll-forward.ts computes it): kept with the import (table tape_import_roll_forward), listed and exported
 * by the API, and its breaks decided — accepted with a note, or rejected (the row is then rejected) — under four eyes.
 * A commit waits until every break is decided.
 */
import type { Db, DbOrTx, Tx } from '@/db/client';
import { recordAudit } from '@/db/queries/audit';
import { getFunder } from '@/db/queries/funders';
import { findImport, updateImport } from '@/db/queries/imports';
import { Conflict, Forbidden, Invalid, NotFound } from '@/lib/domain/errors';
import {
  mostCommon,
  rollForward,
  rollForwardTotals,
  type CurrentLine,
  type PreviousLine,
  type RollForwardEntry,
} from '@/lib/import/roll-forward';
import type { StoredRow } from '@/db/queries/imports';
import { residualDueDate, type ResidualTerms } from '@/lib/servicing/instalments';
import type { RollForwardKind } from '@/lib/import/roll-forward';
import type { rollForwardDecisionBody, rollForwardRow, rollForwardSummary } from '@/lib/validations/imports';
import type { z } from 'zod';
import { arraysOf, columnOf, executeSql, jsonTextSql, onPostgres, rowsOf, valueOf } from '@/db/dialect';

export type RollForwardRow = z.infer<typeof rollForwardRow>;
export type RollForwardSummary = z.infer<typeof rollForwardSummary>;
type Query = { kind?: RollForwardKind; undecided?: boolean };

/** The previous committed import of the source (null: this is its first tape). */
export async function previousImportOf(db: DbOrTx, sourceId: number, importId: number): Promise<number | null> {
  const r = await valueOf<number>(
    db,
    `select id from tape_imports where source_id = ? and status = 'committed' and id != ? order by committed_at desc, id desc limit 1`,
    [sourceId, importId],
  );
  return r ?? null;
}

/** The leases of a committed import with the balance its tape gave (rows that were rejected are not on it). */
async function previousLines(db: DbOrTx, importId: number): Promise<PreviousLine[]> {
  const rows = await columnOf<string>(
    db,
    `select result from tape_import_rows where import_id = ? and action in ('new', 'updated', 'unchanged') order by row`,
    [importId],
  );
  const out: PreviousLine[] = [];
  for (const text of rows) {
    const r = JSON.parse(text) as StoredRow;
    if (r.tapeBalance === undefined || !r.tapeDate || !r.currency) continue;
    out.push({ contractNumber: r.contractNumber, balance: r.tapeBalance, date: r.tapeDate, currency: r.currency });
  }
  return out;
}

/** Amounts by lease and day, and their sum over a lease's days in [from, to). */
function datedAmounts(rows: Iterable<readonly [number, string, number]>): (leaseId: number, from: string, to: string) => number {
  const by = new Map<number, [string, number][]>();
  for (const [id, day, amount] of rows) {
    let l = by.get(id);
    if (!l) by.set(id, (l = []));
    l.push([day, amount]);
  }
  return (leaseId, from, to) => (by.get(leaseId) ?? []).reduce((s, [d, x]) => (d >= from && d < to ? s + x : s), 0);
}

/** Principal each of the funder's leases has due in [from, to) by its schedule: its rows, and its residual. */
async function scheduledDue(db: DbOrTx, funderId: number, from: string, to: string) {
  const rows = await arraysOf<[number, string, number]>(
    db,
    `select s.lease_id, s.due_date, s.principal from schedule_rows s join leases l on l.id = s.lease_id
        where l.funder_id = ? and s.due_date >= ? and s.due_date < ?`,
    [funderId, from, to],
  );
  const residuals = await arraysOf<[number, number, string, number, ResidualTerms['timing'], ResidualTerms['frequency']]>(
    db,
    `select id, residual, first_due_date, term, timing, frequency from leases where funder_id = ? and residual > 0`,
    [funderId],
  );
  for (const [id, residual, firstDueDate, term, timing, frequency] of residuals) {
    const day = residualDueDate({ firstDueDate, term, timing, frequency });
    if (day >= from && day < to) rows.push([id, day, residual]);
  }
  return datedAmounts(rows);
}

/** Write-offs of the funder's leases approved with a date in [from, to). */
async function writtenOff(db: DbOrTx, funderId: number, from: string, to: string) {
  return datedAmounts(
    await arraysOf<[number, string, number]>(
      db,
      `select lease_id, write_off_on, amount from write_offs where funder_id = ? and status = 'approved' and write_off_on >= ? and write_off_on < ?`,
      [funderId, from, to],
    ),
  );
}

const INSERT = `insert into tape_import_roll_forward (import_id, contract_number, row, lease_id, currency, kind, previous_balance, previous_date,
  scheduled, charged_off, expected, balance, difference, decision, note, decided_by, decided_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * Rolls the import's tape forward from the previous committed tape of its source and keeps it (replacing an earlier
 * roll-forward of the same import; a decision on a break whose figures did not move is kept). Null when there is no
 * previous tape with balances, or this tape gives none. Runs inside the validation's write.
 */
export async function computeRollForward(
  db: Tx,
  imp: { id: number; funderId: number },
  previousId: number | null,
  current: readonly CurrentLine[],
): Promise<RollForwardSummary | null> {
  const kept = new Map(
    (
      await arraysOf<[string, number | null, string, string, number | null, number | null]>(
        db,
        `select contract_number, difference, decision, note, decided_by, decided_at from tape_import_roll_forward where import_id = ? and decision is not null`,
        [imp.id],
      )
    ).map((r) => [r[0], r]),
  );
  await executeSql(db, 'delete from tape_import_roll_forward where import_id = ?', [imp.id]);
  const previous = previousId === null ? [] : await previousLines(db, previousId);
  if (previousId === null || previous.length === 0 || current.length === 0) {
    await executeSql(db, 'update tape_imports set previous_import_id = null, roll_forward = null where id = ?', [imp.id]);
    return null;
  }
  const dates = [...previous.map((p) => p.date), ...current.map((c) => c.date)].sort();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const entries = rollForward(
    previous,
    current,
    await scheduledDue(db, imp.funderId, from, to),
    await writtenOff(db, imp.funderId, from, to),
  );
  for (const e of entries) {
    const k = e.kind === 'break' ? kept.get(e.contractNumber) : undefined;
    const decision = k && k[1] === e.difference ? k : null;
    await executeSql(db, INSERT, [
      imp.id,
      e.contractNumber,
      e.row,
      e.leaseId,
      e.currency,
      e.kind,
      e.previousBalance,
      e.previousDate,
      e.scheduled,
      e.chargedOff,
      e.expected,
      e.balance,
      e.difference,
      decision?.[2] ?? null,
      decision?.[3] ?? '',
      decision?.[4] ?? null,
      decision?.[5] ?? null,
    ]);
    if (decision?.[2] === 'rejected' && e.row !== null)
      await executeSql(db, `update tape_import_rows set action = 'rejected' where import_id = ? and row = ?`, [imp.id, e.row]);
  }
  const summary = summaryOf(imp.id, previousId, previous, current, entries);
  await executeSql(db, 'update tape_imports set previous_import_id = ?, roll_forward = ? where id = ?', [
    previousId,
    JSON.stringify(summary),
    imp.id,
  ]);
  return summary;
}

function summaryOf(
  importId: number,
  previousImportId: number,
  previous: readonly PreviousLine[],
  current: readonly CurrentLine[],
  entries: readonly RollForwardEntry[],
): RollForwardSummary {
  const counts = { rolled: 0, break: 0, appeared: 0, gone: 0, undecided: 0 };
  for (const e of entries) counts[e.kind]++;
  return {
    previousImportId,
    previousTapeDate: mostCommon(previous.map((p) => p.date)) ?? '',
    tapeDate: mostCommon(current.map((c) => c.date)) ?? '',
    totals: rollForwardTotals(entries),
    counts,
  };
}

/** The import's stored roll-forward summary with its undecided breaks as they are now (null: it has none). */
async function currentSummary(db: DbOrTx, imp: { id: number; rollForward: string | null }): Promise<RollForwardSummary | null> {
  if (!imp.rollForward) return null;
  const summary = JSON.parse(imp.rollForward) as RollForwardSummary;
  summary.counts.undecided = await undecidedBreaks(db, imp.id);
  return summary;
}

const UNDECIDED = `select count(*) from tape_import_roll_forward where import_id = ? and kind = 'break' and decision is null`;

/** Breaks of the import's roll-forward no one has decided yet (a commit waits for them). */
export async function undecidedBreaks(db: DbOrTx, importId: number): Promise<number> {
  return Number((await valueOf<number>(db, UNDECIDED, [importId])) ?? 0);
}

type Stored = {
  contract_number: string;
  row: number | null;
  lease_id: number | null;
  currency: string;
  kind: RollForwardKind;
  previous_balance: number | null;
  scheduled: number;
  charged_off: number;
  expected: number | null;
  balance: number | null;
  difference: number | null;
  decision: 'accepted' | 'rejected' | null;
  note: string;
  decided_by_email: string | null;
  decided_at: number | null;
};

function toRow(r: Stored): RollForwardRow {
  return {
    contractNumber: r.contract_number,
    row: r.row,
    leaseId: r.lease_id,
    currency: r.currency,
    kind: r.kind,
    previousBalance: r.previous_balance,
    scheduled: r.scheduled,
    chargedOff: r.charged_off,
    expected: r.expected,
    balance: r.balance,
    difference: r.difference,
    decision: r.decision,
    note: r.note,
    decidedBy: r.decided_by_email,
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  };
}

function whereOf(q: Query): { sql: string; params: unknown[] } {
  const parts = ['f.import_id = ?'];
  const params: unknown[] = [];
  if (q.kind) {
    parts.push('f.kind = ?');
    params.push(q.kind);
  }
  if (q.undecided) parts.push(`f.kind = 'break' and f.decision is null`);
  return { sql: parts.join(' and '), params };
}

const SELECT = `select f.contract_number, f.row, f.lease_id, f.currency, f.kind, f.previous_balance, f.scheduled, f.charged_off, f.expected,
  f.balance, f.difference, f.decision, f.note, u.email as decided_by_email, f.decided_at
  from tape_import_roll_forward f left join users u on u.id = f.decided_by`;

/** Orders breaks first (undecided first), then the other kinds, each by contract number (by code point on both engines). */
const ORDER = `order by case f.kind when 'break' then 0 when 'appeared' then 1 when 'gone' then 2 else 3 end, f.decision is not null, f.contract_number${onPostgres ? ' collate "C"' : ''}`;

async function requireImport(db: DbOrTx, funderId: number, importId: number) {
  const imp = await findImport(db, funderId, importId);
  if (!imp) throw new NotFound(`Import ${importId} does not exist for funder ${funderId}.`);
  return imp;
}

type RollForwardPage = { summary: RollForwardSummary | null; rows: RollForwardRow[]; total: number; page: number; perPage: number };

/** One page of the import's roll-forward, breaks first, with its summary (null: none). */
export async function rollForwardPage(
  db: Db,
  funderId: number,
  importId: number,
  q: Query & { page: number; perPage: number },
): Promise<RollForwardPage> {
  const imp = await requireImport(db, funderId, importId);
  const summary = await currentSummary(db, imp);
  const w = whereOf(q);
  const rows = (
    await rowsOf<Stored>(db, `${SELECT} where ${w.sql} ${ORDER} limit ? offset ?`, [
      importId,
      ...w.params,
      q.perPage,
      (q.page - 1) * q.perPage,
    ])
  ).map(toRow);
  const total = Number(
    (await valueOf<number>(db, `select count(*) from tape_import_roll_forward f where ${w.sql}`, [importId, ...w.params])) ?? 0,
  );
  return { summary, rows, total, page: q.page, perPage: q.perPage };
}

/** Every row of the roll-forward in the list's order, a batch at a time (the export). */
export async function* iterateRollForward(
  db: Db,
  funderId: number,
  importId: number,
  q: Query,
  batch = 1000,
): AsyncGenerator<RollForwardRow[]> {
  await requireImport(db, funderId, importId);
  const w = whereOf(q);
  for (let offset = 0; ; offset += batch) {
    const rows = (
      await rowsOf<Stored>(db, `${SELECT} where ${w.sql} ${ORDER} limit ? offset ?`, [importId, ...w.params, batch, offset])
    ).map(toRow);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
  }
}

/**
 * Accepts (with a note) or rejects breaks of a dry run's roll-forward. Four eyes: when the funder has them, the user
 * who uploaded the tape cannot decide (403). A rejected break rejects its row (the import's counts follow); accepting
 * it again restores the row's own outcome. 409 unless the dry run is ready; 400 for a lease that is not a break here.
 */
export async function decideRollForward(
  db: Db,
  funderId: number,
  importId: number,
  body: z.infer<typeof rollForwardDecisionBody>,
  actor: { userId: number; email: string },
  now = Date.now(),
): Promise<{ decided: number; summary: RollForwardSummary }> {
  const imp = await requireImport(db, funderId, importId);
  if (imp.status !== 'validated') throw new Conflict(`Import ${importId} is ${imp.status}: only a dry run's breaks can be decided.`);
  if (!imp.rollForward) throw new Conflict(`Import ${importId} has no roll-forward to decide.`);
  if ((await getFunder(db, funderId))?.fourEyes && imp.createdBy === actor.userId)
    throw new Forbidden('Four eyes: the breaks of a tape are decided by someone other than the user who uploaded it.');
  const decided = await transaction(db, async (tx) => {
    const targets = body.allUndecided
      ? await arraysOf<[string, number | null]>(
          tx,
          `select contract_number, row from tape_import_roll_forward where import_id = ? and kind = 'break' and decision is null`,
          [importId],
        )
      : await Promise.all(
          body.contractNumbers!.map(async (c) => {
            const r = (
              await arraysOf<[string, number | null]>(
                tx,
                `select contract_number, row from tape_import_roll_forward where import_id = ? and contract_number = ? and kind = 'break'`,
                [importId, c],
              )
            )[0];
            if (!r)
              throw new Invalid('Only breaks of this roll-forward can be decided.', [
                { field: 'contractNumbers', message: `${c} is not a break of this tape.` },
              ]);
            return r;
          }),
        );
    for (const [contract, row] of targets) {
      await executeSql(
        tx,
        `update tape_import_roll_forward set decision = ?, note = ?, decided_by = ?, decided_at = ? where import_id = ? and contract_number = ?`,
        [body.decision, body.note, actor.userId, now, importId, contract],
      );
      if (row !== null)
        await executeSql(
          tx,
          body.decision === 'rejected'
            ? `update tape_import_rows set action = 'rejected' where import_id = ? and row = ?`
            : `update tape_import_rows set action = ${jsonTextSql('result', ['action'])} where import_id = ? and row = ?`,
          [importId, row],
        );
    }
    await recountImport(tx, importId);
    await recordAudit(
      tx,
      {
        actor: { userId: actor.userId, email: actor.email },
        funderId,
        entity: 'tape_import',
        entityId: importId,
        action: body.decision === 'accepted' ? 'roll_forward_accept' : 'roll_forward_reject',
        before: null,
        after: { contracts: targets.map(([c]) => c), note: body.note },
      },
      now,
    );
    return targets.length;
  });
  return { decided, summary: (await currentSummary(db, imp))! };
}

/** The import's counts of new, updated, unchanged and rejected rows, from its rows' actions. */
export async function actionCounts(
  db: DbOrTx,
  importId: number,
): Promise<{ newCount: number; updatedCount: number; unchangedCount: number; rejectedCount: number }> {
  const n = Object.fromEntries(
    (
      await arraysOf<[string, number]>(db, `select action, count(*) from tape_import_rows where import_id = ? group by action`, [importId])
    ).map(([a, c]) => [a, Number(c)]),
  ) as Record<string, number>;
  return { newCount: n.new ?? 0, updatedCount: n.updated ?? 0, unchangedCount: n.unchanged ?? 0, rejectedCount: n.rejected ?? 0 };
}

/** The import's counts after a decision moved a row in or out of the rejected. */
async function recountImport(db: DbOrTx, importId: number): Promise<void> {
  await updateImport(db, importId, await actionCounts(db, importId));
}
