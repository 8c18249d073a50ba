import { transaction } from '@/db/transaction';
import { getDb } from '@/db';
import { recordAudit } from '@/db/queries/audit';
import { assignFunders, usersHoldingEveryFunder } from '@/db/queries/funder-access';
import { createFunder, getFunderByName } from '@/db/queries/funders';
import { listAccessibleFunders } from '@/services/auth/funder-access';
import { parseBody, withAuth } from '@/services/api/handler';
import { createFunderBody, toFunderColumns, toFunderSettings } from '@/lib/validations/funders';
import { Conflict } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/funders — the funders assigned to the caller (every one for an admin) with their parameters (rates as decimals, tolerance in minor units). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ principal }) =>
  Response.json({ funders: (await listAccessibleFunders(getDb(), principal)).map(toFunderSettings) }),
);

/** POST /api/funders — adds a funder (admin); 409 when the name is taken. */
export const POST = withAuth({ scope: 'admin' }, async ({ req, principal }) => {
  const body = await parseBody(req, createFunderBody);
  const db = getDb();
  const created = await transaction(db, async (tx) => {
    if (await getFunderByName(tx, body.name)) {
      throw new Conflict(`A funder named "${body.name}" already exists.`, [{ field: 'name', message: 'Already in use.' }]);
    }
    const funder = await createFunder(tx, toFunderColumns(body));
    // Users who held every funder (e.g. the demo analyst and viewer) keep holding every funder.
    await assignFunders(
      tx,
      (await usersHoldingEveryFunder(tx, funder.id)).map((userId) => ({ userId, funderId: funder.id })),
      principal.user.id,
    );
    await recordAudit(tx, {
      actor: { userId: principal.user.id, email: principal.user.email },
      funderId: funder.id,
      entity: 'funder',
      entityId: funder.id,
      action: 'create',
      after: toFunderSettings(funder),
    });
    return funder;
  });
  return Response.json(toFunderSettings(created), { status: 201, headers: { Location: `/api/funders/${created.id}` } });
});
