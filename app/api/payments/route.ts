import { getDb } from '@/db';
import { listPayments, recordPayment } from '@/db/queries/payments';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { paymentCreateBody, paymentListQuery, servicingFunderQuery } from '@/lib/validations/servicing';
import { afterBookWrite } from '@/services/portfolio/book-changes';
import { paymentAsRecovery } from '@/services/credit/actions';

export const dynamic = 'force-dynamic';

/** GET /api/payments — one page of the funder's ledger (payments and reversals, newest first) with per-currency totals of the filtered set. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, lease, lessee, from, to, method, q, page, perPage } = await parseQuery(req, paymentListQuery);
  const { rows, total, totals } = await listPayments(getDb(), funderId, {
    leaseId: lease,
    lesseeId: lessee,
    from,
    to,
    method,
    q,
    page,
    perPage,
  });
  return Response.json({ payments: rows, total, totals, page, perPage });
});

/**
 * POST /api/payments — records a payment on a lease and recomputes its allocation (201). On a written-off lease
 * (received on or after the write-off) the cash is a recovery in the loss ledger instead (201, `{ recovery }`).
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const { funderId } = await parseQuery(req, servicingFunderQuery);
  const body = await parseBody(req, paymentCreateBody);
  const recovery = await paymentAsRecovery(
    getDb(),
    funderId,
    {
      leaseId: body.leaseId,
      receivedOn: body.receivedOn,
      amount: body.amount,
      currency: body.currency,
      reference: body.reference,
      note: body.note,
    },
    { userId: principal.user.id, email: principal.user.email },
  );
  if (recovery) return Response.json({ recovery }, { status: 201, headers: { location: `/api/credit/recoveries?funderId=${funderId}` } });
  const payment = await recordPayment(getDb(), funderId, body, principal.user.id);
  await afterBookWrite(getDb(), funderId);
  return Response.json({ payment }, { status: 201, headers: { location: `/api/payments?lease=${payment.leaseId}` } });
});
