import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import type { StripCell } from '@/lib/servicing';
import { cn } from '@/components/ui/cn';
import { formatIsoMonth } from '@/lib/format';

const CELL: Record<StripCell['status'], string> = {
  'paid-on-time': 'bg-[#28a862]',
  'paid-late': 'bg-[#e08a2c]',
  unpaid: 'bg-[#d9383a]',
  none: 'bg-[#e6e6e8]',
};

/** The 12-month payment-history strip: one cell per month, coloured by status, each with a text label (title and screen-reader text). */
export function PaymentStrip({ strip }: { strip: readonly StripCell[] }) {
  const t = useTranslations('servicing.strip');
  const format = useFormatter();
  return (
    <ol className="flex gap-0.5" aria-label={t('label')}>
      {strip.map((c) => {
        const label = `${formatIsoMonth(format, `${c.month}-01`)}: ${t(c.status)}`;
        return (
          <li key={c.month} title={label} className={cn('size-3 rounded-[2px]', CELL[c.status])}>
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The strip's legend. */
export function StripLegend() {
  const t = useTranslations('servicing.strip');
  return (
    <ul className="flex flex-wrap gap-4 text-[13px]" aria-label={t('legend')}>
      {(['paid-on-time', 'paid-late', 'unpaid', 'none'] as const).map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3 rounded-[2px]', CELL[s])} />
          {t(s)}
        </li>
      ))}
    </ul>
  );
}
