import type { ReactNode } from 'react';
import { HEAD_CELLS, ROW_RULES, SCROLL_REGION, STICKY_FIRST_COLUMN, STICKY_FIRST_COLUMN_HOVER } from './table-classes';

/** A column head: its text and the classes of its header cell (padding, alignment). */
export type ListColumn = { key: string; label: ReactNode; className: string };

type Props = {
  columns: readonly ListColumn[];
  /** The body rows (<tr>s). */
  children: ReactNode;
  /** Rows of a <tfoot> (totals), if any. */
  footer?: ReactNode;
  testId?: string;
  /** The scrolling wrapper's classes (default SCROLL_REGION). */
  region?: string;
  /** Highlighted rows (hover:bg-surface-muted) keep the pinned cell in the hover colour too. */
  hover?: boolean;
  textSize?: string;
};

/**
 * A plain list table that fits a 1280 px screen the one way (table-classes.ts): it scrolls inside its region,
 * its header row and first column stay in view, rules between rows.
 */
export function ListTable({ columns, children, footer, testId, region = SCROLL_REGION, hover = false, textSize = 'text-[13px]' }: Props) {
  return (
    <div className={region}>
      <table
        className={`w-full ${textSize} ${STICKY_FIRST_COLUMN} ${hover ? `${STICKY_FIRST_COLUMN_HOVER} ` : ''}${ROW_RULES}`}
        data-testid={testId}
      >
        <thead className={`sticky top-0 z-10 ${HEAD_CELLS}`}>
          <tr className="text-left">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
