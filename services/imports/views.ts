import type { Db } from '@/db/client';
import { importExceptionRules, importRowsOf, listImportLeases } from '@/db/queries/imports';
import { type TapeImport } from '@/db/schema/imports';
import { tapeImportRows } from '@/db/tables';
import { and, asc, eq, lte } from 'drizzle-orm';
import { givenFields, IMPORT_FIELDS, missingRequired, STATE_FIELDS, type ColumnMapping, type FixedValues } from '@/lib/import/fields';
import { importIdParams, type ImportRecord } from '@/lib/validations/imports';
import { fieldRateReadings, readImport, type InstalmentCheck } from './service';
import { NotFound } from '@/lib/domain/errors';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The API's view of an import. */
export function toImportRecord(imp: TapeImport & { sourceName: string }): ImportRecord {
  const mapping = JSON.parse(imp.mapping) as ColumnMapping;
  const fixed = JSON.parse(imp.fixed) as FixedValues;
  const given = givenFields(mapping, fixed);
  return {
    id: imp.id,
    funderId: imp.funderId,
    source: imp.sourceName,
    fileName: imp.fileName,
    sha256: imp.sha256,
    size: imp.size,
    format: imp.format,
    sheet: imp.sheet,
    sheets: JSON.parse(imp.sheets) as string[],
    encoding: imp.encoding,
    delimiter: imp.delimiter,
    decimal: { detected: imp.detectedDecimal, used: imp.decimal },
    dateFormat: { detected: imp.detectedDateFormat, used: imp.dateFormat },
    mode: imp.mode,
    status: imp.status,
    progress: imp.progress,
    error: imp.errorCode ? { code: imp.errorCode, message: imp.error ?? '' } : null,
    headers: JSON.parse(imp.headers) as string[],
    duplicateHeaders: JSON.parse(imp.duplicateHeaders) as string[],
    mapping,
    fixed,
    rateReadings: fieldRateReadings(imp),
    tapeDate: tapeDateOf(mapping, fixed, imp.tapeDate ?? imp.uploadDay),
    stateFields: STATE_FIELDS.filter((f) => given.has(f)),
    instalmentCheck: imp.instalmentCheck ? (JSON.parse(imp.instalmentCheck) as InstalmentCheck) : null,
    counts: {
      rows: imp.rowCount,
      new: imp.newCount,
      updated: imp.updatedCount,
      unchanged: imp.unchangedCount,
      rejected: imp.rejectedCount,
      warnings: imp.warningCount,
    },
    skipRejected: imp.skipRejected,
    createdBy: imp.createdBy,
    createdAt: iso(imp.createdAt)!,
    validatedAt: iso(imp.validatedAt),
    committedAt: iso(imp.committedAt),
  };
}

/**
 * The tape's date as the dry run shows it (validated: the rows' most common; before: the upload day) and where it
 * comes from: a column (each row's own), a fixed value, or the upload day.
 */
function tapeDateOf(mapping: ColumnMapping, fixed: FixedValues, found: string | null): ImportRecord['tapeDate'] {
  if (Object.values(mapping).includes('tapeDate')) return { value: found, from: 'column' };
  if (fixed.tapeDate) return { value: found, from: 'fixed' };
  return { value: found, from: 'upload' };
}

const PREVIEW_ROWS = 5;

/** Everything the import's page and the wizard show: the record, the preview as read, the leases, the rules. */
export async function importDetail(db: Db, funderId: number, id: number) {
  const imp = await readImport(db, funderId, id);
  const record = toImportRecord(imp);
  const stored = await db
    .select({ row: tapeImportRows.row, action: tapeImportRows.action, result: tapeImportRows.result })
    .from(tapeImportRows)
    .where(and(eq(tapeImportRows.importId, id), lte(tapeImportRows.row, PREVIEW_ROWS)))
    .orderBy(asc(tapeImportRows.row));
  const cells = new Map(
    (
      await importRowsOf(
        db,
        id,
        stored.map((r) => r.row),
      )
    ).map((r) => [r.row, r.cells]),
  );
  const preview = stored.map((r) => {
    const result = r.result ? (JSON.parse(r.result) as { lease: Record<string, unknown>; lessee: Record<string, unknown> }) : null;
    return { row: r.row, cells: cells.get(r.row) ?? [], action: r.action, lease: result ? { ...result.lessee, ...result.lease } : null };
  });
  return {
    import: record,
    missingRequired: missingRequired(record.mapping, record.fixed),
    fields: [...IMPORT_FIELDS],
    preview,
    // Only a committed import has leases (the commit sets them): before, the join would read every row of the tape for none.
    leases: imp.status === 'committed' ? await listImportLeases(db, id) : [],
    rules: await importExceptionRules(db, id),
  };
}

/** The {id} of an import route; anything but a positive integer is an unknown import (404). */
export function importIdOf(params: Record<string, string | string[]>): number {
  const parsed = importIdParams.safeParse(params);
  if (!parsed.success) throw new NotFound('No import has this id.');
  return parsed.data.id;
}
