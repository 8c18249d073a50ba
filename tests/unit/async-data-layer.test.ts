import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * The data layer is async (ARCHITECTURE.md "Two database engines, one data layer"): every exported query function that
 * takes a database handle returns a promise, so that a PostgreSQL pool can serve it; transactions await
 * (db/transaction.ts). These are the ones still synchronous, because a synchronous caller needs them: the bulk lease
 * writer of the tape import (getFunderSync; it runs on a worker's connection), the import's synchronous commit
 * generator, and the demo seed's ledger read (loadServicingLedgers, openingPositionsOf), which is SQLite-only like the
 * seed's bulk load (db/seed/sqlite.ts). The book engine's catch-up and the writes are async (#35), but for the import's. The list only
 * shrinks: a function made async must leave it, and no new synchronous query may join it.
 */
const KEPT_SYNC: Record<string, string[]> = {
  'db/queries/change-memo.ts': ['readUntilChange'],
  'db/queries/funders.ts': ['getFunderSync'],
  'db/queries/opening-positions.ts': ['openingPositionsOf'],
  'db/queries/prepared.ts': ['statementFor'],
  'db/queries/servicing.ts': ['loadServicingLedgers'],
};

const root = path.join(__dirname, '..', '..');

function queryFunctions(): { file: string; name: string; isAsync: boolean }[] {
  const out: { file: string; name: string; isAsync: boolean }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        const sf = ts.createSourceFile(p, fs.readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
        for (const st of sf.statements) {
          if (!ts.isFunctionDeclaration(st) || !st.name || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
          if (!st.parameters.some((prm) => prm.type && /\b(Db|DbOrTx|Tx)\b/.test(prm.type.getText(sf)))) continue;
          const isAsync = st.modifiers.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
          out.push({
            file: path.relative(root, p).split(path.sep).join('/'),
            name: `${st.name.text}${st.asteriskToken ? '*' : ''}`,
            isAsync,
          });
        }
      }
    }
  };
  walk(path.join(root, 'db', 'queries'));
  return out;
}

describe('the async data layer', () => {
  const fns = queryFunctions();

  test('finds the query functions', () => {
    expect(fns.length).toBeGreaterThan(250);
  });

  test('every query function taking a database returns a promise, but for the listed synchronous ones', () => {
    const unexpected = fns.filter((f) => !f.isAsync && !KEPT_SYNC[f.file]?.includes(f.name)).map((f) => `${f.file}: ${f.name}`);
    expect(unexpected).toEqual([]);
  });

  test('the list of synchronous ones names only functions that exist and are still synchronous (it only shrinks)', () => {
    const stale = Object.entries(KEPT_SYNC).flatMap(([file, names]) =>
      names.filter((n) => !fns.some((f) => f.file === file && f.name === n && !f.isAsync)).map((n) => `${file}: ${n}`),
    );
    expect(stale).toEqual([]);
  });

  test('most of the data layer is async already', () => {
    const kept = Object.values(KEPT_SYNC).flat().length;
    expect(kept / fns.length).toBeLessThan(0.4);
  });
});

/**
 * The query bodies run on both engines (#35): drizzle builders are awaited, SQL written by hand goes through
 * db/dialect.ts. What still speaks to better-sqlite3 itself — `.all()`, `.get()` or `.run()` of a builder,
 * `statementFor`, `sqliteOf`, `.prepare(`, `$client` — is counted per file here: the synchronous functions above (the
 * book engine's catch-up, the export generators) and the tape import's SQLite path. A file's count may only go down
 * (and the list with it). The engine-specific files are not counted: the connections, the transactions, the dialect
 * layer, the SQLite-only seed and tools.
 */
const SQLITE_ONLY: Record<string, number> = {
  'db/queries/change-memo.ts': 5,
  'db/queries/funders.ts': 1,
  // The SQLite commit in the writer's turns (#35 item 5): its worker's statements (WorkerSink.prepare).
  'db/queries/imports.ts': 4,
  'db/queries/lease-bulk.ts': 4,
  'db/queries/opening-positions.ts': 1,
  'db/queries/servicing.ts': 3,
  'services/imports/service.ts': 1,
};
/** The files that open, close and copy the engines' connections (each engine by its own driver), not query code. */
const ENGINE_FILES =
  /^(db\/(seed\/|client\.ts|transaction\.ts|dialect\.ts|copy\.ts|write-worker\.ts|checkpoint\.ts|pg-client\.ts|queries\/prepared\.ts|schema|tables\.ts|index\.ts)|services\/database\/)/;

function sqliteOnlyForms(): Record<string, number> {
  const counts: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
        continue;
      }
      if (!/\.tsx?$/.test(e.name)) continue;
      const rel = path.relative(root, p).split(path.sep).join('/');
      if (ENGINE_FILES.test(rel)) continue;
      const sf = ts.createSourceFile(p, fs.readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
      let n = 0;
      const visit = (x: ts.Node) => {
        if (ts.isCallExpression(x)) {
          const callee = x.expression;
          if (ts.isIdentifier(callee) && (callee.text === 'statementFor' || callee.text === 'sqliteOf')) n++;
          if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'prepare') n++;
          if (ts.isPropertyAccessExpression(callee) && x.arguments.length === 0 && ['all', 'get', 'run'].includes(callee.name.text)) n++;
        }
        if (ts.isPropertyAccessExpression(x) && x.name.text === '$client') n++;
        ts.forEachChild(x, visit);
      };
      visit(sf);
      if (n > 0) counts[rel] = n;
    }
  };
  for (const d of ['app', 'components', 'lib', 'services', 'db']) walk(path.join(root, d));
  return counts;
}

describe('one data layer over both engines', () => {
  const found = sqliteOnlyForms();

  test('SQLite-only forms appear only in the listed files, no more often than listed', () => {
    const over = Object.entries(found)
      .filter(([file, n]) => n > (SQLITE_ONLY[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} (listed ${SQLITE_ONLY[file] ?? 0})`);
    expect(over).toEqual([]);
  });

  test('the list only shrinks: a file with fewer than listed is listed with its new count', () => {
    const under = Object.entries(SQLITE_ONLY)
      .filter(([file, n]) => (found[file] ?? 0) < n)
      .map(([file, n]) => `${file}: ${found[file] ?? 0} (listed ${n})`);
    expect(under).toEqual([]);
  });
});

/**
 * drizzle's SQLite builders take a LIMIT on an UPDATE or DELETE … RETURNING; PostgreSQL's have none, and the call
 * fails there at run time (`….returning(...).limit is not a function`), which the SQLite-typed code cannot show.
 */
test('no UPDATE or DELETE … RETURNING is given a LIMIT', () => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && /\.returning\([^)]*\)\s*\.limit\(/.test(fs.readFileSync(p, 'utf8')))
        found.push(path.relative(root, p));
    }
  };
  for (const dir of ['db', 'services', 'app', 'lib']) walk(path.join(root, dir));
  expect(found).toEqual([]);
});
