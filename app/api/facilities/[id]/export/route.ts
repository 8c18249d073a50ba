import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { listCertificates, listDraws } from '@/db/queries/facilities';
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
import { pathFacility, todayIso } from '@/services/facilities/routes';
import { covenantHistory, facilityBase } from '@/services/facilities/service';

export const dynamic = 'force-dynamic';

/** GET /api/facilities/{id}/export?table=waterfall|excess|draws|certificates|covenants&format=csv|xlsx&locale=&asOf= — a table of the facility page. */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = pathFacility(ctx);
  const today = todayIso();
  const { table, format, locale, asOf = today } = parseQuery(ctx.req, facilityExportQuery);
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
        [waterfallRows(t, facilityBase(db, f, asOf).base, (r) => formatPercent(fmt, r))],
        t('waterfall.title'),
      );
    }
    case 'excess':
      return exportResponse(
        format,
        name,
        excessColumns(excessLabels(t), f.currency),
        [facilityBase(db, f, asOf).base.excess.groups],
        t('excess.sheetName'),
      );
    case 'draws':
      return exportResponse(format, name, drawColumns(t, f.currency), [listDraws(db, f.id)], t('draws.sheetName'));
    case 'certificates':
      return exportResponse(format, name, certificateColumns(t, f.currency), [listCertificates(db, f.id)], t('certificates.sheetName'));
    case 'covenants':
      return exportResponse(
        format,
        name,
        covenantColumns(t),
        [covenantRows(covenantHistory(db, f, asOf, today, 24))],
        t('covenants.sheetName'),
      );
  }
});
