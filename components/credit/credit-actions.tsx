'use client';

import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { numberInputMessage } from '@/components/ui/number-input-message';
import { useRouter } from '@/i18n/navigation';
import { useFormatter } from '@/i18n/use-formatter';
import { formatIsoDate, formatMoneyIn, minorUnitDigits } from '@/lib/format';
import { formatInputNumber, parseAmountMinor } from '@/lib/number-input';
import { useToday } from '@/components/clock/today';

type LeaseRef = { id: number; contractNumber: string; currency: string };
type ApiErrorBody = { error?: { message?: string; issues?: { field: string; message: string }[] } } | null;

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
  /** Takes a 400's field issues instead of a toast (true when it showed them beside their fields). */
  issues?: (issues: { field: string; message: string }[]) => boolean;
};

/** One credit write: busy while it runs, a toast with its outcome, the page refreshed on success (true). */
function useCreditWrite() {
  const t = useTranslations('credit');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const run = async ({ url, method = 'POST', body, created, done, failure, issues }: CreditWrite): Promise<boolean> => {
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
      if (issues && res.status === 400) {
        const parsed = (await res
          .clone()
          .json()
          .catch(() => null)) as ApiErrorBody;
        if (parsed?.error?.issues?.length && issues(parsed.error.issues)) return false;
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

type PendingFlag = { form: HTMLFormElement; lease: LeaseRef; contract: string; reason: string; flaggedOn: string; contagion: string[] };

/**
 * Flags a lease (by contract number) unlikely to pay, with a reason and a start date. A confirmation comes first and
 * lists the other leases of the lessee the flag would put in default by lessee contagion (domain.md §8), from the
 * API's preview, so no lease is defaulted without the user being told.
 */
export function UtpFlagForm({ funderId }: { funderId: number }) {
  const { t, busy, run } = useCreditWrite();
  const today = useToday();
  const format = useFormatter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<PendingFlag | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const contract = String(data.get('contract') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    const flaggedOn = String(data.get('flaggedOn') || today);
    const next: Record<string, string> = {};
    if (!contract) next.contract = t('required');
    if (!reason) next.reason = t('required');
    setChecking(true);
    try {
      const lease = contract ? await findLease(funderId, contract) : null;
      if (contract && !lease) next.contract = t('unknownContract');
      setErrors(next);
      if (Object.keys(next).length > 0 || !lease) return;
      const res = await fetch(
        `/api/leases/${lease.id}/unlikely-to-pay?${new URLSearchParams({ funderId: String(funderId), flaggedOn }).toString()}`,
      );
      if (!res.ok) {
        toast.error(await messageOf(res, t('failed')));
        return;
      }
      const preview = (await res.json()) as { contagion: { contractNumber: string }[] };
      setPending({ form, lease, contract, reason, flaggedOn, contagion: preview.contagion.map((c) => c.contractNumber) });
    } catch {
      toast.error(t('failed'));
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { form, lease, contract, reason, flaggedOn } = pending;
    setPending(null);
    const ok = await run({
      url: `/api/leases/${lease.id}/unlikely-to-pay?funderId=${funderId}`,
      body: { reason, flaggedOn },
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
    <>
      <ConfirmDialog
        open={pending !== null}
        title={t('flags.confirmTitle', { contract: pending?.contract ?? '' })}
        confirmLabel={t('flags.confirm')}
        cancelLabel={t('cancel')}
        confirmVariant={pending && pending.contagion.length > 0 ? 'danger' : 'primary'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <div className="grid gap-2" data-testid="utp-confirm">
            <p>
              {t('flags.confirmBody', {
                contract: pending.contract,
                date: formatIsoDate(format, pending.flaggedOn, 'medium'),
                reason: pending.reason,
              })}
            </p>
            {pending.contagion.length === 0 ? (
              <p>{t('flags.confirmNoContagion')}</p>
            ) : (
              <>
                <p>{t('flags.confirmContagion', { count: pending.contagion.length })}</p>
                <ul className="list-disc pl-5" data-testid="utp-contagion">
                  {pending.contagion.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : null}
      </ConfirmDialog>
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
        <Button type="submit" size="sm" disabled={busy || checking}>
          {t('flags.submit')}
        </Button>
      </form>
    </>
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

type WriteOffTarget = { funderId: number; leaseId: number; contract: string; exposure: number; currency: string; asOf: string };

/**
 * Proposes writing off a defaulted lease on the page's as-of date (another user approves): a dialog with the lease,
 * its exposure on that date (the figure of the defaults table, from the credit book), the amount (default: all of
 * it; less is a partial write-off) typed in the active locale, a reason, and what will happen in words.
 */
export function ProposeWriteOffButton(target: WriteOffTarget) {
  const { funderId, leaseId, contract, exposure, currency, asOf } = target;
  const { t, busy, run } = useCreditWrite();
  const tn = useTranslations('numberInput');
  const locale = useLocale();
  const format = useFormatter();
  const digits = minorUnitDigits(currency);
  const whole = formatInputNumber(exposure / 10 ** digits, locale, digits);
  const [open, setOpen] = useState(false);
  const [amountText, setAmountText] = useState(whole);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const money = (minor: number) => formatMoneyIn(locale, minor, currency);
  const parsed = parseAmountMinor(amountText, locale, currency);
  const amountError = (): string | null => {
    if (!amountText.trim()) return t('required');
    if (!parsed.ok) return numberInputMessage(tn, parsed, locale);
    if (parsed.value <= 0) return t('writeOffs.amountPositive');
    if (parsed.value > exposure) return t('writeOffs.amountAbove', { exposure: money(exposure) });
    return null;
  };
  const amount = parsed.ok && amountError() === null ? parsed.value : null;
  const date = formatIsoDate(format, asOf, 'medium');

  const show = () => {
    setAmountText(whole);
    setNote('');
    setErrors({});
    setOpen(true);
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const wrong = amountError();
    if (wrong) next.amount = wrong;
    if (!note.trim()) next.note = t('required');
    setErrors(next);
    if (Object.keys(next).length > 0 || amount === null) return;
    const ok = await run({
      url: `/api/credit/write-offs?funderId=${funderId}`,
      body: { leaseId, writeOffOn: asOf, amount, note: note.trim() },
      created: true,
      done: t('writeOffs.proposed', { contract }),
      issues: (issues) => {
        const byField: Record<string, string> = {};
        for (const i of issues) if (i.field === 'amount' || i.field === 'note') byField[i.field] = i.message;
        setErrors(byField);
        return Object.keys(byField).length > 0;
      },
    });
    if (ok) setOpen(false);
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={show} disabled={busy} aria-label={`${t('writeOffs.propose')} ${contract}`}>
        {t('writeOffs.propose')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('writeOffs.dialogTitle', { contract })}
        closeLabel={t('cancel')}
        className="max-w-lg"
        data-testid="write-off-dialog"
      >
        <form onSubmit={submit} className="grid gap-4 px-6 pb-6" noValidate aria-label={t('writeOffs.dialogTitle', { contract })}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('flags.contract')}</dt>
            <dd>{contract}</dd>
            <dt className="text-muted-foreground">{t('writeOffs.date')}</dt>
            <dd>{date}</dd>
            <dt className="text-muted-foreground">{t('writeOffs.exposureOn', { date })}</dt>
            <dd className="tabular" data-testid="write-off-exposure">
              {money(exposure)}
            </dd>
          </dl>
          <Field
            id={`wo-amount-${leaseId}`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            label={t('writeOffs.amount', { currency })}
            value={amountText}
            onChange={(e) => setAmountText(e.currentTarget.value)}
            error={errors.amount ?? ''}
          />
          <Field
            id={`wo-note-${leaseId}`}
            name="note"
            maxLength={500}
            label={t('writeOffs.reason')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note ?? ''}
          />
          <p className="text-sm" role="status" data-testid="write-off-summary">
            {amount === null
              ? t('writeOffs.summaryInvalid', { exposure: money(exposure) })
              : amount < exposure
                ? t('writeOffs.summaryPartial', {
                    amount: money(amount),
                    exposure: money(exposure),
                    rest: money(exposure - amount),
                    date,
                  })
                : t('writeOffs.summaryFull', { amount: money(amount), date })}
          </p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('writeOffs.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

type WriteOffDecision = {
  id: number;
  /** The signed-in user proposed it: they may only reject (withdraw) it, never approve (four eyes, domain.md §12). */
  mine: boolean;
  contract: string;
  amount: number;
  currency: string;
  writeOffOn: string;
  proposedBy: string | null;
};

/** Approves or rejects a proposed write-off after a confirmation with its amount, proposer and date. */
export function DecideWriteOffButtons({ id, mine, contract, amount, currency, writeOffOn, proposedBy }: WriteOffDecision) {
  const { t, busy, run } = useCreditWrite();
  const locale = useLocale();
  const format = useFormatter();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const values = {
    contract,
    amount: formatMoneyIn(locale, amount, currency),
    date: formatIsoDate(format, writeOffOn, 'medium'),
    proposer: proposedBy ?? '—',
  };
  const decide = (action: 'approve' | 'reject') => {
    setAsking(null);
    return run({
      url: `/api/credit/write-offs/${id}/${action}`,
      done: t(action === 'approve' ? 'writeOffs.approved' : 'writeOffs.rejected'),
      failure: (res) => (res.status === 403 ? t('writeOffs.selfApproval') : messageOf(res, t('failed'))),
    });
  };
  return (
    <span className="inline-flex gap-1">
      {mine ? null : (
        <Button size="sm" onClick={() => setAsking('approve')} disabled={busy}>
          {t('writeOffs.approve')}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => setAsking('reject')} disabled={busy}>
        {mine ? t('writeOffs.withdraw') : t('writeOffs.reject')}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'approve'
            ? t('writeOffs.approveTitle', values)
            : mine
              ? t('writeOffs.withdrawTitle', values)
              : t('writeOffs.rejectTitle', values)
        }
        confirmLabel={asking === 'approve' ? t('writeOffs.approve') : mine ? t('writeOffs.withdraw') : t('writeOffs.reject')}
        cancelLabel={t('cancel')}
        confirmVariant={asking === 'approve' ? 'danger' : 'primary'}
        onConfirm={() => asking && decide(asking)}
        onCancel={() => setAsking(null)}
      >
        <p data-testid="write-off-decision">
          {asking === 'approve' ? t('writeOffs.approveBody', values) : t('writeOffs.rejectBody', values)}
        </p>
      </ConfirmDialog>
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
