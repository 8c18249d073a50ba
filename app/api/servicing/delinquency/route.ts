import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pageOf } from '@/services/servicing/route-helpers';
import { delinquencyView } from '@/services/servicing/views';
import { delinquencyQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/delinquency — DPD, bucket and arrears per lease or per lessee at asOf (default today), with the bucket summary per currency of the whole book. */
export const GET = withAuth({ scope: 'read:funders' }, ({ req }) => {
  const { funderId, asOf, level, bucket, q, sort, dir, page, perPage } = parseQuery(req, delinquencyQuery);
  const view = delinquencyView(getDb(), funderId, asOf ?? todayIso(), { level, bucket, q, sort, dir });
  return Response.json({
    asOf: view.asOf,
    level,
    bucketKeys: view.bucketKeys,
    summary: view.summary,
    rows: pageOf(view.rows, page, perPage),
    total: view.rows.length,
    page,
    perPage,
  });
});
