import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { pageOf } from '@/services/servicing/route-helpers';
import { behaviourRows, filterSortBehaviour } from '@/services/servicing/views';
import { behaviourQuery } from '@/lib/validations/servicing';
import { todayIso } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/servicing/behaviour — payment behaviour per lessee (and currency) at asOf (default today) with the 12-month strip; sortable and filterable. */
export const GET = withAuth({ scope: 'read:funders' }, ({ req }) => {
  const { funderId, asOf, q, bucket, late, sort, dir, page, perPage } = parseQuery(req, behaviourQuery);
  const day = asOf ?? todayIso();
  const rows = filterSortBehaviour(behaviourRows(getDb(), funderId, day), { q, bucket, late, sort, dir });
  return Response.json({ asOf: day, rows: pageOf(rows, page, perPage), total: rows.length, page, perPage });
});
