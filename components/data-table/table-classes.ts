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

/** A rule above every body row, drawn on its cells (the separate-borders model of STICKY_FIRST_COLUMN). */
export const ROW_RULES = '[&_tbody_tr>*]:border-t [&_tbody_tr>*]:border-border';

/** Header cells of a sticky header: opaque, so the body (and, for the first, the scrolled columns) pass beneath. */
export const HEAD_CELLS = '[&_th]:bg-surface-muted';
