'use client';

import { Check, Download, ExternalLink, LoaderCircle, Pencil, Plus, SlidersHorizontal, Trash2, X } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FieldError, Input } from '@/components/ui/input';
import { saveFile } from '@/components/ui/save-file';
import { Link, useRouter } from '@/i18n/navigation';
import { csvBlob, textColumns } from '@/lib/exports/csv';
import { formatTimestamp } from '@/lib/format';
import { MAX_VIEW_NAME_LENGTH, PORTFOLIO_MODULES, viewHref, viewName, type PortfolioModuleId } from '@/lib/validations/portfolio-views';
import { ViewForm, bodyOf, draftOf, emptyDraft, type SavedViewData, type ViewFormErrors } from './view-form';

type ApiError = { error?: { code?: string; issues?: { field: string; message: string }[] } };

type Props = { views: SavedViewData[] };

async function send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json().catch(() => null) };
}

/** Management: the signed-in user's saved views, grouped by module, with create, rename, edit, delete and open. */
export function ViewsManager({ views }: Props) {
  const t = useTranslations('management');
  const ts = useTranslations('masterFile.statuses');
  const format = useFormatter();
  const router = useRouter();
  const [editor, setEditor] = useState<{ mode: 'create' } | { mode: 'edit'; view: SavedViewData } | null>(null);
  const [deleting, setDeleting] = useState<SavedViewData | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);

  /** The translated errors of a 400/404/409 answer; null when the failure is not about a field. */
  const answerErrors = (status: number, json: unknown): ViewFormErrors | null => {
    if (status === 409) return { name: t('errors.nameTaken') };
    if (status === 400) {
      const out: ViewFormErrors = {};
      for (const issue of (json as ApiError | null)?.error?.issues ?? []) {
        const field = issue.field.split('.')[0] as keyof ViewFormErrors;
        if (field === 'name' || field === 'columns' || field === 'module' || field === 'filters') out[field] ??= t('errors.invalid');
      }
      return Object.keys(out).length > 0 ? out : null;
    }
    return null;
  };

  const failed = (status: number) => {
    if (status === 404) {
      toast.error(t('errors.notFound'));
      router.refresh();
    } else toast.error(t('actions.failed'));
  };

  const save = async (body: ReturnType<typeof bodyOf>): Promise<ViewFormErrors | null> => {
    const editing = editor?.mode === 'edit' ? editor.view : null;
    try {
      const { status, json } = editing
        ? await send('PATCH', `/api/portfolio-views/${editing.id}`, { name: body.name, columns: body.columns, filters: body.filters })
        : await send('POST', '/api/portfolio-views', body);
      if (status === 200 || status === 201) {
        toast.success(editing ? t('actions.updated', { name: body.name }) : t('actions.created', { name: body.name }));
        setEditor(null);
        router.refresh();
        return null;
      }
      const errors = answerErrors(status, json);
      if (errors) return errors;
      failed(status);
      if (status === 404) setEditor(null);
      return null;
    } catch {
      toast.error(t('actions.failed'));
      return null;
    }
  };

  const remove = async (view: SavedViewData) => {
    try {
      const { status } = await send('DELETE', `/api/portfolio-views/${view.id}`);
      if (status === 204) {
        toast.success(t('actions.deleted', { name: view.name }));
        router.refresh();
      } else failed(status);
    } catch {
      toast.error(t('actions.failed'));
    }
    setDeleting(null);
  };

  const columnsText = (v: SavedViewData) => v.columns.map((c) => t(`columns.${v.module}.${c}`)).join(', ');
  const filtersText = (v: SavedViewData) => {
    const f = v.filters;
    const parts: string[] = [];
    const list = (x: string | string[] | undefined) => (Array.isArray(x) ? x : x ? [x] : []);
    if (typeof f.q === 'string' && f.q) parts.push(t('summary.q', { q: f.q }));
    if (list(f.status).length)
      parts.push(
        `${t('filters.status')}: ${list(f.status)
          .map((s) => ts(s))
          .join(', ')}`,
      );
    if (list(f.currency).length) parts.push(`${t('filters.currency')}: ${list(f.currency).join(', ')}`);
    if (list(f.assetType).length)
      parts.push(
        `${t('filters.assetType')}: ${list(f.assetType)
          .map((a) => t(`assetTypes.${a}`))
          .join(', ')}`,
      );
    if (typeof f.sort === 'string' && f.sort) {
      parts.push(t('summary.sort', { column: t(`columns.${v.module}.${f.sort}`), dir: t(`filters.${f.dir === 'desc' ? 'desc' : 'asc'}`) }));
    }
    return parts.length > 0 ? parts.join(' · ') : t('summary.none');
  };

  const exportCsv = () => {
    const header = [t('table.name'), t('form.module'), t('table.columns'), t('table.filters'), t('table.updated')];
    const rows = views.map((v) => [v.name, t(`modules.${v.module}`), columnsText(v), filtersText(v), formatTimestamp(format, v.updatedAt)]);
    saveFile('saved-views.csv', csvBlob(textColumns(header), rows));
  };

  const byModule = (m: PortfolioModuleId) => views.filter((v) => v.module === m);

  return (
    <>
      <div className="mb-6 flex flex-wrap justify-end gap-3">
        {views.length > 0 ? (
          <Button variant="outline" onClick={exportCsv}>
            <Download aria-hidden="true" />
            {t('actions.export')}
          </Button>
        ) : null}
        <Button onClick={() => setEditor({ mode: 'create' })} data-testid="new-view">
          <Plus aria-hidden="true" />
          {t('actions.new')}
        </Button>
      </div>

      {views.length === 0 ? (
        <EmptyState icon={SlidersHorizontal} title={t('empty.title')} data-testid="views-empty">
          {t('empty.body')}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {PORTFOLIO_MODULES.map((m) => {
            const list = byModule(m);
            return (
              <Card key={m} data-testid={`views-${m}`}>
                <CardHeader>
                  <CardTitle>{t(`modules.${m}`)}</CardTitle>
                </CardHeader>
                <CardContent className="px-0 pb-2">
                  {list.length === 0 ? (
                    <p className="px-6 pb-4">{t('moduleEmpty')}</p>
                  ) : (
                    <div className="overflow-x-auto">
                      <table className="w-full border-collapse text-left text-[14px]">
                        <caption className="sr-only">{t('table.caption', { module: t(`modules.${m}`) })}</caption>
                        <thead className="sticky top-0 bg-surface-muted text-[12px] font-medium tracking-wide text-heading uppercase">
                          <tr>
                            <th scope="col" className="h-10 px-4">
                              {t('table.name')}
                            </th>
                            <th scope="col" className="h-10 px-4">
                              {t('table.columns')}
                            </th>
                            <th scope="col" className="h-10 px-4">
                              {t('table.filters')}
                            </th>
                            <th scope="col" className="h-10 px-4 whitespace-nowrap">
                              {t('table.updated')}
                            </th>
                            <th scope="col" className="h-10 px-4 text-right">
                              {t('table.actions')}
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {list.map((v) => (
                            <tr key={v.id} className="border-t border-border align-top" data-testid="view-row">
                              <th scope="row" className="min-w-48 px-4 py-2 font-medium text-heading">
                                {renaming === v.id ? (
                                  <RenameForm view={v} onDone={() => setRenaming(null)} answerErrors={answerErrors} failed={failed} />
                                ) : (
                                  v.name
                                )}
                              </th>
                              <td className="max-w-80 px-4 py-2">
                                <span className="font-medium text-heading tabular-nums">
                                  {t('table.columnsCount', { count: v.columns.length })}
                                </span>
                                <span className="block text-[13px]">{columnsText(v)}</span>
                              </td>
                              <td className="max-w-80 min-w-40 px-4 py-2 text-[13px]">{filtersText(v)}</td>
                              <td className="px-4 py-2 whitespace-nowrap tabular-nums">{formatTimestamp(format, v.updatedAt)}</td>
                              <td className="px-4 py-2">
                                <div className="flex justify-end gap-1.5">
                                  <Link
                                    href={viewHref(v.module, v.id)}
                                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                                    aria-label={t('actions.openLabel', { name: v.name })}
                                  >
                                    <ExternalLink aria-hidden="true" />
                                    {t('actions.open')}
                                  </Link>
                                  <Button
                                    variant="ghost"
                                    size="sm"
                                    onClick={() => setRenaming(v.id)}
                                    aria-label={t('actions.renameLabel', { name: v.name })}
                                  >
                                    {t('actions.rename')}
                                  </Button>
                                  <Button
                                    variant="ghost"
                                    size="sm"
                                    onClick={() => setEditor({ mode: 'edit', view: v })}
                                    aria-label={t('actions.editLabel', { name: v.name })}
                                  >
                                    <Pencil aria-hidden="true" />
                                    {t('actions.edit')}
                                  </Button>
                                  <Button
                                    variant="ghost"
                                    size="sm"
                                    className="text-danger-text"
                                    onClick={() => setDeleting(v)}
                                    aria-label={t('actions.deleteLabel', { name: v.name })}
                                  >
                                    <Trash2 aria-hidden="true" />
                                    {t('actions.delete')}
                                  </Button>
                                </div>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}

      <Dialog
        open={editor !== null}
        onClose={() => setEditor(null)}
        title={editor?.mode === 'edit' ? t('form.editTitle', { name: editor.view.name }) : t('form.createTitle')}
        closeLabel={t('actions.close')}
        data-testid="view-dialog"
      >
        {editor ? (
          <ViewForm
            key={editor.mode === 'edit' ? editor.view.id : 'new'}
            initial={editor.mode === 'edit' ? draftOf(editor.view) : emptyDraft()}
            editing={editor.mode === 'edit'}
            onSubmit={save}
            onCancel={() => setEditor(null)}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('actions.confirmDelete', { name: deleting?.name ?? '' })}
        closeLabel={t('actions.close')}
      >
        <p className="px-6 pb-5">{t('actions.confirmDeleteBody')}</p>
        <div className="flex justify-end gap-3 border-t border-border px-6 py-4">
          <Button variant="outline" onClick={() => setDeleting(null)} autoFocus>
            {t('actions.cancel')}
          </Button>
          <Button variant="danger" onClick={() => deleting && void remove(deleting)} data-testid="confirm-delete">
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

type RenameProps = {
  view: SavedViewData;
  onDone: () => void;
  answerErrors: (status: number, json: unknown) => ViewFormErrors | null;
  failed: (status: number) => void;
};

/** In-place rename: Enter saves, Escape cancels. */
function RenameForm({ view, onDone, answerErrors, failed }: RenameProps) {
  const t = useTranslations('management');
  const router = useRouter();
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = viewName.safeParse(name);
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.code === 'too_big' ? t('errors.nameLength', { max: MAX_VIEW_NAME_LENGTH }) : t('errors.nameRequired'),
      );
      return;
    }
    if (parsed.data === view.name) return onDone();
    setBusy(true);
    try {
      const { status, json } = await send('PATCH', `/api/portfolio-views/${view.id}`, { name: parsed.data });
      if (status === 200) {
        toast.success(t('actions.renamed', { name: parsed.data }));
        onDone();
        router.refresh();
        return;
      }
      const errors = answerErrors(status, json);
      if (errors?.name) setError(errors.name);
      else {
        failed(status);
        onDone();
      }
    } catch {
      toast.error(t('actions.failed'));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <div className="flex items-center gap-1.5">
        <Input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-label={t('actions.renameLabel', { name: view.name })}
          aria-invalid={error ? true : undefined}
          className="h-8 min-w-40"
          autoFocus
          data-testid="rename-input"
        />
        <Button type="submit" variant="secondary" size="sm" className="px-2" disabled={busy} aria-label={t('actions.save')}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="sm" className="px-2" onClick={onDone} aria-label={t('actions.cancel')}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {error ? <FieldError role="alert">{error}</FieldError> : null}
    </form>
  );
}
