'use client';

import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { minorUnitDigits } from '@/lib/format';
import { formatInputNumber, parseAmountMinor, parseLocaleNumber } from '@/lib/number-input';

export type CreditSettingsValues = {
  creditAbsRetail: number;
  creditAbsOther: number;
  creditRelative: number;
  creditProbationMonths: number;
  creditContagion: number;
  /** The loss rates every currency without its own row uses (`*`), per bucket key and `default`. */
  rates: { key: string; label: string; rate: number }[];
  /** The stored matrix (rows per currency are kept as they are). */
  matrix: Record<string, Record<string, number>>;
};

/** Settings → Credit parameters of the active funder (PATCH /api/credit/settings: four eyes when the funder has it on). */
export function CreditSettingsForm({ funderId, currency, values }: { funderId: number; currency: string; values: CreditSettingsValues }) {
  const t = useTranslations('credit.settings');
  const tc = useTranslations('credit');
  const locale = useLocale();
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pct = (rate: number) => formatInputNumber(rate * 100, locale, 4, 0);
  const digits = minorUnitDigits(currency);
  const money = (minor: number) => formatInputNumber(minor / 10 ** digits, locale, digits);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next: Record<string, string> = {};
    const amount = (name: string) => {
      const p = parseAmountMinor(String(data.get(name) ?? ''), locale, currency);
      if (!p.ok || p.value < 0) next[name] = tc('required');
      return p.ok ? p.value : 0;
    };
    const share = (name: string) => {
      const v = parseLocaleNumber(String(data.get(name) ?? ''), locale);
      if (v === null || v < 0 || v > 100) next[name] = tc('required');
      return v === null ? 0 : Math.round(v * 10000) / 1_000_000;
    };
    const months = Number(data.get('creditProbationMonths'));
    if (!Number.isInteger(months) || months < 0 || months > 36) next.creditProbationMonths = tc('required');
    const body = {
      creditAbsRetail: amount('creditAbsRetail'),
      creditAbsOther: amount('creditAbsOther'),
      creditRelative: share('creditRelative'),
      creditProbationMonths: months,
      creditContagion: share('creditContagion'),
      provisionMatrix: { ...values.matrix, '*': Object.fromEntries(values.rates.map((r) => [r.key, share(`rate-${r.key}`)])) },
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/credit/settings?funderId=${funderId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status === 200 || res.status === 202) {
        toast.success(res.status === 202 ? t('proposed') : t('saved'));
        router.refresh();
      } else toast.error(((await res.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? tc('failed'));
    } catch {
      toast.error(tc('failed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, defaultValue: string) => (
    <div className="w-52" key={name}>
      <Label htmlFor={`credit-${name}`}>{label}</Label>
      <Input
        id={`credit-${name}`}
        name={name}
        defaultValue={defaultValue}
        inputMode="decimal"
        className="h-8.5 text-sm"
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `credit-${name}-error` : undefined}
      />
      <FieldError id={`credit-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <Card className="mt-8" data-testid="credit-settings">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="flex flex-wrap gap-4">
            {field('creditAbsRetail', `${t('absoluteRetail')} (${currency})`, money(values.creditAbsRetail))}
            {field('creditAbsOther', `${t('absoluteOther')} (${currency})`, money(values.creditAbsOther))}
            {field('creditRelative', t('relative'), pct(values.creditRelative))}
            {field('creditProbationMonths', t('probation'), String(values.creditProbationMonths))}
            {field('creditContagion', t('contagion'), pct(values.creditContagion))}
          </div>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-2 text-[13px] font-medium text-heading">{t('matrix')}</legend>
            {values.rates.map((r) => field(`rate-${r.key}`, r.label, pct(r.rate)))}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              {t('save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
