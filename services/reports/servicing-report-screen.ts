/**
 * Servicing → Servicing Reports → {kind} as its page and its JSON API (GET /api/reports/servicing/{kind}) show it:
 * one call that resolves the month (the last complete month before the clock's today unless the query names one) and
 * returns its report; for the page also the lines of the page asked for and the kind's latest kept files. The page
 * renders it, the API serialises its report: the two cannot disagree.
 */
import { rowsPage } from '@/services/servicing/route-helpers';
import type { Db } from '@/db/client';
import { listReportFiles, type ReportFileRecord } from '@/db/queries/report-files';
import type { Funder } from '@/db/schema/portfolio';
import type { Clock } from '@/lib/clock';
import {
  buildServicingReport,
  lastCompleteMonth,
  type ReportLine,
  type ServicingReport,
  type ServicingReportKind,
} from './servicing-reports';

export type ServicingReportScreenQuery = {
  month?: string;
  /** The page of lines shown (1-based) and its size; without them every line. */
  page?: number;
  perPage?: number;
  /** How many of the kind's kept files (newest first) the screen lists; none without it. */
  keptFiles?: number;
};

export type ServicingReportScreen = {
  month: string;
  report: ServicingReport;
  /** The report's lines of the page asked for (every line without a page). */
  lines: ReportLine[];
  page: number;
  perPage: number;
  pageCount: number;
  /** The kind's latest kept files, newest first (empty unless asked for). */
  files: ReportFileRecord[];
};

export async function servicingReportScreen(
  db: Db,
  funder: Funder,
  kind: ServicingReportKind,
  query: ServicingReportScreenQuery,
  clock: Clock,
): Promise<ServicingReportScreen> {
  const month = query.month ?? lastCompleteMonth(clock.today);
  const report = await buildServicingReport(db, funder, kind, month);
  const { rows: lines, page, perPage, pageCount } = rowsPage(report.lines, query.page, query.perPage);
  const files = query.keptFiles ? (await listReportFiles(db, { funderId: funder.id, kind, page: 1, perPage: query.keptFiles })).rows : [];
  return { month, report, lines, page, perPage, pageCount, files };
}
