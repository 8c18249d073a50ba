'use client';

import { useState, useTransition, type FormEvent } from 'react';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { Pencil, Trash2 } from '@/lib/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Link, useRouter } from '@/i18n/navigation';
import { formatPercent } from '@/lib/format';
import { formatInputNumber, parseDecimal } from '@/lib/number-input';
import { MAX_LAG_MONTHS, type ScenarioDto } from '@/lib/validations/scenarios';

type Fields = { name: string; cpr: string; cdr: string; severity: string; lagMonths: string };
type FieldKey = keyof Fields;
type Errors = Partial<Record<FieldKey | 'form', string>>;

const EMPTY: Fields = { name: '', cpr: '', cdr: '', severity: '', lagMonths: '' };

async function send(path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Props = {
  funderId: number;
  scenarios: ScenarioDto[];
  selected: number | undefined;
  canWrite: boolean;
  /** The page's other parameters (cut-off, gross), kept on the "Show" links. */
  query: Record<string, string>;
  pathname: string;
};

/** Portfolio CF → Scenarios: the funder's scenarios with Show, Edit and Delete, and the create / edit form. */
export function ScenarioManager({ funderId, scenarios, selected, canWrite, query, pathname }: Props) {
  const t = useTranslations('scenarios');
  const tn = useTranslations('numberInput');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [editing, setEditing] = useState<ScenarioDto | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [deleting, setDeleting] = useState<ScenarioDto | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const percentText = (rate: number) => formatInputNumber(Number((rate * 100).toPrecision(12)), locale, 4, 0);

  function startEdit(s: ScenarioDto) {
    setEditing(s);
    setErrors({});
    setFields({
      name: s.name,
      cpr: percentText(s.cpr),
      cdr: percentText(s.cdr),
      severity: percentText(s.severity),
      lagMonths: String(s.lagMonths),
    });
  }

  function reset() {
    setEditing(null);
    setErrors({});
    setFields(EMPTY);
  }

  function parse(): { body: Record<string, unknown> } | { errors: Errors } {
    const e: Errors = {};
    const name = fields.name.trim();
    if (name === '') e.name = t('form.errors.required');
    const percent = (k: 'cpr' | 'cdr' | 'severity') => {
      if (fields[k].trim() === '') {
        e[k] = t('form.errors.required');
        return 0;
      }
      const r = parseDecimal(fields[k], locale);
      if (!r.ok) {
        e[k] = r.reason === 'wrong-locale' && r.suggestion ? tn('wrongLocale', { suggestion: r.suggestion }) : t('form.errors.range');
        return 0;
      }
      if (r.value < 0 || r.value > 100) e[k] = t('form.errors.range');
      // toPrecision drops the binary noise of the division (6.15 / 100 = 0.061500000000000006).
      return Number((r.value / 100).toPrecision(12));
    };
    const cpr = percent('cpr');
    const cdr = percent('cdr');
    const severity = percent('severity');
    const lag = parseDecimal(fields.lagMonths, locale);
    const lagMonths = lag.ok && /^\d+$/.test(lag.decimal) ? lag.value : -1;
    if (lagMonths < 0 || lagMonths > MAX_LAG_MONTHS)
      e.lagMonths = fields.lagMonths.trim() === '' ? t('form.errors.required') : t('form.errors.lag');
    if (Object.keys(e).length > 0) return { errors: e };
    return { body: { name, cpr, cdr, severity, lagMonths } };
  }

  function onSubmit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const parsed = parse();
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    startTransition(async () => {
      const res = editing
        ? await send(`/api/scenarios/${editing.id}`, 'PATCH', parsed.body)
        : await send('/api/scenarios', 'POST', { funderId, ...parsed.body });
      if (res.status === 409) {
        setErrors({ name: t('form.errors.duplicate') });
        return;
      }
      if (!res.ok) {
        setErrors({ form: t('form.errors.failed') });
        return;
      }
      const saved = (await res.json()) as ScenarioDto;
      reset();
      router.push({ pathname, query: { ...query, scenario: String(saved.id) } });
      router.refresh();
    });
  }

  function confirmDelete() {
    const target = deleting;
    if (!target) return;
    startTransition(async () => {
      const res = await send(`/api/scenarios/${target.id}`, 'DELETE');
      setDeleting(null);
      if (!res.ok) {
        setDeleteError(t('delete.failed'));
        return;
      }
      setDeleteError(null);
      if (editing?.id === target.id) reset();
      router.push({ pathname, query });
      router.refresh();
    });
  }

  const field = (key: FieldKey, label: string, inputMode: 'text' | 'decimal' | 'numeric', className: string) => (
    <div className={className}>
      <Label htmlFor={`scenario-${key}`}>{label}</Label>
      <Input
        id={`scenario-${key}`}
        name={key}
        inputMode={inputMode}
        autoComplete="off"
        value={fields[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `scenario-${key}-error` : undefined}
        onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))}
      />
      {errors[key] ? <FieldError id={`scenario-${key}-error`}>{errors[key]}</FieldError> : null}
    </div>
  );

  return (
    <div className="grid gap-4">
      {scenarios.length === 0 ? (
        <p className="px-4 text-[13px]" data-testid="scenarios-empty">
          {t('list.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('list.caption')} tabIndex={0}>
          <table className="w-full min-w-max text-[13px]" data-testid="scenarios-list">
            <caption className="sr-only">{t('list.caption')}</caption>
            <thead>
              <tr className="bg-surface-muted text-heading">
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {t('list.name')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('list.cpr')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('list.cdr')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('list.severity')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('list.lag')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('list.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {scenarios.map((s) => (
                <tr key={s.id} className="h-8 border-b border-border" data-testid={`scenario-row-${s.id}`}>
                  <th scope="row" className="px-3 text-left font-medium text-heading">
                    {s.name}
                  </th>
                  <td className="tabular px-3 text-right">{formatPercent(format, s.cpr)}</td>
                  <td className="tabular px-3 text-right">{formatPercent(format, s.cdr)}</td>
                  <td className="tabular px-3 text-right">{formatPercent(format, s.severity)}</td>
                  <td className="tabular px-3 text-right">{t('list.lagValue', { count: s.lagMonths })}</td>
                  <td className="px-3 text-right whitespace-nowrap">
                    {s.id === selected ? (
                      <span className="mr-2 text-[13px] text-primary-strong" aria-current="true">
                        {t('list.shown')}
                      </span>
                    ) : (
                      <Link
                        href={{ pathname, query: { ...query, scenario: String(s.id) } }}
                        className="mr-2 rounded text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                      >
                        {t('list.show')}
                        <span className="sr-only"> {s.name}</span>
                      </Link>
                    )}
                    {canWrite ? (
                      <>
                        <Button variant="ghost" size="icon" aria-label={`${t('list.edit')} ${s.name}`} onClick={() => startEdit(s)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`${t('list.delete')} ${s.name}`} onClick={() => setDeleting(s)}>
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleteError ? (
        <Alert variant="danger" role="alert" className="mx-4">
          {deleteError}
        </Alert>
      ) : null}
      {canWrite ? (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="scenario-form-title"
          className="grid gap-3 border-t border-border px-4 pt-4"
          data-testid="scenario-form"
        >
          <h3 id="scenario-form-title" className="text-[15px] font-medium text-heading">
            {editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
          </h3>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
            {field('name', t('form.name'), 'text', 'xl:col-span-1')}
            {field('cpr', t('form.cpr'), 'decimal', '')}
            {field('cdr', t('form.cdr'), 'decimal', '')}
            {field('severity', t('form.severity'), 'decimal', '')}
            {field('lagMonths', t('form.lag'), 'numeric', '')}
          </div>
          {errors.form ? (
            <Alert variant="danger" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? t('form.saving') : editing ? t('form.save') : t('form.create')}
            </Button>
            {editing ? (
              <Button variant="outline" onClick={reset}>
                {t('form.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : (
        <p className="px-4 text-[13px]">{t('form.readOnly')}</p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        confirmVariant="danger"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? t('delete.body', { name: deleting.name }) : null}
      </ConfirmDialog>
    </div>
  );
}
