import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { iterateImportExceptions, listImportExceptions, type ImportExceptionRow } from '@/db/queries/imports';
import { exportResponse, type ExportColumn } from '@/lib/exports';
import { importExceptionsQuery } from '@/lib/validations/imports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { readImport } from '@/services/imports/service';
import { importIdOf } from '@/services/imports/views';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases/imports/{id}/exceptions — the dry run's exceptions (row, column, value, rule,
 * message in `locale`), paged and filterable by rule; `format=csv` downloads them all.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const q = parseQuery(req, importExceptionsQuery);
  const db = getDb();
  const id = importIdOf(params);
  readImport(db, q.funderId, id);
  const t = await getTranslations({ locale: q.locale, namespace: 'tapeImport' });
  const message = (e: ImportExceptionRow) =>
    t(
      `rules.${e.rule}` as never,
      {
        value: e.value,
        field: e.field ? t(`fields.${e.field}` as never) : e.column,
        format: e.params.format ? t(`dateFormats.${e.params.format}` as never) : '',
        allowed: e.params.allowed ?? '',
        row: e.params.row ?? '',
        origination: e.params.origination ?? '',
        expected: e.params.expected ?? '',
        currency: e.params.currency ?? '',
        date: e.params.date ?? '',
      } as never,
    );
  if (q.format === 'csv') {
    const columns: ExportColumn<ImportExceptionRow>[] = [
      { id: 'row', header: t('csv.row'), kind: 'integer', value: (e) => e.row },
      { id: 'column', header: t('csv.column'), kind: 'text', value: (e) => e.column },
      { id: 'field', header: t('csv.field'), kind: 'text', value: (e) => (e.field ? t(`fields.${e.field}` as never) : '') },
      { id: 'value', header: t('csv.value'), kind: 'text', value: (e) => e.value },
      { id: 'rule', header: t('csv.rule'), kind: 'text', value: (e) => e.rule },
      { id: 'severity', header: t('csv.severity'), kind: 'text', value: (e) => t(`dryRun.${e.severity}` as never) },
      { id: 'message', header: t('csv.message'), kind: 'text', value: message },
    ];
    return exportResponse('csv', `import-${id}-exceptions`, columns, iterateImportExceptions(db, id, q.rule));
  }
  const { rows, total } = listImportExceptions(db, id, { rule: q.rule, severity: q.severity, page: q.page, perPage: q.perPage });
  return Response.json({ rows: rows.map((e) => ({ ...e, message: message(e) })), total, page: q.page, perPage: q.perPage });
});
