import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { parseQuery, withAuth } from '@/services/api/handler';
import { getTranslations } from '@/i18n/translations';
import { exportResponse } from '@/lib/exports';
import { liabilityExportColumns, liabilityExportRows } from '@/lib/portfolio/liability';
import { liabilityScreen } from '@/services/portfolio/screens';
import { liabilityComponentParams, liabilityQuery } from '@/lib/validations/reports';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/liability/{principal|interest|vat}?asOf= — the Liability CF component per currency:
 * the amount drawn on the purchase dates (opening), the funding-line balance on the cut-off (balance,
 * the same figure the Liability servicing report shows on that date), 61 monthly periods from the
 * cut-off month, beyond, and the total. With facilityId: the facility's funding line only (its outstanding on the
 * cut-off, the figure of the facility page, amortising with its pool's §4 line). `format=csv|xlsx` downloads the
 * table as shown (periods with their month, beyond, total; one column per currency), labels in `locale`.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params, principal }) => {
  const p = liabilityComponentParams.safeParse(params);
  if (!p.success)
    throw new Invalid('Unknown liability component.', [{ field: 'component', message: 'must be principal, interest or vat' }]);
  const query = await parseQuery(req, liabilityQuery);
  // The funding line per currency, or with facilityId (of this funder; another funder's or an unknown one is a 404) its one line.
  const {
    funder,
    cutOff,
    facility,
    lines: source,
    balances,
  } = await liabilityScreen(
    getDb(),
    principal,
    { funderId: query.funderId, cutOff: query.asOf, facilityId: query.facilityId, unknownFacility: 'not-found' },
    requestClock(),
  );
  const c = p.data.component;
  if (query.format) {
    const t = await getTranslations({ locale: query.locale, namespace: 'portfolio' });
    const rows = liabilityExportRows(source, c, cutOff, { beyond: t('liability.beyond'), total: t('liability.total') });
    const name = `liability-${c}-f${funder.id}${facility ? `-facility${facility.id}` : ''}-${cutOff}`;
    return exportResponse(
      query.format,
      name,
      liabilityExportColumns(source, { period: t('liability.period'), month: t('liability.month') }),
      [rows],
      t(`liability.tabs.${c}`),
    );
  }
  const lines = source.map((l) => ({
    currency: l.currency,
    leases: l.leases,
    opening: l.opening,
    balance: balances.get(l.currency) ?? 0,
    periods: l[c],
    beyond: l.beyond[c],
    total: l.total[c],
  }));
  return Response.json({ cutOff, component: c, lines });
});
