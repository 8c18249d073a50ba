import { getDb } from '@/db';
import { auditQuery } from '@/lib/validations/access';
import { parseQuery, withAuth } from '@/services/api/handler';
import { auditPage } from '@/services/audit/trail';

export const dynamic = 'force-dynamic';

/**
 * GET /api/audit (admin) — the audit trail, newest first: filters user, entity, entity id, funder, from/to (UTC days); paged.
 * Codes and stored values, each row with the currency of its money fields; the screen and the export tell them in words.
 */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) =>
  Response.json(await auditPage(getDb(), await parseQuery(req, auditQuery))),
);
