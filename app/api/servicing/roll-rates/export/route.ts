import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { rollRateExportColumns } from '@/services/servicing/export-columns';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { rollRatesScreen } from '@/services/servicing/roll-rates-screen';
import { rollRatesExportQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/roll-rates/export?format=csv|xlsx — the roll-rate matrix (lease counts) between two as-of dates. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { format, locale, ...query } = await parseQuery(req, rollRatesExportQuery);
  const m = await rollRatesScreen(getDb(), query, requestClock());
  const t = await getTranslations({ locale, namespace: 'servicing' });
  const labels = m.buckets.map((b) => bucketLabel(b.key, t('buckets.current')));
  const rows = m.buckets.map((b, i) => ({ from: labels[i]!, counts: m.counts[i]!, total: m.rowCounts[i]!, balance: m.rowBalances[i]! }));
  return exportResponse(
    format,
    `roll-rates-${m.from}-${m.to}`,
    rollRateExportColumns((k) => t(k), labels),
    [rows],
    t('rollRates.title'),
  );
});
