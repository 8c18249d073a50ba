'use client';

import { Trash2 } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/i18n/navigation';

/** Deletes a lease after a second click; a lease with a payment history is refused (409) and the reason shown. */
export function DeleteLeaseButton({ leaseId, funderId, contractNumber }: { leaseId: number; funderId: number; contractNumber: string }) {
  const t = useTranslations('masterFile.lease');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/leases/${leaseId}?funderId=${funderId}`, { method: 'DELETE' });
      if (res.ok) {
        toast.success(t('deleted', { contractNumber }));
        router.push('/master-file');
        router.refresh();
        return;
      }
      setError(res.status === 409 ? t('deleteRefused') : t('deleteFailed'));
    } catch {
      setError(t('deleteFailed'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      {confirming ? (
        <div className="flex items-center gap-2" role="group" aria-label={t('confirmDelete', { contractNumber })}>
          <span className="text-sm text-heading">{t('confirmDelete', { contractNumber })}</span>
          <Button variant="danger" onClick={remove} disabled={busy}>
            {t('confirm')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {t('delete')}
        </Button>
      )}
      {error ? (
        <Alert variant="danger" role="alert" className="max-w-md">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
