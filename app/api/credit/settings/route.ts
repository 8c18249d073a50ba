import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { changeFunderSettings } from '@/db/queries/funder-proposals';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { creditFunderQuery } from '@/lib/validations/credit';
import { CREDIT_FIELDS, toFunderSettings, updateCreditParamsBody, type FunderSettings } from '@/lib/validations/funders';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

function creditParamsOf(f: FunderSettings) {
  return Object.fromEntries(CREDIT_FIELDS.map((k) => [k, f[k]]));
}

/** GET /api/credit/settings — the funder's credit parameters (materiality, probation, contagion, provision matrix). */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const funder = await getFunder(getDb(), funderId);
  if (!funder) throw new NotFound(`Funder ${funderId} does not exist.`);
  return Response.json({ funderId, settings: creditParamsOf(toFunderSettings(funder)) });
});

/**
 * PATCH /api/credit/settings — changes credit parameters through the funder settings path (admin, as every funder
 * setting): applied at once (200) without four eyes, else a pending proposal another admin approves (202).
 */
export const PATCH = withAuth({ scope: 'admin' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, creditFunderQuery);
  const patch = await parseBody(req, updateCreditParamsBody);
  const result = await changeFunderSettings(getDb(), funderId, patch, { userId: principal.user.id, email: principal.user.email });
  if (result.proposal)
    return Response.json(
      { proposal: result.proposal },
      { status: 202, headers: { location: `/api/funder-proposals/${result.proposal.id}` } },
    );
  return Response.json({ funderId, settings: creditParamsOf(result.applied) });
});
