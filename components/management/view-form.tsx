'use client';

import { LoaderCircle } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Checkbox, Field, Select, describedBy, focusFirstError, useFieldIds } from '@/components/settings/form-controls';
import {
  MAX_VIEW_NAME_LENGTH,
  MODULE_COLUMNS,
  MODULE_SORTS,
  PORTFOLIO_MODULES,
  SORT_DIRECTIONS,
  VIEW_ASSET_TYPES,
  VIEW_CURRENCIES,
  VIEW_STATUSES,
  createViewBody,
  type PortfolioModuleId,
} from '@/lib/validations/portfolio-views';

export type ViewDraft = {
  module: PortfolioModuleId;
  name: string;
  columns: string[];
  q: string;
  status: string[];
  currency: string[];
  assetType: string[];
  sort: string;
  dir: string;
};

export type SavedViewData = {
  id: number;
  module: PortfolioModuleId;
  name: string;
  columns: string[];
  filters: Record<string, string | string[]>;
  updatedAt: number;
};

export function emptyDraft(module: PortfolioModuleId = 'master-file'): ViewDraft {
  return { module, name: '', columns: [...MODULE_COLUMNS[module]], q: '', status: [], currency: [], assetType: [], sort: '', dir: 'asc' };
}

const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

export function draftOf(view: SavedViewData): ViewDraft {
  const f = view.filters;
  return {
    module: view.module,
    name: view.name,
    columns: [...view.columns],
    q: typeof f.q === 'string' ? f.q : '',
    status: list(f.status),
    currency: list(f.currency),
    assetType: list(f.assetType),
    sort: typeof f.sort === 'string' ? f.sort : '',
    dir: typeof f.dir === 'string' ? f.dir : 'asc',
  };
}

/** The request body of a draft: empty filters are left out; the direction only goes with a sort. */
export function bodyOf(d: ViewDraft) {
  const filters: Record<string, string | string[]> = {};
  if (d.q.trim()) filters.q = d.q.trim();
  if (d.status.length) filters.status = d.status;
  if (d.currency.length) filters.currency = d.currency;
  if (d.assetType.length) filters.assetType = d.assetType;
  if (d.sort) {
    filters.sort = d.sort;
    filters.dir = d.dir;
  }
  // Columns keep the module's own order, whatever order they were ticked in.
  const columns = MODULE_COLUMNS[d.module].filter((c) => d.columns.includes(c));
  return { module: d.module, name: d.name.trim(), columns, filters };
}

export type ViewFormErrors = Partial<Record<'name' | 'module' | 'columns' | 'filters', string>>;

type Props = {
  initial: ViewDraft;
  /** Editing keeps the module: columns and filters belong to it. */
  editing: boolean;
  /** Saves the body; resolves with errors to show, or null when done. */
  onSubmit: (body: ReturnType<typeof bodyOf>) => Promise<ViewFormErrors | null>;
  onCancel: () => void;
};

/** Name, module, columns and filters of a saved view. */
export function ViewForm({ initial, editing, onSubmit, onCancel }: Props) {
  const t = useTranslations('management');
  // The Master File's status words: one vocabulary on every screen (domain.md §8).
  const ts = useTranslations('masterFile.statuses');
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ViewDraft>(initial);
  const [errors, setErrors] = useState<ViewFormErrors>({});
  const [busy, setBusy] = useState(false);
  const ids = {
    name: useFieldIds(),
    module: useFieldIds(),
    columns: useFieldIds(),
    q: useFieldIds(),
    sort: useFieldIds(),
    dir: useFieldIds(),
  };

  const update = (patch: Partial<ViewDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggle = (key: 'columns' | 'status' | 'currency' | 'assetType', value: string, on: boolean) =>
    setDraft((d) => ({ ...d, [key]: on ? [...d[key], value] : d[key].filter((v) => v !== value) }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = bodyOf(draft);
    const parsed = createViewBody.safeParse(body);
    if (!parsed.success) {
      const out: ViewFormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof ViewFormErrors;
        if (out[field]) continue;
        if (field === 'name')
          out.name = issue.code === 'too_big' ? t('errors.nameLength', { max: MAX_VIEW_NAME_LENGTH }) : t('errors.nameRequired');
        else if (field === 'columns') out.columns = t('errors.columnsRequired');
        else out[field] = t('errors.invalid');
      }
      setErrors(out);
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await onSubmit(body);
    setBusy(false);
    if (result) {
      setErrors(result);
      focusFirstError(formRef.current);
    }
  };

  const moduleColumns = MODULE_COLUMNS[draft.module];

  return (
    <form ref={formRef} noValidate onSubmit={submit} data-testid="view-form">
      <div className="grid gap-5 px-6 pb-5 sm:grid-cols-2">
        <Field label={t('form.name')} error={errors.name} ids={ids.name}>
          <Input
            id={ids.name.control}
            name="name"
            value={draft.name}
            maxLength={MAX_VIEW_NAME_LENGTH + 20}
            onChange={(e) => {
              update({ name: e.target.value });
              if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
            }}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(ids.name, null, errors.name)}
            autoFocus
          />
        </Field>
        <Field label={t('form.module')} hint={editing ? t('form.moduleFixed') : undefined} error={errors.module} ids={ids.module}>
          <Select
            id={ids.module.control}
            name="module"
            value={draft.module}
            disabled={editing}
            aria-describedby={describedBy(ids.module, editing, errors.module)}
            onChange={(e) => {
              const next = e.target.value as PortfolioModuleId;
              // Another module has other columns: start from all of them, and drop a sort it does not have.
              update({ module: next, columns: [...MODULE_COLUMNS[next]], sort: MODULE_SORTS[next].includes(draft.sort) ? draft.sort : '' });
            }}
          >
            {PORTFOLIO_MODULES.map((m) => (
              <option key={m} value={m}>
                {t(`modules.${m}`)}
              </option>
            ))}
          </Select>
        </Field>

        <fieldset className="sm:col-span-2" aria-describedby={errors.columns ? ids.columns.error : undefined}>
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <legend className="text-[13px] font-medium text-heading">{t('form.columns')}</legend>
            <div className="flex gap-2">
              <Button variant="ghost" size="sm" onClick={() => update({ columns: [...moduleColumns] })}>
                {t('form.selectAll')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => update({ columns: [] })}>
                {t('form.selectNone')}
              </Button>
            </div>
          </div>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="view-columns">
            {moduleColumns.map((c) => (
              <Checkbox
                key={c}
                name="columns"
                value={c}
                label={t(`columns.${draft.module}.${c}`)}
                checked={draft.columns.includes(c)}
                aria-invalid={errors.columns ? true : undefined}
                onChange={(e) => {
                  toggle('columns', c, e.target.checked);
                  if (errors.columns) setErrors((x) => ({ ...x, columns: undefined }));
                }}
              />
            ))}
          </div>
          {errors.columns ? (
            <p id={ids.columns.error} className="mt-1 text-[13px] text-danger-text">
              {errors.columns}
            </p>
          ) : null}
        </fieldset>

        <div className="sm:col-span-2">
          <h3 className="mb-2 text-[15px] font-medium text-heading">{t('filters.title')}</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Label htmlFor={ids.q.control}>{t('filters.q')}</Label>
              <Input
                id={ids.q.control}
                name="q"
                value={draft.q}
                onChange={(e) => update({ q: e.target.value })}
                aria-describedby={ids.q.hint}
              />
              <p id={ids.q.hint} className="mt-1 text-[13px]">
                {t('filters.qHint')}
              </p>
            </div>
            <fieldset>
              <legend className="mb-1 text-[13px] font-medium text-heading">{t('filters.status')}</legend>
              {VIEW_STATUSES.map((s) => (
                <Checkbox
                  key={s}
                  label={ts(s)}
                  checked={draft.status.includes(s)}
                  onChange={(e) => toggle('status', s, e.target.checked)}
                />
              ))}
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-[13px] font-medium text-heading">{t('filters.assetType')}</legend>
              {VIEW_ASSET_TYPES.map((a) => (
                <Checkbox
                  key={a}
                  label={t(`assetTypes.${a}`)}
                  checked={draft.assetType.includes(a)}
                  onChange={(e) => toggle('assetType', a, e.target.checked)}
                />
              ))}
            </fieldset>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1 text-[13px] font-medium text-heading">{t('filters.currency')}</legend>
              <div className="flex flex-wrap gap-x-5">
                {VIEW_CURRENCIES.map((c) => (
                  <Checkbox
                    key={c}
                    label={c}
                    checked={draft.currency.includes(c)}
                    onChange={(e) => toggle('currency', c, e.target.checked)}
                  />
                ))}
              </div>
            </fieldset>
            <div>
              <Label htmlFor={ids.sort.control}>{t('filters.sort')}</Label>
              <Select id={ids.sort.control} name="sort" value={draft.sort} onChange={(e) => update({ sort: e.target.value })}>
                <option value="">{t('filters.noSort')}</option>
                {MODULE_SORTS[draft.module].map((c) => (
                  <option key={c} value={c}>
                    {t(`columns.${draft.module}.${c}`)}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Label htmlFor={ids.dir.control}>{t('filters.dir')}</Label>
              <Select
                id={ids.dir.control}
                name="dir"
                value={draft.dir}
                disabled={!draft.sort}
                onChange={(e) => update({ dir: e.target.value })}
              >
                {SORT_DIRECTIONS.map((d) => (
                  <option key={d} value={d}>
                    {t(`filters.${d}`)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          {errors.filters ? <p className="mt-1 text-[13px] text-danger-text">{errors.filters}</p> : null}
        </div>
      </div>
      <div className="flex justify-end gap-3 border-t border-border px-6 py-4">
        <Button variant="outline" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="view-save">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {busy ? t('actions.saving') : t('actions.save')}
        </Button>
      </div>
    </form>
  );
}
