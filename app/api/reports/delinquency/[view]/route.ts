import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { defaultCutOff } from '@/services/portfolio/valuation';
import { delinquencyDetail, delinquencyReportPage, delinquencyResume, servicingBookOf } from '@/services/reports/delinquency';
import { reportBook, requireFunder } from '@/services/reports/service';
import { delinquencyQuery, delinquencyViewParams } from '@/lib/validations/reports';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/delinquency/{resume|view|detail}?asOf= — resume: per currency and bucket, leases,
 * arrears (net, VAT, total) and outstanding; view: per lease (most days past due first, optional
 * `bucket`), one page; detail: one lease's instalments (`leaseId`) with paid, open and state.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const parsed = delinquencyViewParams.safeParse(params);
  if (!parsed.success) throw new Invalid('Unknown delinquency report.', [{ field: 'view', message: 'must be resume, view or detail' }]);
  const query = await parseQuery(req, delinquencyQuery);
  const db = getDb();
  await requireFunder(db, query.funderId);
  const asOf = query.asOf ?? defaultCutOff();
  if (parsed.data.view === 'detail') {
    if (!query.leaseId) throw new Invalid('The query string is invalid.', [{ field: 'leaseId', message: 'is required' }]);
    return Response.json(await delinquencyDetail(db, query.funderId, query.leaseId, asOf));
  }
  const sb = await servicingBookOf(db, query.funderId, asOf);
  if (parsed.data.view === 'resume') return Response.json({ asOf, bucketKeys: sb.bucketKeys, lines: delinquencyResume(sb) });
  return Response.json({ asOf, ...delinquencyReportPage(sb, await reportBook(db, query.funderId, asOf), query) });
});
