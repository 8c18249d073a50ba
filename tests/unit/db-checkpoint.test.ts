import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '@/db/client';
import { checkpointInBackground, withBackgroundCheckpoint } from '@/db/checkpoint';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quantum-ckpt-'));
  dirs.push(dir);
  return path.join(dir, 'q.db');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function bulkWrite(db: ReturnType<typeof openDb>, rows: number): void {
  db.$client.exec('create table if not exists t (x text)');
  const ins = db.$client.prepare('insert into t values (?)');
  db.$client.transaction(() => {
    for (let i = 0; i < rows; i++) ins.run(`row ${i} `.padEnd(200, 'x'));
  })();
}

describe('WAL checkpoint off the event loop (db/checkpoint)', () => {
  it('copies every WAL frame back in a worker thread while this thread stays free', async () => {
    const file = tempFile();
    const db = openDb(file);
    db.$client.pragma('wal_autocheckpoint = 0');
    bulkWrite(db, 50_000);
    const walBefore = statSync(`${file}-wal`).size;
    expect(walBefore).toBeGreaterThan(5_000_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const result = await checkpointInBackground(file);
    clearInterval(timer);
    expect(result).not.toBeNull();
    expect(result!.log).toBeGreaterThan(0);
    expect(result!.checkpointed).toBe(result!.log);
    expect(ticks).toBeGreaterThan(0);
    // The next write starts the WAL over (every frame was copied back): it holds only that write's frames, and
    // the file is cut back to journal_size_limit then.
    expect(db.$client.pragma('journal_size_limit', { simple: true })).toBe(64 * 1024 * 1024);
    db.$client.exec(`insert into t values ('after')`);
    const [again] = db.$client.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(again!.log).toBeLessThan(5);
    expect(db.$client.prepare('select count(*) from t').pluck().get()).toBe(50_001);
    db.$client.close();
  });

  it('keeps the automatic checkpoint off during the write and turns it back on afterwards', async () => {
    const file = tempFile();
    const db = openDb(file);
    let during = -1;
    await withBackgroundCheckpoint(db, async () => {
      during = db.$client.pragma('wal_autocheckpoint', { simple: true }) as number;
      bulkWrite(db, 10_000);
    });
    expect(during).toBe(0);
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const [row] = db.$client.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(row!.checkpointed).toBe(row!.log);
    db.$client.close();
  });

  it('answers null for an in-memory database', async () => {
    expect(await checkpointInBackground(':memory:')).toBeNull();
  });
});
