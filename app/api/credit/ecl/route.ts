import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { eclAt } from '@/services/credit/screen';
import { creditAsOfQuery } from '@/lib/validations/credit';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/credit/ecl — IFRS 9 expected credit loss on asOf (default today) by currency, stage and bucket, with totals. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf } = await parseQuery(req, creditAsOfQuery);
  const day = asOf ?? requestClock().today;
  return Response.json({ asOf: day, ...(await eclAt(getDb(), funderId, day)) });
});
