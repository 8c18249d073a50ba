import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { lossMeasuresAt } from '@/services/credit/screen';
import { creditAsOfQuery } from '@/lib/validations/credit';
import { requestClock } from '@/lib/clock';

export const dynamic = 'force-dynamic';

/** GET /api/credit/measures — loss measures per currency on asOf (default today): gross and net loss, recovery rate, severity, cumulative net loss %. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf } = await parseQuery(req, creditAsOfQuery);
  const day = asOf ?? requestClock().today;
  return Response.json({ asOf: day, measures: await lossMeasuresAt(getDb(), funderId, day) });
});
