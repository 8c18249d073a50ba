'use client';

import { Undo2 } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/i18n/navigation';
import { useToday } from '@/components/clock/today';

/** Reverses a payment after a confirmation step (a reversal entry; the payment itself stays in the ledger). */
export function ReversePaymentButton({ paymentId, funderId, receivedOn }: { paymentId: number; funderId: number; receivedOn: string }) {
  const t = useTranslations('servicing.reverse');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const today = useToday();

  const reverse = async () => {
    setBusy(true);
    try {
      const reversedOn = today < receivedOn ? receivedOn : today;
      const res = await fetch(`/api/payments/${paymentId}/reverse?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reversedOn }),
      });
      if (res.ok) {
        toast.success(t('done'));
        router.refresh();
      } else toast.error(res.status === 409 ? t('already') : t('failed'));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return confirming ? (
    <span className="inline-flex items-center gap-1" role="group" aria-label={t('confirmLabel')}>
      <Button variant="danger" size="sm" onClick={reverse} disabled={busy}>
        {t('confirm')}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
        {t('cancel')}
      </Button>
    </span>
  ) : (
    <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
      <Undo2 aria-hidden="true" />
      {t('action')}
    </Button>
  );
}
