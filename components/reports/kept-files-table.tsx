import { Download } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import type { ReportFileRecord } from '@/db/queries/report-files';
import { formatTimestamp } from '@/lib/format';
import { REGION, TABLE, TD, TD_LEFT, TH, TH_LEFT } from './table-styles';

/** The kept files of a report: name, month, format, size, who generated it and when, and a download link; `highlightId` marks a file just generated. */
export async function KeptFilesTable({
  files,
  funderId,
  highlightId,
}: {
  files: ReportFileRecord[];
  funderId: number;
  highlightId?: number;
}) {
  const t = await getTranslations('reports.files');
  const format = await getFormatter();
  if (files.length === 0)
    return (
      <p className="px-6 pb-5 text-[13px]" data-testid="kept-files-empty">
        {t('none')}
      </p>
    );
  return (
    <div className={REGION} role="region" aria-label={t('title')} tabIndex={0}>
      <table className={TABLE} data-testid="kept-files">
        <caption className="sr-only">{t('title')}</caption>
        <thead>
          <tr>
            <th scope="col" className={TH_LEFT}>
              {t('name')}
            </th>
            <th scope="col" className={TH_LEFT}>
              {t('month')}
            </th>
            <th scope="col" className={TH}>
              {t('size')}
            </th>
            <th scope="col" className={TH_LEFT}>
              {t('by')}
            </th>
            <th scope="col" className={TH_LEFT}>
              {t('at')}
            </th>
            <th scope="col" className={TH_LEFT}>
              {t('sha256')}
            </th>
            <th scope="col" className={TH_LEFT}>
              <span className="sr-only">{t('download')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr
              key={f.id}
              className={f.id === highlightId ? 'h-8 bg-primary-soft font-medium' : 'h-8'}
              data-testid="kept-file"
              data-highlighted={f.id === highlightId ? 'true' : undefined}
            >
              <td className={TD_LEFT}>{f.fileName}</td>
              <td className={TD_LEFT}>{f.period}</td>
              <td className={TD}>{format.number(f.size / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })}</td>
              <td className={TD_LEFT}>{f.createdByName ?? '—'}</td>
              <td className={TD_LEFT}>{formatTimestamp(format, f.createdAt)}</td>
              <td className={`${TD_LEFT} font-mono text-[12px]`} title={f.sha256}>
                {f.sha256.slice(0, 12)}
              </td>
              <td className={TD_LEFT}>
                <a
                  href={`/api/reports/files/${f.id}?funderId=${funderId}`}
                  download={f.fileName}
                  className="inline-flex items-center gap-1 text-primary-strong hover:underline"
                  data-testid="kept-file-download"
                >
                  <Download className="size-4" aria-hidden="true" />
                  {t('download')}
                  <span className="sr-only"> {f.fileName}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
