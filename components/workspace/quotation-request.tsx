'use client';

import { FilePen } from '@/lib/icons';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LesseePicker, type LesseeChoice } from '@/components/master-file/lessee-picker';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { FormFooter } from './form-footer';
import { parseLocaleNumber } from '@/lib/number-input';
import { ASSET_TYPE_VALUES, FREQUENCY_VALUES, TIMING_VALUES } from '@/lib/validations/leases';

type Product = { id: number; name: string };
type Props = { funderId: number; products: Product[]; firstDueDate: string };
type Errors = Partial<Record<'productId' | 'lessee' | 'term' | 'rate' | 'firstDueDate' | 'form', string>>;

const select =
  'h-9.5 w-full rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none';

/**
 * The cart's "Request a quotation": one of the cart's products for a lessee of the active funder with the lease
 * terms; the draft opens in Onboarding.
 */
export function QuotationRequest({ funderId, products, firstDueDate }: Props) {
  const t = useTranslations('workspace.catalogue');
  const tField = useTranslations('masterFile.fields');
  const tErr = useTranslations('masterFile.errors');
  const tAsset = useTranslations('masterFile.assetTypes');
  const tTiming = useTranslations('masterFile.timings');
  const tFreq = useTranslations('masterFile.frequencies');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [productId, setProductId] = useState(String(products[0]?.id ?? ''));
  const [lessee, setLessee] = useState<LesseeChoice | null>(null);
  const [assetType, setAssetType] = useState<(typeof ASSET_TYPE_VALUES)[number]>('vehicle');
  const [term, setTerm] = useState('36');
  const [rate, setRate] = useState('');
  const [timing, setTiming] = useState<(typeof TIMING_VALUES)[number]>('advance');
  const [frequency, setFrequency] = useState<(typeof FREQUENCY_VALUES)[number]>('monthly');
  const [due, setDue] = useState(firstDueDate);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const termValue = parseLocaleNumber(term, locale);
    const ratePercent = parseLocaleNumber(rate, locale);
    if (!productId) next.productId = tErr('choose');
    if (!lessee) next.lessee = tErr('lessee');
    if (termValue === null || !Number.isInteger(termValue) || termValue < 1 || termValue > 600) next.term = tErr('max', { max: 600 });
    if (ratePercent === null || ratePercent < 0 || ratePercent > 100) next.rate = tErr('maxPercent', { max: 100 });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(due)) next.firstDueDate = tErr('date');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/workspace/catalogue/quotations?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          productId: Number(productId),
          lesseeId: lessee!.id,
          assetType,
          term: termValue,
          // The rate is entered in percent and sent as a decimal; rounding keeps 6.5 % at 0.065 exactly.
          rate: Math.round(ratePercent! * 1e6) / 1e8,
          timing,
          frequency,
          firstDueDate: due,
        }),
      });
      const json = (await res.json().catch(() => ({}))) as { quotation?: { id: number }; message?: string };
      if (!res.ok || !json.quotation) {
        setErrors({ form: tErr('server', { message: json.message ?? String(res.status) }) });
        return;
      }
      toast.success(t('quotationCreated'));
      router.push(`/master-file/onboarding/${json.quotation.id}`);
    } catch {
      setErrors({ form: tErr('network') });
    } finally {
      setBusy(false);
    }
  };

  const fid = (name: string) => `${id}-${name}`;
  const err = (name: keyof Errors) =>
    errors[name] ? (
      <FieldError id={`${fid(name)}-error`} role="alert">
        {errors[name]}
      </FieldError>
    ) : null;
  const described = (name: keyof Errors) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fid(name)}-error` } : {});

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="quotation-request">
      <div className="sm:col-span-2">
        <Label htmlFor={fid('productId')}>{t('product')}</Label>
        <select
          id={fid('productId')}
          className={select}
          value={productId}
          onChange={(e) => setProductId(e.target.value)}
          {...described('productId')}
        >
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {err('productId')}
      </div>
      <div className="sm:col-span-2">
        <LesseePicker
          funderId={funderId}
          value={lessee}
          onChange={setLessee}
          label={tField('lessee')}
          error={errors.lessee}
          errorId={`${fid('lessee')}-error`}
        />
      </div>
      <div>
        <Label htmlFor={fid('assetType')}>{tField('assetType')}</Label>
        <select
          id={fid('assetType')}
          className={select}
          value={assetType}
          onChange={(e) => setAssetType(e.target.value as typeof assetType)}
        >
          {ASSET_TYPE_VALUES.map((v) => (
            <option key={v} value={v}>
              {tAsset(`${v}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={fid('term')}>{tField('term')}</Label>
        <Input id={fid('term')} inputMode="numeric" value={term} onChange={(e) => setTerm(e.target.value)} {...described('term')} />
        {err('term')}
      </div>
      <div>
        <Label htmlFor={fid('rate')}>{t('ratePercent')}</Label>
        <Input id={fid('rate')} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} {...described('rate')} />
        {err('rate')}
      </div>
      <div>
        <Label htmlFor={fid('firstDueDate')}>{tField('firstDueDate')}</Label>
        <Input id={fid('firstDueDate')} type="date" value={due} onChange={(e) => setDue(e.target.value)} {...described('firstDueDate')} />
        {err('firstDueDate')}
      </div>
      <div>
        <Label htmlFor={fid('timing')}>{tField('timing')}</Label>
        <select id={fid('timing')} className={select} value={timing} onChange={(e) => setTiming(e.target.value as typeof timing)}>
          {TIMING_VALUES.map((v) => (
            <option key={v} value={v}>
              {tTiming(`${v}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={fid('frequency')}>{tField('frequency')}</Label>
        <select
          id={fid('frequency')}
          className={select}
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as typeof frequency)}
        >
          {FREQUENCY_VALUES.map((v) => (
            <option key={v} value={v}>
              {tFreq(`${v}`)}
            </option>
          ))}
        </select>
      </div>
      <FormFooter error={errors.form} busy={busy} icon={FilePen} label={t('requestQuotation')} testId="quotation-request-submit" />
    </form>
  );
}
