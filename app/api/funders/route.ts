import { getDb } from '@/db';
import { createFunder, getFunderByName, listFunders } from '@/db/queries/funders';
import { ApiError } from '@/lib/api/errors';
import { parseBody, withAuth } from '@/services/api/handler';
import { createFunderBody, toFunderColumns, toFunderSettings } from '@/lib/validations/funders';

export const dynamic = 'force-dynamic';

/** GET /api/funders — every funder with its parameters (rates as decimals, tolerance in minor units). */
export const GET = withAuth({ scope: 'read:funders' }, () => Response.json({ funders: listFunders(getDb()).map(toFunderSettings) }));

/** POST /api/funders — adds a funder (admin); 409 when the name is taken. */
export const POST = withAuth({ scope: 'admin' }, async ({ req }) => {
  const body = await parseBody(req, createFunderBody);
  const db = getDb();
  const created = db.transaction((tx) => {
    if (getFunderByName(tx, body.name)) {
      throw new ApiError('conflict', `A funder named "${body.name}" already exists.`, [{ field: 'name', message: 'Already in use.' }]);
    }
    return createFunder(tx, toFunderColumns(body));
  });
  return Response.json(toFunderSettings(created), { status: 201, headers: { Location: `/api/funders/${created.id}` } });
});
