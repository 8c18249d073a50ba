import { getDb } from '@/db';
import { listFirstInvoiceClients } from '@/db/queries/compat/invoices';
import { withAuth } from '@/services/api/handler';

export const dynamic = 'force-dynamic';

/** GET /api/invoice/clients — the bare array of the first five invoice clients (distinct). */
export const GET = withAuth({ scope: 'read:funders' }, async () => Response.json(await listFirstInvoiceClients(getDb())));
