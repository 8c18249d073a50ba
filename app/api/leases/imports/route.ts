import { getDb } from '@/db';
import { listImports } from '@/db/queries/imports';
import { env } from '@/lib/env';
import { importCreateForm, importHistoryQuery } from '@/lib/validations/imports';
import { parseQuery, withAuth, zodIssues } from '@/services/api/handler';
import { readMultipart } from '@/services/api/upload';
import { requireFunder } from '@/services/reports/service';
import { startImport } from '@/services/imports/service';
import { toImportRecord } from '@/services/imports/views';
import { importFunderQuery } from '@/lib/validations/imports';
import { Invalid, TooLarge } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/leases/imports — the funder's import history, newest first. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const q = await parseQuery(req, importHistoryQuery);
  const db = getDb();
  await requireFunder(db, q.funderId);
  const { rows, total } = await listImports(db, q.funderId, q.page, q.perPage);
  return Response.json({ rows: rows.map(toImportRecord), total, page: q.page, perPage: q.perPage });
});

/**
 * POST /api/leases/imports — multipart `file`, `source`, `mode`, optional `mapping` (JSON) and `sheet`.
 * Answers 202 with the import; parsing and the dry run continue in the background (poll GET …/{id}).
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  const db = getDb();
  await requireFunder(db, funderId);
  const max = env().IMPORT_MAX_BYTES;
  const form = await readMultipart(req, max);
  const file = form.get('file');
  if (!(file instanceof File)) throw new Invalid('Attach the tape as the `file` field.', [{ field: 'file', message: 'required' }]);
  if (file.size > max) throw new TooLarge(`The file is larger than the limit of ${Math.floor(max / 1024 / 1024)} MiB.`);
  if (file.size === 0) throw new Invalid('The file is empty.', [{ field: 'file', message: 'empty' }]);
  const fields = importCreateForm.safeParse({
    source: form.get('source') ?? undefined,
    mode: form.get('mode') || undefined,
    sheet: form.get('sheet') || undefined,
    mapping: form.get('mapping') || undefined,
  });
  if (!fields.success) throw new Invalid('The upload is invalid.', zodIssues(fields.error));
  const imp = await startImport(db, {
    funderId,
    source: fields.data.source,
    mode: fields.data.mode,
    fileName: file.name.slice(0, 255) || 'tape',
    bytes: new Uint8Array(await file.arrayBuffer()),
    userId: principal.user.id,
    ...(fields.data.mapping ? { mapping: fields.data.mapping } : {}),
    ...(fields.data.sheet ? { sheet: fields.data.sheet } : {}),
  });
  return Response.json(
    { id: imp.id, status: imp.status },
    { status: 202, headers: { location: `/api/leases/imports/${imp.id}?funderId=${funderId}` } },
  );
});
