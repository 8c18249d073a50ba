import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { iterateLeases } from '@/db/queries/lease-register';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { leaseExportColumns, type LeaseExportRow } from '@/services/master-file/lease-columns';
import { statusNotes } from '@/services/master-file/status-notes';
import { shownStatuses, statusFilterClauses, statusSortIds } from '@/services/master-file/register-status';
import type { LeaseListRow } from '@/db/queries/leases';
import { leaseExportQuery, MASTER_FILE_COLUMN_IDS, type ShownStatus } from '@/lib/validations/leases';
import { requestClock } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases/export?format=csv|xlsx&<the register's filters>&columns=a,b&locale=en — the WHOLE
 * filtered register (not one page) in the register's order, streamed batch by batch. Headers and
 * enumerated values are in `locale`; money is in the lease currency (CSV: plain decimals).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, q, status, currency, assetType, sort, dir, format, columns, locale } = parseQuery(req, leaseExportQuery);
  const db = getDb();
  const { today } = requestClock();
  if (!getFunder(db, funderId)) throw new NotFound(`Funder ${funderId} does not exist.`);
  const t = await getTranslations({ locale, namespace: 'masterFile' });
  const ids = columns?.length ? columns : MASTER_FILE_COLUMN_IDS;
  const cols = leaseExportColumns((key) => t(key), ids, { statusReason: true });
  const leases = iterateLeases(db, {
    funderId,
    q,
    statusAny: statusFilterClauses(db, funderId, status, today),
    statusIds: statusSortIds(db, funderId, sort, today),
    currency,
    assetType,
    sort,
    dir,
  });
  const fmt = await getFormatter({ locale });
  // Each batch's status reasons in one read of those leases' history (none when the status is not exported).
  // The shown status (derived, as on screen) of every batch; its reason where the status is exported.
  const batches = withStatusNotes(
    leases,
    (rows) => shownStatuses(db, funderId, rows, today),
    ids.includes('status') ? (rows) => statusNotes(db, funderId, rows, (key, values) => t(key, values), fmt, today) : null,
  );
  return exportResponse(format, `master-file-${today}`, cols, batches, t('export.sheetName'));
});

function* withStatusNotes(
  batches: Iterable<LeaseListRow[]>,
  shownOf: (rows: LeaseListRow[]) => Map<number, ShownStatus>,
  notesOf: ((rows: LeaseListRow[]) => Map<number, string>) | null,
): Generator<LeaseExportRow[]> {
  for (const rows of batches) {
    const shown = shownOf(rows);
    const notes = notesOf?.(rows);
    yield rows.map((r) => ({ ...r, shownStatus: shown.get(r.id) ?? 'performing', statusNote: notes?.get(r.id) ?? null }));
  }
}
