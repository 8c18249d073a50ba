import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { behaviourExportColumns } from '@/services/servicing/export-columns';
import { behaviourScreen } from '@/services/servicing/behaviour-screen';
import { behaviourExportQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/behaviour/export?format=csv|xlsx — the whole filtered clients-behaviour table, headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { format, locale, ...query } = await parseQuery(req, behaviourExportQuery);
  // Every row of the screen in its order (no page asked for).
  const screen = await behaviourScreen(getDb(), query, requestClock());
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return exportResponse(
    format,
    `clients-behaviour-${screen.asOf}`,
    behaviourExportColumns((k) => t(k)),
    [screen.rows],
    t('behaviour.sheetName'),
  );
});
