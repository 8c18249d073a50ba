import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { listActiveFlags, listRecoveries, listWriteOffs } from '@/db/queries/credit';
import { parseQuery, withAuth } from '@/services/api/handler';
import { exportResponse } from '@/lib/exports';
import { creditNoteText } from '@/lib/credit';
import { creditExportQuery } from '@/lib/validations/credit-export';
import { requestClock } from '@/lib/clock';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { defaultsAt, eclAt, lossLedger, lossMeasuresAt } from '@/services/credit/screen';
import {
  defaultsColumns,
  eclColumns,
  flagsColumns,
  ledgerColumns,
  measuresColumns,
  recoveriesColumns,
  writeOffsColumns,
} from '@/services/credit/export-columns';

export const dynamic = 'force-dynamic';

/** GET /api/credit/export?table=…&format=csv|xlsx — one table of Servicing → Defaults & losses on asOf (default today), headers in `locale`. */
export const GET = withAuth({ scope: 'read:funders' }, async ({ req }) => {
  const { funderId, asOf, table, format, locale } = await parseQuery(req, creditExportQuery);
  const day = asOf ?? requestClock().today;
  const db = getDb();
  const tr = await getTranslations({ locale, namespace: 'credit' });
  const t = (key: string, values?: Record<string, string | number>) => tr(key, values);
  const name = `credit-${table}-${day}`;
  const sheet = t('sheet');
  switch (table) {
    case 'defaults': {
      const f = await getFormatter({ locale });
      return exportResponse(
        format,
        name,
        defaultsColumns(t, (r) => creditNoteText(t, f, r)),
        [await defaultsAt(db, funderId, day)],
        sheet,
      );
    }
    case 'flags':
      return exportResponse(format, name, flagsColumns(t), [await listActiveFlags(db, funderId)], sheet);
    case 'writeOffs':
      return exportResponse(format, name, writeOffsColumns(t), [await listWriteOffs(db, funderId)], sheet);
    case 'recoveries':
      return exportResponse(format, name, recoveriesColumns(t), [await listRecoveries(db, funderId)], sheet);
    case 'ledger':
      return exportResponse(format, name, ledgerColumns(t), [await lossLedger(db, funderId, day)], sheet);
    case 'measures':
      return exportResponse(format, name, measuresColumns(t), [await lossMeasuresAt(db, funderId, day)], sheet);
    default:
      return exportResponse(
        format,
        name,
        eclColumns(t, (k) => (k === 'default' ? t('buckets.default') : bucketLabel(k, t('buckets.current')))),
        [(await eclAt(db, funderId, day)).rows],
        sheet,
      );
  }
});
