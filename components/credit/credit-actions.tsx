'use client';

import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { parseAmountMinor } from '@/lib/number-input';
import { useToday } from '@/components/clock/today';

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

type CreditWrite = {
  url: string;
  method?: 'POST' | 'DELETE';
  /** JSON body (none when absent). */
  body?: unknown;
  /** Success is a 201 (a record created) rather than any 2xx. */
  created?: boolean;
  /** The success toast (or one made from the response's body). */
  done: string | ((body: unknown) => string);
  /** The error toast for a refused write (default: the API's message). */
  failure?: (res: Response) => string | Promise<string>;
};

/** One credit write: busy while it runs, a toast with its outcome, the page refreshed on success (true). */
function useCreditWrite() {
  const t = useTranslations('credit');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const run = async ({ url, method = 'POST', body, created, done, failure }: CreditWrite): Promise<boolean> => {
    setBusy(true);
    try {
      const res = await fetch(
        url,
        body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (created ? res.status === 201 : res.ok) {
        toast.success(typeof done === 'string' ? done : done(await res.json().catch(() => null)));
        router.refresh();
        return true;
      }
      toast.error(failure ? await failure(res) : await messageOf(res, t('failed')));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
    return false;
  };
  return { t, busy, run };
}

/** A labelled input of the credit forms, with its error (if any) tied to it. */
function Field({ id, label, error, className, ...input }: ComponentProps<'input'> & { id: string; label: string; error?: string }) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className="h-8.5 text-sm"
        aria-invalid={error === undefined ? undefined : !!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error === undefined ? null : <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** Flags a lease (by contract number) unlikely to pay, with a reason and a start date. */
export function UtpFlagForm({ funderId }: { funderId: number }) {
  const { t, busy, run } = useCreditWrite();
  const today = useToday();
  const [errors, setErrors] = useState<Record<string, string>>({});

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
    const ok = await run({
      url: `/api/leases/${lease.id}/unlikely-to-pay?funderId=${funderId}`,
      body: { reason, flaggedOn: String(data.get('flaggedOn') || today) },
      created: true,
      // A flag that puts other leases of the lessee in default by lessee contagion says so (domain.md §8), never silently.
      done: (body) => {
        const others = (body as { contagion?: { contractNumber: string }[] } | null)?.contagion ?? [];
        return others.length === 0
          ? t('flags.done', { contract })
          : t('flags.doneContagion', { contract, count: others.length, contracts: others.map((o) => o.contractNumber).join(', ') });
      },
    });
    if (ok) form.reset();
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('flags.form')} data-testid="utp-form" noValidate>
      <Field className="w-48" id="utp-contract" name="contract" label={t('flags.contract')} error={errors.contract ?? ''} />
      <Field className="w-40" id="utp-date" name="flaggedOn" type="date" defaultValue={today} label={t('flags.date')} />
      <Field
        className="min-w-64 flex-1"
        id="utp-reason"
        name="reason"
        maxLength={500}
        label={t('flags.reason')}
        error={errors.reason ?? ''}
      />
      <Button type="submit" size="sm" disabled={busy}>
        {t('flags.submit')}
      </Button>
    </form>
  );
}

/** Clears a lease's unlikely-to-pay flag (today). */
export function UnflagButton({ funderId, leaseId }: { funderId: number; leaseId: number }) {
  const { t, busy, run } = useCreditWrite();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() =>
        run({ url: `/api/leases/${leaseId}/unlikely-to-pay?funderId=${funderId}`, method: 'DELETE', done: t('flags.unflagged') })
      }
      disabled={busy}
    >
      {t('flags.unflag')}
    </Button>
  );
}

/** Proposes writing off a defaulted lease today at its exposure (another user approves). */
export function ProposeWriteOffButton({ funderId, leaseId, contract }: { funderId: number; leaseId: number; contract: string }) {
  const { t, busy, run } = useCreditWrite();
  const today = useToday();
  const propose = () =>
    run({
      url: `/api/credit/write-offs?funderId=${funderId}`,
      body: { leaseId, writeOffOn: today },
      created: true,
      done: t('writeOffs.proposed', { contract }),
    });
  return (
    <Button variant="outline" size="sm" onClick={propose} disabled={busy} aria-label={`${t('writeOffs.propose')} ${contract}`}>
      {t('writeOffs.propose')}
    </Button>
  );
}

/** Approves or rejects a proposed write-off (the proposer may only reject: four eyes). */
export function DecideWriteOffButtons({ id, mine }: { id: number; mine: boolean }) {
  const { t, busy, run } = useCreditWrite();
  const decide = (action: 'approve' | 'reject') =>
    run({
      url: `/api/credit/write-offs/${id}/${action}`,
      done: t(action === 'approve' ? 'writeOffs.approved' : 'writeOffs.rejected'),
      failure: (res) => (res.status === 403 ? t('writeOffs.selfApproval') : messageOf(res, t('failed'))),
    });
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
  const { t, busy, run } = useCreditWrite();
  const today = useToday();
  const locale = useLocale();
  const [errors, setErrors] = useState<Record<string, string>>({});

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
    const ok = await run({
      url: `/api/credit/recoveries?funderId=${funderId}`,
      body: {
        leaseId: lease.id,
        receivedOn: String(data.get('receivedOn') || today),
        amount,
        kind: data.get('kind'),
        reference: String(data.get('reference') ?? ''),
      },
      created: true,
      done: t('recoveries.done'),
    });
    if (ok) form.reset();
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('recoveries.form')} noValidate>
      <Field className="w-48" id="rec-contract" name="contract" label={t('flags.contract')} error={errors.contract ?? ''} />
      <Field className="w-40" id="rec-date" name="receivedOn" type="date" defaultValue={today} label={t('columns.date')} />
      <Field
        className="w-36"
        id="rec-amount"
        name="amount"
        inputMode="decimal"
        label={t('recoveries.amount')}
        error={errors.amount ?? ''}
      />
      <div className="w-44">
        <Label htmlFor="rec-kind">{t('recoveries.kind')}</Label>
        <select
          id="rec-kind"
          name="kind"
          className="h-8.5 w-full rounded-md border border-border bg-surface px-2 text-sm focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
          defaultValue="asset_sale"
        >
          {(['asset_sale', 'late_collection', 'other'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`recoveryKind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <Field className="w-44" id="rec-reference" name="reference" maxLength={200} label={t('columns.reference')} />
      <Button type="submit" size="sm" disabled={busy}>
        {t('recoveries.submit')}
      </Button>
    </form>
  );
}
