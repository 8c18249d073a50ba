import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { todayIso } from '@/services/servicing/route-helpers';
import { delinquencyExportColumns } from '@/services/servicing/export-columns';
import { delinquencyView } from '@/services/servicing/views';
import { delinquencyExportQuery } from '@/lib/validations/servicing';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/delinquency/export?format=csv|xlsx — the whole filtered delinquency table in its order, headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf, level, bucket, q, sort, dir, format, locale } = parseQuery(req, delinquencyExportQuery);
  const day = asOf ?? todayIso();
  const view = delinquencyView(getDb(), funderId, day, { level, bucket, q, sort, dir });
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return exportResponse(format, `delinquency-${level}-${day}`, delinquencyExportColumns((k) => t(k), level), [view.rows], t('delinquency.sheetName'));
});
