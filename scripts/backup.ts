/**
 * `npm run backup -- <file> [--force]`: a consistent copy of the database while the server runs.
 *
 * SQLite's online backup API (better-sqlite3's db.backup) copies the pages of one read snapshot: every write
 * committed before the copy starts is in it, nothing half-written is. In WAL mode the copy's read transaction does
 * not block the server's writers. The copy is written next to the destination under a temporary name, checked
 * with PRAGMA integrity_check and only then renamed into place, so a failed backup never leaves a file that looks
 * like a good one.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseConfig, DatabaseUrlError } from '@/lib/env';

export type BackupResult = { file: string; bytes: number; ms: number; integrity: string };

export class BackupError extends Error {}

export async function backupDatabase(source: string, destination: string, opts: { force?: boolean } = {}): Promise<BackupResult> {
  const target = path.resolve(destination);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}.`);
  if (existsSync(target) && !opts.force) throw new BackupError(`${target} exists; pass --force to overwrite it.`);
  if (!existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  const partial = `${target}.partial-${process.pid}`;
  const started = performance.now();
  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    db.pragma('busy_timeout = 5000');
    // The default step copies 100 pages and restarts whenever another connection writes in between; under a
    // steady write load it might never finish. After the first step, copy the rest in one step (one snapshot).
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    db.close();
  }
  let integrity: string;
  const copy = new Database(partial, { fileMustExist: true });
  try {
    integrity = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    copy.close();
  }
  if (integrity !== 'ok') {
    rmSync(partial, { force: true });
    throw new BackupError(`The copy failed PRAGMA integrity_check: ${integrity}`);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(partial, target);
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  return { file: target, bytes: statSync(target).size, ms: performance.now() - started, integrity };
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    console.error('Usage: npm run backup -- <file> [--force]');
    return 2;
  }
  let source: string;
  try {
    const config = databaseConfig();
    if (config.engine === 'postgres') {
      console.error(
        `npm run backup copies a SQLite database; back up the PostgreSQL database ${config.display} with pg_dump (README, "Backups").`,
      );
      return 2;
    }
    source = config.file;
  } catch (e) {
    if (!(e instanceof DatabaseUrlError)) throw e;
    console.error(`Backup failed: ${e.message}`);
    return 2;
  }
  try {
    const r = await backupDatabase(source, files[0]!, { force });
    console.log(`Backed up ${source} to ${r.file}: ${formatBytes(r.bytes)} in ${Math.round(r.ms)} ms, integrity_check ${r.integrity}.`);
    return 0;
  } catch (e) {
    console.error(`Backup failed: ${(e as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && /backup\.ts$/.test(process.argv[1])) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
