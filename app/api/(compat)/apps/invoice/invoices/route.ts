import { getDb } from '@/db';
import { requestClock } from '@/lib/clock';
import { invoicesApiPage } from '@/services/workspace/invoices';
import { parseQuery, withAuth } from '@/services/api/handler';
import { invoicesListQuery } from '@/lib/validations/invoices';

export const dynamic = 'force-dynamic';

/**
 * GET /apps/invoice/invoices (also /api/apps/…) — `{ allData, invoices, total }`: allData is every invoice
 * unfiltered; a lease instalment's invoice as the servicing ledger has it today; invoices one page (perPage default 10) of the filtered list, newest id first; total the filtered count.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) =>
  Response.json(await invoicesApiPage(getDb(), await parseQuery(req, invoicesListQuery), requestClock())),
);
