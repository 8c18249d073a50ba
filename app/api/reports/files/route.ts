import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { listReportFiles } from '@/db/queries/report-files';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { generateKeptFile, requireFunder } from '@/services/reports/service';
import { createReportFileBody, reportFileQuery, reportFilesQuery } from '@/lib/validations/reports';

export const dynamic = 'force-dynamic';

/** GET /api/reports/files?kind=&page=&perPage= — the funder's kept report files, newest first (no bytes). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, reportFilesQuery);
  const db = getDb();
  await requireFunder(db, query.funderId);
  return Response.json(await listReportFiles(db, query));
});

/**
 * POST /api/reports/files {kind, month, format, locale?} — generates the servicing report of the month as
 * CSV or XLSX, keeps it and answers 201 with its record. Regenerating gives the same bytes (sha256).
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, reportFileQuery);
  const body = await parseBody(req, createReportFileBody);
  const db = getDb();
  const funder = await requireFunder(db, funderId);
  const t = await getTranslations({ locale: body.locale, namespace: 'reports' });
  const record = await generateKeptFile(db, funder, body, principal.user.id, (id) => t(`columns.${id}` as never), {
    lines: t('files.sheetLines'),
    totals: t('files.sheetTotals'),
  });
  return Response.json(record, { status: 201 });
});
