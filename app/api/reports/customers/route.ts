import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { customerExportColumns } from '@/services/reports/service';
import { customersScreen } from '@/services/reports/screens';
import { requestClock } from '@/lib/clock';
import { customersQuery } from '@/lib/validations/reports';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/customers?q=&sort=&dir=&page=&perPage=&asOf= — per lessee and currency: leases,
 * outstanding, purchase price, share of the currency's outstanding, DPD and bucket; one page, the
 * filtered total and totals per currency. `format=csv|xlsx` downloads every filtered row.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const query = await parseQuery(req, customersQuery);
  const result = await customersScreen(getDb(), query.funderId, query, requestClock());
  if (query.format) {
    const t = await getTranslations({ locale: query.locale, namespace: 'reports' });
    return exportResponse(
      query.format,
      `customers-f${query.funderId}-${result.cutOff}`,
      customerExportColumns((k, v) => t(k as never, v as never)),
      [result.all],
      t('customers.sheetName'),
    );
  }
  return Response.json({ cutOff: result.cutOff, rows: result.rows, total: result.total, totals: result.totals });
});
