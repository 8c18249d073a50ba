import { transaction } from '@/db/transaction';
import { getDb } from '@/db';
import { recordAudit } from '@/db/queries/audit';
import { createScenario } from '@/db/queries/scenarios';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { scenariosOf, toScenarioDto } from '@/services/portfolio/scenarios';
import { createScenarioBody, listScenariosQuery } from '@/lib/validations/scenarios';

export const dynamic = 'force-dynamic';

/** GET /api/scenarios?funderId= — the funder's named scenarios (domain.md §10), by name. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId } = await parseQuery(req, listScenariosQuery);
  return Response.json({ scenarios: await scenariosOf(getDb(), funderId) });
});

/** POST /api/scenarios — saves a scenario for the funder; 409 when the funder already has one of that name. */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const body = await parseBody(req, createScenarioBody);
  const { funderId, ...input } = body;
  const created = await transaction(getDb(), async (tx) => {
    const s = await createScenario(tx, funderId, input);
    await recordAudit(tx, {
      actor: { userId: principal.user.id, email: principal.user.email },
      funderId,
      entity: 'scenario',
      entityId: s.id,
      action: 'create',
      after: toScenarioDto(s),
    });
    return s;
  });
  return Response.json(toScenarioDto(created), { status: 201, headers: { Location: `/api/scenarios/${created.id}` } });
});
