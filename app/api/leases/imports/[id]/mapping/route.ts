import { getDb } from '@/db';
import type { DateFormat } from '@/lib/import/dates';
import { importFunderQuery, importMappingBody } from '@/lib/validations/imports';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { changeImportMapping } from '@/services/imports/service';
import { importDetail, importIdOf } from '@/services/imports/views';

export const dynamic = 'force-dynamic';

/**
 * PUT /api/leases/imports/{id}/mapping — change the mapping, the values for every row of fields the file has no column
 * for (`fixed`), the decimal separator, date format, sheet or mode, and validate again. 409 unless validated.
 */
export const PUT = withAuth({ scope: 'write:funders' }, async ({ req, params }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  const body = await parseBody(req, importMappingBody);
  const db = getDb();
  const id = importIdOf(params);
  await changeImportMapping(db, funderId, id, { ...body, dateFormat: body.dateFormat as DateFormat | undefined });
  return Response.json(await importDetail(db, funderId, id), { status: 202 });
});
