import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Subquery } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  writeOffs,
  facilities,
  facilityCertificates,
  facilityCovenants,
  tapeImportSources,
  tapeImports,
  leases,
  lessees,
  paymentImports,
  reportFiles,
} from '../tables';
import { LIKE } from '../dialect';

/**
 * The navbar search over the domain (services/search/main-search.ts): each kind of record searched in the funders
 * given, in their order (the current funder first), at most `limit` rows. Text is matched literally (`%` and `_` are
 * escaped) and case-insensitively for ASCII (SQLite's LIKE). On a 100,000-lease book every query is bounded: contract
 * numbers and lessee names are first looked up as a prefix (an index seek), then the "contains" pass walks the
 * funder's index in order and stops at the limit, and a count stops at SEARCH_COUNT_CAP + 1 matches. A query that
 * matches nothing reads each funder's contract-number index once (≈ 15 ms per 100,000 leases on a laptop core).
 */

/** Matches are counted up to this many: the dialog says "100+" beyond. */
export const SEARCH_COUNT_CAP = 100;

/** What a kind is searched by: a text, or every record of the kind (the query named the kind itself, e.g. "covenant"). */
export type RecordMatch = { text: string } | 'all';

export type Counted<T> = { rows: T[]; count: number; countCapped: boolean };

const LIKE_SPECIAL = /[\\%_]/g;

/**
 * A literal LIKE pattern: `%text%` (contains) or `text%` (prefix). The ESCAPE clause is added only when the text
 * holds `%`, `_` or `\`: SQLite's LIKE with an ESCAPE runs at half the speed over a book's 100,000 contract numbers.
 */
type LikePattern = { pattern: string; escaped: boolean };
const containsPattern = (text: string): LikePattern => pattern(text, '%');
const prefixPattern = (text: string): LikePattern => pattern(text, '');
function pattern(text: string, lead: '%' | ''): LikePattern {
  const escaped = /[\\%_]/.test(text);
  return { pattern: `${lead}${escaped ? text.replace(LIKE_SPECIAL, (c) => `\\${c}`) : text}%`, escaped };
}
const like = (column: AnyColumn, p: LikePattern): SQL =>
  p.escaped ? sql`${column} ${LIKE} ${p.pattern} escape '\\'` : sql`${column} ${LIKE} ${p.pattern}`;

/** SQLite's BINARY order for the texts the search compares (no surrogate pairs in contract numbers or names). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The largest code point: `column >= text and column < text + MAX_CHAR` holds the values starting with text. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/**
 * The rows whose text starts with `text` as typed, capitalised or in capitals — an index seek each (the column
 * compares case-sensitively), at most `n` each, the caller orders them: contract numbers are usually in capitals,
 * names capitalised; other spellings are left to the case-insensitive "contains" pass.
 */
async function prefixSeek<T extends { id: number }>(
  text: string,
  n: number,
  read: (from: string, to: string, n: number) => Promise<T[]>,
): Promise<T[]> {
  const variants = [...new Set([text, text.charAt(0).toLocaleUpperCase('en') + text.slice(1), text.toLocaleUpperCase('en')])];
  const seen = new Set<number>();
  const out: T[] = [];
  for (const v of variants) {
    for (const row of await read(v, v + MAX_CHAR, n)) {
      if (!seen.has(row.id)) {
        seen.add(row.id);
        out.push(row);
      }
    }
  }
  return out;
}

/** Rows of each funder in turn until `limit` are found: the current funder's hits come first, and each query has its own LIMIT. */
async function perFunder<T>(
  funderIds: readonly number[],
  limit: number,
  read: (funderId: number, n: number) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  for (const funderId of funderIds) {
    if (out.length >= limit) break;
    out.push(...(await read(funderId, limit - out.length)));
  }
  return out;
}

/** `count(*)` over a subquery already limited to SEARCH_COUNT_CAP + 1 rows. */
async function cappedCount(db: DbOrTx, hits: Subquery): Promise<{ count: number; countCapped: boolean }> {
  const n = Number(
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(hits)
        .limit(1)
    )[0]?.n ?? 0,
  );
  return { count: Math.min(n, SEARCH_COUNT_CAP), countCapped: n > SEARCH_COUNT_CAP };
}

/**
 * The rows found and their count: fewer rows than the limit over every funder is the whole count; otherwise the
 * matches are counted (up to the cap) by `count`.
 */
async function counted<T>(rows: T[], limit: number, count: () => Promise<{ count: number; countCapped: boolean }>): Promise<Counted<T>> {
  return rows.length < limit ? { rows, count: rows.length, countCapped: false } : { rows, ...(await count()) };
}

const ONE = { one: sql<number>`1` };

export type LeaseHit = { id: number; funderId: number; contractNumber: string; lesseeName: string };

/**
 * Leases by contract number: prefix matches first, then those containing the text, each in contract-number order
 * (the unique index on funder and contract number: an index-only walk that stops at the limit). Empty text: the
 * first leases by contract number.
 */
export async function searchLeaseHits(db: DbOrTx, funderIds: readonly number[], text: string, limit: number): Promise<Counted<LeaseHit>> {
  const contains = containsPattern(text);
  const page = async (funderId: number, where: SQL | undefined, n: number) =>
    await db
      .select({ id: leases.id, funderId: leases.funderId, contractNumber: leases.contractNumber })
      .from(leases)
      .where(and(eq(leases.funderId, funderId), where))
      .orderBy(asc(leases.contractNumber))
      .limit(n);
  const found = await perFunder(funderIds, limit, async (funderId, n) => {
    if (!text) return await page(funderId, undefined, n);
    const first = (
      await prefixSeek(
        text,
        n,
        async (from, to, m) => await page(funderId, and(gte(leases.contractNumber, from), lt(leases.contractNumber, to)), m),
      )
    )
      .sort((x, y) => byText(x.contractNumber, y.contractNumber))
      .slice(0, n);
    if (first.length >= n) return first;
    const others =
      first.length > 0
        ? notInArray(
            leases.id,
            first.map((r) => r.id),
          )
        : undefined;
    return [...first, ...(await page(funderId, and(like(leases.contractNumber, contains), others), n - first.length))];
  });
  // The lessee names of the rows found only: joined in the walk above, every match would read its lease row.
  const names = new Map(
    found.length === 0
      ? []
      : (
          await db
            .select({ id: leases.id, name: lessees.name })
            .from(leases)
            .innerJoin(lessees, eq(lessees.id, leases.lesseeId))
            .where(
              inArray(
                leases.id,
                found.map((r) => r.id),
              ),
            )
        ).map((r) => [r.id, r.name] as const),
  );
  const rows = found.map((r) => ({ ...r, lesseeName: names.get(r.id) ?? '' }));
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(leases)
          .where(and(inArray(leases.funderId, [...funderIds]), text ? like(leases.contractNumber, contains) : undefined))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}

export type LesseeHit = { id: number; funderId: number; name: string; idOdoo: string | null; taxId: string };

/** Lessees by name (prefix matches first), ERP id or tax id, in name order. Empty text: the first lessees by name. */
export async function searchLesseeHits(db: DbOrTx, funderIds: readonly number[], text: string, limit: number): Promise<Counted<LesseeHit>> {
  const contains = containsPattern(text);
  const anyField = or(like(lessees.name, contains), like(lessees.idOdoo, contains), like(lessees.taxId, contains));
  const page = async (funderId: number, where: SQL | undefined, n: number) =>
    await db
      .select({ id: lessees.id, funderId: lessees.funderId, name: lessees.name, idOdoo: lessees.idOdoo, taxId: lessees.taxId })
      .from(lessees)
      .where(and(eq(lessees.funderId, funderId), where))
      .orderBy(asc(lessees.name), asc(lessees.id))
      .limit(n);
  const rows = await perFunder(funderIds, limit, async (funderId, n) => {
    if (!text) return await page(funderId, undefined, n);
    const first = (
      await prefixSeek(text, n, async (from, to, m) => await page(funderId, and(gte(lessees.name, from), lt(lessees.name, to)), m))
    )
      .sort((x, y) => byText(x.name, y.name) || x.id - y.id)
      .slice(0, n);
    if (first.length >= n) return first;
    const others =
      first.length > 0
        ? notInArray(
            lessees.id,
            first.map((r) => r.id),
          )
        : undefined;
    return [...first, ...(await page(funderId, and(anyField, others), n - first.length))];
  });
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(lessees)
          .where(and(inArray(lessees.funderId, [...funderIds]), text ? anyField : undefined))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}

export type FacilityHit = { id: number; funderId: number; name: string; lender: string; currency: string };

/** Facilities by name or lender, in name order. */
export async function searchFacilityHits(
  db: DbOrTx,
  funderIds: readonly number[],
  match: RecordMatch,
  limit: number,
): Promise<Counted<FacilityHit>> {
  const where =
    match === 'all'
      ? undefined
      : or(like(facilities.name, containsPattern(match.text)), like(facilities.lender, containsPattern(match.text)));
  const rows = await perFunder(
    funderIds,
    limit,
    async (funderId, n) =>
      await db
        .select({
          id: facilities.id,
          funderId: facilities.funderId,
          name: facilities.name,
          lender: facilities.lender,
          currency: facilities.currency,
        })
        .from(facilities)
        .where(and(eq(facilities.funderId, funderId), where))
        .orderBy(asc(facilities.name), asc(facilities.id))
        .limit(n),
  );
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(facilities)
          .where(and(inArray(facilities.funderId, [...funderIds]), where))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}

export type CovenantHit = { id: number; funderId: number; facilityId: number; facilityName: string; metric: string };

/** Covenants of the metrics given (their names, which the caller matched in the user's language), by facility. */
export async function searchCovenantHits(
  db: DbOrTx,
  funderIds: readonly number[],
  match: 'all' | { metrics: readonly string[] },
  limit: number,
): Promise<Counted<CovenantHit>> {
  if (match !== 'all' && match.metrics.length === 0) return { rows: [], count: 0, countCapped: false };
  const where =
    match === 'all' ? undefined : inArray(facilityCovenants.metric, match.metrics as (typeof facilityCovenants.metric._.data)[]);
  const rows = await perFunder(
    funderIds,
    limit,
    async (funderId, n) =>
      await db
        .select({
          id: facilityCovenants.id,
          funderId: facilities.funderId,
          facilityId: facilities.id,
          facilityName: facilities.name,
          metric: facilityCovenants.metric,
        })
        .from(facilityCovenants)
        .innerJoin(facilities, eq(facilities.id, facilityCovenants.facilityId))
        .where(and(eq(facilities.funderId, funderId), where))
        .orderBy(asc(facilities.name), asc(facilityCovenants.id))
        .limit(n),
  );
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(facilityCovenants)
          .innerJoin(facilities, eq(facilities.id, facilityCovenants.facilityId))
          .where(and(inArray(facilities.funderId, [...funderIds]), where))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}

export type CertificateHit = { id: number; funderId: number; facilityId: number; facilityName: string; asOf: string; status: string };

/** Borrowing-base certificates by as-of date (a prefix: "2026-10") or facility name, newest first. The files are not read. */
export async function searchCertificateHits(
  db: DbOrTx,
  funderIds: readonly number[],
  match: RecordMatch,
  limit: number,
): Promise<Counted<CertificateHit>> {
  const where =
    match === 'all'
      ? undefined
      : or(like(facilityCertificates.asOf, prefixPattern(match.text)), like(facilities.name, containsPattern(match.text)));
  const rows = await perFunder(
    funderIds,
    limit,
    async (funderId, n) =>
      await db
        .select({
          id: facilityCertificates.id,
          funderId: facilities.funderId,
          facilityId: facilities.id,
          facilityName: facilities.name,
          asOf: facilityCertificates.asOf,
          status: facilityCertificates.status,
        })
        .from(facilityCertificates)
        .innerJoin(facilities, eq(facilities.id, facilityCertificates.facilityId))
        .where(and(eq(facilities.funderId, funderId), where))
        .orderBy(desc(facilityCertificates.asOf), desc(facilityCertificates.id))
        .limit(n),
  );
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(facilityCertificates)
          .innerJoin(facilities, eq(facilities.id, facilityCertificates.facilityId))
          .where(and(inArray(facilities.funderId, [...funderIds]), where))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}

export type WriteOffHit = {
  id: number;
  funderId: number;
  leaseId: number;
  contractNumber: string;
  writeOffOn: string;
  status: string;
};

/** Write-offs by the contract number of their lease, newest first. */
export async function searchWriteOffHits(
  db: DbOrTx,
  funderIds: readonly number[],
  match: RecordMatch,
  limit: number,
): Promise<Counted<WriteOffHit>> {
  const where = match === 'all' ? undefined : like(leases.contractNumber, containsPattern(match.text));
  const rows = await perFunder(
    funderIds,
    limit,
    async (funderId, n) =>
      await db
        .select({
          id: writeOffs.id,
          funderId: writeOffs.funderId,
          leaseId: writeOffs.leaseId,
          contractNumber: leases.contractNumber,
          writeOffOn: writeOffs.writeOffOn,
          status: writeOffs.status,
        })
        .from(writeOffs)
        .innerJoin(leases, eq(leases.id, writeOffs.leaseId))
        .where(and(eq(writeOffs.funderId, funderId), where))
        .orderBy(desc(writeOffs.writeOffOn), desc(writeOffs.id))
        .limit(n),
  );
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(writeOffs)
          .innerJoin(leases, eq(leases.id, writeOffs.leaseId))
          .where(and(inArray(writeOffs.funderId, [...funderIds]), where))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}

export type ImportHit =
  | { source: 'tape'; id: number; funderId: number; fileName: string; sourceName: string; createdAt: number }
  | { source: 'payments'; id: number; funderId: number; fileName: string; sourceName: null; createdAt: number };

/** Tape imports (by file name or source) and bank-statement imports (by file name), newest first. */
export async function searchImportHits(
  db: DbOrTx,
  funderIds: readonly number[],
  match: RecordMatch,
  limit: number,
): Promise<Counted<ImportHit>> {
  const pattern = match === 'all' ? null : containsPattern(match.text);
  const tapeWhere = pattern === null ? undefined : or(like(tapeImports.fileName, pattern), like(tapeImportSources.name, pattern));
  const paymentWhere = pattern === null ? undefined : like(paymentImports.fileName, pattern);
  const rows = await perFunder(funderIds, limit, async (funderId, n): Promise<ImportHit[]> => {
    const tape = (
      await db
        .select({
          id: tapeImports.id,
          funderId: tapeImports.funderId,
          fileName: tapeImports.fileName,
          sourceName: tapeImportSources.name,
          createdAt: tapeImports.createdAt,
        })
        .from(tapeImports)
        .innerJoin(tapeImportSources, eq(tapeImportSources.id, tapeImports.sourceId))
        .where(and(eq(tapeImports.funderId, funderId), tapeWhere))
        .orderBy(desc(tapeImports.id))
        .limit(n)
    ).map((r) => ({ source: 'tape' as const, ...r }));
    const payments = (
      await db
        .select({
          id: paymentImports.id,
          funderId: paymentImports.funderId,
          fileName: paymentImports.fileName,
          createdAt: paymentImports.createdAt,
        })
        .from(paymentImports)
        .where(and(eq(paymentImports.funderId, funderId), paymentWhere))
        .orderBy(desc(paymentImports.id))
        .limit(n)
    ).map((r) => ({ source: 'payments' as const, sourceName: null, ...r }));
    return [...tape, ...payments].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).slice(0, n);
  });
  return await counted(rows, limit, async () => {
    const ids = [...funderIds];
    const tape = await cappedCount(
      db,
      db
        .select(ONE)
        .from(tapeImports)
        .innerJoin(tapeImportSources, eq(tapeImportSources.id, tapeImports.sourceId))
        .where(and(inArray(tapeImports.funderId, ids), tapeWhere))
        .limit(SEARCH_COUNT_CAP + 1)
        .as('hits'),
    );
    const payments = await cappedCount(
      db,
      db
        .select(ONE)
        .from(paymentImports)
        .where(and(inArray(paymentImports.funderId, ids), paymentWhere))
        .limit(SEARCH_COUNT_CAP + 1)
        .as('hits'),
    );
    const total = tape.count + payments.count;
    return { count: Math.min(total, SEARCH_COUNT_CAP), countCapped: tape.countCapped || payments.countCapped || total > SEARCH_COUNT_CAP };
  });
}

export type ReportFileHit = {
  id: number;
  funderId: number;
  kind: string;
  period: string;
  format: string;
  fileName: string;
  createdAt: number;
};

/**
 * Kept report files by report (the kinds whose names the caller matched in the user's language), file name or
 * period (a prefix: "2026-10"), newest first. The files' bytes are not read.
 */
export async function searchReportFileHits(
  db: DbOrTx,
  funderIds: readonly number[],
  match: 'all' | { text: string; kinds: readonly string[] },
  limit: number,
): Promise<Counted<ReportFileHit>> {
  const where =
    match === 'all'
      ? undefined
      : or(
          like(reportFiles.fileName, containsPattern(match.text)),
          like(reportFiles.period, prefixPattern(match.text)),
          match.kinds.length > 0 ? inArray(reportFiles.kind, [...match.kinds]) : undefined,
        );
  const rows = await perFunder(
    funderIds,
    limit,
    async (funderId, n) =>
      await db
        .select({
          id: reportFiles.id,
          funderId: reportFiles.funderId,
          kind: reportFiles.kind,
          period: reportFiles.period,
          format: reportFiles.format,
          fileName: reportFiles.fileName,
          createdAt: reportFiles.createdAt,
        })
        .from(reportFiles)
        .where(and(eq(reportFiles.funderId, funderId), where))
        .orderBy(desc(reportFiles.createdAt), desc(reportFiles.id))
        .limit(n),
  );
  return await counted(
    rows,
    limit,
    async () =>
      await cappedCount(
        db,
        db
          .select(ONE)
          .from(reportFiles)
          .where(and(inArray(reportFiles.funderId, [...funderIds]), where))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('hits'),
      ),
  );
}
