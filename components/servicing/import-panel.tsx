'use client';

import { Upload } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { formatMoney } from '@/lib/format';

type Line = {
  id: number;
  lineNo: number;
  receivedOn: string | null;
  amount: number | null;
  currency: string | null;
  reference: string;
  contractNumber: string;
  status: 'matched' | 'unmatched' | 'invalid' | 'manual';
  message: string;
  leaseId: number | null;
};
type ImportResult = { id: number; fileName: string; lineCount: number; matchedCount: number; unmatchedCount: number; invalidCount: number; lines: Line[] };

const MAX_BYTES = 1024 * 1024;
const VARIANT = { matched: 'success', manual: 'info', unmatched: 'warning', invalid: 'danger' } as const;

/**
 * Bank-statement import: the file is uploaded with XMLHttpRequest so the upload progress shows in a
 * progress bar, then the per-line results are listed; unmatched lines can be matched to a lease by
 * contract number.
 */
export function ImportPanel({ funderId }: { funderId: number }) {
  const t = useTranslations('servicing.import');
  const format = useFormatter();
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
        toast.success(t('done', { matched: body.import.matchedCount, lines: body.import.lineCount }));
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

  const match = async (line: Line, contract: string) => {
    const res = await fetch(`/api/leases?funderId=${funderId}&q=${encodeURIComponent(contract)}&perPage=5`);
    const lease = res.ok ? ((await res.json()) as { leases: { id: number; contractNumber: string }[] }).leases.find((l) => l.contractNumber === contract.trim()) : undefined;
    if (!lease) {
      toast.error(t('unknownContract'));
      return;
    }
    const r = await fetch(`/api/payments/imports/${result!.id}/lines/${line.id}/match?funderId=${funderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leaseId: lease.id }),
    });
    if (r.status === 201) {
      setResult((prev) => prev && { ...prev, lines: prev.lines.map((l) => (l.id === line.id ? { ...l, status: 'manual', leaseId: lease.id, message: lease.contractNumber } : l)) });
      toast.success(t('matched', { contract: lease.contractNumber }));
      router.refresh();
    } else {
      const body = (await r.json().catch(() => null)) as { error?: { message: string } } | null;
      toast.error(body?.error?.message ?? t('failed'));
    }
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={upload} className="flex flex-wrap items-end gap-4" aria-label={t('title')}>
        <div>
          <Label htmlFor="import-file">{t('file')}</Label>
          <Input id="import-file" ref={fileRef} type="file" accept=".csv,text/csv" className="h-9.5 py-1.5" />
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
        <div>
          <p className="mb-2 text-[13px]" data-testid="import-summary" role="status">
            {t('summary', { file: result.fileName, lines: result.lineCount, matched: result.matchedCount, unmatched: result.unmatchedCount, invalid: result.invalidCount })}
          </p>
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-[13px]" data-testid="import-lines">
              <thead className="sticky top-0 bg-surface shadow-[0_1px_0_var(--color-border)]">
                <tr className="text-left">
                  <th scope="col" className="px-3 py-2 text-right">{t('line')}</th>
                  <th scope="col" className="px-3 py-2">{t('date')}</th>
                  <th scope="col" className="px-3 py-2 text-right">{t('amount')}</th>
                  <th scope="col" className="px-3 py-2">{t('reference')}</th>
                  <th scope="col" className="px-3 py-2">{t('contract')}</th>
                  <th scope="col" className="px-3 py-2">{t('status')}</th>
                  <th scope="col" className="px-3 py-2">{t('result')}</th>
                </tr>
              </thead>
              <tbody>
                {result.lines.map((l) => (
                  <tr key={l.id} className="h-8 border-t border-border" data-testid={`import-line-${l.lineNo}`}>
                    <td className="tabular px-3 py-1 text-right">{l.lineNo}</td>
                    <td className="px-3 py-1">{l.receivedOn ?? '—'}</td>
                    <td className="tabular px-3 py-1 text-right">{l.amount !== null && l.currency ? formatMoney(format, l.amount, l.currency) : '—'}</td>
                    <td className="px-3 py-1">{l.reference || '—'}</td>
                    <td className="px-3 py-1">{l.contractNumber || '—'}</td>
                    <td className="px-3 py-1">
                      <Badge variant={VARIANT[l.status]}>{t(`statuses.${l.status}`)}</Badge>
                    </td>
                    <td className="px-3 py-1">
                      {l.status === 'unmatched' ? <MatchForm line={l} onMatch={match} /> : l.message}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function MatchForm({ line, onMatch }: { line: Line; onMatch: (line: Line, contract: string) => Promise<void> }) {
  const t = useTranslations('servicing.import');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const contract = String(new FormData(e.currentTarget).get('contract') ?? '').trim();
        if (!contract) return;
        setBusy(true);
        await onMatch(line, contract);
        setBusy(false);
      }}
    >
      <label htmlFor={`match-${line.id}`} className="sr-only">
        {t('matchLabel', { line: line.lineNo })}
      </label>
      <Input id={`match-${line.id}`} name="contract" placeholder={t('matchPlaceholder')} className="h-8 w-44 text-[13px]" />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {t('match')}
      </Button>
    </form>
  );
}
