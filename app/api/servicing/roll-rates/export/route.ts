import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { addMonths } from '@/lib/finance';
import { rollRateExportColumns } from '@/services/servicing/export-columns';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { rollRates } from '@/services/servicing/views';
import { rollRatesExportQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/roll-rates/export?format=csv|xlsx — the roll-rate matrix (lease counts) between two as-of dates. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const q = parseQuery(req, rollRatesExportQuery);
  const to = q.to ?? todayIso();
  const from = q.from ?? addMonths(to, -1);
  if (from > to) throw new Invalid('from must not be after to.', [{ field: 'from', message: 'must be on or before to' }]);
  const m = rollRates(getDb(), q.funderId, from, to);
  const t = await getTranslations({ locale: q.locale, namespace: 'servicing' });
  const labels = m.buckets.map((b) => bucketLabel(b.key, t('buckets.current')));
  const rows = m.buckets.map((b, i) => ({ from: labels[i]!, counts: m.counts[i]!, total: m.rowCounts[i]!, balance: m.rowBalances[i]! }));
  return exportResponse(
    q.format,
    `roll-rates-${from}-${to}`,
    rollRateExportColumns((k) => t(k), labels),
    [rows],
    t('rollRates.title'),
  );
});
