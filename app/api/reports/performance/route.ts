import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { exportResponse } from '@/lib/exports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { performanceExportColumns } from '@/services/history/exports';
import { performanceScreen } from '@/services/history/performance-screen';
import { requestClock } from '@/lib/clock';
import { requireFunder } from '@/services/reports/service';
import { performanceQuery } from '@/lib/validations/history';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/performance?from=&to=&currency= — per month SMM/CPR, MDR/CDR, pool factor, 30+/60+/90+
 * delinquency ratios and cumulative net loss % (domain.md §9); closed months from their snapshots, the
 * current month live. `format=csv|xlsx` downloads the table.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, performanceQuery);
  const db = getDb();
  await requireFunder(db, query.funderId);
  const { report } = await performanceScreen(db, query.funderId, query, requestClock());
  if (query.format) {
    const t = await getTranslations({ locale: query.locale, namespace: 'history' });
    const tr = (k: string, v?: Record<string, string | number>) => t(k as never, v as never);
    return exportResponse(
      query.format,
      `performance-f${query.funderId}-${report.currency ?? 'none'}-${report.from}-${report.to}`,
      performanceExportColumns(tr, report.currency ?? ''),
      [report.rows],
      t('performance.sheetName'),
    );
  }
  return Response.json(report);
});
