import { CalendarClock } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { formatIsoDate } from '@/lib/format';

/**
 * The notice every signed-in page shows while QUANTUM_TODAY fixes the server's date (lib/clock): a reader must never
 * take a test or demonstration date for the real one.
 */
export async function FixedClockNotice({ date }: { date: string }) {
  const t = await getTranslations('shell');
  const format = await getFormatter();
  return (
    <p
      role="note"
      className="mb-4 flex items-center gap-2 rounded-md bg-warning-soft px-3 py-2 text-[13px] font-medium text-warning-text"
      data-testid="fixed-clock"
    >
      <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
      <span>{t('fixedClock', { date: formatIsoDate(format, date, 'long') })}</span>
    </p>
  );
}
