import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { leaseExportColumns } from '@/services/master-file/lease-columns';
import { registerExport } from '@/services/master-file/register-screen';
import { leaseExportQuery, MASTER_FILE_COLUMN_IDS } from '@/lib/validations/leases';
import { requestClock } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases/export?format=csv|xlsx&<the register's filters>&columns=a,b&locale=en — the WHOLE
 * filtered register (not one page) in the register's order, streamed batch by batch: the rows the register
 * shows (services/master-file/register-screen.ts registerExport), the outstanding principal at its cut-off
 * included, under a header that names the date. Headers and enumerated values are in `locale`; money is in
 * the lease currency (CSV: plain decimals).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const query = await parseQuery(req, leaseExportQuery);
  const { funderId, format, columns, locale } = query;
  const db = getDb();
  if (!(await getFunder(db, funderId))) throw new NotFound(`Funder ${funderId} does not exist.`);
  const t = await getTranslations({ locale, namespace: 'masterFile' });
  const ids = columns?.length ? columns : MASTER_FILE_COLUMN_IDS;
  const fmt = await getFormatter({ locale });
  // The status reasons (one read of each batch's history) only where the status is exported.
  const register = await registerExport(
    db,
    principal,
    query,
    requestClock(),
    ids.includes('status') ? { t: (key, values) => t(key, values), format: fmt } : undefined,
  );
  const cols = leaseExportColumns((key, values) => t(key, values), ids, { statusReason: true, cutOff: register.cutOff });
  return exportResponse(format, `master-file-${register.today}`, cols, register.batches, t('export.sheetName'));
});
