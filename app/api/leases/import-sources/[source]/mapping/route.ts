import { transaction } from '@/db/transaction';
import { getDb } from '@/db';
import { ensureImportSource, getImportSource, saveImportSourceMapping } from '@/db/queries/imports';
import { importFunderQuery, importSourceMappingBody, importSourceParams } from '@/lib/validations/imports';
import { parseBody, parseQuery, withAuth, zodIssues } from '@/services/api/handler';
import { requireFunder } from '@/services/reports/service';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * The {source} segment as Next.js gives it: already decoded once, and never decoded again (a second decode turned
 * `%252e%252e%252f` into `../`). A name that is not printable text (control characters, `/`, `\`, `..`, URL escapes)
 * is a bad request naming the field `source`, not an unknown source.
 */
function sourceOf(params: Record<string, string | string[]>): string {
  const parsed = importSourceParams.safeParse({ source: params.source });
  if (!parsed.success) throw new Invalid('The source name is invalid.', zodIssues(parsed.error));
  return parsed.data.source;
}

/** A saved JSON object column ('{}' when empty or unreadable). */
function jsonObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** GET /api/leases/import-sources/{source}/mapping — the mapping and fixed values saved for this source (404 when unknown). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  const name = sourceOf(params);
  const db = getDb();
  await requireFunder(db, funderId);
  const source = await getImportSource(db, funderId, name);
  if (!source) throw new NotFound('No import source has this name.');
  return Response.json({ source: source.name, mapping: jsonObject(source.mapping), fixed: jsonObject(source.fixed) });
});

/**
 * PUT /api/leases/import-sources/{source}/mapping — saves a mapping (and, when given, the values for every row of the
 * fields the file has no column for) for the source, created when new.
 */
export const PUT = withAuth({ scope: 'write:funders' }, async ({ req, params }) => {
  const { funderId } = await parseQuery(req, importFunderQuery);
  const name = sourceOf(params);
  const { mapping, fixed } = await parseBody(req, importSourceMappingBody);
  const db = getDb();
  await requireFunder(db, funderId);
  const saved = await transaction(db, async (tx) => {
    const s = await ensureImportSource(tx, funderId, name);
    await saveImportSourceMapping(tx, s.id, mapping, Date.now(), fixed);
    return { name: s.name, fixed: fixed ?? jsonObject(s.fixed) };
  });
  return Response.json({ source: saved.name, mapping, fixed: saved.fixed });
});
