import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { exportResponse } from '@/lib/exports';
import { facilitiesExportQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { summaryColumns } from '@/services/facilities/exports';
import { todayIso } from '@/services/facilities/routes';
import { facilitySummaries } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/export?funderId=&asOf=&format=csv|xlsx&locale= — the Facilities list as a file. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const { funderId, asOf, format, locale } = parseQuery(req, facilitiesExportQuery);
  const today = todayIso();
  const t = await getTranslations({ locale, namespace: 'facilities' });
  return exportResponse(
    format,
    `facilities-${asOf ?? today}`,
    summaryColumns(t),
    [facilitySummaries(getDb(), principal, asOf ?? today, today, funderId)],
    t('list.sheetName'),
  );
});
