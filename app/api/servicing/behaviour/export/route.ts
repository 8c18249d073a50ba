import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { behaviourExportColumns } from '@/services/servicing/export-columns';
import { behaviourRows, filterSortBehaviour } from '@/services/servicing/views';
import { behaviourExportQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/behaviour/export?format=csv|xlsx — the whole filtered clients-behaviour table, headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf, q, bucket, late, sort, dir, format, locale } = parseQuery(req, behaviourExportQuery);
  const day = asOf ?? todayIso();
  const rows = filterSortBehaviour(behaviourRows(getDb(), funderId, day), { q, bucket, late, sort, dir });
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return exportResponse(
    format,
    `clients-behaviour-${day}`,
    behaviourExportColumns((k) => t(k)),
    [rows],
    t('behaviour.sheetName'),
  );
});
