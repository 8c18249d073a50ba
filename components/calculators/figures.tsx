import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export type FigureItem = {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** A line under the value (a date, the rate it was computed at, why there is no value). */
  note?: ReactNode;
  testId?: string;
};

/** The headline result: a large number with its label. */
export function HeadlineFigure({ label, value, note, testId }: Omit<FigureItem, 'key'>) {
  return (
    <div className="rounded-md bg-primary-soft px-4 py-3">
      <p className="text-[13px] font-medium text-primary-strong">{label}</p>
      <p className="tabular mt-0.5 text-[28px] leading-tight font-semibold text-heading" data-testid={testId}>
        {value}
      </p>
      {note ? <p className="mt-0.5 text-[13px] text-body">{note}</p> : null}
    </div>
  );
}

/** Label/value pairs, values right-aligned with tabular digits. */
export function FigureList({ items, className }: { items: readonly FigureItem[]; className?: string }) {
  return (
    <dl className={cn('divide-y divide-border', className)}>
      {items.map((item) => (
        <div key={item.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
          <dt className="min-w-0 text-body">{item.label}</dt>
          <dd className="tabular ml-auto text-right font-medium text-heading" data-testid={item.testId}>
            {item.value}
            {item.note ? <span className="block text-[13px] font-normal text-body">{item.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A signed amount: negatives in the danger colour, as everywhere in the app. */
export function Signed({ value, text }: { value: number; text: string }) {
  return <span className={cn('whitespace-nowrap', value < 0 && 'text-danger-text')}>{text}</span>;
}
