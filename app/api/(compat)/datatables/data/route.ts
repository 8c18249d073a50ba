import { getDb } from '@/db';
import { pageDatatableRows } from '@/db/queries/compat/content-navbar';
import { parseQuery, withAuth } from '@/services/api/handler';
import { datatablesQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/**
 * GET /api/datatables/data?q=&perPage=&page=: `{allData (every row, unfiltered), invoices (the page
 * slice — the key really is named so), total (the filtered count)}`. q matches full_name, post, email,
 * age, salary or start_date, case-insensitively; perPage default 10 (max 100), page default 1; a page
 * past the end is [].
 */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  const { q, perPage, page } = await parseQuery(req, datatablesQuery);
  return Response.json(await pageDatatableRows(getDb(), q, perPage, page));
});
