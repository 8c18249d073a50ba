import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { defaultVatRate, searchLessees } from '@/db/queries/lessees';
import { parseQuery, withAuth } from '@/services/api/handler';
import { lesseeSearchQuery } from '@/lib/validations/leases';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/lessees?q=&limit= — the funder's lessees whose name, ERP id or tax id contains q (the lessee
 * picker), each with the VAT rate a new lease of theirs starts with.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, q, limit } = await parseQuery(req, lesseeSearchQuery);
  const db = getDb();
  const funder = await getFunder(db, funderId);
  if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
  const lessees = (await searchLessees(db, funderId, q, limit)).map((l) => ({ ...l, defaultVatRate: defaultVatRate(l, funder) }));
  return Response.json({ lessees });
});
