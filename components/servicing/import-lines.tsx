'use client';

import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { formatIsoDate, formatMoney } from '@/lib/format';

export type ImportLine = {
  id: number;
  lineNo: number;
  receivedOn: string | null;
  amount: number | null;
  currency: string | null;
  reference: string;
  contractNumber: string;
  /** recovery: on a written-off lease, recorded as a recovery in the loss ledger (domain.md §8), not a payment. */
  status: 'matched' | 'unmatched' | 'invalid' | 'manual' | 'recovery';
  message: string;
  leaseId: number | null;
};
export type ImportView = { id: number; fileName: string; lineCount: number; lines: ImportLine[] };

const VARIANT = { matched: 'success', manual: 'info', recovery: 'secondary', unmatched: 'warning', invalid: 'danger' } as const;

/** Counts of an import from its lines: a line matched by hand, or recorded as a recovery, counts as matched (the stored counts predate manual matches). */
export function importCounts(lines: readonly Pick<ImportLine, 'status'>[]) {
  const counts = { lines: lines.length, matched: 0, unmatched: 0, invalid: 0 };
  for (const l of lines) {
    if (l.status === 'matched' || l.status === 'manual' || l.status === 'recovery') counts.matched++;
    else if (l.status === 'unmatched') counts.unmatched++;
    else counts.invalid++;
  }
  return counts;
}

/**
 * An import's per-line results: the summary, then one row per line; unmatched lines carry a manual-match
 * form (contract number → lease) when the user may write. The table scrolls inside its card, never the page.
 */
export function ImportLines({ funderId, initial, canWrite }: { funderId: number; initial: ImportView; canWrite: boolean }) {
  const t = useTranslations('servicing.import');
  const format = useFormatter();
  const router = useRouter();
  const [lines, setLines] = useState(initial.lines);
  const counts = importCounts(lines);

  const match = async (line: ImportLine, contract: string) => {
    const res = await fetch(`/api/leases?funderId=${funderId}&q=${encodeURIComponent(contract)}&perPage=5`);
    const lease = res.ok
      ? ((await res.json()) as { leases: { id: number; contractNumber: string }[] }).leases.find(
          (l) => l.contractNumber === contract.trim(),
        )
      : undefined;
    if (!lease) {
      toast.error(t('unknownContract'));
      return;
    }
    const r = await fetch(`/api/payments/imports/${initial.id}/lines/${line.id}/match?funderId=${funderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leaseId: lease.id }),
    });
    if (r.status === 201) {
      const status = ((await r.json().catch(() => null)) as { line?: { status?: ImportLine['status'] } } | null)?.line?.status ?? 'manual';
      setLines((prev) => prev.map((l) => (l.id === line.id ? { ...l, status, leaseId: lease.id, message: lease.contractNumber } : l)));
      toast.success(t('matched', { contract: lease.contractNumber }));
      router.refresh();
    } else {
      const body = (await r.json().catch(() => null)) as { error?: { message: string } } | null;
      toast.error(body?.error?.message ?? t('failed'));
    }
  };

  return (
    <div className="min-w-0">
      <p className="mb-2 text-[13px]" data-testid="import-summary" role="status">
        {t('summary', {
          file: initial.fileName,
          lines: counts.lines,
          matched: counts.matched,
          unmatched: counts.unmatched,
          invalid: counts.invalid,
        })}
      </p>
      <div
        className="max-h-[60vh] overflow-auto rounded-md border border-border"
        role="region"
        aria-label={t('linesLabel', { file: initial.fileName })}
        tabIndex={0}
      >
        <table className={`w-full min-w-[760px] text-[13px] ${STICKY_FIRST_COLUMN} ${ROW_RULES}`} data-testid="import-lines">
          <thead className={`sticky top-0 z-10 shadow-[0_1px_0_var(--color-border)] ${HEAD_CELLS}`}>
            <tr className="text-left">
              <th scope="col" className="px-3 py-2 text-right">
                {t('line')}
              </th>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                {t('date')}
              </th>
              <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                {t('amount')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('reference')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('contract')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('status')}
              </th>
              <th scope="col" className="min-w-72 px-3 py-2">
                {t('result')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} className="h-8" data-testid={`import-line-${l.lineNo}`}>
                <td className="tabular px-3 py-1 text-right">{l.lineNo}</td>
                <td className="px-3 py-1 whitespace-nowrap">{l.receivedOn ? formatIsoDate(format, l.receivedOn) : '—'}</td>
                <td className="tabular px-3 py-1 text-right whitespace-nowrap">
                  {l.amount !== null && l.currency ? formatMoney(format, l.amount, l.currency) : '—'}
                </td>
                <td className="px-3 py-1">{l.reference || '—'}</td>
                <td className="px-3 py-1 whitespace-nowrap">{l.contractNumber || '—'}</td>
                <td className="px-3 py-1 whitespace-nowrap">
                  <Badge variant={VARIANT[l.status]}>{t(`statuses.${l.status}`)}</Badge>
                </td>
                <td className="px-3 py-1">{l.status === 'unmatched' && canWrite ? <MatchForm line={l} onMatch={match} /> : l.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function MatchForm({ line, onMatch }: { line: ImportLine; onMatch: (line: ImportLine, contract: string) => Promise<void> }) {
  const t = useTranslations('servicing.import');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-nowrap items-center gap-2"
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
      {/* The width sits on a wrapper: Input is w-full and cn() does not merge conflicting utilities. */}
      <span className="w-44 shrink-0">
        <Input id={`match-${line.id}`} name="contract" placeholder={t('matchPlaceholder')} className="h-8 text-[13px]" />
      </span>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {t('match')}
      </Button>
    </form>
  );
}
