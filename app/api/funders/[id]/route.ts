import { getDb } from '@/db';
import { canAccessFunder } from '@/services/auth/funder-access';
import { getFunder } from '@/db/queries/funders';
import { changeFunderSettings } from '@/db/queries/funder-proposals';
import { parseBody, withAuth, zodIssues } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { toFunderSettings, updateFunderBody } from '@/lib/validations/funders';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function funderId(params: Record<string, string | string[]>): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success)
    throw new Invalid(
      'The funder id is invalid.',
      zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })),
    );
  return parsed.data;
}

/** GET /api/funders/[id] — one funder with its parameters; 404 for an unknown id. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ params, principal }) => {
  const id = funderId(params);
  // Another user's funder answers as an unknown one (domain.md §12).
  const funder = (await canAccessFunder(principal, id)) ? await getFunder(getDb(), id) : undefined;
  if (!funder) throw new NotFound(`Funder ${id} does not exist.`);
  return Response.json(toFunderSettings(funder));
});

/**
 * PATCH /api/funders/[id] — changes parameters (admin). Without four eyes the change applies at once (200, the
 * funder; its data version moves, so every cached valuation of its book is recomputed on the next read). With
 * four eyes it becomes a pending proposal that another admin approves (202, `{ proposal }`).
 */
export const PATCH = withAuth({ scope: 'admin' }, async ({ req, params, principal }) => {
  const id = funderId(params);
  const patch = await parseBody(req, updateFunderBody);
  const result = await changeFunderSettings(getDb(), id, patch, { userId: principal.user.id, email: principal.user.email });
  if (result.proposal) {
    return Response.json(
      { proposal: result.proposal },
      { status: 202, headers: { location: `/api/funder-proposals/${result.proposal.id}` } },
    );
  }
  return Response.json(result.applied);
});
