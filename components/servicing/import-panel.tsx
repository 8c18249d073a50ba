'use client';

import { Upload } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Link, useRouter } from '@/i18n/navigation';
import { ImportLines, importCounts, type ImportView } from './import-lines';

type ImportResult = ImportView;

const MAX_BYTES = 1024 * 1024;

/**
 * Bank-statement import: the file is uploaded with XMLHttpRequest so the upload progress shows in a
 * progress bar, then the per-line results are listed; unmatched lines can be matched to a lease by
 * contract number, here or later on the import's own page (/servicing/payments/imports/{id}).
 */
export function ImportPanel({ funderId }: { funderId: number }) {
  const t = useTranslations('servicing.import');
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const upload = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError(t('chooseFile'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(t('tooLarge'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/payments/import?funderId=${funderId}&fileName=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) setProgress(Math.round((ev.loaded / ev.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      type Body = { import?: ImportResult; error?: { message: string } };
      let body: Body | null;
      try {
        body = JSON.parse(xhr.responseText) as Body;
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body?.import) {
        setResult(body.import);
        const counts = importCounts(body.import.lines);
        // Not every line matched: a warning, so the unmatched and invalid lines are not overlooked.
        (counts.matched === counts.lines ? toast.success : toast.warning)(t('done', { matched: counts.matched, lines: counts.lines }));
        router.refresh();
      } else setError(xhr.status === 413 ? t('tooLarge') : (body?.error?.message ?? t('failed')));
    };
    xhr.onerror = () => {
      setProgress(null);
      setError(t('failed'));
    };
    setProgress(0);
    xhr.send(file);
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={upload} className="flex flex-wrap items-end gap-4" aria-label={t('title')}>
        <div className="min-w-0 flex-1 basis-64">
          <Label htmlFor="import-file">{t('file')}</Label>
          <Input id="import-file" ref={fileRef} type="file" accept=".csv,text/csv" className="h-9.5 w-full py-1.5" />
        </div>
        <Button type="submit" disabled={progress !== null}>
          <Upload aria-hidden="true" />
          {t('submit')}
        </Button>
      </form>
      <p className="text-[13px]">{t('format')}</p>
      {progress !== null ? (
        <div>
          <progress className="h-2 w-full max-w-md accent-[#6258e0]" value={progress} max={100} aria-label={t('progress')} />
          <span className="ml-2 text-[13px]">{progress} %</span>
        </div>
      ) : null}
      {error ? (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      {result ? (
        <div className="grid gap-2">
          <ImportLines key={result.id} funderId={funderId} initial={result} canWrite />
          <Link
            href={`/servicing/payments/imports/${result.id}`}
            className="text-[13px] text-primary-strong hover:underline"
            data-testid="import-page-link"
          >
            {t('openImport', { file: result.fileName })}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
