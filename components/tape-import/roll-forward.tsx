'use client';

/**
 * Master File → an import's page: the tape rolled forward against the previous committed tape of its source (domain.md
 * §7). The reconciliation per currency (opening − scheduled − charged off − gone + appeared ± differences = closing),
 * the counts per kind as filter chips, and the leases in a server-paged table; on a dry run the breaks are accepted
 * with a note or rejected (four eyes: the API refuses the uploader with 403, whose message is shown). Money in the
 * reader's locale, never in minor units.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useLocale } from 'next-intl';
import type { z } from 'zod';
import { HEAD_CELLS, ROW_RULES, SCROLL_REGION, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { Alert } from '@/components/ui/alert';
import { Amount } from '@/components/ui/amount';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { useFormatter } from '@/i18n/use-formatter';
import { useTranslations } from '@/i18n/use-translations';
import { formatIsoDate, formatTimestamp } from '@/lib/format';
import { ChevronLeft, ChevronRight, Download } from '@/lib/icons';
import type { rollForwardResponse, rollForwardRow, rollForwardSummary } from '@/lib/validations/imports';

export type RollForwardRow = z.infer<typeof rollForwardRow>;
export type RollForwardSummary = z.infer<typeof rollForwardSummary>;
type Page = z.infer<typeof rollForwardResponse>;
type Kind = RollForwardRow['kind'];
type Decision = 'accepted' | 'rejected';

const KINDS: readonly Kind[] = ['break', 'rolled', 'appeared', 'gone'];
const KIND_VARIANT: Record<Kind, BadgeVariant> = { rolled: 'success', break: 'danger', appeared: 'info', gone: 'secondary' };
const DECISION_VARIANT: Record<Decision, BadgeVariant> = { accepted: 'success', rejected: 'danger' };
const PER_PAGE = 50;

/** The reconciliation's lines, in order, with the sign each enters the closing balance with. */
const LINES = [
  ['opening', ''],
  ['scheduled', '−'],
  ['chargedOff', '−'],
  ['gone', '−'],
  ['appeared', '+'],
  ['differences', '±'],
  ['closing', '='],
] as const;

const dash = <span aria-hidden="true">—</span>;
/** An amount in the locale (Amount follows it), or a dash where the row has none. */
const money = (minor: number | null, currency: string) => (minor === null ? dash : <Amount minor={minor} currency={currency} />);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The API's error message (and the fields it names), or the status. */
async function errorText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; issues?: { field: string; message: string }[] };
  } | null;
  const issues = (body?.error?.issues ?? []).map((i) => i.message);
  return [body?.error?.message ?? String(res.status), ...issues].join(' ');
}

async function fetchPage(url: string): Promise<Page> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new HttpError(res.status, await errorText(res));
  return (await res.json()) as Page;
}

type DialogState = { decision: Decision; all: boolean; contracts: string[] } | null;

export function RollForward({
  funderId,
  importId,
  status,
  refreshKey,
  onSummary,
  onDecided,
}: {
  funderId: number;
  importId: number;
  /** The import's status: breaks are decided on a dry run (`validated`) only. */
  status: string;
  /** Changes whenever the import was validated again or committed: the roll-forward is read again. */
  refreshKey: string;
  /** The summary as last read (null: this tape has no roll-forward), for the commit's "undecided" notice. */
  onSummary: (summary: RollForwardSummary | null) => void;
  /** After a decision: the import's counts moved (a rejected break rejects its row). */
  onDecided: () => void;
}) {
  const t = useTranslations('tapeImport.rollForward');
  const format = useFormatter();
  const locale = useLocale();
  const [kind, setKind] = useState<Kind | null>(null);
  const [undecidedOnly, setUndecidedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [dialog, setDialog] = useState<DialogState>(null);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const noteId = useId();
  const hintId = useId();
  const noteErrorId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const editable = status === 'validated';

  const filter = new URLSearchParams({ funderId: String(funderId) });
  if (kind) filter.set('kind', kind);
  if (undecidedOnly) filter.set('undecided', 'true');
  const pageParams = new URLSearchParams(filter);
  pageParams.set('page', String(page));
  pageParams.set('perPage', String(PER_PAGE));
  const { data, error, isLoading, mutate } = useSWR<Page, HttpError>(
    `/api/leases/imports/${importId}/roll-forward?${pageParams}`,
    fetchPage,
    { keepPreviousData: true, revalidateOnFocus: false },
  );

  // Read again when the import was validated again or committed (the key stays, the figures moved).
  const firstRefresh = useRef(true);
  useEffect(() => {
    if (firstRefresh.current) {
      firstRefresh.current = false;
      return;
    }
    void mutate();
  }, [refreshKey, mutate]);

  const summary = data?.summary ?? null;
  useEffect(() => {
    if (data) onSummary(data.summary);
  }, [data, onSummary]);

  const selectable = (r: RollForwardRow) => editable && r.kind === 'break';
  const selected = Object.keys(rowSelection).filter((k) => rowSelection[k]);

  const columns = useMemo<ColumnDef<RollForwardRow>[]>(() => {
    const amount = (
      id: 'previousBalance' | 'scheduled' | 'chargedOff' | 'expected' | 'balance' | 'difference',
    ): ColumnDef<RollForwardRow> => ({
      id,
      header: t(`columns.${id}`),
      meta: { label: t(`columns.${id}`), align: 'right' },
      cell: ({ row }) => {
        const r = row.original;
        // Appeared and gone leases have no schedule between the tapes: their zeros would read as figures.
        if ((id === 'scheduled' || id === 'chargedOff') && (r.kind === 'appeared' || r.kind === 'gone')) return dash;
        return money(r[id], r.currency);
      },
    });
    const cols: ColumnDef<RollForwardRow>[] = [
      {
        id: 'contractNumber',
        header: t('columns.contractNumber'),
        meta: { label: t('columns.contractNumber') },
        cell: ({ row }) => {
          const r = row.original;
          return r.leaseId !== null ? (
            <Link
              href={`/master-file/${r.leaseId}`}
              className="text-primary-strong hover:underline"
              aria-label={t('openLease', { contract: r.contractNumber })}
            >
              {r.contractNumber}
            </Link>
          ) : (
            r.contractNumber
          );
        },
      },
      {
        id: 'kind',
        header: t('columns.kind'),
        meta: { label: t('columns.kind') },
        cell: ({ row }) => <Badge variant={KIND_VARIANT[row.original.kind]}>{t(`kinds.${row.original.kind}`)}</Badge>,
      },
      amount('previousBalance'),
      amount('scheduled'),
      amount('chargedOff'),
      amount('expected'),
      amount('balance'),
      amount('difference'),
      {
        id: 'decision',
        header: t('columns.decision'),
        meta: { label: t('columns.decision') },
        cell: ({ row }) => {
          const r = row.original;
          if (r.decision) return <Badge variant={DECISION_VARIANT[r.decision]}>{t(`decisions.${r.decision}`)}</Badge>;
          return r.kind === 'break' ? <Badge variant="warning">{t('decisions.undecided')}</Badge> : null;
        },
      },
      {
        id: 'note',
        header: t('columns.note'),
        meta: { label: t('columns.note') },
        cell: ({ row }) => <span className="block max-w-xs whitespace-normal break-words">{row.original.note}</span>,
      },
      {
        id: 'decided',
        header: t('columns.decidedBy'),
        meta: { label: t('columns.decidedBy') },
        cell: ({ row }) => {
          const r = row.original;
          if (!r.decidedBy) return null;
          if (!r.decidedAt) return r.decidedBy;
          const ms = Date.parse(r.decidedAt);
          return (
            <span className="whitespace-nowrap">
              {t('decidedOn', {
                who: r.decidedBy,
                when: Number.isNaN(ms) ? r.decidedAt : formatTimestamp(format, ms),
              })}
            </span>
          );
        },
      },
    ];
    if (!editable) return cols;
    return [
      {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            className="size-4 align-middle"
            aria-label={t('selectPage')}
            checked={table.getIsAllPageRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomePageRowsSelected();
            }}
            disabled={!table.getRowModel().rows.some((r) => r.getCanSelect())}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        meta: { label: t('selectPage') },
        cell: ({ row }) =>
          row.getCanSelect() ? (
            <input
              type="checkbox"
              className="size-4 align-middle"
              aria-label={t('selectRow', { contract: row.original.contractNumber })}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ) : null,
      },
      ...cols,
    ];
  }, [t, format, editable]);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt from props on every render; nothing is memoised across renders.
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (r) => r.contractNumber,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    // Only undecided breaks are picked: a decided one is decided again from "undecided only" after clearing it there.
    enableRowSelection: (row) => selectable(row.original),
  });

  // Fewer rows than the page shown (a decision left "undecided only" shorter): back to the last page.
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PER_PAGE));
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  if (error && !data) {
    return (
      <Card>
        <CardContent className="pt-5">
          <Alert variant="danger">{t('loadFailed', { message: error.message })}</Alert>
        </CardContent>
      </Card>
    );
  }
  if (!data) {
    return isLoading ? (
      <p className="text-sm" role="status">
        {t('loading')}
      </p>
    ) : null;
  }
  if (!summary) return null;

  const counts = summary.counts;
  const all = counts.rolled + counts.break + counts.appeared + counts.gone;
  const previousDate = formatIsoDate(format, summary.previousTapeDate);
  const tapeDate = formatIsoDate(format, summary.tapeDate);

  const download = (f: 'csv' | 'xlsx') => {
    const p = new URLSearchParams(filter);
    p.set('format', f);
    p.set('locale', locale);
    return `/api/leases/imports/${importId}/roll-forward?${p}`;
  };

  const chooseKind = (k: Kind | null) => {
    setKind(k);
    setPage(1);
  };

  const openDialog = (decision: Decision, allUndecided: boolean) => {
    setProblem(null);
    setDone(null);
    setNote('');
    setNoteMissing(false);
    setDialog({ decision, all: allUndecided, contracts: allUndecided ? [] : selected });
  };

  async function decide(e: FormEvent) {
    e.preventDefault();
    if (!dialog) return;
    const text = note.trim();
    if (dialog.decision === 'accepted' && !text) {
      setNoteMissing(true);
      noteRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch(`/api/leases/imports/${importId}/roll-forward/decisions?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(dialog.all ? { allUndecided: true } : { contractNumbers: dialog.contracts }),
          decision: dialog.decision,
          note: text,
        }),
      });
      if (!res.ok) {
        // 403 under four eyes (the uploader), 409 once the dry run moved on, 400 for a lease that is no break.
        setProblem(t('decideFailed', { message: await errorText(res) }));
      } else {
        const result = (await res.json()) as { decided: number; summary: RollForwardSummary };
        setDone(t('decided', { count: result.decided }));
        setRowSelection({});
        onSummary(result.summary);
        onDecided();
      }
    } catch {
      setProblem(t('decideFailed', { message: 'network' }));
    } finally {
      setBusy(false);
      setDialog(null);
      void mutate();
    }
  }

  const dialogTitle = !dialog
    ? ''
    : dialog.all
      ? t('dialog.acceptAllTitle', { count: counts.undecided })
      : dialog.decision === 'accepted'
        ? t('dialog.acceptTitle', { count: dialog.contracts.length })
        : t('dialog.rejectTitle', { count: dialog.contracts.length });

  const chip = (k: Kind | null, label: string, n: number) => (
    <button
      key={k ?? 'all'}
      type="button"
      aria-pressed={kind === k}
      onClick={() => chooseKind(k)}
      data-testid={`roll-forward-chip-${k ?? 'all'}`}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[13px] font-medium transition-colors',
        kind === k
          ? 'border-primary bg-primary-soft text-primary-strong'
          : 'border-border-strong bg-surface text-heading hover:bg-surface-muted',
      )}
    >
      {label}
      <span className="tabular">{format.number(n)}</span>
    </button>
  );

  return (
    <Card data-testid="roll-forward">
      <CardHeader>
        <CardTitle>{t('title', { date: previousDate })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">{t('intro', { date: tapeDate })}</p>

        <div className="overflow-x-auto">
          <table className={`text-sm ${ROW_RULES}`} data-testid="roll-forward-reconciliation">
            <caption className="mb-1 text-left font-medium text-heading">{t('reconciliation')}</caption>
            <thead className={HEAD_CELLS}>
              <tr>
                <td className="px-2 py-1.5" />
                <td className="px-2 py-1.5" />
                {summary.totals.map((c) => (
                  <th key={c.currency} scope="col" className="px-3 py-1.5 text-right font-medium">
                    {c.currency}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LINES.map(([line, sign]) => (
                <tr
                  key={line}
                  className={cn('h-8', line === 'closing' && 'font-medium text-heading')}
                  data-testid={`roll-forward-line-${line}`}
                >
                  <td className="w-4 px-2 text-center" aria-hidden="true">
                    {sign}
                  </td>
                  <th scope="row" className="px-2 text-left font-normal">
                    {line === 'opening'
                      ? t('lines.opening', { date: previousDate })
                      : line === 'closing'
                        ? t('lines.closing', { date: tapeDate })
                        : t(`lines.${line}`)}
                  </th>
                  {summary.totals.map((c) => (
                    <td key={c.currency} className="px-3 text-right">
                      <Amount minor={c[line]} currency={c.currency} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('filterLabel')} data-testid="roll-forward-chips">
          {chip(null, t('chips.all'), all)}
          {KINDS.map((k) => chip(k, t(`chips.${k}`), counts[k]))}
          <label className="ml-2 inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={undecidedOnly}
              onChange={(e) => {
                setUndecidedOnly(e.target.checked);
                setPage(1);
              }}
              data-testid="roll-forward-undecided"
            />
            {t('undecidedOnly')} ({format.number(counts.undecided)})
          </label>
        </div>

        {editable && counts.break > 0 ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="roll-forward-actions">
            <span className="text-sm" aria-live="polite">
              {t('selected', { count: selected.length })}
            </span>
            <Button size="sm" disabled={busy || selected.length === 0} onClick={() => openDialog('accepted', false)}>
              {t('acceptSelected')}
            </Button>
            <Button size="sm" variant="outline" disabled={busy || selected.length === 0} onClick={() => openDialog('rejected', false)}>
              {t('rejectSelected')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy || counts.undecided === 0} onClick={() => openDialog('accepted', true)}>
              {t('acceptAll', { count: format.number(counts.undecided) })}
            </Button>
          </div>
        ) : null}
        {!editable ? <p className="text-[13px]">{t('readOnly')}</p> : null}
        {problem ? (
          <Alert variant="danger" data-testid="roll-forward-problem">
            {problem}
          </Alert>
        ) : null}
        {done ? (
          <Alert variant="success" role="status">
            {done}
          </Alert>
        ) : null}

        {rows.length === 0 ? (
          <p className="text-sm">{t('empty')}</p>
        ) : (
          <div className={SCROLL_REGION}>
            <table className={`w-full text-sm ${STICKY_FIRST_COLUMN} ${ROW_RULES}`} data-testid="roll-forward-table" aria-busy={isLoading}>
              <caption className="sr-only">{t('caption')}</caption>
              <thead className={`sticky top-0 z-10 ${HEAD_CELLS}`}>
                {table.getHeaderGroups().map((g) => (
                  <tr key={g.id} className="text-left">
                    {g.headers.map((h) => (
                      <th
                        key={h.id}
                        scope="col"
                        className={cn(
                          'px-2 py-1.5 font-medium whitespace-nowrap',
                          h.column.columnDef.meta?.align === 'right' && 'text-right',
                        )}
                      >
                        {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="h-9" data-testid={`roll-forward-row-${row.id}`}>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={cn('px-2', cell.column.columnDef.meta?.align === 'right' && 'text-right')}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2 text-sm">
            <Button
              variant="outline"
              size="icon"
              aria-label={t('previousPage')}
              disabled={page <= 1}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span aria-live="polite">{t('page', { page: format.number(page), pages: format.number(pages) })}</span>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('nextPage')}
              disabled={page >= pages}
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            <a className={buttonClasses({ variant: 'outline', size: 'sm' })} href={download('csv')} download data-testid="roll-forward-csv">
              <Download aria-hidden="true" />
              {t('downloadCsv')}
            </a>
            <a className={buttonClasses({ variant: 'outline', size: 'sm' })} href={download('xlsx')} download>
              <Download aria-hidden="true" />
              {t('downloadXlsx')}
            </a>
          </div>
        </div>
      </CardContent>

      <Dialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialogTitle}
        closeLabel={t('dialog.close')}
        className="max-w-lg"
        data-testid="roll-forward-dialog"
      >
        {dialog ? (
          <form className="grid gap-3 px-6 pb-6" onSubmit={(e) => void decide(e)} noValidate>
            {dialog.decision === 'rejected' ? <Alert variant="warning">{t('dialog.rejectWarning')}</Alert> : null}
            <div className="grid gap-1">
              <Label htmlFor={noteId}>{t('dialog.note')}</Label>
              <textarea
                ref={noteRef}
                id={noteId}
                autoFocus
                rows={3}
                maxLength={500}
                value={note}
                required={dialog.decision === 'accepted'}
                aria-required={dialog.decision === 'accepted'}
                aria-invalid={noteMissing || undefined}
                aria-describedby={noteMissing ? `${hintId} ${noteErrorId}` : hintId}
                onChange={(e) => {
                  setNote(e.target.value);
                  if (e.target.value.trim()) setNoteMissing(false);
                }}
                className="w-full rounded-md border border-border-strong bg-surface px-3.5 py-2 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none aria-invalid:border-danger-text"
                data-testid="roll-forward-note"
              />
              <p id={hintId} className="text-[13px]">
                {dialog.decision === 'accepted' ? t('dialog.acceptHint') : t('dialog.rejectHint')}
              </p>
              {noteMissing ? (
                <p id={noteErrorId} className="text-[13px] text-danger-text" role="alert">
                  {t('dialog.noteRequired')}
                </p>
              ) : null}
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="outline" disabled={busy} onClick={() => setDialog(null)}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" variant={dialog.decision === 'rejected' ? 'danger' : 'primary'} disabled={busy}>
                {dialog.decision === 'accepted' ? t('dialog.accept') : t('dialog.reject')}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </Card>
  );
}
