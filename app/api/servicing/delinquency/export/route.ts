import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { delinquencyExportColumns } from '@/services/servicing/export-columns';
import { delinquencyScreen } from '@/services/servicing/delinquency-screen';
import { delinquencyExportQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/delinquency/export?format=csv|xlsx — the whole filtered delinquency table in its order, headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { format, locale, ...query } = await parseQuery(req, delinquencyExportQuery);
  const tm = await getTranslations({ locale, namespace: 'masterFile' });
  const tmText = (key: string, values?: Record<string, string | number>) => tm(key, values);
  // Every row of the screen in its order, with the status and its reason as the page shows them (domain.md §8).
  const screen = await delinquencyScreen(getDb(), query, requestClock(), { t: tmText, format: await getFormatter({ locale }) });
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return exportResponse(
    format,
    `delinquency-${screen.level}-${screen.asOf}`,
    delinquencyExportColumns((k) => t(k), screen.level, tmText),
    [screen.rows.map((r) => ({ ...r, status: r.shownStatus ?? r.status }))],
    t('delinquency.sheetName'),
  );
});
