import { getDb } from '@/db';
import { listDatatableRows } from '@/db/queries/compat/content-navbar';
import { parseQuery, withAuth } from '@/services/api/handler';
import { noQuery } from '@/lib/validations/content';

export const dynamic = 'force-dynamic';

/** GET /api/datatables/initial-data: every sample row (the lessees' contact persons), a bare array in storage order. */
export const GET = withAuth({ scope: null }, async ({ req }) => {
  await parseQuery(req, noQuery);
  return Response.json(await listDatatableRows(getDb()));
});
