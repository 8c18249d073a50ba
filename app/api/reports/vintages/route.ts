import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { exportResponse } from '@/lib/exports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { vintageExportColumns } from '@/services/history/exports';
import { vintagesScreen } from '@/services/history/performance-screen';
import { requestClock } from '@/lib/clock';
import { requireFunder } from '@/services/reports/service';
import { vintagesQuery } from '@/lib/validations/history';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/vintages?by=purchase|origination&measure=default|netLoss&from=&to=&currency= — one
 * cumulative curve per cohort quarter over the closed months' snapshots. `format=csv|xlsx` downloads one
 * row per cohort and month.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, vintagesQuery);
  const db = getDb();
  await requireFunder(db, query.funderId);
  const { report } = await vintagesScreen(db, query.funderId, query, requestClock());
  if (query.format) {
    const t = await getTranslations({ locale: query.locale, namespace: 'history' });
    const tr = (k: string, v?: Record<string, string | number>) => t(k as never, v as never);
    const rows = report.curves.flatMap((c) => c.points.map((p) => ({ ...p, cohort: c.cohort, leases: c.leases })));
    return exportResponse(
      query.format,
      `vintages-f${query.funderId}-${report.by}-${report.measure}-${report.currency ?? 'none'}`,
      vintageExportColumns(tr, report.currency ?? ''),
      [rows],
      t('vintages.sheetName'),
    );
  }
  return Response.json(report);
});
