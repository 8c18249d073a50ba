import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { lossLedger } from '@/services/credit/screen';
import { creditAsOfQuery } from '@/lib/validations/credit';

export const dynamic = 'force-dynamic';

/** GET /api/credit/loss-ledger — approved write-offs (+) and recoveries (−) up to asOf (default: all), with the running balance per currency. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf } = await parseQuery(req, creditAsOfQuery);
  return Response.json({ entries: await lossLedger(getDb(), funderId, asOf) });
});
