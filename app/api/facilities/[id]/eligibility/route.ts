import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { exportResponse } from '@/lib/exports';
import { eligibilityColumns } from '@/lib/facilities';
import { eligibilityQuery } from '@/lib/validations/facilities';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pathFacility } from '@/services/facilities/routes';
import { facilityEligibility } from '@/services/facilities/screen';
import { eligibilityLabels } from '@/services/facilities/labels';

export const dynamic = 'force-dynamic';

/**
 * GET /api/facilities/{id}/eligibility?asOf=&filter=&page=&perPage=&format=json|csv|xlsx&locale= — every lease of
 * the collateral with each criterion it failed; the files hold every row of the filter.
 */
export const GET = withAuth({ scope: 'read:funders' }, async (ctx) => {
  const f = await pathFacility(ctx);
  const { asOf, filter, page, perPage, format, locale } = await parseQuery(ctx.req, eligibilityQuery);
  const clock = requestClock();
  if (format !== 'json') {
    const all = await facilityEligibility(getDb(), f, { asOf, filter }, clock);
    const t = await getTranslations({ locale, namespace: 'facilities' });
    return exportResponse(
      format,
      `eligibility-${f.id}-${all.asOf}`,
      eligibilityColumns(eligibilityLabels(t, f.currency), f.criteria),
      [all.rows],
      t('eligibility.sheetName'),
    );
  }
  const shown = await facilityEligibility(getDb(), f, { asOf, filter, page, perPage }, clock);
  return Response.json({ asOf: shown.asOf, total: shown.total, page: shown.page, perPage: shown.perPage, rows: shown.rows });
});
