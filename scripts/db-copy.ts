/**
 * `npm run db:copy -- --from <sqlite file> --to <postgres url>`: copies a QUANTUM book from a SQLite file into a new,
 * empty PostgreSQL database (migrated first), and keeps the copy only if every table's row count and column checksums
 * (sums of the amounts, dates and ids, lengths of the texts) match the source's. Prints the per-table figures.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { committedSqliteMigrations, CopyRefused, copySqliteToPostgres } from '@/db/copy';
import { openPgDb, runPgMigrations } from '@/db/pg-client';
import { databaseConfig, DatabaseUrlError } from '@/lib/env';

const usage = 'Usage: npm run db:copy -- --from <sqlite file> --to <postgres://user@host:5432/database>';

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<number> {
  const from = flag(args, '--from');
  const to = flag(args, '--to');
  if (!from || !to) {
    console.error(usage);
    return 2;
  }
  if (!existsSync(from)) {
    console.error(`db:copy: no SQLite file at ${from}.`);
    return 2;
  }
  let target;
  try {
    target = databaseConfig(to);
  } catch (e) {
    if (!(e instanceof DatabaseUrlError)) throw e;
    console.error(`db:copy: --to: ${e.message}`);
    return 2;
  }
  if (target.engine !== 'postgres') {
    console.error(`db:copy: --to must be a PostgreSQL URL (postgres://…). ${usage}`);
    return 2;
  }
  const source = new Database(from, { readonly: true, fileMustExist: true });
  const db = openPgDb(target.url, { max: 2 });
  const t0 = Date.now();
  try {
    console.log(`Migrating ${target.display}…`);
    await runPgMigrations(db);
    let lastShown = 0;
    const reports = await copySqliteToPostgres(source, db.$client, committedSqliteMigrations(), {
      onTable: (table, rows) => rows && console.log(`  ${table}: ${rows.toLocaleString('en')} rows`),
      onRows: (table, copied, total) => {
        if (Date.now() - lastShown > 5000 && copied < total) {
          lastShown = Date.now();
          console.log(`    ${table}: ${Math.floor((copied / total) * 100)} %`);
        }
      },
    });
    const rows = reports.reduce((s, r) => s + r.rows, 0);
    const checks = reports.reduce((s, r) => s + r.checks, 0);
    console.log(
      `Copied ${from} to ${target.display}: ${reports.length} tables, ${rows.toLocaleString('en')} rows, ${checks.toLocaleString('en')} checks matched, in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (e) {
    if (e instanceof CopyRefused) {
      console.error(`db:copy: ${e.message}`);
      return 1;
    }
    console.error(`db:copy failed: ${(e as Error).message}`);
    return 1;
  } finally {
    source.close();
    await db.$client.end();
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
