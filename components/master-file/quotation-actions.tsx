'use client';

import { ArrowRight, RefreshCw } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Label } from '@/components/ui/input';
import { Link, useRouter } from '@/i18n/navigation';
import { QUOTATION_TRANSITIONS, type QuotationStatus } from '@/lib/validations/quotations';

type Props = {
  quotationId: number;
  funderId: number;
  status: QuotationStatus;
  canWrite: boolean;
  /** Whether an ERP connection is configured (Settings shows it); without one the push is not offered. */
  erpConfigured: boolean;
};

/**
 * The status moves the workflow allows from here (draft → submitted → approved | rejected; approved →
 * converted), with an optional note, and the push to the ERP when one is configured. A refused move (409) shows
 * why. Converting creates a lease and cannot be undone, so it asks for confirmation first.
 */
export function QuotationActions({ quotationId, funderId, status, canWrite, erpConfigured }: Props) {
  const t = useTranslations('onboarding');
  const router = useRouter();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [converted, setConverted] = useState<{ id: number; contractNumber: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const noteId = useId();
  const moves = QUOTATION_TRANSITIONS[status];

  if (!canWrite) return null;

  const move = async (to: QuotationStatus) => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/quotations/${quotationId}/status?funderId=${funderId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: to, note }),
      });
      const json = (await res.json().catch(() => ({}))) as {
        lease?: { id: number; contractNumber: string } | null;
        error?: { message: string };
      };
      if (res.ok) {
        toast.success(t('moved', { status: t(`statuses.${to}`) }));
        if (json.lease) setConverted(json.lease);
        setNote('');
        router.refresh();
      } else {
        // 403 on approval: four eyes (the submitter may not approve their own quotation).
        setError(
          res.status === 409
            ? t('moveRefused', { message: json.error?.message ?? '' })
            : res.status === 403 && to === 'approved'
              ? t('fourEyes')
              : t('moveFailed'),
        );
      }
    } catch {
      setError(t('moveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const sync = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/quotations/${quotationId}/sync?funderId=${funderId}`, { method: 'POST' });
      if (res.ok) {
        toast.success(t('synced'));
        router.refresh();
      } else {
        setError(res.status === 501 ? t('noErp') : t('syncFailed'));
      }
    } catch {
      setError(t('syncFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="quotation-actions">
      {moves.length ? (
        <>
          <div>
            <Label htmlFor={noteId}>{t('note')}</Label>
            <Input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder={t('notePlaceholder')} />
          </div>
          <div className="flex flex-wrap gap-2">
            {moves.map((to) => (
              <Button
                key={to}
                variant={to === 'rejected' ? 'danger' : 'primary'}
                disabled={busy}
                onClick={() => (to === 'converted' ? setConfirming(true) : move(to))}
              >
                <ArrowRight aria-hidden="true" />
                {t(`moves.${to}`)}
              </Button>
            ))}
          </div>
        </>
      ) : (
        <p>{t('final')}</p>
      )}
      {erpConfigured ? (
        <Button variant="outline" disabled={busy} onClick={sync}>
          <RefreshCw aria-hidden="true" />
          {t('sync')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('convertConfirm.title')}
        confirmLabel={t('moves.converted')}
        cancelLabel={t('convertConfirm.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void move('converted');
        }}
      >
        {t('convertConfirm.body')}
      </ConfirmDialog>
      {converted ? (
        <Alert variant="success" role="status">
          <span>
            {t('convertedTo')}{' '}
            <Link href={`/master-file/${converted.id}`} className="font-medium underline">
              {converted.contractNumber}
            </Link>
          </span>
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
