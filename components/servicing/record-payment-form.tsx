'use client';

import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { numberInputMessage } from '@/components/ui/number-input-message';
import { useRouter } from '@/i18n/navigation';
import { parseAmountMinor } from '@/lib/number-input';
import { useToday } from '@/components/clock/today';

type LeaseOption = { id: number; contractNumber: string; currency: string };

/**
 * Records a payment (POST /api/payments). With `lease` given the lease is fixed (Master File lease page);
 * otherwise the user types the contract number, checked against the funder's leases on submit.
 */
export function RecordPaymentForm({ funderId, lease }: { funderId: number; lease?: LeaseOption }) {
  const t = useTranslations('servicing.record');
  const tm = useTranslations('servicing.methods');
  const tn = useTranslations('numberInput');
  const locale = useLocale();
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = useToday();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const next: Record<string, string> = {};
    setFormError(null);
    let target = lease;
    if (!target) {
      const contract = String(data.get('contract') ?? '').trim();
      if (!contract) next.contract = t('required');
      else {
        const res = await fetch(`/api/leases?funderId=${funderId}&q=${encodeURIComponent(contract)}&perPage=5`);
        const found = res.ok
          ? ((await res.json()) as { leases: LeaseOption[] }).leases.find((l) => l.contractNumber === contract)
          : undefined;
        if (!found) next.contract = t('unknownContract');
        else target = found;
      }
    }
    // Minor units from the typed text by string arithmetic, in the currency's decimals; another locale's spelling is refused.
    const parsed = target ? parseAmountMinor(String(data.get('amount') ?? ''), locale, target.currency) : null;
    const amount = parsed?.ok && parsed.value > 0 ? parsed.value : null;
    if (parsed && amount === null)
      next.amount = parsed.ok || parsed.reason === 'invalid' ? t('amountInvalid') : numberInputMessage(tn, parsed, locale);
    const receivedOn = String(data.get('receivedOn') ?? '');
    if (!receivedOn) next.receivedOn = t('required');
    setErrors(next);
    if (Object.keys(next).length > 0 || !target || amount === null) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/payments?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          leaseId: target.id,
          receivedOn,
          amount,
          currency: target.currency,
          method: data.get('method'),
          reference: data.get('reference') ?? '',
          note: data.get('note') ?? '',
        }),
      });
      if (res.status === 201) {
        toast.success(t('recorded', { contract: target.contractNumber }));
        form.reset();
        router.refresh();
        return;
      }
      const body = (await res.json().catch(() => null)) as {
        error?: { message?: string; issues?: { field: string; message: string }[] };
      } | null;
      const issues: Record<string, string> = {};
      for (const i of body?.error?.issues ?? []) issues[i.field] = i.message;
      setErrors(issues);
      setFormError(body?.error?.message ?? t('failed'));
    } catch {
      setFormError(t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `pay-${name}-error` } : {});
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('title')}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="record-payment-form"
    >
      {lease ? null : (
        <div>
          <Label htmlFor="pay-contract">{t('contract')}</Label>
          <Input id="pay-contract" name="contract" autoComplete="off" {...field('contract')} />
          {errors.contract ? <FieldError id="pay-contract-error">{errors.contract}</FieldError> : null}
        </div>
      )}
      <div>
        <Label htmlFor="pay-receivedOn">{t('receivedOn')}</Label>
        <Input id="pay-receivedOn" name="receivedOn" type="date" defaultValue={today} {...field('receivedOn')} />
        {errors.receivedOn ? <FieldError id="pay-receivedOn-error">{errors.receivedOn}</FieldError> : null}
      </div>
      <div>
        <Label htmlFor="pay-amount">{lease ? t('amountIn', { currency: lease.currency }) : t('amount')}</Label>
        <Input id="pay-amount" name="amount" inputMode="decimal" autoComplete="off" className="tabular text-right" {...field('amount')} />
        {errors.amount ? <FieldError id="pay-amount-error">{errors.amount}</FieldError> : null}
      </div>
      <div>
        <Label htmlFor="pay-method">{t('method')}</Label>
        <select
          id="pay-method"
          name="method"
          defaultValue="transfer"
          className="h-9.5 w-full rounded-md border border-border-strong bg-surface px-2.5 text-sm text-heading focus-visible:border-primary focus-visible:outline-none"
        >
          {(['direct_debit', 'transfer', 'other'] as const).map((m) => (
            <option key={m} value={m}>
              {tm(m)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="pay-reference">{t('reference')}</Label>
        <Input id="pay-reference" name="reference" maxLength={200} {...field('reference')} />
        {errors.reference ? <FieldError id="pay-reference-error">{errors.reference}</FieldError> : null}
      </div>
      <div>
        <Label htmlFor="pay-note">{t('note')}</Label>
        <Input id="pay-note" name="note" maxLength={500} />
      </div>
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={busy}>
          {t('submit')}
        </Button>
        {formError ? (
          <Alert variant="danger" role="alert">
            {formError}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
