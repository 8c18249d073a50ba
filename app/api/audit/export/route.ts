import { getFormatter } from '@/i18n/format';
import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { exportResponse } from '@/lib/exports';
import { auditExportQuery } from '@/lib/validations/access';
import { parseQuery, withAuth } from '@/services/api/handler';
import { auditBatches, auditExportColumns, auditWordsOf } from '@/services/audit/trail';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/**
 * GET /api/audit/export?format=csv|xlsx&locale=en&… (admin) — every row matching the Audit screen's filters, in the
 * screen's words for `locale` (entity, action, the changes), then the stored codes and records.
 */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) => {
  const { format, locale, ...filter } = await parseQuery(req, auditExportQuery);
  const t = await getTranslations({ locale, namespace: 'access.audit' });
  const words = auditWordsOf(t, await getFormatter({ locale }));
  return exportResponse(
    format,
    `audit-${requestClock().today}`,
    auditExportColumns(words),
    auditBatches(getDb(), filter, words),
    t('title'),
  );
});
