import { transaction } from '@/db/transaction';
import { getDb } from '@/db';
import { recordAudit } from '@/db/queries/audit';
import { deleteScenario, updateScenario } from '@/db/queries/scenarios';
import { parseBody, withAuth } from '@/services/api/handler';
import { toScenarioDto } from '@/services/portfolio/scenarios';
import { updateScenarioBody } from '@/lib/validations/scenarios';
import { scenarioOfPath } from './scenario-id';

export const dynamic = 'force-dynamic';

/** GET /api/scenarios/{id} — one scenario; 404 when unknown or of a funder not assigned to the caller. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ params, principal }) =>
  Response.json(toScenarioDto(await scenarioOfPath(getDb(), params, principal))),
);

/** PATCH /api/scenarios/{id} — rename or change assumptions; 409 for a name the funder already uses. */
export const PATCH = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const db = getDb();
  const current = await scenarioOfPath(db, params, principal);
  const patch = await parseBody(req, updateScenarioBody);
  const updated = await transaction(db, async (tx) => {
    const s = await updateScenario(tx, current.id, patch);
    await recordAudit(tx, {
      actor: { userId: principal.user.id, email: principal.user.email },
      funderId: s.funderId,
      entity: 'scenario',
      entityId: s.id,
      action: 'update',
      before: toScenarioDto(current),
      after: toScenarioDto(s),
    });
    return s;
  });
  return Response.json(toScenarioDto(updated));
});

/** DELETE /api/scenarios/{id} — 204. */
export const DELETE = withAuth({ scope: 'write:funders' }, async ({ params, principal }) => {
  const db = getDb();
  const current = await scenarioOfPath(db, params, principal);
  await transaction(db, async (tx) => {
    await deleteScenario(tx, current.id);
    await recordAudit(tx, {
      actor: { userId: principal.user.id, email: principal.user.email },
      funderId: current.funderId,
      entity: 'scenario',
      entityId: current.id,
      action: 'delete',
      before: toScenarioDto(current),
    });
  });
  return new Response(null, { status: 204 });
});
