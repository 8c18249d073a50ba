import { ArrowRight, type IconComponent } from '@/lib/icons';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';

type KpiCardProps = {
  title: string;
  icon: IconComponent;
  /** The screen behind the figure (locale-relative). */
  href: { pathname: string; query?: Record<string, string> };
  linkLabel: string;
  /** One line per currency, base currency first. */
  lines: { currency: string; value: ReactNode }[];
  'data-testid'?: string;
};

/** A KPI with one figure per currency (never added across currencies) and a link to the screen it comes from. */
export function KpiCard({ title, icon: Icon, href, linkLabel, lines, ...rest }: KpiCardProps) {
  return (
    <Card className="flex flex-col" data-testid={rest['data-testid']}>
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <h2 className="text-[15px] font-medium text-heading">{title}</h2>
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-strong"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
      </div>
      <dl className="flex-1 px-5 pt-2 pb-3">
        {lines.map((l, n) => (
          // The figure sits right of its currency while it fits and goes under it when it does not: never cut or overlapping.
          <div key={l.currency} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-[13px]">{l.currency}</dt>
            <dd
              className={cn('ml-auto min-w-0 text-right wrap-anywhere text-heading', n === 0 ? 'text-xl font-semibold' : 'text-sm')}
              data-figure={n === 0 ? 'headline' : 'line'}
            >
              {l.value}
            </dd>
          </div>
        ))}
      </dl>
      <Link
        href={href}
        className="flex items-center gap-1 border-t border-border px-5 py-2.5 text-[13px] font-medium text-primary-strong hover:underline"
      >
        {linkLabel}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </Card>
  );
}
