import { parseBody, withAuth } from '@/services/api/handler';
import { computeNpvIrr } from '@/lib/calculators';
import { npvIrrRequest } from '@/lib/validations/calculators';

export const dynamic = 'force-dynamic';

/** POST /api/calculators/npv-irr — NPV, IRR, XNPV and XIRR of a list of (dated) flows. */
export const POST = withAuth({ scope: 'read:funders' }, async ({ req }) =>
  Response.json(computeNpvIrr(await parseBody(req, npvIrrRequest))),
);
