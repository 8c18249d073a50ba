import { transaction } from '@/db/transaction';
import { getDb } from '@/db';
import { deletePortfolioView, getPortfolioView, listPortfolioViews, updatePortfolioView } from '@/db/queries/portfolio-views';
import { type FieldIssue } from '@/lib/api/errors';
import { parseBody, withAuth, zodIssues } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { checkModuleFields, compactFilters, updateViewBody } from '@/lib/validations/portfolio-views';
import { Conflict, Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function viewId(params: Record<string, string | string[]>): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success)
    throw new Invalid(
      'The view id is invalid.',
      zodIssues(parsed.error).map((i) => ({ ...i, field: 'id' })),
    );
  return parsed.data;
}

const notFound = (id: number) => new NotFound(`View ${id} does not exist.`);

/** GET /api/portfolio-views/[id] — one of the user's views; another user's view is not found (404). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ params, principal }) => {
  const id = viewId(params);
  const view = await getPortfolioView(getDb(), principal.user.id, id);
  if (!view) throw notFound(id);
  return Response.json(view);
});

/** PATCH /api/portfolio-views/[id] — rename or edit columns and filters; 409 for a name the user already uses in the module. */
export const PATCH = withAuth({ scope: 'read:funders' }, async ({ req, params, principal }) => {
  const id = viewId(params);
  const patch = await parseBody(req, updateViewBody);
  const userId = principal.user.id;
  const view = await transaction(getDb(), async (tx) => {
    const current = await getPortfolioView(tx, userId, id);
    if (!current) throw notFound(id);
    // Columns and sort are only meaningful for the view's own module.
    const issues: FieldIssue[] = [];
    checkModuleFields(current.module, patch, { addIssue: (i) => issues.push({ field: i.path.join('.'), message: i.message }) });
    if (issues.length > 0) throw new Invalid('The request body is invalid.', issues);
    if (
      patch.name !== undefined &&
      (await listPortfolioViews(tx, userId, current.module)).some((v) => v.id !== id && v.name === patch.name)
    ) {
      throw new Conflict(`You already have a view named "${patch.name}" for this module.`, [{ field: 'name', message: 'Already in use.' }]);
    }
    return await updatePortfolioView(tx, userId, id, { ...patch, ...(patch.filters ? { filters: compactFilters(patch.filters) } : {}) });
  });
  return Response.json(view);
});

/** DELETE /api/portfolio-views/[id] — 204; 404 when the view is not the user's. */
export const DELETE = withAuth({ scope: 'read:funders' }, async ({ params, principal }) => {
  const id = viewId(params);
  await transaction(getDb(), async (tx) => await deletePortfolioView(tx, principal.user.id, id));
  return new Response(null, { status: 204 });
});
