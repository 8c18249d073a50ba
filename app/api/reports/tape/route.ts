import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { tapeScreen } from '@/services/reports/screens';
import { requestClock } from '@/lib/clock';
import { TAPE_COLUMNS, tapeExportColumns, tapeHeader } from '@/lib/reports/tape';
import { tapeQuery } from '@/lib/validations/reports';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/tape?asOf=&page=&perPage= — one row per lease of the book (ESMA names in `columns`),
 * one page. `format=csv|xlsx` streams the WHOLE tape as a download, batch by batch (a ReadableStream
 * for CSV and XLSX alike, lib/exports): memory stays bounded on a 100,000-lease book.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf, format, page, perPage } = await parseQuery(req, tapeQuery);
  // The whole tape for a file (streamed batch by batch), else the page asked for.
  const tape = await tapeScreen(getDb(), funderId, format ? { asOf } : { asOf, page, perPage }, requestClock());
  if (format) return exportResponse(format, `tape-f${funderId}-${tape.cutOff}`, tapeExportColumns(), tape.batches(1000), 'Tape');
  return Response.json({
    cutOff: tape.cutOff,
    columns: TAPE_COLUMNS.map((c) => ({ id: c.id, esma: c.esma, name: c.name, header: tapeHeader(c), kind: c.kind })),
    rows: tape.rows,
    total: tape.total,
    page,
    perPage,
  });
});
