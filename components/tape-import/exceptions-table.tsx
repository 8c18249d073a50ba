import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { useTranslations } from '@/i18n/use-translations';
import { Badge } from '@/components/ui/badge';
import { exceptionRowText, type TapeImportTranslate } from './exception-message';

/** One exception of a dry run as the exceptions API answers it, its message already in the reader's language. */
export type ExceptionRow = {
  id: number;
  row: number;
  column: string;
  field: string;
  value: string;
  rule: string;
  severity: string;
  message: string;
};

/**
 * The dry run's exceptions. A problem of the whole file (row 0: a required field no column gives) reads "File" in
 * the row column, never "0": the reader looks for no row that does not exist.
 */
export function ExceptionsTable({ rows }: { rows: readonly ExceptionRow[] }) {
  const t = useTranslations('tapeImport');
  const tr = t as unknown as TapeImportTranslate;
  return (
    <div className="max-h-96 overflow-auto">
      <table className={`w-full text-sm ${STICKY_FIRST_COLUMN} ${ROW_RULES}`} data-testid="exceptions">
        <caption className="sr-only">{t('dryRun.exceptions')}</caption>
        <thead className={`sticky top-0 z-10 ${HEAD_CELLS}`}>
          <tr className="text-left">
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              {t('csv.row')}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t('csv.column')}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t('dryRun.value')}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t('csv.rule')}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t('dryRun.message')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} className="h-8">
              <td className={e.row === 0 ? 'px-2 text-right' : 'tabular px-2 text-right'}>{exceptionRowText(tr, e.row)}</td>
              <td className="px-2">{e.column}</td>
              <td className="px-2">{e.value}</td>
              <td className="px-2">
                <Badge variant={e.severity === 'error' ? 'danger' : 'warning'}>{t(`ruleNames.${e.rule}` as never)}</Badge>
              </td>
              <td className="px-2">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
