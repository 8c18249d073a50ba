import { CalendarClock } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { formatIsoDate } from '@/lib/format';

/** Which date a page's figures are at: a valuation cut-off, or an as-of date (servicing, reports). */
export type AsOf = { date: string; kind: 'cutOff' | 'asOf' };

/**
 * The one "As of 1 Nov 2026" / "Cut-off 1 Nov 2026" line of a figure-bearing page's header, so a
 * reader sees at once which date every figure below is at (the Dashboard is at the month's first day,
 * Delinquency at today). The date is a `YYYY-MM-DD` text shown in the active locale's medium style.
 */
export async function AsOfLine({ date, kind }: AsOf) {
  const t = await getTranslations('shell');
  const format = await getFormatter();
  return (
    <p className="mt-1 flex items-center gap-1.5 text-[13px] font-medium text-heading" data-testid="as-of-line">
      <CalendarClock className="size-4" aria-hidden="true" />
      <time dateTime={date}>{t(kind === 'cutOff' ? 'cutOffLine' : 'asOfLine', { date: formatIsoDate(format, date, 'medium') })}</time>
    </p>
  );
}
