import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * The data layer is async (ARCHITECTURE.md "Two database engines, one data layer"): every exported query function that
 * takes a database handle returns a promise, so that a PostgreSQL pool can serve it; transactions await
 * (db/transaction.ts). These are the ones still synchronous, because a synchronous caller needs them: the seed's bulk
 * load (one better-sqlite3 transaction), a synchronous generator of export batches, or the book engine's catch-up. The
 * list only shrinks: a function made async must leave it, and no new synchronous query may join it.
 */
const KEPT_SYNC: Record<string, string[]> = {
  'db/queries/audit.ts': ['iterateAudit*', 'pageAudit', 'recordAudit'],
  'db/queries/book-changes.ts': ['bookChangeStamp', 'bookChangesSince', 'recordBookChange'],
  'db/queries/change-memo.ts': ['readUntilChange'],
  'db/queries/credit.ts': ['creditLedgerRows', 'leaseCurrencyOf', 'lesseeKinds', 'listActiveFlags', 'listCreditFlags', 'listWriteOffs'],
  'db/queries/facilities.ts': [
    'facilityOutstanding',
    'getCertificate',
    'getDraw',
    'getFacility',
    'getMetricResults',
    'keepMetricResult',
    'pendingCertificate',
  ],
  'db/queries/funder-access.ts': ['assignFunders'],
  'db/queries/funders.ts': ['getFunder', 'listFunders'],
  'db/queries/history.ts': ['bookExtent', 'hasSnapshotMonth', 'historyLeaseTerms', 'leaseSnapshotBatches*', 'snapshotMonthsIn'],
  'db/queries/imports.ts': ['getImport', 'iterateImportExceptions*', 'listImportExceptions', 'readCommitRows'],
  'db/queries/lease-register.ts': ['iterateLeases*', 'iterateLeasesByIds*', 'listStatusHistories'],
  'db/queries/opening-positions.ts': ['openingPositionOfLease', 'openingPositionsOf'],
  'db/queries/payments.ts': ['instalmentsOfLease', 'listPayments', 'recomputeLeaseAllocations', 'recordPaymentIn'],
  'db/queries/portfolio.ts': ['listPortfolioLeases'],
  'db/queries/prepared.ts': ['statementFor'],
  'db/queries/scenarios.ts': ['createScenario'],
  'db/queries/servicing.ts': [
    'bookLeases',
    'bookLeasesByIds',
    'leaseLabelsByIds',
    'lesseeLabelsByIds',
    'loadServicingLedgers',
    'paymentListsOfBook',
    'paymentListsOfLeases',
    'reversalsOfBook',
    'reversalsOfLeases',
    'scheduleListsOfBook',
    'scheduleListsOfLeases',
  ],
  'db/queries/user-directory.ts': ['iterateDirectoryUsers*'],
  'db/queries/users.ts': ['countUsers', 'createUser', 'getUserByEmail'],
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
