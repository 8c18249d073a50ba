import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { listCertificates, listDraws } from '@/db/queries/facilities';
import { requestClock } from '@/lib/clock';
import { exportResponse } from '@/lib/exports';
import { excessColumns } from '@/lib/facilities';
import { formatPercent } from '@/lib/format';
import { facilityExportQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import {
  certificateColumns,
  covenantColumns,
  covenantRows,
  drawColumns,
  waterfallColumns,
  waterfallRows,
} from '@/services/facilities/exports';
import { excessLabels } from '@/services/facilities/labels';
import { pathFacility } from '@/services/facilities/routes';
import { facilityBorrowingBase, facilityCovenants, screenAsOf } from '@/services/facilities/screen';

export const dynamic = 'force-dynamic';

/** The months of covenant results the covenants file holds. */
const COVENANT_EXPORT_MONTHS = 24;

/** GET /api/facilities/{id}/export?table=waterfall|excess|draws|certificates|covenants&format=csv|xlsx&locale=&asOf= — a table of the facility page. */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const clock = requestClock();
  const { table, format, locale, ...query } = await parseQuery(ctx.req, facilityExportQuery);
  const asOf = screenAsOf(query, clock);
  const t = await getTranslations({ locale, namespace: 'facilities' });
  const db = getDb();
  const name = `facility-${f.id}-${table}-${asOf}`;
  switch (table) {
    case 'waterfall': {
      const fmt = await getFormatter({ locale });
      return exportResponse(
        format,
        name,
        waterfallColumns(t, f.currency),
        [waterfallRows(t, (await facilityBorrowingBase(db, f, { asOf }, clock)).base, (r) => formatPercent(fmt, r))],
        t('waterfall.title'),
      );
    }
    case 'excess':
      // Every concentration group with its limit, not only the ones over it (the page lists those).
      return exportResponse(
        format,
        name,
        excessColumns(excessLabels(t), f.currency),
        [(await facilityBorrowingBase(db, f, { asOf }, clock)).base.excess.groups],
        t('excess.sheetName'),
      );
    case 'draws':
      return exportResponse(format, name, drawColumns(t, f.currency), [await listDraws(db, f.id)], t('draws.sheetName'));
    case 'certificates':
      return exportResponse(
        format,
        name,
        certificateColumns(t, f.currency),
        [await listCertificates(db, f.id)],
        t('certificates.sheetName'),
      );
    case 'covenants':
      return exportResponse(
        format,
        name,
        covenantColumns(t),
        [covenantRows((await facilityCovenants(db, f, { asOf, months: COVENANT_EXPORT_MONTHS }, clock)).covenants)],
        t('covenants.sheetName'),
      );
  }
});
