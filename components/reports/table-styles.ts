/** Shared classes of the reports' tables: compact 32 px rows, sticky headers, right-aligned tabular numbers. */
export const TH = 'sticky top-0 z-10 bg-surface-muted px-3 py-2 text-right font-medium whitespace-nowrap text-heading';
export const TH_LEFT = `${TH} text-left`;
export const TD = 'border-b border-border px-3 py-1.5 text-right whitespace-nowrap tabular';
export const TD_LEFT = 'border-b border-border px-3 py-1.5 text-left whitespace-nowrap';
/** Wider than its card, the table scrolls inside REGION with its first column (the row's label) pinned. */
export const TABLE =
  'w-full min-w-max border-separate border-spacing-0 text-[13px] [&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tbody_tr>:first-child]:z-[1] [&_tbody_tr>:first-child]:bg-surface [&_thead_tr>:first-child]:z-20';
export const REGION = 'max-h-[70vh] overflow-auto focus-visible:outline-2 focus-visible:outline-primary';
