import { transaction } from '../transaction';
/**
 * SQL of the month-end snapshots (domain.md §9; db/schema/history.ts). A month's lease rows and its
 * snapshot_months row are written in one transaction, once: a month already present is never rewritten
 * (immutable history; a concurrent builder of the same month finds it there and keeps the first).
 */
import type { LeaseSnapshot, MonthAggregates } from '@/lib/history';
import type { DbOrTx } from '../client';
import { deepFreeze, readUntilChange } from './change-memo';
import { arraysOf, columnOf, executeSql, idListParam, idListSql, jsonTextSql, NO_INDEX, valueOf } from '../dialect';

/** The snapshot-relevant columns of the funder's leases (the servicing book's: status ≠ terminated); only those of `ids` when given. */
export async function historyLeaseTerms(
  db: DbOrTx,
  funderId: number,
  ids?: readonly number[],
): Promise<Map<number, { principal: number; contractNumber: string }>> {
  const rows = ids
    ? await arraysOf<[number, number, string]>(
        db,
        `select id, principal, contract_number from leases where ${NO_INDEX}funder_id = ? and status != 'terminated' and id ${idListSql}`,
        [funderId, idListParam(ids)],
      )
    : await arraysOf<[number, number, string]>(
        db,
        `select id, principal, contract_number from leases where funder_id = ? and status != 'terminated'`,
        [funderId],
      );
  return new Map(rows.map((r) => [r[0], { principal: r[1], contractNumber: r[2] }]));
}

/**
 * The funder's leases whose stored status is `defaulted`, with the time (ms) the status was last set to
 * defaulted according to the lease history (null when the history does not say: set on creation or by a bulk write).
 */
export async function defaultedLeaseStatusTimes(
  db: DbOrTx,
  funderId: number,
): Promise<{ leaseId: number; statusSetAt: number | null; updatedAt: number }[]> {
  const rows = await arraysOf<[number, number | null, number]>(
    db,
    `select l.id, (select max(h.at) from lease_history h where h.lease_id = l.id and h.action in ('status', 'updated')
                      and ${jsonTextSql('h.changes', ['status', 1])} = 'defaulted'), l.updated_at
       from leases l where l.funder_id = ? and l.status = 'defaulted' order by l.id`,
    [funderId],
  );
  return rows.map((r) => ({ leaseId: r[0], statusSetAt: r[1], updatedAt: r[2] }));
}

export type SnapshotMonthRow = { month: string; monthEnd: string; leaseCount: number; aggregates: MonthAggregates };

/**
 * The built months of the funder in [from, to] (YYYY-MM), in month order. The Dashboard, Performance and Vintages
 * read 24 months or more on every request: the parsed rows are kept (frozen) until the database changes
 * (change-memo.ts); the caller gets its own array.
 */
export async function snapshotMonthsIn(db: DbOrTx, funderId: number, from: string, to: string): Promise<SnapshotMonthRow[]> {
  const rows = await readUntilChange(db, `history.snapshotMonthsIn:${funderId}:${from}:${to}`, async () =>
    (
      await arraysOf<[string, string, number, string]>(
        db,
        `select month, month_end, lease_count, aggregates from snapshot_months where funder_id = ? and month >= ? and month <= ? order by month`,
        [funderId, from, to],
      )
    ).map((r) => deepFreeze({ month: r[0], monthEnd: r[1], leaseCount: r[2], aggregates: JSON.parse(r[3]) as MonthAggregates })),
  );
  return rows.slice();
}

/** Which months of [from, to] (YYYY-MM) the funder has built, in month order: the names only (a readiness check parses no aggregates). */
export async function snapshotMonthNamesIn(db: DbOrTx, funderId: number, from: string, to: string): Promise<string[]> {
  return await columnOf<string>(db, `select month from snapshot_months where funder_id = ? and month >= ? and month <= ? order by month`, [
    funderId,
    from,
    to,
  ]);
}

/**
 * The funder's book as the servicing stores hold it (leases not terminated): its first purchase date (null: no
 * purchase) and its lease count, from one query, without building the stores.
 */
export async function bookExtent(db: DbOrTx, funderId: number): Promise<{ firstPurchase: string | null; leases: number }> {
  const [first, n] = (
    await arraysOf<[string | null, number]>(
      db,
      `select min(purchase_date), count(*) from leases where funder_id = ? and status != 'terminated'`,
      [funderId],
    )
  )[0]!;
  return { firstPurchase: first, leases: n };
}

/** Whether the funder's month is stored (its month row written). */
export async function hasSnapshotMonth(db: DbOrTx, funderId: number, month: string): Promise<boolean> {
  return (await valueOf(db, `select 1 from snapshot_months where funder_id = ? and month = ?`, [funderId, month])) !== undefined;
}

/** Stores a closed month's snapshot (lease rows + the month row) in one transaction; false when the month was already there. */
export async function insertSnapshotMonth(
  db: DbOrTx,
  funderId: number,
  month: string,
  monthEnd: string,
  rows: readonly LeaseSnapshot[],
  aggregates: MonthAggregates,
  now = Date.now(),
): Promise<boolean> {
  return await transaction(db, async (tx) => {
    if (await hasSnapshotMonth(tx, funderId, month)) return false;
    // Lease rows of a month with no month row are a staged build left unfinished (insertSnapshotRows): replaced.
    await executeSql(tx, `delete from lease_snapshots where funder_id = ? and month = ?`, [funderId, month]);
    await insertRows(tx, funderId, month, rows);
    await executeSql(
      tx,
      `insert into snapshot_months (funder_id, month, month_end, lease_count, aggregates, built_at) values (?, ?, ?, ?, ?, ?)`,
      [funderId, month, monthEnd, rows.length, JSON.stringify(aggregates), now],
    );
    return true;
  });
}

/**
 * A background build's staged lease rows of a month (one transaction per call, so a long month does not
 * hold the connection): not part of any report until finishSnapshotMonth writes the month row. `first`
 * clears what an unfinished earlier build left. False (nothing written) when the month is already stored.
 */
export async function insertSnapshotRows(
  db: DbOrTx,
  funderId: number,
  month: string,
  rows: readonly LeaseSnapshot[],
  first: boolean,
): Promise<boolean> {
  return await transaction(db, async (tx) => {
    if (await hasSnapshotMonth(tx, funderId, month)) return false;
    if (first) await executeSql(tx, `delete from lease_snapshots where funder_id = ? and month = ?`, [funderId, month]);
    await insertRows(tx, funderId, month, rows);
    return true;
  });
}

/** Completes a staged month (insertSnapshotRows): its month row, when every lease row is there; false when the month was stored meanwhile. */
export async function finishSnapshotMonth(
  db: DbOrTx,
  funderId: number,
  month: string,
  monthEnd: string,
  leaseCount: number,
  aggregates: MonthAggregates,
  now = Date.now(),
): Promise<boolean> {
  return await transaction(db, async (tx) => {
    if (await hasSnapshotMonth(tx, funderId, month)) return false;
    const staged = await valueOf<number>(tx, `select count(*) from lease_snapshots where funder_id = ? and month = ?`, [funderId, month]);
    if (staged !== leaseCount) return false;
    await executeSql(
      tx,
      `insert into snapshot_months (funder_id, month, month_end, lease_count, aggregates, built_at) values (?, ?, ?, ?, ?, ?)`,
      [funderId, month, monthEnd, leaseCount, JSON.stringify(aggregates), now],
    );
    return true;
  });
}

/** Rows per insert statement (25 values each): one call into the driver per batch instead of one per lease row. */
const INSERT_BATCH = 100;
const INSERT_HEAD = `insert into lease_snapshots (funder_id, month, lease_id, contract_number, currency, purchase_date, origination_date, original_principal, in_pool, start_balance, balance,
   scheduled_principal, purchased_principal, written_off_principal, actual_principal, unscheduled_principal, interest, dpd, bucket, status, first_default_date, default_amount,
   default_principal, written_off, recoveries) values `;
const INSERT_ROW = `(${new Array<string>(25).fill('?').join(', ')})`;
/** A multi-row insert of `rows` snapshot rows (two texts in use: a full batch and the last, shorter one). */
function insertText(rows: number): string {
  return INSERT_HEAD + new Array<string>(rows).fill(INSERT_ROW).join(', ');
}

async function insertRows(db: DbOrTx, funderId: number, month: string, rows: readonly LeaseSnapshot[]): Promise<void> {
  // lease_snapshots is a child table only (no foreign key names it), so a multi-row statement costs no extra checks.
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    const to = Math.min(rows.length, from + INSERT_BATCH);
    const values: unknown[] = new Array((to - from) * 25);
    let k = 0;
    for (let x = from; x < to; x++) {
      const r = rows[x]!;
      values[k++] = funderId;
      values[k++] = month;
      values[k++] = r.leaseId;
      values[k++] = r.contractNumber;
      values[k++] = r.currency;
      values[k++] = r.purchaseDate;
      values[k++] = r.originationDate;
      values[k++] = r.originalPrincipal;
      values[k++] = r.inPool ? 1 : 0;
      values[k++] = r.startBalance;
      values[k++] = r.balance;
      values[k++] = r.scheduledPrincipal;
      values[k++] = r.purchasedPrincipal;
      values[k++] = r.writtenOffPrincipal;
      values[k++] = r.actualPrincipal;
      values[k++] = r.unscheduledPrincipal;
      values[k++] = r.interest;
      values[k++] = r.dpd;
      values[k++] = r.bucket;
      values[k++] = r.status;
      values[k++] = r.firstDefaultDate;
      values[k++] = r.defaultAmount;
      values[k++] = r.defaultPrincipal;
      values[k++] = r.writtenOff;
      values[k++] = r.recoveries;
    }
    await executeSql(db, insertText(to - from), values);
  }
}

const SNAPSHOT_COLUMNS = `lease_id, contract_number, currency, purchase_date, origination_date, original_principal, start_balance, balance, scheduled_principal, actual_principal,
  unscheduled_principal, interest, dpd, bucket, status, first_default_date, default_amount, default_principal, written_off, recoveries, in_pool, purchased_principal,
  written_off_principal`;

type SnapshotTuple = [
  number,
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
  string | null,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

function rowOf(r: SnapshotTuple): LeaseSnapshot {
  return {
    leaseId: r[0],
    contractNumber: r[1],
    currency: r[2],
    purchaseDate: r[3],
    originationDate: r[4],
    originalPrincipal: r[5],
    inPool: r[20] === 1,
    startBalance: r[6],
    balance: r[7],
    scheduledPrincipal: r[8],
    purchasedPrincipal: r[21],
    writtenOffPrincipal: r[22],
    actualPrincipal: r[9],
    unscheduledPrincipal: r[10],
    interest: r[11],
    dpd: r[12],
    bucket: r[13],
    status: r[14],
    firstDefaultDate: r[15],
    defaultAmount: r[16],
    defaultPrincipal: r[17],
    writtenOff: r[18],
    recoveries: r[19],
  };
}

/** One page of a stored month's lease rows in lease-id order. */
export async function leaseSnapshotPage(
  db: DbOrTx,
  funderId: number,
  month: string,
  page: number,
  perPage: number,
): Promise<LeaseSnapshot[]> {
  const rows = await arraysOf<SnapshotTuple>(
    db,
    `select ${SNAPSHOT_COLUMNS} from lease_snapshots where funder_id = ? and month = ? order by lease_id limit ? offset ?`,
    [funderId, month, perPage, (page - 1) * perPage],
  );
  return rows.map(rowOf);
}

/** Every lease row of a stored month in lease-id order, in batches (keyset paging: an export of 100k rows never holds them all). */
export async function* leaseSnapshotBatches(db: DbOrTx, funderId: number, month: string, size = 5000): AsyncGenerator<LeaseSnapshot[]> {
  let after = 0;
  for (;;) {
    const rows = (
      await arraysOf<SnapshotTuple>(
        db,
        `select ${SNAPSHOT_COLUMNS} from lease_snapshots where funder_id = ? and month = ? and lease_id > ? order by lease_id limit ?`,
        [funderId, month, after, size],
      )
    ).map(rowOf);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.leaseId;
    if (rows.length < size) return;
  }
}
