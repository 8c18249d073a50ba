import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import type { AuditRow } from '@/db/schema/access';
import { exportResponse, type ExportColumn } from '@/lib/exports';
import { auditExportQuery } from '@/lib/validations/access';
import { parseQuery, withAuth } from '@/services/api/handler';
import { auditBatches } from '@/services/audit/trail';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/audit/export?format=csv|xlsx&… (admin) — every row matching the Audit screen's filters. */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) => {
  const { format, locale, ...filter } = parseQuery(req, auditExportQuery);
  const t = await getTranslations({ locale, namespace: 'access' });
  const col = (
    id: keyof AuditRow,
    kind: ExportColumn<AuditRow>['kind'],
    value: (r: AuditRow) => string | number | null,
    width = 16,
  ): ExportColumn<AuditRow> => ({
    id,
    header: t(`audit.columns.${id}` as 'audit.columns.at'),
    kind,
    value,
    width,
  });
  const columns: ExportColumn<AuditRow>[] = [
    col('id', 'integer', (r) => r.id, 8),
    col('at', 'text', (r) => new Date(r.at).toISOString(), 24),
    col('userEmail', 'text', (r) => r.userEmail, 28),
    col('funderId', 'integer', (r) => r.funderId, 8),
    col('entity', 'text', (r) => r.entity),
    col('entityId', 'text', (r) => r.entityId, 10),
    col('action', 'text', (r) => r.action),
    col('before', 'text', (r) => r.before, 60),
    col('after', 'text', (r) => r.after, 60),
  ];
  return exportResponse(format, `audit-${requestClock().today}`, columns, auditBatches(getDb(), filter), t('audit.title'));
});
