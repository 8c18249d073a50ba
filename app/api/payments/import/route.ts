import type { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { getFunder } from '@/db/queries/funders';
import { importBankStatement } from '@/db/queries/payments';
import { MAX_BODY_BYTES, parseBody, parseQuery, withAuth } from '@/services/api/handler';
import { BankCsvError, parseBankCsv } from '@/lib/servicing/bank-csv';
import { paymentImportBody, paymentImportQuery } from '@/lib/validations/servicing';
import { Invalid, NotFound, TooLarge } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

async function readCsv(req: NextRequest): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new TooLarge('The body is larger than 1 MiB.');
  const buf = await req.arrayBuffer();
  if (buf.byteLength > MAX_BODY_BYTES) throw new TooLarge('The body is larger than 1 MiB.');
  return new TextDecoder().decode(buf);
}

/**
 * POST /api/payments/import — a bank statement as `text/csv` (?fileName=) or JSON {fileName, csv}, at
 * most 1 MiB, imported in one transaction: 201 with the import and its per-line results.
 */
export const POST = withAuth({ scope: 'write:funders' }, async ({ req, principal }) => {
  const query = await parseQuery(req, paymentImportQuery);
  const type = req.headers.get('content-type') ?? '';
  let fileName = query.fileName;
  let csv: string;
  if (/^text\/(csv|plain)\b/i.test(type)) csv = await readCsv(req);
  else {
    const body = await parseBody(req, paymentImportBody);
    fileName = body.fileName;
    csv = body.csv;
  }
  const db = getDb();
  if (!(await getFunder(db, query.funderId))) throw new NotFound(`Funder ${query.funderId} does not exist.`);
  let lines;
  try {
    lines = parseBankCsv(csv).lines;
  } catch (e) {
    if (e instanceof BankCsvError) throw new Invalid(e.message, [{ field: 'csv', message: e.message }]);
    throw e;
  }
  if (lines.length === 0) throw new Invalid('The file has no data lines.', [{ field: 'csv', message: 'has no data lines' }]);
  const result = await importBankStatement(db, query.funderId, fileName, lines, principal.user.id);
  return Response.json({ import: result }, { status: 201, headers: { location: `/api/payments/imports/${result.id}` } });
});
