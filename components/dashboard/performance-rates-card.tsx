import { ArrowRight, ChartLine } from '@/lib/icons';
import { Card } from '@/components/ui/card';
import { getTranslations } from '@/i18n/translations';
import { Link } from '@/i18n/navigation';

type Props = {
  title: string;
  currency: string | null;
  /** One line per closed month, oldest first: its label and the "CPR … · CDR …" text, already formatted. */
  lines: { month: string; label: string; value: string }[];
  linkLabel: string;
  emptyLabel: string;
};

const PATH = '/reports/performance';

/**
 * CPR and CDR of the last closed months, each month linking to Reports → Performance. Both are annualised rates (CPR =
 * 1 − (1 − SMM)^12, CDR = 1 − (1 − MDR)^12), and the card says so, with the currency of the book they are measured on.
 */
export async function PerformanceRatesCard({ title, currency, lines, linkLabel, emptyLabel }: Props) {
  const t = await getTranslations('dashboard.rates');
  return (
    <Card className="flex flex-col" data-testid="kpi-performance">
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <div className="min-w-0">
          <h2 className="text-[15px] font-medium text-heading">{title}</h2>
          <p className="mt-0.5 text-xs" data-testid="kpi-performance-basis">
            {currency ? t('annualisedIn', { currency }) : t('annualised')}
          </p>
        </div>
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-strong"
          aria-hidden="true"
        >
          <ChartLine className="size-5" />
        </span>
      </div>
      <ul className="flex-1 px-5 pt-2 pb-3 text-[13px]">
        {lines.length === 0 ? <li>{emptyLabel}</li> : null}
        {lines.map((l) => (
          <li key={l.month}>
            <Link
              href={{ pathname: PATH, query: { to: l.month, ...(currency ? { currency } : {}) } }}
              className="flex items-baseline justify-between gap-3 hover:underline"
              data-testid="kpi-performance-month"
            >
              <span>{l.label}</span>
              <span className="font-medium text-heading tabular" data-figure="line">
                {l.value}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        href={{ pathname: PATH, ...(currency ? { query: { currency } } : {}) }}
        className="flex items-center gap-1 border-t border-border px-5 py-2.5 text-[13px] font-medium text-primary-strong hover:underline"
      >
        {linkLabel}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </Card>
  );
}
