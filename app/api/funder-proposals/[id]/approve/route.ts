import { getDb } from '@/db';
import { approveFunderProposal } from '@/db/queries/funder-proposals';
import { withAuth, zodIssues } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/funder-proposals/[id]/approve — another admin applies a proposed change of funder settings (four
 * eyes): `{ proposal, funder }`. 403 for the proposer, 409 when it is no longer pending or the settings changed since.
 */
export const POST = withAuth({ scope: 'admin' }, async ({ params, principal }) => {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success)
    throw new Invalid(
      'The proposal id is invalid.',
      zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })),
    );
  return Response.json(await approveFunderProposal(getDb(), parsed.data, { userId: principal.user.id, email: principal.user.email }));
});
