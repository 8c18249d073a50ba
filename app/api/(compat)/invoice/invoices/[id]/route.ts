import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { invoiceApi } from '@/services/workspace/invoices';
import { withAuth, zodIssues } from '@/services/api/handler';
import { invoiceIdParams } from '@/lib/validations/invoices';
import { Invalid, NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/** GET /api/invoice/invoices/{id} — `{ invoice, paymentDetails }`; 400 for a non-numeric id, 404 for an unknown one. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ params }) => {
  const parsed = invoiceIdParams.safeParse(params);
  if (!parsed.success) throw new Invalid('The path is invalid.', zodIssues(parsed.error));
  const found = await invoiceApi(getDb(), parsed.data.id, requestClock());
  if (!found) throw new NotFound(`Invoice ${parsed.data.id} does not exist.`);
  return Response.json(found);
});
