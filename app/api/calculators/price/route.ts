import { parseBody, withAuth } from '@/services/api/handler';
import { computePrice } from '@/lib/calculators';
import { priceRequest } from '@/lib/validations/calculators';

export const dynamic = 'force-dynamic';

/** POST /api/calculators/price — purchase price at a buy rate on a cut-off date, NPV, delta, check and yield. */
export const POST = withAuth({ scope: 'read:funders' }, async ({ req }) => Response.json(computePrice(await parseBody(req, priceRequest))));
