import { parseBody, withAuth } from '@/services/api/handler';
import { computeRate } from '@/lib/calculators';
import { rateRequest } from '@/lib/validations/calculators';

export const dynamic = 'force-dynamic';

/** POST /api/calculators/rate — the annual rate that gives an instalment, with the schedule at that rate. */
export const POST = withAuth({ scope: 'read:funders' }, async ({ req }) => Response.json(computeRate(await parseBody(req, rateRequest))));
