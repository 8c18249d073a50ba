import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { deleteInvoice } from '@/db/queries/compat/invoices';
import { parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { invoiceIdBody, invoiceIdQuery } from '@/lib/validations/invoices';
import { Invalid } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

async function idOf(req: NextRequest, fromQuery: number | undefined): Promise<number> {
  if (fromQuery !== undefined) return fromQuery;
  if ((req.headers.get('content-type') ?? '').includes('json')) return (await parseBody(req, invoiceIdBody)).id;
  throw new Invalid('Name the invoice to delete.', [{ field: 'id', message: 'is required (query string or JSON body)' }]);
}

/** DELETE /apps/invoice/delete?id= (or body `{ id }`; also /api/apps/…) — 200 `{ deleted }`, 404 for an unknown id. */
export const DELETE = withAuth({ scope: 'admin' }, async ({ req }) => {
  const id = await idOf(req, (await parseQuery(req, invoiceIdQuery)).id);
  await deleteInvoice(getDb(), id);
  return Response.json({ deleted: id });
});
