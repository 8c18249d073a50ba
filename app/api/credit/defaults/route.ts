import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { defaultsAt } from '@/services/credit/screen';
import { creditAsOfQuery } from '@/lib/validations/credit';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/credit/defaults — the leases in default on asOf (default today) with the reason, date, DPD and exposure (domain.md §8). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf } = await parseQuery(req, creditAsOfQuery);
  const day = asOf ?? requestClock().today;
  return Response.json({ asOf: day, defaults: await defaultsAt(getDb(), funderId, day) });
});
