'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { parseAmountMinor } from '@/lib/number-input';
import { todayIso } from '@/lib/finance/dates';

type LeaseRef = { id: number; contractNumber: string; currency: string };
type ApiErrorBody = { error?: { message?: string } } | null;

/** The lease with exactly this contract number among the funder's leases, or null. */
async function findLease(funderId: number, contract: string): Promise<LeaseRef | null> {
  const res = await fetch(`/api/leases?funderId=${funderId}&q=${encodeURIComponent(contract)}&perPage=5`);
  if (!res.ok) return null;
  return ((await res.json()) as { leases: LeaseRef[] }).leases.find((l) => l.contractNumber === contract) ?? null;
}

async function messageOf(res: Response, fallback: string): Promise<string> {
  const body = (await res.json().catch(() => null)) as ApiErrorBody;
  return body?.error?.message ?? fallback;
}

/** Flags a lease (by contract number) unlikely to pay, with a reason and a start date. */
export function UtpFlagForm({ funderId }: { funderId: number }) {
  const t = useTranslations('credit');
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const contract = String(data.get('contract') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    const next: Record<string, string> = {};
    if (!contract) next.contract = t('required');
    if (!reason) next.reason = t('required');
    const lease = contract ? await findLease(funderId, contract) : null;
    if (contract && !lease) next.contract = t('unknownContract');
    setErrors(next);
    if (Object.keys(next).length > 0 || !lease) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/leases/${lease.id}/unlikely-to-pay?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason, flaggedOn: String(data.get('flaggedOn') || todayIso()) }),
      });
      if (res.status === 201) {
        toast.success(t('flags.done', { contract }));
        form.reset();
        router.refresh();
      } else toast.error(await messageOf(res, t('failed')));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('flags.form')} data-testid="utp-form" noValidate>
      <div className="w-48">
        <Label htmlFor="utp-contract">{t('flags.contract')}</Label>
        <Input id="utp-contract" name="contract" className="h-8.5 text-sm" aria-invalid={!!errors.contract} aria-describedby={errors.contract ? 'utp-contract-error' : undefined} />
        <FieldError id="utp-contract-error">{errors.contract}</FieldError>
      </div>
      <div className="w-40">
        <Label htmlFor="utp-date">{t('flags.date')}</Label>
        <Input id="utp-date" name="flaggedOn" type="date" defaultValue={todayIso()} className="h-8.5 text-sm" />
      </div>
      <div className="min-w-64 flex-1">
        <Label htmlFor="utp-reason">{t('flags.reason')}</Label>
        <Input id="utp-reason" name="reason" maxLength={500} className="h-8.5 text-sm" aria-invalid={!!errors.reason} aria-describedby={errors.reason ? 'utp-reason-error' : undefined} />
        <FieldError id="utp-reason-error">{errors.reason}</FieldError>
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {t('flags.submit')}
      </Button>
    </form>
  );
}

/** Clears a lease's unlikely-to-pay flag (today). */
export function UnflagButton({ funderId, leaseId }: { funderId: number; leaseId: number }) {
  const t = useTranslations('credit');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/leases/${leaseId}/unlikely-to-pay?funderId=${funderId}`, { method: 'DELETE' });
      if (res.ok) {
        toast.success(t('flags.unflagged'));
        router.refresh();
      } else toast.error(await messageOf(res, t('failed')));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={run} disabled={busy}>
      {t('flags.unflag')}
    </Button>
  );
}

/** Proposes writing off a defaulted lease today at its exposure (another user approves). */
export function ProposeWriteOffButton({ funderId, leaseId, contract }: { funderId: number; leaseId: number; contract: string }) {
  const t = useTranslations('credit');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/credit/write-offs?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ leaseId, writeOffOn: todayIso() }),
      });
      if (res.status === 201) {
        toast.success(t('writeOffs.proposed', { contract }));
        router.refresh();
      } else toast.error(await messageOf(res, t('failed')));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={run} disabled={busy} aria-label={`${t('writeOffs.propose')} ${contract}`}>
      {t('writeOffs.propose')}
    </Button>
  );
}

/** Approves or rejects a proposed write-off (the proposer may only reject: four eyes). */
export function DecideWriteOffButtons({ id, mine }: { id: number; mine: boolean }) {
  const t = useTranslations('credit');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const decide = async (action: 'approve' | 'reject') => {
    setBusy(true);
    try {
      const res = await fetch(`/api/credit/write-offs/${id}/${action}`, { method: 'POST' });
      if (res.ok) {
        toast.success(t(action === 'approve' ? 'writeOffs.approved' : 'writeOffs.rejected'));
        router.refresh();
      } else toast.error(res.status === 403 ? t('writeOffs.selfApproval') : await messageOf(res, t('failed')));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex gap-1">
      {mine ? null : (
        <Button size="sm" onClick={() => decide('approve')} disabled={busy}>
          {t('writeOffs.approve')}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => decide('reject')} disabled={busy}>
        {t('writeOffs.reject')}
      </Button>
    </span>
  );
}

/** Records a recovery on a written-off lease (amount typed in the active locale). */
export function RecoveryForm({ funderId }: { funderId: number }) {
  const t = useTranslations('credit');
  const locale = useLocale();
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const contract = String(data.get('contract') ?? '').trim();
    const next: Record<string, string> = {};
    const lease = contract ? await findLease(funderId, contract) : null;
    if (!contract) next.contract = t('required');
    else if (!lease) next.contract = t('unknownContract');
    const parsed = lease ? parseAmountMinor(String(data.get('amount') ?? ''), locale, lease.currency) : null;
    const amount = parsed?.ok && parsed.value > 0 ? parsed.value : null;
    if (lease && amount === null) next.amount = t('required');
    setErrors(next);
    if (Object.keys(next).length > 0 || !lease || amount === null) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/credit/recoveries?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ leaseId: lease.id, receivedOn: String(data.get('receivedOn') || todayIso()), amount, kind: data.get('kind'), reference: String(data.get('reference') ?? '') }),
      });
      if (res.status === 201) {
        toast.success(t('recoveries.done'));
        form.reset();
        router.refresh();
      } else toast.error(await messageOf(res, t('failed')));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('recoveries.form')} noValidate>
      <div className="w-48">
        <Label htmlFor="rec-contract">{t('flags.contract')}</Label>
        <Input id="rec-contract" name="contract" className="h-8.5 text-sm" aria-invalid={!!errors.contract} aria-describedby={errors.contract ? 'rec-contract-error' : undefined} />
        <FieldError id="rec-contract-error">{errors.contract}</FieldError>
      </div>
      <div className="w-40">
        <Label htmlFor="rec-date">{t('columns.date')}</Label>
        <Input id="rec-date" name="receivedOn" type="date" defaultValue={todayIso()} className="h-8.5 text-sm" />
      </div>
      <div className="w-36">
        <Label htmlFor="rec-amount">{t('recoveries.amount')}</Label>
        <Input id="rec-amount" name="amount" inputMode="decimal" className="h-8.5 text-sm" aria-invalid={!!errors.amount} aria-describedby={errors.amount ? 'rec-amount-error' : undefined} />
        <FieldError id="rec-amount-error">{errors.amount}</FieldError>
      </div>
      <div className="w-44">
        <Label htmlFor="rec-kind">{t('recoveries.kind')}</Label>
        <select id="rec-kind" name="kind" className="h-8.5 w-full rounded-md border border-border bg-surface px-2 text-sm focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none" defaultValue="asset_sale">
          {(['asset_sale', 'late_collection', 'other'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`recoveryKind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="w-44">
        <Label htmlFor="rec-reference">{t('columns.reference')}</Label>
        <Input id="rec-reference" name="reference" maxLength={200} className="h-8.5 text-sm" />
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {t('recoveries.submit')}
      </Button>
    </form>
  );
}
