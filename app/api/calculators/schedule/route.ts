import { parseBody, withAuth } from '@/services/api/handler';
import { computeSchedule } from '@/lib/calculators';
import { scheduleRequest } from '@/lib/validations/calculators';

export const dynamic = 'force-dynamic';

/** POST /api/calculators/schedule — the schedule of one lease (amounts in minor units). */
export const POST = withAuth({ scope: 'read:funders' }, async ({ req }) =>
  Response.json(computeSchedule(await parseBody(req, scheduleRequest))),
);
