'use client';

import { ArrowDown, ArrowUp, LoaderCircle, Save } from '@/lib/icons';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import {
  DISCOUNT_CONVENTION_VALUES,
  FUNDER_CURRENCIES,
  RATE_CONVENTION_VALUES,
  funderFormValues,
  funderSettingsForm,
  type AllocationComponent,
  type FunderField,
  type FunderFormValues,
  type FunderSettings,
} from '@/lib/validations/funders';
import { Checkbox, InputWithUnit, Select, Field, describedBy, focusFirstError, useFieldIds } from './form-controls';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from './form-errors';

type Props = { funder: FunderSettings };

/** Days-past-due buckets as the edges describe them: Current | 1–30 | 31–60 | 61–90 | 90+. */
function bucketLabels(text: string, current: string): string | null {
  const edges = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  if (edges.length === 0 || edges.some((e) => !Number.isInteger(e) || e < 1) || edges.some((e, i) => i > 0 && e <= edges[i - 1]!))
    return null;
  const labels = [current];
  let from = 1;
  for (const edge of edges) {
    labels.push(from === edge ? String(edge) : `${from}–${edge}`);
    from = edge + 1;
  }
  labels.push(`${edges.at(-1)}+`);
  return labels.join(' | ');
}

/** Settings of the active funder: every parameter, entered in the active locale's number format. */
export function FunderSettingsForm({ funder }: Props) {
  const t = useTranslations('settings');
  const tn = useTranslations('numberInput');
  const locale = useLocale();
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useMemo(() => funderFormValues(funder, locale), [funder, locale]);
  const [values, setValues] = useState<FunderFormValues>(initial);
  const [fourEyes, setFourEyes] = useState(funder.fourEyes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial) || fourEyes !== funder.fourEyes;
  const fourEyesHintId = useId();

  const discard = () => {
    setValues(initial);
    setFourEyes(funder.fourEyes);
    setErrors({});
  };

  const ids = {
    name: useFieldIds(),
    baseCurrency: useFieldIds(),
    buyRate: useFieldIds(),
    discountRate: useFieldIds(),
    discountConvention: useFieldIds(),
    rateConvention: useFieldIds(),
    facilityRate: useFieldIds(),
    advanceRate: useFieldIds(),
    vatDefault: useFieldIds(),
    servicingFee: useFieldIds(),
    allocationOrder: useFieldIds(),
    bucketEdges: useFieldIds(),
    materialityTolerance: useFieldIds(),
    graceDays: useFieldIds(),
    importInstalmentTolerance: useFieldIds(),
  } satisfies Record<FunderField, ReturnType<typeof useFieldIds>>;

  const set = <K extends keyof FunderFormValues>(key: K, value: FunderFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const errorContext = { locale, currency: values.baseCurrency };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = funderSettingsForm(locale).safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues, t, errorContext, tn));
      toast.error(t('invalid'));
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const res = await fetch(`/api/funders/${funder.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...parsed.data, fourEyes }),
      });
      if (res.status === 202) {
        // Four eyes: nothing changed yet; the proposal is listed under Pending changes for another admin.
        toast.success(t('proposals.proposed', { name: funder.name }));
        discard();
        router.refresh();
        return;
      }
      if (res.ok) {
        const saved = (await res.json()) as FunderSettings;
        toast.success(t('saved', { name: saved.name }));
        // The page re-renders with the stored values (a new data version remounts this form).
        router.refresh();
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { issues?: { field: string; message: string }[] } } | null;
      const fieldErrors =
        res.status === 400 || res.status === 409 ? apiFieldErrors(body?.error?.issues ?? [], res.status, t, errorContext) : {};
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        toast.error(t('invalid'));
        focusFirstError(formRef.current);
      } else {
        toast.error(t('saveFailed'));
      }
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const conventionField = (key: 'discountConvention' | 'rateConvention', options: readonly string[]) => (
    <Field label={t(`fields.${key}`)} error={errors[key]} ids={ids[key]}>
      <Select
        id={ids[key].control}
        name={key}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
      >
        {options.map((c) => (
          <option key={c} value={c}>
            {t(`conventions.${c}`)}
          </option>
        ))}
      </Select>
    </Field>
  );

  const percentField = (
    key: 'buyRate' | 'discountRate' | 'facilityRate' | 'advanceRate' | 'vatDefault' | 'servicingFee' | 'importInstalmentTolerance',
    hint?: ReactNode,
  ) => (
    <Field label={t(`fields.${key}`)} hint={hint} error={errors[key]} ids={ids[key]}>
      <InputWithUnit
        id={ids[key].control}
        name={key}
        unit="%"
        inputMode="decimal"
        autoComplete="off"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(ids[key], hint, errors[key])}
        placeholder={key === 'discountRate' ? t('contractRate') : undefined}
        data-testid={`settings-${key}`}
      />
    </Field>
  );

  const move = (index: number, by: -1 | 1) => {
    const order = [...values.allocationOrder];
    const [item] = order.splice(index, 1);
    order.splice(index + by, 0, item!);
    set('allocationOrder', order);
  };

  const buckets = bucketLabels(values.bucketEdges, t('bucketCurrent'));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="funder-settings-form" aria-labelledby="funder-settings-title">
      <h2 id="funder-settings-title" className="sr-only">
        {t('formTitle', { name: funder.name })}
      </h2>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('sections.general')}</CardTitle>
            <CardDescription>{t('sections.generalHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Checkbox
                label={t('fields.fourEyes')}
                name="fourEyes"
                checked={fourEyes}
                onChange={(e) => setFourEyes(e.target.checked)}
                aria-describedby={fourEyesHintId}
                data-testid="settings-fourEyes"
              />
              <p id={fourEyesHintId} className="mt-1 text-[13px]">
                {funder.fourEyes ? t('fields.fourEyesOnHint') : t('fields.fourEyesOffHint')}
              </p>
            </div>
            <Field label={t('fields.name')} error={errors.name} ids={ids.name} className="sm:col-span-2">
              <Input
                id={ids.name.control}
                name="name"
                autoComplete="organization"
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy(ids.name, null, errors.name)}
              />
            </Field>
            <Field label={t('fields.baseCurrency')} hint={t('fields.baseCurrencyHint')} error={errors.baseCurrency} ids={ids.baseCurrency}>
              <Select
                id={ids.baseCurrency.control}
                name="baseCurrency"
                value={values.baseCurrency}
                onChange={(e) => set('baseCurrency', e.target.value)}
                aria-invalid={errors.baseCurrency ? true : undefined}
                aria-describedby={describedBy(ids.baseCurrency, true, errors.baseCurrency)}
              >
                {FUNDER_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('sections.valuation')}</CardTitle>
            <CardDescription>{t('sections.valuationHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {percentField('buyRate', t('fields.buyRateHint'))}
            {percentField('discountRate', t('fields.discountRateHint'))}
            {conventionField('discountConvention', DISCOUNT_CONVENTION_VALUES)}
            {conventionField('rateConvention', RATE_CONVENTION_VALUES)}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('sections.facility')}</CardTitle>
            <CardDescription>{t('sections.facilityHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {percentField('facilityRate')}
            {percentField('advanceRate', t('fields.advanceRateHint'))}
            {percentField('vatDefault')}
            {percentField('servicingFee', t('fields.servicingFeeHint'))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('sections.servicing')}</CardTitle>
            <CardDescription>{t('sections.servicingHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <fieldset className="sm:col-span-2" aria-describedby={describedBy(ids.allocationOrder, true, errors.allocationOrder)}>
              <legend className="mb-1 block text-[13px] font-medium text-heading">{t('fields.allocationOrder')}</legend>
              <ol className="flex flex-col gap-1.5" data-testid="allocation-order">
                {values.allocationOrder.map((component, i) => {
                  const name = t(`components.${component as AllocationComponent}`);
                  return (
                    <li key={component} className="flex min-h-9 items-center gap-3 rounded-md border border-border px-3">
                      <span className="w-5 text-right font-medium text-heading tabular-nums">{i + 1}.</span>
                      <span className="flex-1 text-heading">{name}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="px-2"
                        disabled={i === 0}
                        aria-label={t('moveUp', { component: name })}
                        onClick={() => move(i, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="px-2"
                        disabled={i === values.allocationOrder.length - 1}
                        aria-label={t('moveDown', { component: name })}
                        onClick={() => move(i, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ol>
              {errors.allocationOrder ? (
                <p id={ids.allocationOrder.error} className="mt-1 text-[13px] text-danger-text">
                  {errors.allocationOrder}
                </p>
              ) : (
                <p id={ids.allocationOrder.hint} className="mt-1 text-[13px]">
                  {t('fields.allocationOrderHint')}
                </p>
              )}
            </fieldset>
            <Field
              label={t('fields.bucketEdges')}
              hint={buckets ? t('bucketPreview', { buckets }) : t('fields.bucketEdgesHint')}
              error={errors.bucketEdges}
              ids={ids.bucketEdges}
              className="sm:col-span-2"
            >
              <Input
                id={ids.bucketEdges.control}
                name="bucketEdges"
                inputMode="numeric"
                autoComplete="off"
                value={values.bucketEdges}
                onChange={(e) => set('bucketEdges', e.target.value)}
                aria-invalid={errors.bucketEdges ? true : undefined}
                aria-describedby={describedBy(ids.bucketEdges, true, errors.bucketEdges)}
              />
            </Field>
            <Field
              label={t('fields.materialityTolerance')}
              hint={t('fields.materialityToleranceHint')}
              error={errors.materialityTolerance}
              ids={ids.materialityTolerance}
            >
              <InputWithUnit
                id={ids.materialityTolerance.control}
                name="materialityTolerance"
                unit={values.baseCurrency}
                inputMode="decimal"
                autoComplete="off"
                value={values.materialityTolerance}
                onChange={(e) => set('materialityTolerance', e.target.value)}
                aria-invalid={errors.materialityTolerance ? true : undefined}
                aria-describedby={describedBy(ids.materialityTolerance, true, errors.materialityTolerance)}
              />
            </Field>
            <Field label={t('fields.graceDays')} hint={t('fields.graceDaysHint')} error={errors.graceDays} ids={ids.graceDays}>
              <InputWithUnit
                id={ids.graceDays.control}
                name="graceDays"
                unit={t('days')}
                inputMode="numeric"
                autoComplete="off"
                value={values.graceDays}
                onChange={(e) => set('graceDays', e.target.value)}
                aria-invalid={errors.graceDays ? true : undefined}
                aria-describedby={describedBy(ids.graceDays, true, errors.graceDays)}
              />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('sections.tapeImport')}</CardTitle>
            <CardDescription>{t('sections.tapeImportHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {percentField('importInstalmentTolerance', t('fields.importInstalmentToleranceHint'))}
          </CardContent>
        </Card>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving} data-testid="settings-save">
          {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {saving ? t('saving') : t('save')}
        </Button>
        <Button variant="outline" disabled={!dirty || saving} onClick={discard}>
          {t('discard')}
        </Button>
        {dirty ? <span className="text-[13px]">{t('unsaved')}</span> : null}
      </div>
    </form>
  );
}
