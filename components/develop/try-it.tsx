'use client';

import { Play, RotateCcw } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { fillPath, queryString } from './curl';

export type TryParam = { name: string; in: 'query' | 'path'; required: boolean; options?: string[]; initial: string };

type Props = {
  operationId: string;
  method: string;
  path: string;
  params: TryParam[];
  /** JSON text of the example body; null when the operation takes no JSON body. */
  body: string | null;
};

type Outcome =
  | {
      kind: 'response';
      status: number;
      statusText: string;
      ms: number;
      headers: [string, string][];
      text?: string;
      truncatedFrom?: number;
      file?: { contentType: string; bytes: number; name: string; url: string };
    }
  | { kind: 'error'; message: string };

/** Headers worth showing from an answer (the rest is transport noise). */
const SHOWN_HEADERS = [
  'content-type',
  'content-disposition',
  'content-length',
  'location',
  'retry-after',
  'x-cut-off',
  'x-total-count',
  'www-authenticate',
  'cache-control',
];
const MAX_SHOWN_CHARS = 100_000;

function isText(contentType: string): boolean {
  return /json|^text\/(plain|html)/i.test(contentType);
}

/**
 * The "Try it" form of one operation: an input per parameter, a JSON editor for the body, and the answer
 * (status, time, a subset of the headers, pretty JSON or a download for files). Sent with the browser's
 * own session cookie (same origin), so it can do exactly what the signed-in user can.
 */
export function TryIt({ operationId, method, path, params, body }: Props) {
  const t = useTranslations('develop.try');
  const tr = useTranslations('develop');
  const baseId = useId();
  const initialValues = () => Object.fromEntries(params.map((p) => [`${p.in}:${p.name}`, p.initial]));
  const [values, setValues] = useState<Record<string, string>>(initialValues);
  const [bodyText, setBodyText] = useState(body ?? '');
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fileUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (fileUrl.current) URL.revokeObjectURL(fileUrl.current);
    },
    [],
  );

  function reset() {
    setValues(initialValues());
    setBodyText(body ?? '');
    setBodyError(null);
  }

  async function send(e: React.FormEvent) {
    e.preventDefault();
    let payload: string | undefined;
    if (body !== null && bodyText.trim() !== '') {
      try {
        payload = JSON.stringify(JSON.parse(bodyText));
      } catch (err) {
        setBodyError(t('invalidJson', { message: (err as Error).message }));
        return;
      }
    }
    setBodyError(null);
    const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, values[`path:${p.name}`]]));
    const queryValues = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, values[`query:${p.name}`]]));
    const url = `${fillPath(path, pathValues)}${queryString(queryValues)}`;
    setBusy(true);
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method: method.toUpperCase(),
        credentials: 'same-origin',
        headers:
          payload !== undefined ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
        body: payload,
      });
      const contentType = res.headers.get('content-type') ?? '';
      const headers = SHOWN_HEADERS.flatMap((h) => (res.headers.get(h) ? [[h, res.headers.get(h)!] as [string, string]] : []));
      const disposition = res.headers.get('content-disposition') ?? '';
      const base = { kind: 'response' as const, status: res.status, statusText: res.statusText, headers };
      if (res.status === 204 || res.status === 304) {
        setOutcome({ ...base, ms: Math.round(performance.now() - started) });
      } else if (!/attachment/i.test(disposition) && isText(contentType)) {
        let text = await res.text();
        const ms = Math.round(performance.now() - started);
        if (/json/i.test(contentType)) {
          try {
            text = JSON.stringify(JSON.parse(text), null, 2);
          } catch {
            // Shown as it came.
          }
        }
        const truncatedFrom = text.length > MAX_SHOWN_CHARS ? text.length : undefined;
        setOutcome({ ...base, ms, text: truncatedFrom ? text.slice(0, MAX_SHOWN_CHARS) : text, truncatedFrom });
      } else {
        const blob = await res.blob();
        const ms = Math.round(performance.now() - started);
        if (fileUrl.current) URL.revokeObjectURL(fileUrl.current);
        fileUrl.current = URL.createObjectURL(blob);
        const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'download';
        setOutcome({
          ...base,
          ms,
          file: { contentType: contentType || 'application/octet-stream', bytes: blob.size, name, url: fileUrl.current },
        });
      }
    } catch (err) {
      setOutcome({ kind: 'error', message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const bodyId = `${baseId}-body`;
  const bodyErrorId = `${baseId}-body-error`;
  return (
    <form onSubmit={send} className="flex flex-col gap-3" data-testid={`try-${operationId}`} noValidate>
      <p className="text-[13px]">{t('intro')}</p>
      {params.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {params.map((p) => {
            const key = `${p.in}:${p.name}`;
            const id = `${baseId}-${p.in}-${p.name}`;
            return (
              <div key={key}>
                <Label htmlFor={id}>
                  <code className="font-mono">{p.name}</code>{' '}
                  <span className="font-normal text-body">
                    ({tr(`in.${p.in}`)}
                    {p.required ? `, ${tr('required')}` : ''})
                  </span>
                </Label>
                {p.options ? (
                  <select
                    id={id}
                    value={values[key] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                    className="h-9.5 w-full rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none"
                  >
                    <option value="">{t('unset')}</option>
                    {p.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input
                    id={id}
                    value={values[key] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                    className="font-mono"
                  />
                )}
              </div>
            );
          })}
        </div>
      ) : null}
      {body !== null ? (
        <div>
          <Label htmlFor={bodyId}>{t('body')}</Label>
          <textarea
            id={bodyId}
            value={bodyText}
            onChange={(e) => setBodyText(e.target.value)}
            rows={Math.min(16, Math.max(4, bodyText.split('\n').length + 1))}
            spellCheck={false}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? bodyErrorId : undefined}
            className="w-full rounded-md border border-border-strong bg-surface px-3 py-2 font-mono text-[13px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none aria-invalid:border-danger-text"
          />
          {bodyError ? (
            <p id={bodyErrorId} className="mt-1 text-[13px] text-danger-text" role="alert">
              {bodyError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          <Play aria-hidden="true" />
          {busy ? t('sending') : t('send')}
        </Button>
        <Button type="button" variant="outline" onClick={reset}>
          <RotateCcw aria-hidden="true" />
          {t('reset')}
        </Button>
      </div>
      <div aria-live="polite" aria-label={t('result')}>
        {outcome?.kind === 'error' ? <Alert variant="danger">{t('networkError', { message: outcome.message })}</Alert> : null}
        {outcome?.kind === 'response' ? (
          <div className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="try-result">
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <span
                data-testid="try-status"
                className={
                  outcome.status < 300
                    ? 'rounded-sm bg-success-soft px-2 py-0.5 font-medium text-success-text'
                    : outcome.status < 500
                      ? 'rounded-sm bg-warning-soft px-2 py-0.5 font-medium text-warning-text'
                      : 'rounded-sm bg-danger-soft px-2 py-0.5 font-medium text-danger-text'
                }
              >
                {t('status', { status: `${outcome.status}${outcome.statusText ? ` ${outcome.statusText}` : ''}` })}
              </span>
              <span>{t('time', { ms: outcome.ms })}</span>
            </p>
            {outcome.headers.length > 0 ? (
              <details>
                <summary className="cursor-pointer text-[13px] font-medium text-heading">{t('headers')}</summary>
                <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 font-mono text-[12px]">
                  {outcome.headers.map(([k, v]) => (
                    <div key={k} className="contents">
                      <dt className="text-heading">{k}</dt>
                      <dd className="break-all">{v}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            ) : null}
            {outcome.file ? (
              <p className="text-sm">
                {t('file', { contentType: outcome.file.contentType, bytes: outcome.file.bytes })}{' '}
                <a href={outcome.file.url} download={outcome.file.name} className="font-medium text-primary-strong underline">
                  {t('download', { name: outcome.file.name })}
                </a>
              </p>
            ) : outcome.text !== undefined && outcome.text !== '' ? (
              <>
                <p className="text-[13px] font-medium text-heading">{t('responseBody')}</p>
                {outcome.truncatedFrom ? (
                  <p className="text-[13px]">{t('truncated', { shown: MAX_SHOWN_CHARS, total: outcome.truncatedFrom })}</p>
                ) : null}
                <pre
                  data-testid="try-body"
                  className="max-h-96 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-[12px] leading-5 text-heading"
                >
                  {outcome.text}
                </pre>
              </>
            ) : (
              <p className="text-sm">{t('empty')}</p>
            )}
          </div>
        ) : null}
      </div>
    </form>
  );
}
