import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { leaseSnapshotBatches, leaseSnapshotPage } from '@/db/queries/history';
import { exportResponse } from '@/lib/exports';
import { parseQuery, withAuth } from '@/services/api/handler';
import { snapshotExportColumns } from '@/services/history/exports';
import { closedSnapshotMonth } from '@/services/history/snapshots';
import { requireFunder } from '@/services/reports/service';
import { snapshotParams, snapshotQuery } from '@/lib/validations/history';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/snapshots/{month}?page=&perPage= — a closed month's lease snapshots (built on first use, then
 * immutable), one page in lease-id order; `format=csv|xlsx` streams every row.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const parsed = snapshotParams.safeParse(params);
  if (!parsed.success) throw new Invalid('The month is invalid.', [{ field: 'month', message: 'must be a month as YYYY-MM' }]);
  const query = await parseQuery(req, snapshotQuery);
  const db = getDb();
  await requireFunder(db, query.funderId);
  const month = await closedSnapshotMonth(db, query.funderId, parsed.data.month);
  if (query.format) {
    const t = await getTranslations({ locale: query.locale, namespace: 'history' });
    const tr = (k: string, v?: Record<string, string | number>) => t(k as never, v as never);
    return exportResponse(
      query.format,
      `snapshot-f${query.funderId}-${month.month}`,
      snapshotExportColumns(tr),
      leaseSnapshotBatches(db, query.funderId, month.month),
      t('snapshot.sheetName'),
    );
  }
  return Response.json({
    month: month.month,
    monthEnd: month.monthEnd,
    total: month.leaseCount,
    page: query.page,
    perPage: query.perPage,
    rows: await leaseSnapshotPage(db, query.funderId, month.month, query.page, query.perPage),
  });
});
