'use client';

import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { Download, Upload, X } from '@/lib/icons';
import { Alert } from '@/components/ui/alert';
import { Amount } from '@/components/ui/amount';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { CURRENCY_CODES, isCurrencyCode } from '@/lib/finance/money';
import { formatIsoDate } from '@/lib/format';
import { enumValues, FIELD_KINDS, type ImportField } from '@/lib/import/field-list';
import type { ImportRecord } from '@/lib/validations/imports';
import { fractionText, rateText } from './exception-message';
import { ExceptionsTable, type ExceptionRow } from './exceptions-table';
import { RollForward, type RollForwardSummary } from './roll-forward';

type Detail = {
  import: ImportRecord;
  missingRequired: string[];
  fields: string[];
  preview: { row: number; cells: string[]; action: string | null; lease: Record<string, unknown> | null }[];
  leases: { row: number; action: string | null; leaseId: number; contractNumber: string; version: number }[];
  rules: { rule: string; severity: string; count: number }[];
};

const selectClasses = 'h-9.5 rounded-md border border-border-strong bg-surface px-3 text-sm text-heading';
const BUSY = new Set(['parsing', 'committing']);
const STATUS_VARIANT: Record<string, BadgeVariant> = {
  parsing: 'info',
  validated: 'primary',
  committing: 'info',
  committed: 'success',
  failed: 'danger',
};
/** Fields the wizard offers a value for every row for even when the file maps them nowhere (domain.md §7). */
const FIXED_ALWAYS: readonly ImportField[] = ['currency', 'assetType', 'timing', 'tapeDate'];
/** Enumerated fields and the masterFile namespace that labels their values. */
const ENUM_LABELS = ['assetType', 'condition', 'timing', 'frequency', 'vatRegime', 'status'] as const;
type EnumField = (typeof ENUM_LABELS)[number];
const isEnumField = (f: string): f is EnumField => (ENUM_LABELS as readonly string[]).includes(f);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The choices of a value for every row of an enumerated field (and the currency), with the saved one when it is a word of the lessor's. */
function choicesOf(f: ImportField, value: string): readonly string[] {
  const values: readonly string[] = f === 'currency' ? CURRENCY_CODES : enumValues(f);
  return value && !values.includes(value) ? [value, ...values] : values;
}
/** Where a field's parsed value sits in a previewed row (lessee fields and the purchase price have other names). */
const PREVIEW_KEY: Record<string, string> = {
  lesseeName: 'name',
  lesseeExternalId: 'externalId',
  lesseeTaxId: 'taxId',
  lesseeCountry: 'country',
  lesseeRegion: 'region',
  lesseeIndustry: 'industry',
  purchasePrice: 'agreedPurchasePrice',
};

function ProgressBar({ label, value }: { label: string; value: number }) {
  const pct = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className="my-3">
      <div className="mb-1 text-sm" aria-hidden="true">
        {label}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2.5 w-full overflow-hidden rounded-full bg-border"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * Master File → Import tape: upload (with the browser's upload progress), then the import polled while
 * the server reads and validates it, the mapping with a preview, the dry run's counts and exceptions,
 * and the commit. Receives the funder, the known sources and (on an import's page) the import id.
 */
export function TapeImportWorkspace({
  funderId,
  sources,
  importId: initialId,
  maxBytes,
}: {
  funderId: number;
  sources: string[];
  importId?: number;
  maxBytes: number;
}) {
  const t = useTranslations('tapeImport');
  const tAssetTypes = useTranslations('masterFile.assetTypes');
  const tConditions = useTranslations('masterFile.conditions');
  const tTimings = useTranslations('masterFile.timings');
  const tFrequencies = useTranslations('masterFile.frequencies');
  const tVatRegimes = useTranslations('masterFile.vatRegimes');
  const tStatuses = useTranslations('masterFile.statuses');
  const format = useFormatter();
  const locale = useLocale();
  const [importId, setImportId] = useState<number | undefined>(initialId);
  const [upload, setUpload] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  // Sent on "Apply" only when the user changed it: what the user chose is what the source remembers.
  const [mappingChanged, setMappingChanged] = useState(false);
  const [fixed, setFixed] = useState<Record<string, string>>({});
  const [fixedChanged, setFixedChanged] = useState(false);
  const [addedFixed, setAddedFixed] = useState<ImportField[]>([]);
  const [decimal, setDecimal] = useState('');
  const [dateFormat, setDateFormat] = useState('');
  const [sheet, setSheet] = useState('');
  const [rule, setRule] = useState('');
  const [exceptions, setExceptions] = useState<{ rows: ExceptionRow[]; total: number }>({ rows: [], total: 0 });
  const [skipRejected, setSkipRejected] = useState(false);
  // The roll-forward against the source's previous tape, as its section last read it (null: none).
  const [rollForward, setRollForward] = useState<RollForwardSummary | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const q = `funderId=${funderId}`;
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 0 });
  const enumLabel = (f: EnumField, v: string): string => {
    const tx = {
      assetType: tAssetTypes,
      condition: tConditions,
      timing: tTimings,
      frequency: tFrequencies,
      vatRegime: tVatRegimes,
      status: tStatuses,
    }[f];
    return tx.has(v as never) ? tx(v as never) : v;
  };

  /** Reads the import once; the form's values follow the server's whenever the server is not working on it. */
  const load = useCallback(async (): Promise<Detail | null> => {
    if (!importId) return null;
    const res = await fetch(`/api/leases/imports/${importId}?${q}`, { cache: 'no-store' });
    if (!res.ok) {
      setProblem(t('upload.failed', { message: String(res.status) }));
      return null;
    }
    const d = (await res.json()) as Detail;
    setDetail(d);
    if (!BUSY.has(d.import.status)) {
      setMapping(d.import.mapping);
      setMappingChanged(false);
      setFixed(Object.fromEntries(Object.entries(d.import.fixed ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')));
      setFixedChanged(false);
      setAddedFixed([]);
      setDecimal(d.import.decimal.used ?? '');
      setDateFormat(d.import.dateFormat.used ?? '');
      setSheet(d.import.sheet ?? '');
    }
    return d;
  }, [importId, q, t]);

  // Polls while the server reads, validates or commits, and stops when it is done (the user's edits stay put); a
  // change sent to the server polls again.
  const [pollKey, setPollKey] = useState(0);
  useEffect(() => {
    if (!importId) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const d = await load();
      if (!stop && d && BUSY.has(d.import.status)) timer = setTimeout(() => void tick(), 400);
    };
    void tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [importId, load, pollKey]);

  const status = detail?.import.status;
  useEffect(() => {
    // Refresh the exceptions whenever the server is done (again).
    if (status && !BUSY.has(status)) {
      const params = new URLSearchParams({ funderId: String(funderId), locale, perPage: '100' });
      if (rule) params.set('rule', rule);
      void fetch(`/api/leases/imports/${importId}/exceptions?${params}`, { cache: 'no-store' })
        .then((r) => (r.ok ? r.json() : { rows: [], total: 0 }))
        .then(setExceptions);
    }
  }, [status, rule, importId, funderId, locale, detail?.import.validatedAt]);

  function start(form: HTMLFormElement) {
    setProblem(null);
    // The form sends the file, the source and the mode, never a mapping: the server suggests one from the source's
    // saved mapping (the user's last correction) and the headers.
    const data = new FormData(form);
    const file = fileRef.current?.files?.[0];
    if (!file) return setProblem(t('upload.chooseFile'));
    if (!String(data.get('source') ?? '').trim()) return setProblem(t('upload.chooseSource'));
    if (file.size > maxBytes) return setProblem(t('upload.tooLarge'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/leases/imports?${q}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && setUpload(e.loaded / e.total);
    xhr.onload = () => {
      setUpload(null);
      if (xhr.status === 202) {
        const { id } = JSON.parse(xhr.responseText) as { id: number };
        window.history.replaceState(null, '', window.location.pathname.replace(/\/master-file\/import$/, `/master-file/imports/${id}`));
        setImportId(id);
      } else if (xhr.status === 413) setProblem(t('upload.tooLarge'));
      else {
        let message = String(xhr.status);
        try {
          const body = JSON.parse(xhr.responseText) as { error: { message: string; issues?: { field: string; message: string }[] } };
          const issues = (body.error.issues ?? []).map((i) => `${i.field === 'source' ? t('upload.source') : i.field}: ${i.message}`);
          message = [body.error.message, ...issues].join(' ');
        } catch {
          /* keep the status */
        }
        setProblem(t('upload.failed', { message }));
      }
    };
    xhr.onerror = () => {
      setUpload(null);
      setProblem(t('upload.failed', { message: 'network' }));
    };
    setUpload(0);
    xhr.send(data);
  }

  async function send(path: string, method: string, body: unknown) {
    setProblem(null);
    const res = await fetch(`/api/leases/imports/${importId}/${path}?${q}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      const b = (await res.json().catch(() => null)) as { error?: { message: string } } | null;
      setProblem(b?.error?.message ?? String(res.status));
    }
    setPollKey((k) => k + 1);
  }

  const imp = detail?.import;
  const reloadImport = useCallback(() => setPollKey((k) => k + 1), []);
  const fieldOptions = useMemo(
    () => (detail?.fields ?? []).map((f) => ({ value: f, label: t(`fields.${f}` as never) })),
    [detail?.fields, t],
  );

  if (!importId) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('steps.upload')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="grid max-w-xl gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              start(e.currentTarget);
            }}
          >
            <div className="grid gap-1">
              <Label htmlFor="import-source">{t('upload.source')}</Label>
              <Input id="import-source" name="source" list="import-sources" maxLength={80} autoComplete="off" required />
              <datalist id="import-sources">
                {sources.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
              <p className="text-[13px]">{t('upload.sourceHint')}</p>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="import-file">{t('upload.file')}</Label>
              <input
                ref={fileRef}
                id="import-file"
                name="file"
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="text-sm"
              />
            </div>
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium text-heading">{t('upload.mode')}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="mode" value="create" defaultChecked /> {t('upload.modeCreate')}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="mode" value="upsert" /> {t('upload.modeUpsert')}
              </label>
            </fieldset>
            {upload !== null ? <ProgressBar label={t('upload.uploading', { percent: pct(upload) })} value={upload} /> : null}
            {problem ? <Alert variant="danger">{problem}</Alert> : null}
            <div>
              <Button type="submit" disabled={upload !== null}>
                <Upload aria-hidden="true" />
                {t('upload.start')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    );
  }

  if (!imp) return <ProgressBar label={t('upload.processing', { percent: pct(0) })} value={0} />;
  const counts = imp.counts;
  const editable = imp.status === 'validated';
  const downloadParams = new URLSearchParams({ funderId: String(funderId), locale, format: 'csv' });
  if (rule) downloadParams.set('rule', rule);

  const fieldLabel = (f: string) => t(`fields.${f}` as never);
  const known = new Set(detail.fields);
  // A field with a column takes the column's values: a value for every row is offered for the others.
  const mappedFields = new Set(Object.values(mapping).filter((f): f is string => !!f));
  const fixedFields = [...new Set<string>([...detail.missingRequired, ...FIXED_ALWAYS, ...Object.keys(fixed), ...addedFixed])].filter(
    (f): f is ImportField => f !== 'contractNumber' && known.has(f) && !mappedFields.has(f),
  );
  const addableFixed = detail.fields.filter(
    (f): f is ImportField => f !== 'contractNumber' && !mappedFields.has(f) && !fixedFields.includes(f as ImportField),
  );
  const setFixedValue = (f: string, v: string) => {
    setFixed((prev) => ({ ...prev, [f]: v }));
    setFixedChanged(true);
  };
  const removeFixed = (f: string) => {
    setFixed((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== f)));
    setAddedFixed((prev) => prev.filter((x) => x !== f));
    setFixedChanged(true);
  };
  /** The values for every row to send: the non-empty ones of fields no column gives. */
  const fixedToSend = Object.fromEntries(
    Object.entries(fixed).filter(([f, v]) => v.trim() !== '' && !mappedFields.has(f) && f !== 'contractNumber'),
  );

  /** A previewed value as QUANTUM read it, in the reader's locale: money as money, a rate as a percentage (6.25 %). */
  const parsedValue = (f: ImportField, parsed: unknown, lease: Record<string, unknown>) => {
    if (parsed === undefined || parsed === null || parsed === '') return null;
    const currency = typeof lease.currency === 'string' && isCurrencyCode(lease.currency) ? lease.currency : null;
    switch (FIELD_KINDS[f]) {
      case 'money':
        return typeof parsed === 'number' && currency ? <Amount minor={parsed} currency={currency} /> : null;
      case 'rate':
        return typeof parsed === 'number' ? rateText(locale, parsed) : String(parsed);
      case 'date':
        return typeof parsed === 'string' ? formatIsoDate(format, parsed) : String(parsed);
      case 'integer':
        return typeof parsed === 'number' ? format.number(parsed) : String(parsed);
      case 'enum':
        return isEnumField(f) && typeof parsed === 'string' ? enumLabel(f, parsed) : String(parsed);
      default:
        return typeof parsed === 'object' ? null : String(parsed);
    }
  };

  // How the file is read (domain.md §7): the tape's date and where it comes from, each rate column's reading, the state
  // the file gives, and the tape's instalment against the annuity.
  const tapeDateColumn = Object.entries(imp.mapping).find(([, f]) => f === 'tapeDate')?.[0];
  const tapeDateText = imp.tapeDate?.value ? formatIsoDate(format, imp.tapeDate.value) : null;
  const tapeDateFrom = imp.tapeDate
    ? imp.tapeDate.from === 'column'
      ? t('checks.tapeDateFrom.column', { column: tapeDateColumn ?? '' })
      : t(`checks.tapeDateFrom.${imp.tapeDate.from}`)
    : '';
  const rateReadings = Object.entries(imp.rateReadings ?? {}).flatMap(([f, reading]) => {
    if (!reading) return [];
    const column = Object.entries(imp.mapping).find(([, m]) => m === f)?.[0];
    const c = column === undefined ? -1 : imp.headers.indexOf(column);
    const key = PREVIEW_KEY[f] ?? f;
    const sample = c < 0 ? undefined : detail.preview.find((p) => (p.cells[c] ?? '').trim() !== '' && typeof p.lease?.[key] === 'number');
    const example = sample ? `${sample.cells[c]} → ${rateText(locale, sample.lease![key] as number)}` : null;
    const values = { field: fieldLabel(f), reading: t(`checks.readings.${reading}`) };
    return [{ field: f, text: example ? t('checks.rateReading', { ...values, example }) : t('checks.rateReadingPlain', values) }];
  });
  // Only a record that says which state fields the file gives can say it gives none.
  const noState = Array.isArray(imp.stateFields) && imp.stateFields.length === 0;
  const noStateText = t('checks.noState', { date: tapeDateText ?? t('checks.theTapeDate') });
  const check = imp.instalmentCheck;
  const showChecks = imp.status === 'validated' || imp.status === 'committed' || imp.status === 'committing';
  // A commit waits until every break of the roll-forward is accepted or rejected (the API answers 409 before).
  const undecidedBreaks = rollForward?.counts.undecided ?? 0;

  return (
    <div className="grid gap-5">
      <Card>
        <CardContent className="grid gap-2 pt-5 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant={STATUS_VARIANT[imp.status] ?? 'secondary'} data-testid="import-status">
              {t(`status.${imp.status}` as never)}
            </Badge>
            <span>
              {t('detail.source')}: <strong>{imp.source}</strong>
            </span>
            <span>
              {t('detail.file')}: <strong>{imp.fileName}</strong>
            </span>
            <span>
              {t('detail.mode')}: {t(`detail.modes.${imp.mode}` as never)}
            </span>
            <span>
              {t('detail.when')}: {format.dateTime(new Date(imp.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
            </span>
          </div>
          <div className="break-all text-[13px]">
            {t('detail.sha')}: <code>{imp.sha256}</code>
          </div>
          {imp.status === 'parsing' ? (
            <ProgressBar label={t('upload.processing', { percent: pct(imp.progress) })} value={imp.progress} />
          ) : null}
          {imp.status === 'committing' ? (
            <ProgressBar label={t('commit.committing', { percent: pct(imp.progress) })} value={imp.progress} />
          ) : null}
          {imp.error ? (
            <Alert variant={imp.status === 'failed' ? 'danger' : 'warning'}>{t(`errors.${imp.error.code}` as never)}</Alert>
          ) : null}
          {problem ? <Alert variant="danger">{problem}</Alert> : null}
        </CardContent>
      </Card>

      {imp.headers.length && imp.status !== 'committed' ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('steps.mapping')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm">{t('mapping.intro')}</p>
            {detail.missingRequired.length ? (
              <Alert variant="warning">
                {t('mapping.missing', { fields: detail.missingRequired.map((f) => t(`fields.${f}` as never)).join(', ') })}
              </Alert>
            ) : null}
            {imp.duplicateHeaders.length ? (
              <Alert variant="info">{t('mapping.duplicates', { names: imp.duplicateHeaders.join(', ') })}</Alert>
            ) : null}
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="grid gap-1">
                <span>
                  {t('mapping.decimal')} (
                  {imp.decimal.detected === 'ambiguous'
                    ? t('mapping.ambiguous')
                    : t('mapping.detected', { value: imp.decimal.detected ?? '' })}
                  )
                </span>
                <select
                  className={selectClasses}
                  value={decimal}
                  onChange={(e) => setDecimal(e.target.value)}
                  disabled={!editable}
                  data-testid="decimal"
                >
                  <option value="" disabled>
                    —
                  </option>
                  <option value=",">{t('mapping.decimalComma')}</option>
                  <option value=".">{t('mapping.decimalPoint')}</option>
                </select>
              </label>
              <label className="grid gap-1">
                <span>
                  {t('mapping.dateFormat')} (
                  {imp.dateFormat.detected === 'ambiguous'
                    ? t('mapping.ambiguous')
                    : t('mapping.detected', { value: imp.dateFormat.detected ? t(`dateFormats.${imp.dateFormat.detected}` as never) : '' })}
                  )
                </span>
                <select className={selectClasses} value={dateFormat} onChange={(e) => setDateFormat(e.target.value)} disabled={!editable}>
                  <option value="" disabled>
                    —
                  </option>
                  {['iso', 'dmy-dot', 'dmy-slash', 'mdy-slash', 'dmy-dash', 'mdy-dash'].map((f) => (
                    <option key={f} value={f}>
                      {t(`dateFormats.${f}` as never)}
                    </option>
                  ))}
                </select>
              </label>
              {imp.format === 'csv' ? (
                <div className="grid gap-1">
                  <span>{t('mapping.encoding')}</span>
                  <span className="h-9.5 content-center font-medium text-heading" data-testid="encoding">
                    {imp.encoding} · „{imp.delimiter === '\t' ? '⇥' : imp.delimiter}“
                  </span>
                </div>
              ) : (
                <label className="grid gap-1">
                  <span>{t('mapping.sheet')}</span>
                  <select
                    className={selectClasses}
                    value={sheet}
                    onChange={(e) => setSheet(e.target.value)}
                    disabled={!editable && imp.status !== 'failed'}
                  >
                    {imp.sheets.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
            <div className="overflow-x-auto">
              <table className={`w-full text-sm ${STICKY_FIRST_COLUMN} ${ROW_RULES}`}>
                <caption className="sr-only">{t('steps.mapping')}</caption>
                <thead className={HEAD_CELLS}>
                  <tr className="text-left">
                    <th scope="col" className="px-2 py-1.5 font-medium">
                      {t('mapping.column')}
                    </th>
                    <th scope="col" className="px-2 py-1.5 font-medium">
                      {t('mapping.field')}
                    </th>
                    {detail.preview.slice(0, 3).map((p) => (
                      <th key={p.row} scope="col" className="px-2 py-1.5 font-medium">
                        {t('mapping.row')} {p.row}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {imp.headers.map((h, c) => {
                    const f = mapping[h] ?? null;
                    return (
                      <tr key={h} className="h-8">
                        <th scope="row" className="px-2 text-left font-normal">
                          {h}
                        </th>
                        <td className="px-2">
                          <select
                            aria-label={`${t('mapping.field')}: ${h}`}
                            className={selectClasses}
                            value={f ?? ''}
                            disabled={!editable}
                            onChange={(e) => {
                              setMapping({ ...mapping, [h]: e.target.value || null });
                              setMappingChanged(true);
                            }}
                          >
                            <option value="">{t('mapping.ignore')}</option>
                            {fieldOptions.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        </td>
                        {detail.preview.slice(0, 3).map((p) => {
                          const key = f ? (PREVIEW_KEY[f] ?? f) : null;
                          const shown = key && p.lease && known.has(f!) ? parsedValue(f as ImportField, p.lease[key], p.lease) : null;
                          return (
                            <td key={p.row} className="px-2">
                              <div className="text-[13px]">{p.cells[c]}</div>
                              {shown !== null ? <div className="font-medium text-heading">{shown}</div> : null}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <fieldset className="grid gap-3" data-testid="fixed-values">
              <legend className="mb-1 text-sm font-medium text-heading">{t('mapping.fixedTitle')}</legend>
              <p className="text-[13px]">{t('mapping.fixedIntro')}</p>
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {fixedFields.map((f) => {
                  const id = `fixed-${f}`;
                  const value = fixed[f] ?? '';
                  const kind = FIELD_KINDS[f];
                  return (
                    <div key={f} className="grid gap-1">
                      <Label htmlFor={id} className="mb-0">
                        {fieldLabel(f)}
                      </Label>
                      <div className="flex items-center gap-1">
                        {f === 'currency' || kind === 'enum' ? (
                          <select
                            id={id}
                            className={`${selectClasses} w-full`}
                            value={value}
                            disabled={!editable}
                            onChange={(e) => setFixedValue(f, e.target.value)}
                          >
                            <option value="">—</option>
                            {choicesOf(f, value).map((v) => (
                              <option key={v} value={v}>
                                {f !== 'currency' && isEnumField(f) ? enumLabel(f, v) : v}
                              </option>
                            ))}
                          </select>
                        ) : kind === 'date' && (value === '' || ISO_DAY.test(value)) ? (
                          <Input
                            id={id}
                            type="date"
                            value={value}
                            disabled={!editable}
                            onChange={(e) => setFixedValue(f, e.target.value)}
                          />
                        ) : (
                          <Input
                            id={id}
                            value={value}
                            maxLength={200}
                            inputMode={kind === 'text' ? 'text' : 'decimal'}
                            placeholder={t('mapping.fixedPlaceholder')}
                            disabled={!editable}
                            onChange={(e) => setFixedValue(f, e.target.value)}
                          />
                        )}
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t('mapping.fixedRemove', { field: fieldLabel(f) })}
                          title={t('mapping.fixedRemove', { field: fieldLabel(f) })}
                          disabled={!editable || (value === '' && !addedFixed.includes(f))}
                          onClick={() => removeFixed(f)}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </div>
                    </div>
                  );
                })}
              </div>
              {addableFixed.length ? (
                <label className="grid max-w-sm gap-1 text-sm">
                  <span>{t('mapping.fixedAdd')}</span>
                  <select
                    className={selectClasses}
                    value=""
                    disabled={!editable}
                    onChange={(e) => {
                      const f = e.target.value as ImportField;
                      if (f) setAddedFixed((prev) => [...prev, f]);
                    }}
                  >
                    <option value="">{t('mapping.fixedChoose')}</option>
                    {addableFixed.map((f) => (
                      <option key={f} value={f}>
                        {fieldLabel(f)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </fieldset>
            <div>
              <Button
                variant="outline"
                disabled={!editable && !(imp.status === 'failed' && imp.format === 'xlsx')}
                onClick={() =>
                  void send('mapping', 'PUT', {
                    // Only what the user changed: an untouched suggestion is not saved as the source's choice.
                    ...(mappingChanged ? { mapping } : {}),
                    ...(fixedChanged ? { fixed: fixedToSend } : {}),
                    ...(decimal ? { decimal } : {}),
                    ...(dateFormat ? { dateFormat } : {}),
                    ...(imp.format === 'xlsx' && sheet ? { sheet } : {}),
                  })
                }
              >
                {t('mapping.apply')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {imp.status === 'validated' || imp.status === 'committed' || imp.status === 'committing' ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('steps.dryRun')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {showChecks ? (
              <section className="grid gap-1 text-sm" aria-labelledby="import-checks" data-testid="import-checks">
                <h3 id="import-checks" className="font-medium text-heading">
                  {t('checks.title')}
                </h3>
                <ul className="grid list-disc gap-1 pl-5">
                  {imp.tapeDate ? (
                    <li data-testid="tape-date">{t('checks.tapeDate', { date: tapeDateText ?? '—', from: tapeDateFrom })}</li>
                  ) : null}
                  {rateReadings.map((r) => (
                    <li key={r.field} data-testid={`rate-reading-${r.field}`}>
                      {r.text}
                    </li>
                  ))}
                  {imp.stateFields?.length ? (
                    <li data-testid="state-fields">{t('checks.stateFields', { fields: imp.stateFields.map(fieldLabel).join(', ') })}</li>
                  ) : null}
                  {check ? (
                    <li data-testid="instalment-check">
                      {t('checks.instalment', {
                        rows: check.rows,
                        beyond: check.beyond,
                        min: fractionText(locale, check.minDiff, true, 1),
                        max: fractionText(locale, check.maxDiff, true, 1),
                        median: fractionText(locale, check.medianDiff, true, 1),
                        tolerance: fractionText(locale, check.tolerance),
                      })}
                    </li>
                  ) : null}
                </ul>
              </section>
            ) : null}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" data-testid="import-counts">
              {(['rows', 'new', 'updated', 'unchanged', 'rejected', 'warnings'] as const).map((k) => (
                <div key={k} className="rounded-md border border-border p-3">
                  <dt className="text-[13px]">{t(`counts.${k}`)}</dt>
                  <dd className="tabular text-xl font-medium text-heading" data-testid={`count-${k}`}>
                    {format.number(counts[k])}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm">
                <span>{t('dryRun.filterRule')}</span>
                <select className={selectClasses} value={rule} onChange={(e) => setRule(e.target.value)}>
                  <option value="">{t('dryRun.allRules')}</option>
                  {detail.rules.map((r) => (
                    <option key={`${r.rule}-${r.severity}`} value={r.rule}>
                      {t(`ruleNames.${r.rule}` as never)} ({format.number(r.count)})
                    </option>
                  ))}
                </select>
              </label>
              <a
                className={buttonClasses({ variant: 'outline' })}
                href={`/api/leases/imports/${imp.id}/exceptions?${downloadParams}`}
                download
              >
                <Download aria-hidden="true" />
                {t('dryRun.download')}
              </a>
            </div>
            {exceptions.rows.length === 0 ? (
              <p className="text-sm">{t('dryRun.noExceptions')}</p>
            ) : (
              <ExceptionsTable rows={exceptions.rows} />
            )}
          </CardContent>
        </Card>
      ) : null}

      {imp.status === 'validated' || imp.status === 'committed' ? (
        <RollForward
          funderId={funderId}
          importId={imp.id}
          status={imp.status}
          refreshKey={`${imp.status}|${imp.validatedAt ?? ''}|${imp.committedAt ?? ''}`}
          onSummary={setRollForward}
          onDecided={reloadImport}
        />
      ) : null}

      {imp.status === 'validated' ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('steps.commit')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <fieldset className="grid gap-1 text-sm">
              <legend className="sr-only">{t('steps.commit')}</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="commit-mode" checked={!skipRejected} onChange={() => setSkipRejected(false)} />{' '}
                {t('commit.allOrNothing')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="commit-mode" checked={skipRejected} onChange={() => setSkipRejected(true)} />{' '}
                {t('commit.skipRejected')}
              </label>
            </fieldset>
            {noState ? (
              <Alert variant="warning" data-testid="no-state">
                {noStateText}
              </Alert>
            ) : null}
            {counts.rejected > 0 && !skipRejected ? (
              <Alert variant="warning">{t('commit.blocked', { count: counts.rejected })}</Alert>
            ) : null}
            {undecidedBreaks > 0 ? (
              <Alert variant="warning" data-testid="roll-forward-undecided-notice">
                {t('rollForward.undecided', { count: undecidedBreaks })}
              </Alert>
            ) : null}
            <div>
              <Button
                disabled={
                  (counts.rejected > 0 && !skipRejected) ||
                  undecidedBreaks > 0 ||
                  !!(imp.error && ['missingColumn', 'ambiguousDecimal', 'ambiguousDate'].includes(imp.error.code))
                }
                onClick={() => void send('commit', 'POST', { skipRejected })}
              >
                {t('commit.button')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {imp.status === 'committed' ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.leases')}</CardTitle>
          </CardHeader>
          <CardContent>
            <Alert variant="success" className="mb-3">
              {t('commit.done', { created: format.number(counts.new), changed: format.number(counts.updated) })}
            </Alert>
            {detail.leases.length === 0 ? (
              <p className="text-sm">{t('detail.noLeases')}</p>
            ) : (
              <ul className="grid gap-1 text-sm sm:grid-cols-3" data-testid="import-leases">
                {detail.leases.map((l) => (
                  <li key={l.leaseId}>
                    <Link href={`/master-file/${l.leaseId}`} className="text-primary-strong hover:underline">
                      {l.contractNumber}
                    </Link>{' '}
                    · {t(`counts.${l.action === 'updated' ? 'updated' : 'new'}` as never)}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
