import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { iterateImportExceptions, listImportExceptions, type ImportExceptionRow } from '@/db/queries/imports';
import { exportResponse, type ExportColumn } from '@/lib/exports';
import { importExceptionsQuery } from '@/lib/validations/imports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { readImport } from '@/services/imports/service';
import { importIdOf } from '@/services/imports/views';
import { exceptionMessage, exceptionRowText, type TapeImportTranslate } from '@/components/tape-import/exception-message';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases/imports/{id}/exceptions — the dry run's exceptions (row, column, value, rule,
 * message in `locale`: amounts as money, fractions as percentages, dates in the locale), paged and
 * filterable by rule; `format=csv` downloads them all (a file-level exception's row reads "file").
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const q = await parseQuery(req, importExceptionsQuery);
  const db = getDb();
  const id = importIdOf(params);
  await readImport(db, q.funderId, id);
  const t = await getTranslations({ locale: q.locale, namespace: 'tapeImport' });
  const tr = t as unknown as TapeImportTranslate;
  const message = (e: ImportExceptionRow) => exceptionMessage(tr, q.locale, e);
  if (q.format === 'csv') {
    const columns: ExportColumn<ImportExceptionRow>[] = [
      { id: 'row', header: t('csv.row'), kind: 'integer', value: (e) => (e.row === 0 ? exceptionRowText(tr, 0) : e.row) },
      { id: 'column', header: t('csv.column'), kind: 'text', value: (e) => e.column },
      { id: 'field', header: t('csv.field'), kind: 'text', value: (e) => (e.field ? t(`fields.${e.field}` as never) : '') },
      { id: 'value', header: t('csv.value'), kind: 'text', value: (e) => e.value },
      { id: 'rule', header: t('csv.rule'), kind: 'text', value: (e) => e.rule },
      { id: 'severity', header: t('csv.severity'), kind: 'text', value: (e) => t(`dryRun.${e.severity}` as never) },
      { id: 'message', header: t('csv.message'), kind: 'text', value: message },
    ];
    return exportResponse('csv', `import-${id}-exceptions`, columns, iterateImportExceptions(db, id, q.rule));
  }
  const { rows, total } = await listImportExceptions(db, id, { rule: q.rule, severity: q.severity, page: q.page, perPage: q.perPage });
  return Response.json({ rows: rows.map((e) => ({ ...e, message: message(e) })), total, page: q.page, perPage: q.perPage });
});
