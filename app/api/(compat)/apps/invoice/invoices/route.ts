import { getDb } from '@/db';
import { pageInvoices } from '@/db/queries/compat/invoices';
import { parseQuery, withAuth } from '@/services/api/handler';
import { invoicesListQuery } from '@/lib/validations/invoices';

export const dynamic = 'force-dynamic';

/**
 * GET /apps/invoice/invoices (also /api/apps/…) — `{ allData, invoices, total }`: allData is every invoice
 * unfiltered; invoices one page (perPage default 10) of the filtered list, newest id first; total the filtered count.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) =>
  Response.json(await pageInvoices(getDb(), parseQuery(req, invoicesListQuery))),
);
