/**
 * A write transaction on a worker thread (db/write-worker.ts), as a tape import's commit uses it: all-or-nothing,
 * invisible to other connections until the COMMIT and visible once commit() resolves, nothing left
 * by a process killed mid-transaction, and a write refused while it holds the lock answers 503 (not 500). Staged, a
 * write in batches that each commit (other connections write between them) and publish the rest at once at the end.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openDb, type Conn } from '@/db/client';
import { STALE_WRITE } from '@/db/errors';
import { executeSql } from '@/db/dialect';
import { transaction, writeTurn } from '@/db/transaction';
import { DirectSink, WorkerSink, WorkerWriteError } from '@/db/write-worker';
import { isDatabaseBusy, toErrorResponse } from '@/services/api/handler';

let dir: string;
let file: string;
let db: Conn;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'quantum-write-worker-'));
  file = path.join(dir, 'w.db');
  db = openDb(file);
  db.$client.exec('create table t (id integer primary key, v text not null)');
  db.$client.exec('create table p (id integer primary key autoincrement, v text not null)');
  db.$client.exec('create table c (p_id integer not null references p (id), v text not null)');
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  db.$client.exec('delete from t; delete from c; delete from p');
});

const count = () => db.$client.prepare('select count(*) from t').pluck().get() as number;

describe('WorkerSink', () => {
  test('invisible to other connections until the COMMIT, visible once commit() resolves', async () => {
    const sink = await WorkerSink.begin(file);
    sink.prepare('insert', 'insert into t (v) values (?)');
    for (let i = 0; i < 5000; i++) sink.run('insert', [`v${i}`]);
    // Written by the worker (in its transaction), not committed: this connection still reads the state before.
    await sink.drain(0);
    expect(count()).toBe(0);
    for (let i = 0; i < 20_000; i++) sink.run('insert', [`w${i}`]);
    await sink.commit();
    expect(count()).toBe(25_000);
    expect(sink.commitMs).toBeGreaterThanOrEqual(0);
    // The worker's connection is closed: this one writes at once.
    db.$client.exec(`insert into t (v) values ('after')`);
    expect(count()).toBe(25_001);
  });

  test('all-or-nothing: a failing statement rolls back everything written before it, and commit() throws it', async () => {
    const sink = await WorkerSink.begin(file);
    sink.prepare('insert', 'insert into t (v) values (?)');
    for (let i = 0; i < 3000; i++) sink.run('insert', [`v${i}`]);
    await sink.drain(0);
    sink.run('insert', [null]);
    sink.run('insert', ['never']);
    const failed = await sink.commit().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WorkerWriteError);
    expect((failed as WorkerWriteError).code).toBe('SQLITE_CONSTRAINT_NOTNULL');
    expect(count()).toBe(0);
    // The lock is released: a write with no busy wait at all succeeds.
    db.$client.pragma('busy_timeout = 0');
    try {
      db.$client.exec(`insert into t (v) values ('after')`);
    } finally {
      db.$client.pragma('busy_timeout = 5000');
    }
    expect(count()).toBe(1);
  });

  test('rollback() writes nothing and ends the worker', async () => {
    const sink = await WorkerSink.begin(file);
    sink.prepare('insert', 'insert into t (v) values (?)');
    sink.run('insert', ['x']);
    await sink.drain(0);
    await sink.rollback();
    expect(count()).toBe(0);
    expect(() => sink.flush()).toThrow(WorkerWriteError);
  });

  test('a process killed mid-transaction leaves nothing written and the file writable', () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(process.cwd(), 'tests/helpers/kill-mid-commit.ts'), file, '20000'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stdout).toContain('written');
    expect(child.signal).toBe('SIGKILL');
    const fresh = new Database(file, { timeout: 0 });
    try {
      expect(fresh.prepare('select count(*) from t').pluck().get()).toBe(0);
      fresh.exec(`insert into t (v) values ('after')`);
    } finally {
      fresh.close();
    }
    expect(count()).toBe(1);
  });

  test('a write refused while the worker holds the lock is SQLITE_BUSY, answered 503 with Retry-After', async () => {
    const sink = await WorkerSink.begin(file);
    const other = new Database(file, { timeout: 0 });
    let busy: unknown;
    try {
      other.exec(`insert into t (v) values ('blocked')`);
    } catch (e) {
      busy = e;
    } finally {
      other.close();
      await sink.rollback();
    }
    expect(isDatabaseBusy(busy)).toBe(true);
    expect(isDatabaseBusy(new Error('other'))).toBe(false);
    const res = toErrorResponse({ method: 'POST', nextUrl: { pathname: '/api/leases' } } as unknown as NextRequest, busy);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
  });

  test('a row that must change and does not fails the write with StaleWrite, on the worker as on this thread', async () => {
    db.$client.exec(`insert into t (id, v) values (1, 'a')`);
    const sink = await WorkerSink.begin(file);
    sink.prepare('update', 'update t set v = ? where id = ? and v = ?', { mustChange: true });
    sink.run('update', ['b', 1, 'a']);
    sink.run('update', ['c', 1, 'a']);
    const failed = await sink.commit().catch((e: unknown) => e);
    expect((failed as WorkerWriteError).code).toBe(STALE_WRITE);
    expect(db.$client.prepare('select v from t').pluck().get()).toBe('a');
    const direct = new DirectSink(db.$client);
    direct.prepare('update', 'update t set v = ? where id = ? and v = ?', { mustChange: true });
    direct.run('update', ['b', 1, 'a']);
    expect(() => direct.run('update', ['c', 1, 'a'])).toThrow(expect.objectContaining({ code: STALE_WRITE }));
  });
});

describe('WorkerSink, staged', () => {
  const parents = () => db.$client.prepare('select count(*) from p').pluck().get() as number;
  const children = () => db.$client.prepare('select count(*) from c').pluck().get() as number;

  test("writes in the writer's turns: a transaction of this process waits for the next batch, not for the whole write; the rest is published at once", async () => {
    const sink = await WorkerSink.begin(file, { staged: { direct: new Set(['child']), turn: () => writeTurn(db) }, batchOps: 100 });
    sink.prepare('parent', 'insert into p (id, v) values (?, ?)');
    sink.prepare('child', 'insert into c (p_id, v) values (?, ?)');
    const write = (from: number, to: number) => {
      for (let i = from; i <= to; i++) {
        // The children first: their parents exist only once published (the foreign key is checked then).
        sink.run('child', [i, `c${i}`]);
        sink.run('parent', [i, `p${i}`]);
      }
    };
    write(1, 250);
    await sink.drain(0);
    // Written in the worker's open transaction, which holds the turn while no one else asks for it.
    expect({ parents: parents(), children: children() }).toEqual({ parents: 0, children: 0 });
    let between = false;
    const waiting = transaction(db, async (tx) => {
      await executeSql(tx, `insert into t (v) values ('between')`);
      between = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(between).toBe(false);
    // The next batch ends the worker's transaction and hands the turn over: the direct rows are committed, nothing else.
    write(251, 500);
    await waiting;
    expect(between).toBe(true);
    expect(parents()).toBe(0);
    expect(children()).toBeGreaterThanOrEqual(250);
    await sink.commit();
    expect(sink.turns).toBeGreaterThanOrEqual(1);
    expect({ parents: parents(), children: children(), t: count() }).toEqual({ parents: 500, children: 500, t: 1 });
    expect(db.$client.prepare('select count(*) from c where p_id not in (select id from p)').pluck().get()).toBe(0);
    expect(sink.published).toMatchObject({ parent: [500, expect.any(Number)], COMMIT: [1, expect.any(Number)] });
  });

  test('a failing publication publishes nothing and leaves the direct rows for the caller to delete', async () => {
    const sink = await WorkerSink.begin(file, { staged: { direct: new Set(['child']), turn: () => writeTurn(db) }, batchOps: 50 });
    sink.prepare('parent', 'insert into p (id, v) values (?, ?)');
    sink.prepare('child', 'insert into c (p_id, v) values (?, ?)');
    for (let i = 1; i <= 200; i++) {
      sink.run('child', [i, `c${i}`]);
      sink.run('parent', [i, i === 200 ? null : `p${i}`]);
    }
    const failed = await sink.commit().catch((e: unknown) => e);
    expect((failed as WorkerWriteError).code).toBe('SQLITE_CONSTRAINT_NOTNULL');
    expect({ parents: parents(), children: children() }).toEqual({ parents: 0, children: 200 });
  });

  test('reserve() moves the table past the ids it gives: an insert elsewhere meanwhile takes the next one', async () => {
    db.$client.exec(`insert into p (v) values ('first')`);
    const top = db.$client.prepare('select max(id) from p').pluck().get() as number;
    const sink = await WorkerSink.begin(file, { staged: { direct: new Set(), turn: () => writeTurn(db) } });
    const ranges = await sink.reserve([
      ['p', 10],
      ['t', 0],
    ]);
    await sink.rollback();
    expect(ranges).toEqual({ p: [top + 1, top + 10], t: [1, 0] });
    db.$client.exec(`insert into p (v) values ('next')`);
    expect(db.$client.prepare('select max(id) from p').pluck().get()).toBe(top + 11);
  });
});
