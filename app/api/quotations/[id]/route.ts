import { getDb } from '@/db';
import { getQuotation, listQuotationHistory, updateQuotation } from '@/db/queries/quotations';
import { parseBody, parseQuery, withAuth, zodIssues } from '@/services/api/handler';
import { idParam } from '@/lib/validations/common';
import { funderQuery } from '@/lib/validations/leases';
import { quotationCreateBody, quotationPatchBody } from '@/lib/validations/quotations';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function quotationId(params: Record<string, string | string[]>): number {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success) throw new NotFound('No quotation has this id.');
  return parsed.data;
}

/** GET /api/quotations/[id] — `{ quotation, history }` (every status change with who and when). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = quotationId(params);
  const db = getDb();
  const quotation = await getQuotation(db, funderId, id);
  if (!quotation) throw new NotFound(`Quotation ${id} does not exist for funder ${funderId}.`);
  return Response.json({ quotation, history: await listQuotationHistory(db, id) });
});

/**
 * PATCH /api/quotations/[id] — edits a draft: some fields plus the `version` the edit started from.
 * 409 when the version is stale or the quotation is no longer a draft.
 */
export const PATCH = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const { funderId } = await parseQuery(req, funderQuery);
  const id = quotationId(params);
  const { version, ...patch } = await parseBody(req, quotationPatchBody);
  const db = getDb();
  const current = await getQuotation(db, funderId, id);
  if (!current) throw new NotFound(`Quotation ${id} does not exist for funder ${funderId}.`);
  const merged = quotationCreateBody.safeParse({ ...current, ...patch });
  if (!merged.success) throw new Invalid('The quotation would be invalid with these changes.', zodIssues(merged.error));
  return Response.json({ quotation: await updateQuotation(db, funderId, id, version, patch, Date.now(), principal.user.id) });
});
