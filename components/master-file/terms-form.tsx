'use client';

import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { numberInputMessage } from '@/components/ui/number-input-message';
import { useRouter } from '@/i18n/navigation';
import { buildSchedule, type CurrencyCode, type Schedule } from '@/lib/finance';
import { formatIsoDate, formatMoney, formatPercent } from '@/lib/format';
import { parseAmountMinor, parseDecimal, type MinorParseFailure } from '@/lib/number-input';
import {
  ASSET_TYPE_VALUES,
  CONDITION_VALUES,
  CURRENCY_VALUES,
  FREQUENCY_VALUES,
  LEASE_STATUS_VALUES,
  LEASE_EDITABLE_STATUSES,
  leaseCreateBody,
  TIMING_VALUES,
  VAT_REGIME_VALUES,
} from '@/lib/validations/leases';
import { quotationCreateBody } from '@/lib/validations/quotations';
import { LesseePicker, type LesseeChoice } from './lessee-picker';
import { moneyText, percentText } from './number-text';

/** The form's state: what the inputs hold (text as typed, in the user's locale). */
export type TermsValues = {
  lessee: LesseeChoice | null;
  contractNumber: string;
  assetType: (typeof ASSET_TYPE_VALUES)[number];
  assetDescription: string;
  condition: (typeof CONDITION_VALUES)[number];
  currency: (typeof CURRENCY_VALUES)[number];
  price: string;
  downPayment: string;
  residual: string;
  fee: string;
  feeFinanced: boolean;
  term: string;
  rate: string;
  timing: (typeof TIMING_VALUES)[number];
  frequency: (typeof FREQUENCY_VALUES)[number];
  firstDueDate: string;
  vatRate: string;
  vatRegime: (typeof VAT_REGIME_VALUES)[number];
  purchaseDate: string;
  agreedPurchasePrice: string;
  status: (typeof LEASE_STATUS_VALUES)[number];
};

/** The stored record a form edits (a lease or a quotation), in API units. */
export type TermsRecord = {
  id: number;
  version: number;
  lesseeId: number;
  lesseeName: string;
  lesseeIdOdoo: string | null;
  lesseeCountry: string;
  assetType: TermsValues['assetType'];
  assetDescription: string;
  condition: TermsValues['condition'];
  currency: string;
  price: number;
  downPayment: number;
  residual: number;
  fee: number;
  feeFinanced: boolean;
  term: number;
  rate: number;
  timing: TermsValues['timing'];
  frequency: TermsValues['frequency'];
  firstDueDate: string;
  vatRate: number;
  vatRegime: TermsValues['vatRegime'];
  contractNumber?: string;
  purchaseDate?: string;
  agreedPurchasePrice?: number | null;
  status?: string;
};

type Props = {
  kind: 'lease' | 'quotation';
  funderId: number;
  rateConvention: 'nominal' | 'effective';
  /** The funder's VAT default, used until a lessee is chosen. */
  vatDefault: number;
  baseCurrency: string;
  /** YYYY-MM-DD: defaults the purchase date; the first due date defaults to the first of next month. */
  today: string;
  /** Edit: the stored record (its version is sent back; a stale one answers 409). */
  record?: TermsRecord;
};

type Errors = Partial<Record<keyof TermsValues | 'form', string>>;

const MONEY_FIELDS = ['price', 'downPayment', 'residual', 'fee', 'agreedPurchasePrice'] as const;
const PERCENT_FIELDS = ['rate', 'vatRate'] as const;
const DATE_FIELDS = ['firstDueDate', 'purchaseDate'] as const;

function firstOfNextMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function initialValues(p: Props, locale: string): TermsValues {
  const r = p.record;
  const currency = (CURRENCY_VALUES as readonly string[]).includes(r?.currency ?? p.baseCurrency)
    ? ((r?.currency ?? p.baseCurrency) as TermsValues['currency'])
    : 'EUR';
  if (!r) {
    return {
      lessee: null,
      contractNumber: '',
      assetType: 'vehicle',
      assetDescription: '',
      condition: 'new',
      currency,
      price: '',
      downPayment: moneyText(0, currency, locale),
      residual: moneyText(0, currency, locale),
      fee: moneyText(0, currency, locale),
      feeFinanced: false,
      term: '36',
      rate: '',
      timing: 'advance',
      frequency: 'monthly',
      firstDueDate: firstOfNextMonth(p.today),
      vatRate: percentText(p.vatDefault, locale),
      vatRegime: 'per-instalment',
      purchaseDate: p.today,
      agreedPurchasePrice: '',
      status: 'active',
    };
  }
  return {
    lessee: { id: r.lesseeId, name: r.lesseeName, idOdoo: r.lesseeIdOdoo, country: r.lesseeCountry, defaultVatRate: r.vatRate },
    contractNumber: r.contractNumber ?? '',
    assetType: r.assetType,
    assetDescription: r.assetDescription,
    condition: r.condition,
    currency,
    price: moneyText(r.price, currency, locale),
    downPayment: moneyText(r.downPayment, currency, locale),
    residual: moneyText(r.residual, currency, locale),
    fee: moneyText(r.fee, currency, locale),
    feeFinanced: r.feeFinanced,
    term: String(r.term),
    rate: percentText(r.rate, locale),
    timing: r.timing,
    frequency: r.frequency,
    firstDueDate: r.firstDueDate,
    vatRate: percentText(r.vatRate, locale),
    vatRegime: r.vatRegime,
    purchaseDate: r.purchaseDate ?? p.today,
    agreedPurchasePrice:
      r.agreedPurchasePrice === null || r.agreedPurchasePrice === undefined ? '' : moneyText(r.agreedPurchasePrice, currency, locale),
    status: (r.status as TermsValues['status']) ?? 'active',
  };
}

/** Typed text → API body (minor units, decimals); fields that are not numbers are reported with the parser's reason, not guessed. */
function toBody(
  v: TermsValues,
  kind: Props['kind'],
  locale: string,
): { body: Record<string, unknown>; unparsable: Partial<Record<keyof TermsValues, MinorParseFailure>> } {
  const unparsable: Partial<Record<keyof TermsValues, MinorParseFailure>> = {};
  const money = (f: (typeof MONEY_FIELDS)[number], optional = false) => {
    if (optional && v[f].trim() === '') return null;
    // Decimals beyond the currency's are rounded half-up on the digits, as the form always did.
    const r = parseAmountMinor(v[f], locale, v.currency, { rounding: 'half-up' });
    if (!r.ok) unparsable[f] = r;
    return r.ok ? r.value : undefined;
  };
  const percent = (f: (typeof PERCENT_FIELDS)[number]) => {
    const r = parseDecimal(v[f], locale);
    if (!r.ok) unparsable[f] = r;
    // toPrecision drops the binary noise of the division (6.15 / 100 = 0.061500000000000006).
    return r.ok ? Number((r.value / 100).toPrecision(12)) : undefined;
  };
  const termText = parseDecimal(v.term, locale);
  const term = termText.ok && /^-?\d+$/.test(termText.decimal) ? termText.value : null;
  if (!termText.ok) unparsable.term = termText;
  else if (term === null) unparsable.term = { ok: false, reason: 'invalid' };
  const body: Record<string, unknown> = {
    lesseeId: v.lessee?.id,
    assetType: v.assetType,
    assetDescription: v.assetDescription,
    condition: v.condition,
    currency: v.currency,
    price: money('price'),
    downPayment: money('downPayment'),
    residual: money('residual'),
    fee: money('fee'),
    feeFinanced: v.feeFinanced,
    term: term ?? undefined,
    rate: percent('rate'),
    timing: v.timing,
    frequency: v.frequency,
    firstDueDate: v.firstDueDate,
    vatRate: percent('vatRate'),
    vatRegime: v.vatRegime,
  };
  if (kind === 'lease') {
    if (v.contractNumber.trim()) body.contractNumber = v.contractNumber.trim();
    body.purchaseDate = v.purchaseDate;
    body.agreedPurchasePrice = money('agreedPurchasePrice', true);
    body.status = v.status;
  }
  return { body, unparsable };
}

type T = ReturnType<typeof useTranslations<'masterFile'>>;

/** A zod issue in the user's language (the schema's own messages are the API's English). */
function issueText(t: T, field: string, issue: z.core.$ZodIssue): string {
  const key = (issue as { params?: { key?: string } }).params?.key;
  if (key) return t(`errors.${key}`);
  const isMoney = (MONEY_FIELDS as readonly string[]).includes(field);
  const isPercent = (PERCENT_FIELDS as readonly string[]).includes(field);
  switch (issue.code) {
    case 'invalid_type':
      return field === 'lesseeId' || field === 'lessee' ? t('errors.lessee') : t('errors.required');
    case 'too_small':
      return isMoney || isPercent ? t('errors.notNegative') : t('errors.min', { min: Number(issue.minimum) });
    case 'too_big':
      if (isMoney) return t('errors.tooLarge');
      if (isPercent) return t('errors.maxPercent', { max: Number(issue.maximum) * 100 });
      return t('errors.max', { max: Number(issue.maximum) });
    case 'invalid_value':
      return t('errors.choose');
    case 'invalid_format':
      return t('errors.contractNumberFormat');
    default:
      return (DATE_FIELDS as readonly string[]).includes(field) ? t('errors.date') : t('errors.invalid');
  }
}

/**
 * Creates or edits a lease or a quotation. The instalment and the schedule's key figures update live
 * as the terms change (lib/finance's buildSchedule, in the browser); the body is checked with the same
 * zod schema as the API before it is sent. An edit sends the version it started from; when someone
 * else saved in between, the API answers 409 and the form says so instead of overwriting.
 */
export function TermsForm(props: Props) {
  const { kind, funderId, rateConvention, record } = props;
  const t = useTranslations('masterFile');
  const tn = useTranslations('numberInput');
  const locale = useLocale();
  const format = useFormatter();
  const router = useRouter();
  const [values, setValues] = useState<TermsValues>(() => initialValues(props, locale));
  const [vatTouched, setVatTouched] = useState(Boolean(record));
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const set = <K extends keyof TermsValues>(key: K, value: TermsValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  // The live figures: the whole schedule from lib/finance, or null while the terms are incomplete.
  const preview = useMemo((): Schedule | null => {
    const { body, unparsable } = toBody(values, kind, locale);
    if (Object.keys(unparsable).length || !body.price || !values.firstDueDate) return null;
    try {
      return buildSchedule({
        currency: values.currency as CurrencyCode,
        price: body.price as number,
        downPayment: body.downPayment as number,
        residual: body.residual as number,
        fee: body.fee as number,
        feeFinanced: values.feeFinanced,
        term: body.term as number,
        rate: body.rate as number,
        timing: values.timing,
        frequency: values.frequency,
        firstDueDate: values.firstDueDate,
        vatRate: body.vatRate as number,
        vatRegime: values.vatRegime,
        rateConvention,
      });
    } catch {
      return null;
    }
  }, [values, kind, locale, rateConvention]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setConflict(null);
    const { body, unparsable } = toBody(values, kind, locale);
    const next: Errors = {};
    for (const [f, failure] of Object.entries(unparsable) as [keyof TermsValues, MinorParseFailure][]) {
      next[f] = failure.reason === 'invalid' ? t('errors.number') : numberInputMessage(tn, failure, locale);
    }
    const schema = kind === 'lease' ? leaseCreateBody : quotationCreateBody;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        const name = (field === 'lesseeId' ? 'lessee' : field) as keyof Errors;
        next[name] ??= issueText(t, field, issue);
      }
    }
    setErrors(next);
    if (Object.keys(next).length) {
      toast.error(t('form.fixErrors'));
      return;
    }
    setBusy(true);
    try {
      const base = kind === 'lease' ? '/api/leases' : '/api/quotations';
      const url = record ? `${base}/${record.id}?funderId=${funderId}` : `${base}?funderId=${funderId}`;
      const res = await fetch(url, {
        method: record ? 'PATCH' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(record ? { ...body, version: record.version } : body),
      });
      const json = (await res.json().catch(() => ({}))) as {
        lease?: { id: number };
        quotation?: { id: number };
        error?: { code: string; message: string; issues?: { field: string; message: string }[] };
      };
      if (res.ok) {
        const id = kind === 'lease' ? json.lease!.id : json.quotation!.id;
        toast.success(t(record ? 'form.saved' : 'form.created'));
        router.push(kind === 'lease' ? `/master-file/${id}` : `/master-file/onboarding/${id}`);
        router.refresh();
        return;
      }
      if (res.status === 409 && json.error?.issues?.some((i) => i.field === 'contractNumber')) {
        setErrors({ contractNumber: t('errors.contractNumberInUse') });
      } else if (res.status === 409) {
        setConflict(kind === 'lease' ? t('form.staleLease') : t('form.staleQuotation'));
      } else if (res.status === 400 && json.error?.issues?.length) {
        const serverErrors: Errors = {};
        for (const i of json.error.issues) {
          const name = (i.field === 'lesseeId' ? 'lessee' : i.field) as keyof Errors;
          serverErrors[name] = name === 'lessee' ? t('errors.lessee') : t('errors.server', { message: i.message });
        }
        setErrors(serverErrors);
      } else {
        setErrors({ form: t('errors.server', { message: json.error?.message ?? `HTTP ${res.status}` }) });
      }
    } catch {
      setErrors({ form: t('errors.network') });
    } finally {
      setBusy(false);
    }
  };

  const fieldId = (name: string) => `${formId}-${name}`;
  const errorOf = (name: keyof Errors) =>
    errors[name] ? (
      <FieldError id={`${fieldId(name)}-error`} role="alert">
        {errors[name]}
      </FieldError>
    ) : null;
  const aria = (name: keyof Errors) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(name)}-error` } : {};

  const text = (
    name: keyof TermsValues,
    label: string,
    opts: { hint?: string; inputMode?: 'decimal' | 'numeric' | 'text'; type?: string; suffix?: string } = {},
  ) => (
    <div>
      <Label htmlFor={fieldId(name)}>{label}</Label>
      <div className="relative">
        <Input
          id={fieldId(name)}
          name={name}
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          value={values[name] as string}
          onChange={(e) => {
            if (name === 'vatRate') setVatTouched(true);
            set(name, e.target.value as never);
          }}
          className={opts.suffix ? 'pr-14' : undefined}
          {...aria(name)}
        />
        {opts.suffix ? (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-[13px]">{opts.suffix}</span>
        ) : null}
      </div>
      {opts.hint ? <p className="mt-1 text-[13px]">{opts.hint}</p> : null}
      {errorOf(name)}
    </div>
  );

  const select = <K extends keyof TermsValues>(name: K, label: string, options: readonly { value: string; label: string }[]) => (
    <div>
      <Label htmlFor={fieldId(name)}>{label}</Label>
      <select
        id={fieldId(name)}
        name={name}
        value={values[name] as string}
        onChange={(e) => set(name, e.target.value as TermsValues[K])}
        className="h-9.5 w-full rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading"
        {...aria(name)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorOf(name)}
    </div>
  );

  const section = (title: string, children: ReactNode) => (
    <fieldset className="rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium text-heading">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );

  const m = (minor: number) => formatMoney(format, minor, values.currency);
  const first = preview?.rows[0];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid items-start gap-6 xl:grid-cols-[1fr_22rem]"
      aria-labelledby={`${formId}-title`}
      data-testid="terms-form"
    >
      <Card>
        <CardHeader>
          <CardTitle id={`${formId}-title`}>{t(kind === 'lease' ? 'form.leaseTitle' : 'form.quotationTitle')}</CardTitle>
          <p className="text-sm">{t('form.intro')}</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {conflict ? (
            <Alert variant="danger" role="alert" data-testid="stale-edit">
              <span>
                {conflict}{' '}
                <a href={typeof window === 'undefined' ? '' : window.location.pathname} className="font-medium underline">
                  {t('form.reload')}
                </a>
              </span>
            </Alert>
          ) : null}
          {errors.form ? (
            <Alert variant="danger" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          {section(
            t('form.sections.lessee'),
            <>
              <div className="sm:col-span-2">
                <LesseePicker
                  funderId={funderId}
                  value={values.lessee}
                  label={t('fields.lessee')}
                  error={errors.lessee}
                  errorId={`${fieldId('lessee')}-error`}
                  onChange={(l) => {
                    setValues((v) => ({
                      ...v,
                      lessee: l,
                      ...(l && !vatTouched ? { vatRate: percentText(l.defaultVatRate, locale) } : {}),
                    }));
                  }}
                />
                {errorOf('lessee')}
              </div>
              {select(
                'assetType',
                t('fields.assetType'),
                ASSET_TYPE_VALUES.map((a) => ({ value: a, label: t(`assetTypes.${a}`) })),
              )}
              {select(
                'condition',
                t('fields.condition'),
                CONDITION_VALUES.map((c) => ({ value: c, label: t(`conditions.${c}`) })),
              )}
              <div className="sm:col-span-2">{text('assetDescription', t('fields.assetDescription'))}</div>
            </>,
          )}
          {section(
            t('form.sections.amounts'),
            <>
              {select(
                'currency',
                t('fields.currency'),
                CURRENCY_VALUES.map((c) => ({ value: c, label: c })),
              )}
              {text('price', t('fields.price'), { inputMode: 'decimal', suffix: values.currency, hint: t('form.netOfVat') })}
              {text('downPayment', t('fields.downPayment'), { inputMode: 'decimal', suffix: values.currency })}
              {text('residual', t('fields.residual'), { inputMode: 'decimal', suffix: values.currency })}
              {text('fee', t('fields.fee'), { inputMode: 'decimal', suffix: values.currency })}
              <div className="flex items-center gap-2 pt-6">
                <input
                  id={fieldId('feeFinanced')}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={values.feeFinanced}
                  onChange={(e) => set('feeFinanced', e.target.checked)}
                />
                <label htmlFor={fieldId('feeFinanced')} className="text-[13px] font-medium text-heading">
                  {t('fields.feeFinanced')}
                </label>
              </div>
            </>,
          )}
          {section(
            t('form.sections.terms'),
            <>
              {text('term', t('fields.term'), { inputMode: 'numeric', hint: t('form.termHint') })}
              {text('rate', t('fields.rate'), { inputMode: 'decimal', suffix: '%' })}
              {select(
                'timing',
                t('fields.timing'),
                TIMING_VALUES.map((v) => ({ value: v, label: t(`timings.${v}`) })),
              )}
              {select(
                'frequency',
                t('fields.frequency'),
                FREQUENCY_VALUES.map((v) => ({ value: v, label: t(`frequencies.${v}`) })),
              )}
              {text('firstDueDate', t('fields.firstDueDate'), { type: 'date' })}
              {text('vatRate', t('fields.vatRate'), { inputMode: 'decimal', suffix: '%', hint: t('form.vatHint') })}
              {select(
                'vatRegime',
                t('fields.vatRegime'),
                VAT_REGIME_VALUES.map((v) => ({ value: v, label: t(`vatRegimes.${v}`) })),
              )}
            </>,
          )}
          {kind === 'lease'
            ? section(
                t('form.sections.contract'),
                <>
                  {text('contractNumber', t('fields.contractNumber'), { hint: record ? undefined : t('form.contractNumberHint') })}
                  {select(
                    'status',
                    t('fields.status'),
                    LEASE_EDITABLE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
                  )}
                  {text('purchaseDate', t('fields.purchaseDate'), { type: 'date' })}
                  {text('agreedPurchasePrice', t('fields.agreedPurchasePrice'), {
                    inputMode: 'decimal',
                    suffix: values.currency,
                    hint: t('form.agreedPriceHint'),
                  })}
                </>,
              )
            : null}
        </CardContent>
      </Card>

      <Card className="xl:sticky xl:top-[calc(var(--spacing-navbar)+1rem)]">
        <CardHeader>
          <CardTitle>{t('preview.title')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div aria-live="polite" data-testid="live-instalment">
            {preview ? (
              <dl className="flex flex-col divide-y divide-border text-sm">
                <div className="flex justify-between gap-3 py-2">
                  <dt className="font-medium text-heading">{t('preview.instalment')}</dt>
                  <dd className="tabular text-lg font-semibold text-heading" data-testid="preview-instalment">
                    {m(preview.instalment)}
                  </dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt>{t('preview.firstGross')}</dt>
                  <dd className="tabular">{first ? m(first.gross) : '—'}</dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt>{t('preview.principal')}</dt>
                  <dd className="tabular">{m(preview.principal)}</dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt>{t('preview.interest')}</dt>
                  <dd className="tabular">{m(preview.totals.interest)}</dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt>{t('preview.lastDue')}</dt>
                  <dd>{formatIsoDate(format, preview.rows.at(-1)!.dueDate)}</dd>
                </div>
                {preview.residual > 0 ? (
                  <div className="flex justify-between gap-3 py-2">
                    <dt>{t('preview.residualDue')}</dt>
                    <dd>{formatIsoDate(format, preview.residualDueDate)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-3 py-2">
                  <dt>{t('preview.yield')}</dt>
                  <dd className="tabular">{preview.lessorYield === null ? '—' : formatPercent(format, preview.lessorYield, 3)}</dd>
                </div>
              </dl>
            ) : (
              <p>{t('preview.incomplete')}</p>
            )}
          </div>
          <Button type="submit" size="lg" disabled={busy}>
            {t(record ? 'form.save' : kind === 'lease' ? 'form.createLease' : 'form.createQuotation')}
          </Button>
        </CardContent>
      </Card>
    </form>
  );
}
