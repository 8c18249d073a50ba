'use client';

import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Select } from '@/components/portfolio/fields';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import {
  CONCENTRATION_GROUPS,
  CRITERION_KINDS,
  LIMIT_KINDS,
  LIST_CRITERIA,
  type ConcentrationGroup,
  type CriterionKind,
  type LimitKind,
} from '@/lib/domain/facilities';
import { formatMoney } from '@/lib/format';
import { parseAmountMinor, parseDecimal } from '@/lib/number-input';
import { moneyText, parsePercentText, percentText } from '@/components/master-file/number-text';

type ApiResult = { ok: true; data: unknown } | { ok: false; status: number; message: string };

async function send(url: string, method: 'POST' | 'PATCH', body?: unknown): Promise<ApiResult> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data };
  const message = (data as { error?: { message?: string } } | null)?.error?.message ?? String(res.status);
  return { ok: false, status: res.status, message };
}

function useSubmit() {
  const t = useTranslations('facilities');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<ApiResult>, done?: string, onError?: (r: Extract<ApiResult, { ok: false }>) => string | null) => {
    setBusy(true);
    try {
      const r = await fn();
      if (r.ok) {
        if (done) toast.success(done);
        router.refresh();
        return true;
      }
      toast.error(onError?.(r) ?? t('errors.failed', { message: r.message }));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Approve / reject buttons of a pending draw or certificate (another user must decide; the server says so otherwise). */
export function DecisionButtons({
  url,
  approveLabel,
  rejectLabel,
  testId,
}: {
  url: string;
  approveLabel: string;
  rejectLabel: string;
  testId?: string;
}) {
  const { busy, run } = useSubmit();
  return (
    <div className="flex gap-2" data-testid={testId}>
      <Button size="sm" disabled={busy} onClick={() => run(() => send(`${url}/approve`, 'POST'))}>
        {approveLabel}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => send(`${url}/reject`, 'POST'))}>
        {rejectLabel}
      </Button>
    </div>
  );
}

/** Request a draw or a repayment; a draw above the availability is refused by the server with the figure. */
export function DrawRequestForm({
  facilityId,
  currency,
  availability,
  today,
}: {
  facilityId: number;
  currency: string;
  availability: number;
  today: string;
}) {
  const t = useTranslations('facilities');
  const locale = useLocale();
  const format = useFormatter();
  const { busy, run } = useSubmit();
  const [amountError, setAmountError] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = parseAmountMinor(String(form.get('amount') ?? ''), locale, currency);
    if (!parsed.ok || parsed.value <= 0) {
      setAmountError(t('draws.invalidAmount'));
      return;
    }
    setAmountError(null);
    const body = {
      type: String(form.get('type')),
      amount: parsed.value,
      valueDate: String(form.get('valueDate')),
      note: String(form.get('note') ?? ''),
    };
    await run(
      () => send(`/api/facilities/${facilityId}/draws`, 'POST', body),
      t('draws.requested'),
      (r) =>
        r.status === 409 && body.type === 'draw'
          ? t('errors.refused', { availability: formatMoney(format, availability, currency) })
          : null,
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="draw-form" noValidate>
      <Select id="draw-type" name="type" label={t('draws.type')} defaultValue="draw" className="w-36">
        <option value="draw">{t('draws.draw')}</option>
        <option value="repayment">{t('draws.repayment')}</option>
      </Select>
      <div className="w-44">
        <Label htmlFor="draw-amount">{t('draws.amount')}</Label>
        <Input
          id="draw-amount"
          name="amount"
          inputMode="decimal"
          required
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? 'draw-amount-error' : undefined}
          className="h-8.5 text-sm"
        />
        {amountError ? (
          <p id="draw-amount-error" className="mt-1 text-[12px] text-danger-text">
            {amountError}
          </p>
        ) : null}
      </div>
      <div className="w-40">
        <Label htmlFor="draw-date">{t('draws.valueDate')}</Label>
        <Input id="draw-date" name="valueDate" type="date" defaultValue={today} required className="h-8.5 text-sm" />
      </div>
      <div className="w-56">
        <Label htmlFor="draw-note">{t('draws.note')}</Label>
        <Input id="draw-note" name="note" maxLength={500} className="h-8.5 text-sm" />
      </div>
      <Button type="submit" disabled={busy}>
        {t('draws.request')}
      </Button>
    </form>
  );
}

/** Prepare a certificate at a date (another user issues it). */
export function PrepareCertificateForm({ facilityId, defaultAsOf }: { facilityId: number; defaultAsOf: string }) {
  const t = useTranslations('facilities');
  const locale = useLocale();
  const { busy, run } = useSubmit();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const asOf = String(new FormData(e.currentTarget).get('asOf'));
    // The certificate files are made in the preparer's language (kept with it: they never change once issued).
    // 409: one certificate at a date waits for its issue at a time (said in the user's language, not the server's).
    await run(
      () => send(`/api/facilities/${facilityId}/certificates`, 'POST', { asOf, locale }),
      t('certificates.prepared'),
      (r) => (r.status === 409 ? t('errors.certificatePending') : null),
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="certificate-form">
      <div className="w-44">
        <Label htmlFor="cert-asof">{t('certificates.asOf')}</Label>
        <Input id="cert-asof" name="asOf" type="date" defaultValue={defaultAsOf} required className="h-8.5 text-sm" />
      </div>
      <Button type="submit" disabled={busy}>
        {t('certificates.prepare')}
      </Button>
    </form>
  );
}

export type TermsValues = {
  name: string;
  lender: string;
  currency: string;
  commitment: number;
  advanceRate: number;
  reserves: number;
  startDate: string;
  maturityDate: string;
};

/** The facility terms (commitment, advance rate, reserves, dates); amounts through the one locale parser. */
export function TermsForm({ facilityId, terms }: { facilityId: number; terms: TermsValues }) {
  const t = useTranslations('facilities');
  const locale = useLocale();
  const { busy, run } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const digits = (minor: number) => moneyText(minor, terms.currency, locale);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const commitment = parseAmountMinor(String(form.get('commitment')), locale, terms.currency);
    const reserves = parseAmountMinor(String(form.get('reserves')), locale, terms.currency);
    const advanceRate = parsePercentText(String(form.get('advanceRate')), locale);
    if (!commitment.ok || !reserves.ok || advanceRate === null) {
      setError(t('errors.invalidNumber'));
      return;
    }
    setError(null);
    await run(
      () =>
        send(`/api/facilities/${facilityId}`, 'PATCH', {
          name: String(form.get('name')),
          lender: String(form.get('lender')),
          commitment: commitment.value,
          reserves: reserves.value,
          advanceRate,
          startDate: String(form.get('startDate')),
          maturityDate: String(form.get('maturityDate')),
        }),
      t('errors.saved'),
    );
  };
  const field = (id: string, label: string, value: string, type = 'text') => (
    <div className="w-48">
      <Label htmlFor={`terms-${id}`}>{label}</Label>
      <Input
        id={`terms-${id}`}
        name={id}
        type={type}
        defaultValue={value}
        required
        inputMode={type === 'text' && id !== 'name' && id !== 'lender' ? 'decimal' : undefined}
        className="h-8.5 text-sm"
      />
    </div>
  );
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="terms-form" noValidate>
      {field('name', t('terms.name'), terms.name)}
      {field('lender', t('terms.lender'), terms.lender)}
      {field('commitment', `${t('terms.commitment')} (${terms.currency})`, digits(terms.commitment))}
      {field('advanceRate', `${t('terms.advanceRate')} (%)`, percentText(terms.advanceRate, locale))}
      {field('reserves', `${t('terms.reserves')} (${terms.currency})`, digits(terms.reserves))}
      {field('startDate', t('terms.startDate'), terms.startDate, 'date')}
      {field('maturityDate', t('terms.maturityDate'), terms.maturityDate, 'date')}
      <Button type="submit" disabled={busy}>
        {t('terms.save')}
      </Button>
      {error ? <p className="w-full text-[12px] text-danger-text">{error}</p> : null}
    </form>
  );
}

type CriterionDraft = { kind: CriterionKind; text: string };
type LimitDraft = { group: ConcentrationGroup; kind: LimitKind; text: string; topN: string };

/** Criteria and concentration limits, each list saved whole (PATCH replaces it). */
export function RulesEditor({
  facilityId,
  currency,
  criteria,
  limits,
}: {
  facilityId: number;
  currency: string;
  criteria: { kind: CriterionKind; value: number | null; values: string[] | null }[];
  limits: { group: ConcentrationGroup; kind: LimitKind; value: number; topN: number | null }[];
}) {
  const t = useTranslations('facilities');
  const locale = useLocale();
  const { busy, run } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const pct = (v: number) => percentText(v, locale);
  const money = (minor: number) => moneyText(minor, currency, locale);
  const [cs, setCs] = useState<CriterionDraft[]>(() =>
    criteria.map((c) => ({
      kind: c.kind,
      text: c.values
        ? c.values.join(', ')
        : c.kind === 'minRate'
          ? pct(c.value ?? 0)
          : c.kind === 'maxBalance'
            ? money(c.value ?? 0)
            : String(c.value ?? ''),
    })),
  );
  const [ls, setLs] = useState<LimitDraft[]>(() =>
    limits.map((l) => ({
      group: l.group,
      kind: l.kind,
      text: l.kind === 'percent' ? pct(l.value) : money(l.value),
      topN: l.topN ? String(l.topN) : '',
    })),
  );

  const criterionBody = (c: CriterionDraft) => {
    if (c.kind === 'notInDefault') return { kind: c.kind };
    if (LIST_CRITERIA.includes(c.kind))
      return {
        kind: c.kind,
        values: c.text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    if (c.kind === 'maxBalance') {
      const r = parseAmountMinor(c.text, locale, currency);
      return r.ok ? { kind: c.kind, value: r.value } : null;
    }
    if (c.kind === 'minRate') {
      const rate = parsePercentText(c.text, locale);
      return rate === null ? null : { kind: c.kind, value: rate };
    }
    const r = parseDecimal(c.text, locale);
    return r.ok ? { kind: c.kind, value: r.value } : null;
  };
  const limitBody = (l: LimitDraft) => {
    const amount = l.kind === 'amount' ? parseAmountMinor(l.text, locale, currency) : null;
    const value = amount ? (amount.ok ? amount.value : null) : parsePercentText(l.text, locale);
    if (value === null) return null;
    return { group: l.group, kind: l.kind, value, ...(l.group === 'topLessees' ? { topN: Number(l.topN) || 10 } : {}) };
  };
  const save = async (what: 'criteria' | 'limits') => {
    const list = what === 'criteria' ? cs.map(criterionBody) : ls.map(limitBody);
    if (list.some((x) => x === null)) {
      setError(t('errors.invalidNumber'));
      return;
    }
    setError(null);
    await run(() => send(`/api/facilities/${facilityId}`, 'PATCH', { [what]: list }), t('errors.saved'));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <fieldset className="grid gap-2" data-testid="criteria-editor">
        <legend className="mb-1 text-[15px] font-medium text-heading">{t('criteria.title')}</legend>
        <p className="text-[13px]">{t('criteria.hint')}</p>
        {cs.length === 0 ? <p className="text-[13px]">{t('criteria.none')}</p> : null}
        {cs.map((c, i) => (
          <div key={i} className="flex flex-wrap items-end gap-2">
            <Select
              id={`crit-kind-${i}`}
              label={t('criteria.kind')}
              value={c.kind}
              onChange={(e) => setCs(cs.map((x, j) => (j === i ? { ...x, kind: e.target.value as CriterionKind } : x)))}
              className="w-56"
            >
              {CRITERION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </Select>
            {c.kind === 'notInDefault' ? null : (
              <div className="w-44">
                <Label htmlFor={`crit-value-${i}`}>
                  {LIST_CRITERIA.includes(c.kind)
                    ? t('criteria.values')
                    : c.kind === 'minRate'
                      ? `${t('criteria.value')} (%)`
                      : t('criteria.value')}
                </Label>
                <Input
                  id={`crit-value-${i}`}
                  value={c.text}
                  onChange={(e) => setCs(cs.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))}
                  className="h-8.5 text-sm"
                />
              </div>
            )}
            <Button size="sm" variant="ghost" onClick={() => setCs(cs.filter((_, j) => j !== i))}>
              {t('criteria.remove')}
            </Button>
          </div>
        ))}
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setCs([...cs, { kind: 'maxDpd', text: '60' }])}>
            {t('criteria.add')}
          </Button>
          <Button size="sm" disabled={busy} onClick={() => save('criteria')}>
            {t('criteria.save')}
          </Button>
        </div>
      </fieldset>
      <fieldset className="grid gap-2" data-testid="limits-editor">
        <legend className="mb-1 text-[15px] font-medium text-heading">{t('limits.title')}</legend>
        <p className="text-[13px]">{t('limits.hint')}</p>
        {ls.length === 0 ? <p className="text-[13px]">{t('limits.none')}</p> : null}
        {ls.map((l, i) => (
          <div key={i} className="flex flex-wrap items-end gap-2">
            <Select
              id={`lim-group-${i}`}
              label={t('limits.group')}
              value={l.group}
              onChange={(e) => setLs(ls.map((x, j) => (j === i ? { ...x, group: e.target.value as ConcentrationGroup } : x)))}
              className="w-40"
            >
              {CONCENTRATION_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`groups.${g}`)}
                </option>
              ))}
            </Select>
            <Select
              id={`lim-kind-${i}`}
              label={t('limits.kind')}
              value={l.kind}
              onChange={(e) => setLs(ls.map((x, j) => (j === i ? { ...x, kind: e.target.value as LimitKind } : x)))}
              className="w-44"
            >
              {LIMIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`limitKinds.${k}`)}
                </option>
              ))}
            </Select>
            <div className="w-32">
              <Label htmlFor={`lim-value-${i}`}>
                {l.kind === 'percent' ? `${t('limits.value')} (%)` : `${t('limits.value')} (${currency})`}
              </Label>
              <Input
                id={`lim-value-${i}`}
                value={l.text}
                inputMode="decimal"
                onChange={(e) => setLs(ls.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))}
                className="h-8.5 text-sm"
              />
            </div>
            {l.group === 'topLessees' ? (
              <div className="w-20">
                <Label htmlFor={`lim-topn-${i}`}>{t('limits.topN')}</Label>
                <Input
                  id={`lim-topn-${i}`}
                  value={l.topN}
                  inputMode="numeric"
                  onChange={(e) => setLs(ls.map((x, j) => (j === i ? { ...x, topN: e.target.value } : x)))}
                  className="h-8.5 text-sm"
                />
              </div>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => setLs(ls.filter((_, j) => j !== i))}>
              {t('criteria.remove')}
            </Button>
          </div>
        ))}
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setLs([...ls, { group: 'lessee', kind: 'percent', text: '5', topN: '' }])}>
            {t('limits.add')}
          </Button>
          <Button size="sm" disabled={busy} onClick={() => save('limits')}>
            {t('limits.save')}
          </Button>
        </div>
      </fieldset>
      {error ? <p className="text-[12px] text-danger-text lg:col-span-2">{error}</p> : null}
    </div>
  );
}
