import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { servicingReportScreen } from '@/services/reports/servicing-report-screen';
import { requireFunder } from '@/services/reports/service';
import { servicingReportParams, servicingReportQuery } from '@/lib/validations/reports';
import { requestClock } from '@/lib/clock';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/servicing/{draws|distributions|collections|liability|vat|total-cf}?month=YYYY-MM —
 * the month's report (default: the last complete month): typed columns, lines and totals per currency,
 * amounts in minor units.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const kind = servicingReportParams.safeParse(params);
  if (!kind.success)
    throw new Invalid('Unknown servicing report.', [{ field: 'kind', message: kind.error.issues[0]?.message ?? 'unknown' }]);
  const query = await parseQuery(req, servicingReportQuery);
  const db = getDb();
  const funder = await requireFunder(db, query.funderId);
  return Response.json((await servicingReportScreen(db, funder, kind.data.kind, { month: query.month }, requestClock())).report);
});
