import { getDb } from '@/db';
import { recordAudit } from '@/db/queries/audit';
import { canAccessFunder } from '@/services/auth/funder-access';
import { getFunder, getFunderByName, updateFunder } from '@/db/queries/funders';
import { ApiError } from '@/lib/api/errors';
import { parseBody, withAuth, zodIssues } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { toFunderColumns, toFunderSettings, updateFunderBody } from '@/lib/validations/funders';

export const dynamic = 'force-dynamic';

function funderId(params: Record<string, string | string[]>): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success) throw new ApiError('invalid', 'The funder id is invalid.', zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })));
  return parsed.data;
}

/** GET /api/funders/[id] — one funder with its parameters; 404 for an unknown id. */
export const GET = withAuth({ scope: 'read:funders' }, ({ params, principal }) => {
  const id = funderId(params);
  // Another user's funder answers as an unknown one (domain.md §12).
  const funder = canAccessFunder(principal, id) ? getFunder(getDb(), id) : undefined;
  if (!funder) throw new ApiError('not_found', `Funder ${id} does not exist.`);
  return Response.json(toFunderSettings(funder));
});

/**
 * PATCH /api/funders/[id] — changes parameters (admin). The funder's data version moves with it, so every
 * cached valuation of its book is recomputed on the next read.
 */
export const PATCH = withAuth({ scope: 'admin' }, async ({ req, params, principal }) => {
  const id = funderId(params);
  const patch = await parseBody(req, updateFunderBody);
  const updated = getDb().transaction((tx) => {
    const before = getFunder(tx, id);
    if (!before) throw new ApiError('not_found', `Funder ${id} does not exist.`);
    if (patch.name !== undefined) {
      const same = getFunderByName(tx, patch.name);
      if (same && same.id !== id) {
        throw new ApiError('conflict', `A funder named "${patch.name}" already exists.`, [{ field: 'name', message: 'Already in use.' }]);
      }
    }
    const after = updateFunder(tx, id, toFunderColumns(patch))!;
    recordAudit(tx, { actor: { userId: principal.user.id, email: principal.user.email }, funderId: id, entity: 'funder', entityId: id, action: 'update', before: toFunderSettings(before), after: toFunderSettings(after) });
    return after;
  });
  return Response.json(toFunderSettings(updated));
});
