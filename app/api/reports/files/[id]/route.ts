import { getDb } from '@/db';
import { getReportFile } from '@/db/queries/report-files';
import { parseQuery, withAuth } from '@/services/api/handler';
import { reportFileParams, reportFileQuery } from '@/lib/validations/reports';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/reports/files/{id} — downloads a kept file (its stored bytes); 404 for an unknown id or another funder's file. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const p = reportFileParams.safeParse(params);
  if (!p.success) throw new Invalid('The file id is invalid.', [{ field: 'id', message: 'must be a positive whole number' }]);
  const { funderId } = await parseQuery(req, reportFileQuery);
  const file = await getReportFile(getDb(), p.data.id, funderId);
  if (!file) throw new NotFound(`Report file ${p.data.id} does not exist.`);
  return new Response(new Uint8Array(file.data), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.size),
      'x-sha256': file.sha256,
      'cache-control': 'no-store',
    },
  });
});
