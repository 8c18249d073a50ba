import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { stratExportTable } from '@/services/reports/service';
import { stratificationScreen } from '@/services/reports/screens';
import { requestClock } from '@/lib/clock';
import { stratificationQuery } from '@/lib/validations/reports';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/stratification?dimension=&asOf=&funderId= — per currency, the buckets of the dimension
 * (count, shares, outstanding, average balance, WA rate/terms/seasoning), the totals (= the Summary's)
 * and the top-10 lessees. `format=csv|xlsx` downloads the table instead (headers in `locale`).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, stratificationQuery);
  const { cutOff, strat } = await stratificationScreen(getDb(), query.funderId, query, requestClock());
  if (!query.format) return Response.json(strat);
  const t = await getTranslations({ locale: query.locale, namespace: 'reports' });
  const format = await getFormatter({ locale: query.locale });
  const { columns, rows } = stratExportTable(strat, (k, v) => t(k as never, v as never), format);
  return exportResponse(
    query.format,
    `stratification-${query.dimension}-f${query.funderId}-${cutOff}`,
    columns,
    [rows],
    t('strat.sheetName'),
  );
});
