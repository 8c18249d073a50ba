import { STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';

/** Shared classes of the reports' tables: compact 32 px rows, sticky headers, right-aligned tabular numbers. */
export const TH = 'sticky top-0 z-10 bg-surface-muted px-3 py-2 text-right font-medium whitespace-nowrap text-heading';
export const TH_LEFT = `${TH} text-left`;
export const TD = 'border-b border-border px-3 py-1.5 text-right whitespace-nowrap tabular';
export const TD_LEFT = 'border-b border-border px-3 py-1.5 text-left whitespace-nowrap';
/** Wider than its card, the table scrolls inside REGION with its first column (the row's label) pinned. */
export const TABLE = `w-full min-w-max text-[13px] ${STICKY_FIRST_COLUMN}`;
export const REGION = 'max-h-[70vh] overflow-auto focus-visible:outline-2 focus-visible:outline-primary';
