import { getDb } from '@/db';
import { exportSheetsResponse, safeFileName } from '@/lib/exports';
import { scenarioSheets, type ScenarioExportRow, type ScenarioTotalsRow } from '@/lib/portfolio/scenarios';
import { parseQuery, withAuth } from '@/services/api/handler';
import { scenarioCashFlow } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';
import { scenarioExportQuery } from '@/lib/validations/scenarios';
import { scenarioOfPath } from '../../scenario-id';

export const dynamic = 'force-dynamic';

/**
 * GET /api/scenarios/{id}/cash-flow/export?format=csv|xlsx&cutOff=&gross= (read:funders) — the comparison
 * of the Scenarios screen as a file: per currency and period the contractual and scenario cash, the
 * difference and the scenario's components (CSV: that table; XLSX: plus a Totals sheet). Major units.
 */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req, params, principal }) => {
  const db = getDb();
  const s = await scenarioOfPath(db, params, principal);
  const query = await parseQuery(req, scenarioExportQuery);
  const comparison = await scenarioCashFlow(db, s.funderId, s.id, query, requestClock());
  const name = `scenario_${safeFileName(s.name)}_funder-${s.funderId}_${comparison.cutOff}${comparison.gross ? '_gross' : ''}.${query.format}`;
  return exportSheetsResponse<[ScenarioExportRow, ScenarioTotalsRow]>(query.format, name, scenarioSheets(comparison), {
    fileName: name,
    headers: { 'x-cut-off': comparison.cutOff },
  });
});
