import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { getLeaseOfFunder } from '@/db/queries/lease-register';
import { getLeaseSchedule } from '@/db/queries/leases';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { scheduleExportColumns } from '@/services/master-file/lease-columns';
import { idParam } from '@/lib/validations/common';
import { exportFormatQuery } from '@/lib/validations/leases';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/leases/[id]/schedule/export?format=csv|xlsx&locale= — the lease's instalment schedule as a file. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const { funderId, format, locale } = await parseQuery(req, exportFormatQuery);
  const id = idParam.safeParse(params.id);
  const db = getDb();
  const lease = id.success ? await getLeaseOfFunder(db, funderId, id.data) : undefined;
  if (!lease) throw new NotFound('No lease of this funder has this id.');
  const t = await getTranslations({ locale, namespace: 'masterFile' });
  const rows = await getLeaseSchedule(db, lease.id);
  return exportResponse(
    format,
    `schedule-${lease.contractNumber}`,
    scheduleExportColumns((key) => t(key), lease.currency),
    [rows],
    t('schedule.title'),
  );
});
