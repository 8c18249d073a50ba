import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { exportResponse } from '@/lib/exports';
import { eligibilityColumns } from '@/lib/facilities';
import { eligibilityQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility, todayIso } from '@/services/facilities/routes';
import { eligibilityRows, facilityBase } from '@/services/facilities/service';
import { eligibilityLabels } from '@/services/facilities/labels';
import { pageOf } from '@/services/servicing/route-helpers';

export const dynamic = 'force-dynamic';

/**
 * GET /api/facilities/{id}/eligibility?asOf=&filter=&page=&perPage=&format=json|csv|xlsx&locale= — every lease of
 * the collateral with each criterion it failed; the files hold every row of the filter.
 */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = pathFacility(ctx);
  const { asOf = todayIso(), filter, page, perPage, format, locale } = parseQuery(ctx.req, eligibilityQuery);
  const { rows } = facilityBase(getDb(), f, asOf);
  const filtered = eligibilityRows(rows, filter);
  if (format !== 'json') {
    const t = await getTranslations({ locale, namespace: 'facilities' });
    return exportResponse(
      format,
      `eligibility-${f.id}-${asOf}`,
      eligibilityColumns(eligibilityLabels(t, f.currency), f.criteria),
      [filtered],
      t('eligibility.sheetName'),
    );
  }
  return Response.json({ asOf, total: filtered.length, page, perPage, rows: pageOf(filtered, page, perPage) });
});
