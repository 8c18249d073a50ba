import { getDb } from '@/db';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { reportBook, requireFunder, tapeSourceOf } from '@/services/reports/service';
import { TAPE_COLUMNS, tapeBatches, tapeCount, tapeExportColumns, tapeHeader, tapePage } from '@/lib/reports/tape';
import { tapeQuery } from '@/lib/validations/reports';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reports/tape?asOf=&page=&perPage= — one row per lease of the book (ESMA names in `columns`),
 * one page. `format=csv|xlsx` streams the WHOLE tape as a download, batch by batch (a ReadableStream
 * for CSV and XLSX alike, lib/exports): memory stays bounded on a 100,000-lease book.
 */
export const GET = withAuth({ scope: 'read:funders' }, ({ req }) => {
  const query = parseQuery(req, tapeQuery);
  const db = getDb();
  requireFunder(db, query.funderId);
  const book = reportBook(db, query.funderId, query.asOf);
  const { src, delinquency } = tapeSourceOf(db, book);
  if (query.format)
    return exportResponse(
      query.format,
      `tape-f${query.funderId}-${book.cutOff}`,
      tapeExportColumns(),
      tapeBatches(src, 1000, delinquency),
      'Tape',
    );
  const rows = tapePage(src, (query.page - 1) * query.perPage, query.perPage, delinquency);
  return Response.json({
    cutOff: book.cutOff,
    columns: TAPE_COLUMNS.map((c) => ({ id: c.id, esma: c.esma, name: c.name, header: tapeHeader(c), kind: c.kind })),
    rows,
    total: tapeCount(src),
    page: query.page,
    perPage: query.perPage,
  });
});
