import { z } from 'zod';
import { funderIdParam, isoDateParam } from './common';
import { exportFormat, exportLocale } from './servicing';

export const CREDIT_EXPORT_TABLES = ['defaults', 'flags', 'writeOffs', 'recoveries', 'ledger', 'measures', 'ecl'] as const;

/** GET /api/credit/export?table=&format=csv|xlsx — one table of Defaults & losses, headers in `locale`. */
export const creditExportQuery = z.object({
  funderId: funderIdParam,
  asOf: isoDateParam.optional(),
  table: z.enum(CREDIT_EXPORT_TABLES, { error: `must be one of ${CREDIT_EXPORT_TABLES.join(', ')}` }),
  format: exportFormat,
  locale: exportLocale,
});
