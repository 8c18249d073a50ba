import { getDb } from '@/db';
import { createPortfolioView, listPortfolioViews } from '@/db/queries/portfolio-views';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { compactFilters, createViewBody, listViewsQuery } from '@/lib/validations/portfolio-views';

export const dynamic = 'force-dynamic';

/** GET /api/portfolio-views?module= — the signed-in user's saved views (a view is a personal preference). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const { module } = await parseQuery(req, listViewsQuery);
  return Response.json({ views: await listPortfolioViews(getDb(), principal.user.id, module) });
});

/** POST /api/portfolio-views — saves a view; 409 when the user already has one of that name in the module. */
export const POST = withAuth({ scope: 'read:funders' }, async ({ req, principal }) => {
  const body = await parseBody(req, createViewBody);
  // Its name check and insert are one transaction of createPortfolioView's.
  const view = await createPortfolioView(getDb(), principal.user.id, {
    module: body.module,
    name: body.name,
    columns: body.columns,
    filters: compactFilters(body.filters),
  });
  return Response.json(view, { status: 201, headers: { Location: `/api/portfolio-views/${view.id}` } });
});
