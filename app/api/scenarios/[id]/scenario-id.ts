import type { DbOrTx } from '@/db/client';
import { getScenario } from '@/db/queries/scenarios';
import type { Scenario } from '@/db/schema/portfolio';
import { idParam } from '@/lib/validations/common';
import { zodIssues } from '@/services/api/handler';
import { assertFunderAccess } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import { Invalid, NotFound } from '@/lib/domain/errors';

/** The path's scenario, or 400 (bad id) / 404 (unknown, or of a funder not assigned to the caller). */
export async function scenarioOfPath(db: DbOrTx, params: Record<string, string | string[]>, principal: Principal): Promise<Scenario> {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success)
    throw new Invalid(
      'The scenario id is invalid.',
      zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })),
    );
  const s = await getScenario(db, parsed.data);
  if (!s) throw new NotFound(`Scenario ${parsed.data} does not exist.`);
  await assertFunderAccess(principal, s.funderId, 'record');
  return s;
}
