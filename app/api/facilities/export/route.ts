import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { exportResponse } from '@/lib/exports';
import { facilitiesExportQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { summaryColumns } from '@/services/facilities/exports';
import { facilitiesScreen } from '@/services/facilities/screen';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/export?funderId=&asOf=&format=csv|xlsx&locale= — the Facilities list as a file. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const { funderId, asOf, format, locale } = await parseQuery(req, facilitiesExportQuery);
  const screen = await facilitiesScreen(getDb(), principal, { funderId, asOf }, requestClock());
  const t = await getTranslations({ locale, namespace: 'facilities' });
  return exportResponse(format, `facilities-${screen.asOf}`, summaryColumns(t), [screen.facilities], t('list.sheetName'));
});
