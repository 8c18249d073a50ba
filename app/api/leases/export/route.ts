import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { iterateLeases, todayUtc } from '@/db/queries/lease-register';
import { ApiError } from '@/lib/api/errors';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { leaseExportColumns } from '@/services/master-file/lease-columns';
import { leaseExportQuery, MASTER_FILE_COLUMN_IDS } from '@/lib/validations/leases';

export const dynamic = 'force-dynamic';

/**
 * GET /api/leases/export?format=csv|xlsx&<the register's filters>&columns=a,b&locale=en — the WHOLE
 * filtered register (not one page) in the register's order, streamed batch by batch. Headers and
 * enumerated values are in `locale`; money is in the lease currency (CSV: plain decimals).
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, q, status, currency, assetType, sort, dir, format, columns, locale } = parseQuery(req, leaseExportQuery);
  const db = getDb();
  if (!getFunder(db, funderId)) throw new ApiError('not_found', `Funder ${funderId} does not exist.`);
  const t = await getTranslations({ locale, namespace: 'masterFile' });
  const cols = leaseExportColumns((key) => t(key), columns?.length ? columns : MASTER_FILE_COLUMN_IDS);
  const batches = iterateLeases(db, { funderId, q, status, currency, assetType, sort, dir });
  return exportResponse(format, `master-file-${todayUtc()}`, cols, batches, t('export.sheetName'));
});
