import { useLocale } from 'next-intl';
import { formatMoneyIn, type MoneyOptions } from '@/lib/format';
import { cn } from './cn';

type AmountProps = MoneyOptions & {
  /** Integer minor units (cents). */
  minor: number;
  currency: string;
  className?: string;
  /**
   * Money coming back (a recovery): in the success colour, never the danger one, even when a loss ledger gives it
   * a minus sign because it lowers the loss.
   */
  inflow?: boolean;
};

/**
 * Money in the active locale, right-aligned friendly (tabular digits) and visibly distinct when negative.
 * Works in server and client components (next-intl's useLocale is available in both).
 */
export function Amount({ minor, currency, className, inflow = false, ...options }: AmountProps) {
  // The process-wide formatter of the locale: tables render hundreds of amounts per request.
  const locale = useLocale();
  return (
    <span className={cn('tabular whitespace-nowrap', inflow ? 'text-success-text' : minor < 0 && 'text-danger-text', className)}>
      {formatMoneyIn(locale, minor, currency, options)}
    </span>
  );
}
