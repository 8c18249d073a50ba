import { getDb } from '@/db';
import { rejectFunderProposal } from '@/db/queries/funder-proposals';
import { withAuth, zodIssues } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** POST /api/funder-proposals/[id]/reject — rejects (or, by its proposer, withdraws) a pending proposal: `{ proposal }`. */
export const POST = withAuth({ scope: 'admin' }, async ({ params, principal }) => {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success)
    throw new Invalid(
      'The proposal id is invalid.',
      zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })),
    );
  return Response.json({
    proposal: await rejectFunderProposal(getDb(), parsed.data, { userId: principal.user.id, email: principal.user.email }),
  });
});
