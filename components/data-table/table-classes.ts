/**
 * The one way a wide table fits a 1280 px screen (issue #11): it scrolls inside its own region (never the
 * page) and its first column stays in view. Put SCROLL_REGION (or any overflow-auto / overflow-x-auto) on
 * the wrapper and STICKY_FIRST_COLUMN on the <table>.
 *
 * The pinned cells must be opaque, or the columns scrolled beneath them show through: a body cell takes the
 * surface colour (STICKY_FIRST_COLUMN_HOVER: the hover colour when its row is highlighted, for tables whose
 * rows use `hover:bg-surface-muted`); header and footer cells keep their own background, which they must
 * set on the cell (a background on <thead>/<tr> does not travel with a sticky cell). Tables use
 * `border-separate border-spacing-0` with the rules on the cells (ROW_RULES): collapsed borders stay behind
 * when a sticky cell moves.
 */
export const SCROLL_REGION = 'max-h-[70vh] overflow-auto';

export const STICKY_FIRST_COLUMN = [
  'border-separate border-spacing-0',
  '[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0',
  '[&_thead_tr>:first-child]:z-20 [&_tbody_tr>:first-child]:z-[1] [&_tfoot_tr>:first-child]:z-[1]',
  '[&_tbody_tr>:first-child]:bg-surface',
].join(' ');

export const STICKY_FIRST_COLUMN_HOVER = '[&_tbody_tr:hover>:first-child]:bg-surface-muted';

/**
 * The pinned column's right edge drawn on its cells (an inset shadow travels with a sticky cell, a border of the next
 * cell does not), so that a column passing beneath it is seen to pass beneath rather than read as a shorter figure.
 */
export const STICKY_FIRST_COLUMN_EDGE = '[&_tr>:first-child]:shadow-[inset_-1px_0_0_var(--color-border)]';

/**
 * Scroll snapping for a table with a pinned first column: each other header cell is a snap position and, once the
 * pinned column's width is set as the scroller's `scroll-padding-left` (and `data-pinned` on it), every position the
 * scroller comes to rest at has a column start just right of the pinned one: no figure is left half under it
 * ("£56,800.00" read as "6,800.00"). Put SNAP_TO_PINNED_COLUMN on the scroller and SNAP_CELLS on the <table>; the
 * widths are measured by DataTable (data-table.tsx useSnapToPinnedColumn, which also leaves room after the last column
 * so that the end of the scroll range is such a position too).
 */
export const SNAP_TO_PINNED_COLUMN = 'data-pinned:snap-x data-pinned:snap-mandatory';
export const SNAP_CELLS = '[&_thead_tr>:not(:first-child)]:snap-start';

/** A rule above every body row, drawn on its cells (the separate-borders model of STICKY_FIRST_COLUMN). */
export const ROW_RULES = '[&_tbody_tr>*]:border-t [&_tbody_tr>*]:border-border';

/** Header cells of a sticky header: opaque, so the body (and, for the first, the scrolled columns) pass beneath. */
export const HEAD_CELLS = '[&_th]:bg-surface-muted';
