import { getDb } from '@/db';
import { reversePayment } from '@/db/queries/payments';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { pathId } from '@/services/servicing/route-helpers';
import { paymentReverseBody, servicingFunderQuery } from '@/lib/validations/servicing';
import { afterBookWrite } from '@/services/portfolio/book-changes';

export const dynamic = 'force-dynamic';

/** POST /api/payments/{id}/reverse — a reversal entry undoing the payment; the lease's allocation is recomputed (201; 409 when already reversed). */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, params, principal }) => {
  const id = pathId(params, 'id', 'payment');
  const { funderId } = await parseQuery(req, servicingFunderQuery);
  const body = await parseBody(req, paymentReverseBody);
  const reversal = await reversePayment(getDb(), funderId, id, body, principal.user.id);
  await afterBookWrite(getDb(), funderId);
  return Response.json({ reversal }, { status: 201 });
});
