/** Kept report files (spec §3 reportModule: lists and files): create, list (without the bytes) and get one. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { users, reportFiles } from '../tables';

export type ReportFileFormat = 'csv' | 'xlsx';

export interface NewReportFile {
  funderId: number;
  kind: string;
  period: string;
  format: ReportFileFormat;
  params: Record<string, unknown>;
  fileName: string;
  contentType: string;
  sha256: string;
  data: Buffer;
  createdBy: number | null;
}

/** A kept file as listed: everything but the bytes, with the name of who generated it. */
export interface ReportFileRecord {
  id: number;
  funderId: number;
  kind: string;
  period: string;
  format: ReportFileFormat;
  params: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: number;
}

/** JSON with sorted keys, so equal inputs give equal text. */
export function canonicalJson(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

const recordColumns = {
  id: reportFiles.id,
  funderId: reportFiles.funderId,
  kind: reportFiles.kind,
  period: reportFiles.period,
  format: reportFiles.format,
  params: reportFiles.params,
  fileName: reportFiles.fileName,
  contentType: reportFiles.contentType,
  size: reportFiles.size,
  sha256: reportFiles.sha256,
  createdBy: reportFiles.createdBy,
  createdByName: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
  createdAt: reportFiles.createdAt,
};

/** Stores a generated file (one insert); returns its record. */
export async function createReportFile(db: Tx, input: NewReportFile, now = Date.now()): Promise<ReportFileRecord> {
  const row = (
    await db
      .insert(reportFiles)
      .values({
        funderId: input.funderId,
        kind: input.kind,
        period: input.period,
        format: input.format,
        params: canonicalJson(input.params),
        fileName: input.fileName,
        contentType: input.contentType,
        size: input.data.byteLength,
        sha256: input.sha256,
        data: input.data,
        createdBy: input.createdBy,
        createdAt: now,
      })
      .returning({ id: reportFiles.id })
  )[0]!;
  return (await getReportFileRecord(db, row.id, input.funderId))!;
}

export async function getReportFileRecord(db: DbOrTx, id: number, funderId: number): Promise<ReportFileRecord | undefined> {
  return (
    await db
      .select(recordColumns)
      .from(reportFiles)
      .leftJoin(users, eq(reportFiles.createdBy, users.id))
      .where(and(eq(reportFiles.id, id), eq(reportFiles.funderId, funderId)))
      .limit(1)
  )[0];
}

/** A kept file with its bytes; undefined for an unknown id or another funder's file. */
export async function getReportFile(db: DbOrTx, id: number, funderId: number): Promise<(ReportFileRecord & { data: Buffer }) | undefined> {
  return (
    await db
      .select({ ...recordColumns, data: reportFiles.data })
      .from(reportFiles)
      .leftJoin(users, eq(reportFiles.createdBy, users.id))
      .where(and(eq(reportFiles.id, id), eq(reportFiles.funderId, funderId)))
      .limit(1)
  )[0];
}

/** The funder's kept files, newest first, optionally of one kind; one page and the total. */
export async function listReportFiles(
  db: DbOrTx,
  params: { funderId: number; kind?: string; page: number; perPage: number },
): Promise<{ rows: ReportFileRecord[]; total: number }> {
  const where = and(eq(reportFiles.funderId, params.funderId), params.kind ? eq(reportFiles.kind, params.kind) : undefined);
  const rows = await db
    .select(recordColumns)
    .from(reportFiles)
    .leftJoin(users, eq(reportFiles.createdBy, users.id))
    .where(where)
    .orderBy(desc(reportFiles.createdAt), desc(reportFiles.id))
    .limit(params.perPage)
    .offset((params.page - 1) * params.perPage);
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(reportFiles)
        .where(where)
        .limit(1)
    )[0]?.n ?? 0;
  return { rows, total };
}
