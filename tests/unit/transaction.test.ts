import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { openDb, sqliteOf, type Conn } from '@/db/client';
import { transaction, withWriter, writeAside, writerOf } from '@/db/transaction';

/** db/transaction.ts: transactions whose bodies await, on one writer connection per database file. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A file database with a table, opened as the server opens it: a read-only reader and a writer. */
function serverLike(): { reader: Conn; count: () => number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-tx-'));
  dirs.push(dir);
  const file = path.join(dir, 'tx.db');
  const writer = openDb(file);
  writer.$client.exec('create table t (v integer not null)');
  const reader = withWriter(openDb(file, { readonly: true }), writer);
  return { reader, count: () => reader.$client.prepare('select count(*) from t').pluck().get() as number };
}

const insert = (tx: Parameters<Parameters<typeof transaction>[1]>[0], v: number) =>
  sqliteOf(tx).prepare('insert into t (v) values (?)').run(v);
const tick = () => new Promise((r) => setTimeout(r, 2));

describe('transaction()', () => {
  test('two at once run one after the other, each whole; the reader sees only what is committed', async () => {
    const { reader, count } = serverLike();
    const order: string[] = [];
    const seen: number[] = [];
    const one = (name: string, v: number) =>
      transaction(reader, async (tx) => {
        order.push(`${name} begins`);
        insert(tx, v);
        await tick();
        seen.push(count());
        insert(tx, v);
        order.push(`${name} ends`);
      });
    await Promise.all([one('a', 1), one('b', 2)]);
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    // While a ran, nothing was committed; while b ran, a's two rows were.
    expect(seen).toEqual([0, 2]);
    expect(count()).toBe(4);
    reader.$client.close();
  });

  test('a throw rolls the transaction back and is rethrown; the next one runs', async () => {
    const { reader, count } = serverLike();
    await expect(
      transaction(reader, async (tx) => {
        insert(tx, 1);
        await tick();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(count()).toBe(0);
    await transaction(reader, (tx) => insert(tx, 2));
    expect(count()).toBe(1);
    expect(sqliteOf(writerOf(reader)).inTransaction).toBe(false);
    reader.$client.close();
  });

  test('a transaction inside one is a savepoint: its throw undoes only its own writes', async () => {
    const { reader, count } = serverLike();
    await transaction(reader, async (tx) => {
      insert(tx, 1);
      await expect(
        transaction(reader, async (inner) => {
          insert(inner, 2);
          await tick();
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await transaction(tx, (inner) => insert(inner, 3));
    });
    expect(reader.$client.prepare('select v from t order by v').pluck().all()).toEqual([1, 3]);
    expect(count()).toBe(2);
    reader.$client.close();
  });

  test('work a transaction leaves running is not inside it once it has ended', async () => {
    const { reader, count } = serverLike();
    const left: Promise<unknown>[] = [];
    await transaction(reader, async (tx) => {
      insert(tx, 1);
      const later = (async () => {
        await tick();
        await tick();
        // Ended by now: this is a transaction of its own (a savepoint of an ended one would be a transaction without the queue).
        await transaction(reader, (t2) => insert(t2, 2));
      })();
      left.push(later);
    });
    await Promise.all(left);
    expect(count()).toBe(2);
    expect(sqliteOf(writerOf(reader)).inTransaction).toBe(false);
    reader.$client.close();
  });

  test('a write aside runs at once when the writer is idle, and inside its context’s open transaction', async () => {
    const { reader, count } = serverLike();
    writeAside(reader, (tx) => void insert(tx, 1));
    expect(count()).toBe(1);
    let during = -1;
    await transaction(reader, async (tx) => {
      insert(tx, 2);
      const other = (async () => {
        await tick();
        writeAside(reader, (t2) => void insert(t2, 3));
      })();
      await other;
      during = count();
    });
    expect(during).toBe(1);
    await tick();
    expect(count()).toBe(3);
    reader.$client.close();
  });

  test('the reader cannot write; closing it closes its writer', async () => {
    const { reader } = serverLike();
    const writer = sqliteOf(writerOf(reader));
    expect(() => reader.$client.prepare('insert into t (v) values (1)').run()).toThrow(/readonly/);
    reader.$client.close();
    expect(writer.open).toBe(false);
  });
});
