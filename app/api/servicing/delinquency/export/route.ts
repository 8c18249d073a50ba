import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { delinquencyExportColumns } from '@/services/servicing/export-columns';
import { delinquencyView, leaseStatusRows } from '@/services/servicing/views';
import { statusNotes } from '@/services/master-file/status-notes';
import { shownStatuses } from '@/services/master-file/register-status';
import { delinquencyExportQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/delinquency/export?format=csv|xlsx — the whole filtered delinquency table in its order, headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf, level, bucket, q, sort, dir, format, locale } = parseQuery(req, delinquencyExportQuery);
  const day = asOf ?? todayIso();
  const db = getDb();
  const view = delinquencyView(db, funderId, day, { level, bucket, q, sort, dir });
  const t = await getTranslations({ locale, namespace: 'servicing' });
  const tm = await getTranslations({ locale, namespace: 'masterFile' });
  const tmText = (key: string, values?: Record<string, string | number>) => tm(key, values);
  // The reasons are read only for the leases that need one (not active, or status against DPD).
  const notes =
    level === 'lease'
      ? statusNotes(db, funderId, leaseStatusRows(view.rows), tmText, await getFormatter({ locale }))
      : new Map<number, string>();
  // The status is the derived one at the as-of date (domain.md §8), as on the screen.
  const shown = level === 'lease' ? shownStatuses(db, funderId, leaseStatusRows(view.rows), day) : null;
  const rows = !shown
    ? view.rows
    : view.rows.map((r) =>
        r.leaseId === null
          ? r
          : { ...r, status: shown.get(r.leaseId) ?? r.status, ...(notes.has(r.leaseId) ? { statusNote: notes.get(r.leaseId) } : {}) },
      );
  return exportResponse(
    format,
    `delinquency-${level}-${day}`,
    delinquencyExportColumns((k) => t(k), level, tmText),
    [rows],
    t('delinquency.sheetName'),
  );
});
