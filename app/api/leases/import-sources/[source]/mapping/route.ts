import { getDb } from '@/db';
import { ensureImportSource, getImportSource, saveImportSourceMapping } from '@/db/queries/imports';
import { importFunderQuery, importSourceMappingBody, importSourceParams } from '@/lib/validations/imports';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { requireFunder } from '@/services/reports/service';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function sourceOf(params: Record<string, string | string[]>): string {
  const raw = typeof params.source === 'string' ? decodeURIComponent(params.source) : '';
  const parsed = importSourceParams.safeParse({ source: raw });
  if (!parsed.success) throw new NotFound('No import source has this name.');
  return parsed.data.source;
}

/** GET /api/leases/import-sources/{source}/mapping — the mapping saved for this source (404 when unknown). */
export const GET = withAuth({ scope: 'read:funders' }, ({ req, params }) => {
  const { funderId } = parseQuery(req, importFunderQuery);
  const db = getDb();
  requireFunder(db, funderId);
  const source = getImportSource(db, funderId, sourceOf(params));
  if (!source) throw new NotFound('No import source has this name.');
  return Response.json({ source: source.name, mapping: JSON.parse(source.mapping) });
});

/** PUT /api/leases/import-sources/{source}/mapping — saves a mapping for the source (created when new). */
export const PUT = withAuth({ scope: 'write:funders' }, async ({ req, params }) => {
  const { funderId } = parseQuery(req, importFunderQuery);
  const { mapping } = await parseBody(req, importSourceMappingBody);
  const db = getDb();
  requireFunder(db, funderId);
  const name = sourceOf(params);
  const source = db.transaction((tx) => {
    const s = ensureImportSource(tx, funderId, name);
    saveImportSourceMapping(tx, s.id, mapping);
    return s;
  });
  return Response.json({ source: source.name, mapping });
});
