import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { listAllQuotations } from '@/db/queries/quotations';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { quotationExportColumns } from '@/services/master-file/quotation-columns';
import { quotationExportQuery as query } from '@/lib/validations/quotations';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/quotations/export?format=csv|xlsx&status=&locale= — every quotation matching the filter, as a file. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, format, locale, status } = await parseQuery(req, query);
  const tm = await getTranslations({ locale, namespace: 'masterFile' });
  const to = await getTranslations({ locale, namespace: 'onboarding' });
  const rows = await listAllQuotations(getDb(), funderId, status);
  return exportResponse(
    format,
    `quotations-${requestClock().today}`,
    quotationExportColumns(
      (k) => tm(k),
      (k) => to(k),
    ),
    [rows],
    to('title'),
  );
});
