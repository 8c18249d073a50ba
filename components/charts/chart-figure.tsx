import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

type ChartFigureProps = {
  /** Visible title, also the figure's accessible name. */
  title: string;
  /** What the chart shows in words, for screen readers (the data itself is usually in a table nearby). */
  summary: string;
  id: string;
  className?: string;
  children: ReactNode;
};

/** A chart with its caption: a <figure> named by the title and described by an sr-only summary. */
export function ChartFigure({ title, summary, id, className, children }: ChartFigureProps) {
  return (
    <figure className={cn('min-w-0', className)} aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <figcaption id={`${id}-title`} className="mb-2 text-[15px] font-medium text-heading">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="sr-only">
        {summary}
      </p>
      {children}
    </figure>
  );
}
