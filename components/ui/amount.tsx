import { useFormatter } from 'next-intl';
import { formatMoney, type MoneyOptions } from '@/lib/format';
import { cn } from './cn';

type AmountProps = MoneyOptions & {
  /** Integer minor units (cents). */
  minor: number;
  currency: string;
  className?: string;
};

/**
 * Money in the active locale, right-aligned friendly (tabular digits) and visibly distinct when negative.
 * Works in server and client components (next-intl's useFormatter is available in both).
 */
export function Amount({ minor, currency, className, ...options }: AmountProps) {
  const format = useFormatter();
  return (
    <span className={cn('tabular whitespace-nowrap', minor < 0 && 'text-danger-text', className)}>
      {formatMoney(format, minor, currency, options)}
    </span>
  );
}
