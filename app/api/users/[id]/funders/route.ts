import { getDb } from '@/db';
import { listUserFunderIds, setUserFunders } from '@/db/queries/funder-access';
import { getUserById } from '@/db/queries/users';
import { scopesForRole, hasScope } from '@/lib/auth/scopes';
import { idParam } from '@/lib/validations/common';
import { userFundersBody } from '@/lib/validations/access';
import { parseBody, withAuth, zodIssues } from '@/services/api/handler';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function userId(params: Record<string, string | string[]>): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success)
    throw new Invalid(
      'The user id is invalid.',
      zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })),
    );
  return parsed.data;
}

/** GET /api/users/{id}/funders (admin) — the funders assigned to the user; `allFunders` for an admin. */
export const GET = withAuth({ scope: 'admin' }, async ({ params }) => {
  const id = userId(params);
  const db = getDb();
  const user = await getUserById(db, id);
  if (!user) throw new NotFound(`User ${id} does not exist.`);
  return Response.json({ userId: id, allFunders: hasScope(scopesForRole(user.role), 'admin'), funderIds: await listUserFunderIds(db, id) });
});

/** PUT /api/users/{id}/funders {funderIds} (admin) — replaces the user's assignments; audited. */
export const PUT = withAuth({ scope: 'admin' }, async ({ req, params, principal }) => {
  const id = userId(params);
  const { funderIds } = await parseBody(req, userFundersBody);
  const db = getDb();
  const saved = await setUserFunders(db, id, funderIds, { userId: principal.user.id, email: principal.user.email });
  const user = (await getUserById(db, id))!;
  return Response.json({ userId: id, allFunders: hasScope(scopesForRole(user.role), 'admin'), funderIds: saved });
});
