'use client';

/**
 * A server-paged table shell over TanStack Table: the server sorts, filters and pages; the state lives
 * in the URL (sort, dir, page, perPage and the visible columns), so every view can be linked and
 * reloaded. Sort headers are links, the header row sticks while the body scrolls, a totals row can be
 * added below the body, and export links sit in the toolbar. Texts come from the `masterFile.dataTable`
 * messages.
 *
 * Columns are TanStack ColumnDefs with an `id` and `meta`: `{ align?: 'left' | 'right', sortKey?: string,
 * label: string }`; `label` names the column in the visibility menu and `sortKey` is the value the
 * `sort` param takes (no sortKey: not sortable).
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData, type VisibilityState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Columns3, Download } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import {
  SCROLL_REGION,
  SNAP_CELLS,
  SNAP_TO_PINNED_COLUMN,
  STICKY_FIRST_COLUMN,
  STICKY_FIRST_COLUMN_EDGE,
  STICKY_FIRST_COLUMN_HOVER,
} from './table-classes';
import { useUrlState } from './url-state';
import { COLUMNS_PARAM, visibleColumnIds } from './visible-columns';

export { COLUMNS_PARAM, visibleColumnIds };

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    label: string;
    align?: 'left' | 'right';
    sortKey?: string;
  }
}

/** A totals row: cells by column id; `label` fills the first visible column when no cell is given for it. */
export type FooterRow = { key: string; label?: ReactNode; cells: Partial<Record<string, ReactNode>> };
export type ExportLink = { format: string; label: string; href: string };

export type DataTableProps<T> = {
  data: T[];
  // The columns mix cell value types; TanStack's own examples type the array this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** The accessible name of the table. */
  caption: string;
  total: number;
  page: number;
  perPage: number;
  perPageOptions?: number[];
  sort?: string;
  dir?: 'asc' | 'desc';
  /** Visible column ids in the URL param `cols` (comma-separated); absent: `defaultVisible`. */
  defaultVisible?: readonly string[];
  /** Whether the column menu is offered. */
  canChooseColumns?: boolean;
  footerRows?: FooterRow[];
  exports?: ExportLink[];
  toolbar?: ReactNode;
  empty: ReactNode;
  /** Whether the first visible column stays in view while the table scrolls sideways (default: yes). */
  stickyFirstColumn?: boolean;
  'data-testid'?: string;
};

export function DataTable<T>({
  data,
  columns,
  getRowId,
  caption,
  total,
  page,
  perPage,
  perPageOptions = [10, 25, 50, 100],
  sort,
  dir = 'asc',
  defaultVisible,
  canChooseColumns = true,
  footerRows,
  exports,
  toolbar,
  empty,
  stickyFirstColumn = true,
  ...rest
}: DataTableProps<T>) {
  const t = useTranslations('masterFile.dataTable');
  const format = useFormatter();
  const { params, href, push } = useUrlState();
  const allIds = columns.map((c) => c.id!);
  const param = params.get(COLUMNS_PARAM);
  // A toggled checkbox shows its new state at once; the URL (and the server's export links) follow.
  const [pending, setPending] = useState<{ from: string | null; ids: string[] } | null>(null);
  const visible = pending && pending.from === param ? pending.ids : visibleColumnIds(param, allIds, defaultVisible ?? allIds);
  const columnVisibility: VisibilityState = Object.fromEntries(allIds.map((id) => [id, visible.includes(id)]));

  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt from props on every render; nothing is memoised across renders.
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    state: { columnVisibility },
  });

  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const leafColumns = table.getVisibleLeafColumns();
  const scroller = useRef<HTMLDivElement>(null);
  const trail = useRef<HTMLDivElement>(null);
  useSnapToPinnedColumn(scroller, trail, stickyFirstColumn ? (leafColumns[0]?.id ?? null) : null);

  const setVisible = (id: string, on: boolean) => {
    const next = allIds.filter((c) => (c === id ? on : visible.includes(c)));
    if (next.length === 0) return;
    const isDefault = next.join(',') === (defaultVisible ?? allIds).join(',');
    setPending({ from: param, ids: next });
    push({ [COLUMNS_PARAM]: isDefault ? null : next.join(',') }, { replace: true });
  };

  return (
    <div className="flex flex-col gap-3" data-testid={rest['data-testid']}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">{toolbar}</div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {canChooseColumns ? (
            <ColumnMenu
              columns={table.getAllLeafColumns().map((c) => ({ id: c.id, label: c.columnDef.meta?.label ?? c.id }))}
              visible={visible}
              onToggle={setVisible}
              label={t('columns')}
            />
          ) : null}
          {exports?.map((e) => (
            <a
              key={e.format}
              href={e.href}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              data-testid={`export-${e.format}`}
            >
              <Download aria-hidden="true" />
              {e.label}
            </a>
          ))}
        </div>
      </div>

      <div
        ref={scroller}
        className={cn(SCROLL_REGION, 'rounded-md border border-border bg-surface', stickyFirstColumn && SNAP_TO_PINNED_COLUMN)}
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        {/* As wide as the table (the scroller at least); its padding is the room after the last column (useSnapToPinnedColumn). */}
        <div ref={trail} className="w-max min-w-full">
          <table
            className={cn(
              'w-full border-separate border-spacing-0 text-[13px]',
              stickyFirstColumn && cn(STICKY_FIRST_COLUMN, STICKY_FIRST_COLUMN_HOVER, STICKY_FIRST_COLUMN_EDGE, SNAP_CELLS),
            )}
          >
            <caption className="sr-only">{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const meta = header.column.columnDef.meta;
                    const sortKey = meta?.sortKey;
                    const active = sortKey !== undefined && sortKey === sort;
                    const ariaSort = active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
                    const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={ariaSort}
                        className={cn(
                          'sticky top-0 z-10 h-9 border-b border-border bg-surface-muted px-3 text-xs font-semibold tracking-wide whitespace-nowrap text-heading uppercase',
                          meta?.align === 'right' ? 'text-right' : 'text-left',
                        )}
                      >
                        {sortKey ? (
                          <Link
                            href={href({ sort: sortKey, dir: active && dir === 'asc' ? 'desc' : 'asc', page: null })}
                            scroll={false}
                            className={cn(
                              'inline-flex items-center gap-1 rounded-sm hover:text-primary-strong',
                              meta?.align === 'right' && 'flex-row-reverse',
                            )}
                            aria-label={t('sortBy', { column: meta?.label ?? sortKey })}
                          >
                            {label}
                            {active ? (
                              dir === 'asc' ? (
                                <ArrowUp className="size-3.5" aria-hidden="true" />
                              ) : (
                                <ArrowDown className="size-3.5" aria-hidden="true" />
                              )
                            ) : (
                              <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                            )}
                          </Link>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.length === 0 ? (
                <tr>
                  <td colSpan={leafColumns.length} className="px-3 py-8 text-center text-body">
                    {empty}
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="group/row hover:bg-surface-muted">
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cn(
                          'h-8 border-b border-border px-3 py-1 whitespace-nowrap text-heading group-last/row:border-b-0',
                          cell.column.columnDef.meta?.align === 'right' && 'text-right tabular',
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
            {footerRows?.length ? (
              <tfoot data-testid="totals">
                {footerRows.map((f) => (
                  <tr key={f.key} className="font-medium">
                    {leafColumns.map((c, i) => (
                      <td
                        key={c.id}
                        className={cn(
                          'h-8 border-t-2 border-border-strong bg-surface-muted px-3 py-1 whitespace-nowrap text-heading',
                          c.columnDef.meta?.align === 'right' && 'text-right tabular',
                        )}
                      >
                        {f.cells[c.id] ?? (i === 0 ? f.label : null)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tfoot>
            ) : null}
          </table>
        </div>
      </div>

      <nav className="flex flex-wrap items-center justify-between gap-3 text-[13px]" aria-label={t('pagination')}>
        <p aria-live="polite">{t('showing', { from: format.number(from), to: format.number(to), total: format.number(total) })}</p>
        <div className="flex flex-wrap items-center gap-2">
          <PerPageSelect value={perPage} options={perPageOptions} label={t('perPage')} onChange={(n) => push({ perPage: n, page: null })} />
          <PageLink href={page > 1 ? href({ page: page - 1 }) : null} label={t('previous')}>
            <ChevronLeft aria-hidden="true" />
          </PageLink>
          <span className="tabular px-1">{t('pageOf', { page: format.number(page), pages: format.number(pages) })}</span>
          <PageLink href={page < pages ? href({ page: page + 1 }) : null} label={t('next')}>
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </div>
      </nav>
    </div>
  );
}

/**
 * Snaps the scroller's resting positions to column starts just right of the pinned first column (table-classes
 * SNAP_TO_PINNED_COLUMN): its `scroll-padding-left` is the pinned column's width, and `data-pinned` turns the snapping
 * on once that is set. The last resting position is the end of the scroll range, where a column would still be half
 * under the pinned one unless the last columns exactly fill the view: the room they leave is added after the table
 * (`trail`'s padding), so there too a column starts at the pinned edge. Widths follow the content and the visible
 * columns, so they are measured, again whenever the table, the scroller or the pinned cell change size or another
 * column becomes the first (`firstColumn`; null: none is pinned). Written on the elements, not through state: a
 * resize re-renders nothing.
 */
function useSnapToPinnedColumn(
  scroller: RefObject<HTMLDivElement | null>,
  trail: RefObject<HTMLDivElement | null>,
  firstColumn: string | null,
) {
  useEffect(() => {
    const region = scroller.current;
    const room = trail.current;
    const table = room?.querySelector('table');
    const cell = firstColumn === null ? null : table?.querySelector<HTMLElement>('thead tr > :first-child');
    if (!region || !room || !table || !cell) return;
    const fit = () => {
      const pinned = cell.getBoundingClientRect().width;
      const view = region.clientWidth - pinned;
      let all = 0;
      let tail = 0;
      let whole = true;
      const heads = cell.parentElement!.children;
      for (let k = heads.length - 1; k >= 1; k--) {
        const w = heads[k]!.getBoundingClientRect().width;
        all += w;
        // Half a pixel for the sub-pixel widths of the cells.
        if (whole && tail + w <= view + 0.5) tail += w;
        else whole = false;
      }
      region.style.scrollPaddingLeft = `${pinned}px`;
      room.style.paddingRight = all > view && tail > 0 ? `${Math.max(0, view - tail)}px` : '';
      region.dataset.pinned = '';
    };
    const observer = new ResizeObserver(fit);
    for (const el of [region, table, cell]) observer.observe(el);
    return () => {
      observer.disconnect();
      region.style.scrollPaddingLeft = '';
      room.style.paddingRight = '';
      delete region.dataset.pinned;
    };
  }, [scroller, trail, firstColumn]);
}

function PageLink({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  const classes = buttonClasses({ variant: 'outline', size: 'sm', className: 'px-2' });
  if (!href) {
    return (
      <span className={cn(classes, 'pointer-events-none opacity-50')} aria-disabled="true" role="link" aria-label={label}>
        {children}
      </span>
    );
  }
  return (
    <Link href={href} scroll={false} className={classes} aria-label={label}>
      {children}
    </Link>
  );
}

function PerPageSelect({
  value,
  options,
  label,
  onChange,
}: {
  value: number;
  options: number[];
  label: string;
  onChange: (n: number) => void;
}) {
  const id = useId();
  const [shown, setShown] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setShown(value);
  }
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          setShown(Number(e.target.value));
          onChange(Number(e.target.value));
        }}
        className="h-8 rounded-md border border-border-strong bg-surface px-2 text-[13px] text-heading"
      >
        {(options.includes(value) ? options : [...options, value].sort((a, b) => a - b)).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </span>
  );
}

function ColumnMenu({
  columns,
  visible,
  onToggle,
  label,
}: {
  columns: { id: string; label: string }[];
  visible: string[];
  onToggle: (id: string, on: boolean) => void;
  label: string;
}) {
  return (
    <details className="relative" data-testid="column-menu">
      <summary
        className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <Columns3 aria-hidden="true" />
        {label}
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 max-h-80 w-60 overflow-auto rounded-md border border-border bg-surface p-2 shadow-dropdown">
        <legend className="sr-only">{label}</legend>
        {columns.map((c) => (
          <label
            key={c.id}
            className="flex h-8 cursor-pointer items-center gap-2 rounded-sm px-2 text-[13px] text-heading hover:bg-surface-muted"
          >
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={visible.includes(c.id)}
              disabled={visible.length === 1 && visible.includes(c.id)}
              onChange={(e) => onToggle(c.id, e.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
