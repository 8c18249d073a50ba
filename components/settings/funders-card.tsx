'use client';

import { HEAD_CELLS, ROW_RULES, STICKY_FIRST_COLUMN } from '@/components/data-table/table-classes';
import { Download, LoaderCircle, Plus } from '@/lib/icons';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { saveFile } from '@/components/ui/save-file';
import { useRouter } from '@/i18n/navigation';
import type { ExportColumn } from '@/lib/exports/columns';
import { csvBlob } from '@/lib/exports/csv';
import { formatPercent } from '@/lib/format';
import {
  EMPTY_NEW_FUNDER,
  FUNDER_CURRENCIES,
  newFunderForm,
  type FunderSettings,
  type NewFunderFormValues,
} from '@/lib/validations/funders';
import { Dialog } from '@/components/ui/dialog';
import { Field, InputWithUnit, Select, describedBy, focusFirstError, useFieldIds } from './form-controls';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from './form-errors';

type Props = { funders: FunderSettings[]; activeId: number };

/** Switches the browser to another funder (the navbar switch does the same). */
async function makeActive(funderId: number): Promise<boolean> {
  const res = await fetch('/api/funders/active', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ funderId }),
  });
  return res.ok;
}

/** Admin list of every funder, with adding a funder and switching to one to edit its settings. */
export function FundersCard({ funders, activeId }: Props) {
  const t = useTranslations('settings');
  const format = useFormatter();
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [switching, setSwitching] = useState<number | null>(null);

  const rateText = (r: number | null) => (r === null ? t('contractRate') : formatPercent(format, r, 2));

  // Rates as decimals: a spreadsheet reads them as numbers in any locale.
  type RateId = 'buyRate' | 'discountRate' | 'facilityRate' | 'advanceRate' | 'vatDefault' | 'servicingFee';
  const rate = (id: RateId, header: string): ExportColumn<FunderSettings> => ({ id, header, kind: 'decimal', value: (f) => f[id] });
  const columns: ExportColumn<FunderSettings>[] = [
    { id: 'name', header: t('fields.name'), kind: 'text', value: (f) => f.name },
    { id: 'baseCurrency', header: t('fields.baseCurrency'), kind: 'text', value: (f) => f.baseCurrency },
    rate('buyRate', t('fields.buyRate')),
    rate('discountRate', t('fields.discountRate')),
    rate('facilityRate', t('fields.facilityRate')),
    rate('advanceRate', t('fields.advanceRate')),
    rate('vatDefault', t('fields.vatDefault')),
    rate('servicingFee', t('fields.servicingFee')),
  ];

  const exportCsv = () => saveFile('funders.csv', csvBlob(columns, funders));

  const switchTo = async (f: FunderSettings) => {
    setSwitching(f.id);
    try {
      if (!(await makeActive(f.id))) throw new Error('switch failed');
      toast.success(t('funderSwitch.switched', { name: f.name }));
      router.refresh();
    } catch {
      toast.error(t('funderSwitch.failed'));
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Card data-testid="funders-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle>{t('funders.title')}</CardTitle>
          <CardDescription>{t('funders.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={exportCsv}>
            <Download aria-hidden="true" />
            {t('funders.export')}
          </Button>
          <Button onClick={() => setAdding(true)} data-testid="add-funder">
            <Plus aria-hidden="true" />
            {t('funders.add')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        <div className="overflow-x-auto">
          <table className={`w-full text-left text-[14px] ${STICKY_FIRST_COLUMN} ${ROW_RULES}`} data-testid="funders-table">
            <caption className="sr-only">{t('funders.title')}</caption>
            <thead className={`sticky top-0 z-10 ${HEAD_CELLS} text-[12px] font-medium tracking-wide text-heading uppercase`}>
              <tr>
                {columns.map((c, i) => (
                  <th key={c.id} scope="col" className={`h-10 px-4 py-1.5 align-bottom leading-tight ${i >= 2 ? 'text-right' : ''}`}>
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="h-10 px-4 py-1.5 align-bottom leading-tight">
                  {t('funders.fourEyes')}
                </th>
                <th scope="col" className="h-10 px-4">
                  <span className="sr-only">{t('funders.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {funders.map((f) => {
                const active = f.id === activeId;
                return (
                  <tr key={f.id} data-testid={`funder-row-${f.id}`}>
                    <th scope="row" className="h-8 px-4 py-1.5 font-medium whitespace-nowrap text-heading">
                      <span className="flex items-center gap-2">
                        {f.name}
                        {active ? <Badge variant="success">{t('funders.active')}</Badge> : null}
                      </span>
                    </th>
                    <td className="px-4 py-1.5">{f.baseCurrency}</td>
                    {[f.buyRate, f.discountRate, f.facilityRate, f.advanceRate, f.vatDefault, f.servicingFee].map((r, i) => (
                      <td key={i} className="px-4 py-1.5 text-right whitespace-nowrap tabular-nums">
                        {rateText(r)}
                      </td>
                    ))}
                    <td className="px-4 py-1.5 whitespace-nowrap">{f.fourEyes ? t('proposals.on') : t('proposals.off')}</td>
                    <td className="px-4 py-1.5 text-right">
                      {active ? null : (
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={switching !== null}
                          onClick={() => switchTo(f)}
                          aria-label={t('funders.makeActiveLabel', { name: f.name })}
                        >
                          {switching === f.id ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                          {t('funders.makeActive')}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </CardContent>
      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        title={t('funders.addTitle')}
        closeLabel={t('close')}
        data-testid="add-funder-dialog"
      >
        <NewFunderForm
          onDone={() => {
            setAdding(false);
            router.refresh();
          }}
          onCancel={() => setAdding(false)}
        />
      </Dialog>
    </Card>
  );
}

function NewFunderForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useTranslations('settings');
  const tn = useTranslations('numberInput');
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<NewFunderFormValues>(EMPTY_NEW_FUNDER);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const ids = {
    name: useFieldIds(),
    baseCurrency: useFieldIds(),
    buyRate: useFieldIds(),
    facilityRate: useFieldIds(),
    advanceRate: useFieldIds(),
    vatDefault: useFieldIds(),
    servicingFee: useFieldIds(),
  } satisfies Record<keyof NewFunderFormValues, ReturnType<typeof useFieldIds>>;

  const set = (key: keyof NewFunderFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const ctx = { locale, currency: values.baseCurrency };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = newFunderForm(locale).safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues, t, ctx, tn));
      focusFirstError(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const res = await fetch('/api/funders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
      });
      if (res.status === 201) {
        toast.success(t('funders.created', { name: parsed.data.name }));
        onDone();
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { issues?: { field: string; message: string }[] } } | null;
      const fieldErrors = apiFieldErrors(body?.error?.issues ?? [], res.status, t, ctx);
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(formRef.current);
      } else toast.error(t('saveFailed'));
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const percent = (key: 'buyRate' | 'facilityRate' | 'advanceRate' | 'vatDefault' | 'servicingFee') => (
    <Field label={t(`fields.${key}`)} error={errors[key]} ids={ids[key]}>
      <InputWithUnit
        id={ids[key].control}
        name={key}
        unit="%"
        inputMode="decimal"
        autoComplete="off"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(ids[key], null, errors[key])}
      />
    </Field>
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <div className="grid gap-4 px-6 pb-4 sm:grid-cols-2">
        <p className="text-[14px] sm:col-span-2">{t('funders.addHint')}</p>
        <Field label={t('fields.name')} error={errors.name} ids={ids.name}>
          <Input
            id={ids.name.control}
            name="name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(ids.name, null, errors.name)}
            autoFocus
          />
        </Field>
        <Field label={t('fields.baseCurrency')} error={errors.baseCurrency} ids={ids.baseCurrency}>
          <Select
            id={ids.baseCurrency.control}
            name="baseCurrency"
            value={values.baseCurrency}
            onChange={(e) => set('baseCurrency', e.target.value)}
          >
            {FUNDER_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        {percent('buyRate')}
        {percent('facilityRate')}
        {percent('advanceRate')}
        {percent('vatDefault')}
        {percent('servicingFee')}
      </div>
      <div className="flex justify-end gap-3 border-t border-border px-6 py-4">
        <Button variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {busy ? t('funders.creating') : t('funders.create')}
        </Button>
      </div>
    </form>
  );
}
