import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { listPayments, type PaymentListRow } from '@/db/queries/payments';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { paymentExportColumns } from '@/services/servicing/export-columns';
import { paymentExportQuery } from '@/lib/validations/servicing';
import { requestClock } from '@/lib/clock';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/payments/export?format=csv|xlsx — the whole filtered ledger, newest first, in batches; headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, lease, lessee, from, to, method, q, format, locale } = await parseQuery(req, paymentExportQuery);
  const db = getDb();
  if (!(await getFunder(db, funderId))) throw new NotFound(`Funder ${funderId} does not exist.`);
  const t = await getTranslations({ locale, namespace: 'servicing' });
  async function* batches(): AsyncGenerator<PaymentListRow[]> {
    for (let page = 1; ; page++) {
      const { rows } = await listPayments(db, funderId, { leaseId: lease, lesseeId: lessee, from, to, method, q, page, perPage: 5000 });
      if (rows.length > 0) yield rows;
      if (rows.length < 5000) return;
    }
  }
  return exportResponse(
    format,
    `payments-${requestClock().today}`,
    paymentExportColumns((k, v) => t(k, v)),
    batches(),
    t('payments.title'),
  );
});
