'use client';

import { CircleAlert, FileSpreadsheet, FileText, TriangleAlert } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { numberInputMessage } from '@/components/ui/number-input-message';
import {
  CALCULATOR_FIELDS,
  CALCULATOR_TABS,
  FIELD_KIND,
  TAB_FIELDS,
  amountToQuery,
  calculatorSearch,
  normalizeDisplayValue,
  percentToQuery,
  toDisplayValue,
  toQueryValue,
  type CalculatorField,
  type CalculatorTab,
  type FieldErrorKey,
  type FieldErrors,
  type QueryDefaults,
} from '@/lib/calculators-query';
import { CURRENCY_CODES, type Schedule } from '@/lib/finance';
import { formatMoney, formatPercent } from '@/lib/format';
import { formatInputNumber, type NumberParseFailure } from '@/lib/number-input';
import { evaluate, type Evaluation, type Outcome } from './evaluate';
import { CheckboxField, DateField, SelectField, TextAreaField, TextField } from './fields';
import { NpvResults, PriceCashChart, PriceResults, RateSummary, ScheduleSummary } from './results';
import { ScheduleCharts } from './schedule-charts';
import { ScheduleTable } from './schedule-table';

export type CalculatorsProps = {
  locale: string;
  initialTab: CalculatorTab;
  /** Every field as the form shows it in `locale`. */
  initialValues: Record<CalculatorField, string>;
  /** Fields the URL set explicitly (the others follow their defaults, e.g. the cut-off follows the first due date). */
  explicitFields: CalculatorField[];
  /** The server's result for `initialTab`, rendered before any edit. */
  initial: Evaluation;
  defaults: QueryDefaults;
};

type Converted = {
  query: Record<CalculatorField, string>;
  /** Fields whose text is not a number in the locale (checked before the query parser sees them). */
  localErrors: FieldErrors;
  flowsLine?: number;
  /** Why a field's number was refused when it is another locale's spelling or ambiguous (lib/number-input.ts). */
  numberInputs: Partial<Record<CalculatorField, NumberParseFailure>>;
};

function convert(values: Record<CalculatorField, string>, locale: string): Converted {
  const query = {} as Record<CalculatorField, string>;
  const localErrors: FieldErrors = {};
  const numberInputs: Converted['numberInputs'] = {};
  let flowsLine: number | undefined;
  for (const field of CALCULATOR_FIELDS) {
    const r = toQueryValue(field, values[field], locale);
    if ('value' in r) query[field] = r.value;
    else {
      query[field] = values[field];
      localErrors[field] = r.error;
      if (r.numberInput) numberInputs[field] = r.numberInput;
      if (field === 'flows') flowsLine = r.line;
    }
  }
  return { query, localErrors, flowsLine, numberInputs };
}

function onTab(errors: FieldErrors, tab: CalculatorTab): FieldErrors {
  const fields = TAB_FIELDS[tab] as readonly CalculatorField[];
  return Object.fromEntries(Object.entries(errors).filter(([f]) => fields.includes(f as CalculatorField)));
}

const TIMING = ['advance', 'arrears'] as const;
const FREQUENCY = [
  ['monthly', 'monthly'],
  ['quarterly', 'quarterly'],
  ['semi-annual', 'semiAnnual'],
  ['annual', 'annual'],
] as const;
const VAT_REGIME = [
  ['per-instalment', 'perInstalment'],
  ['upfront', 'upfront'],
] as const;
const RATE_CONVENTION = ['nominal', 'effective'] as const;
const DISCOUNT_CONVENTION = ['monthly', 'actual'] as const;

/**
 * The four lease calculators. The server renders the first result from the URL; every edit recomputes
 * here with the same functions and writes the inputs back to the URL (debounced), so any state can be
 * bookmarked, shared, reloaded and exported.
 */
export function Calculators({ locale, initialTab, initialValues, explicitFields, initial, defaults }: CalculatorsProps) {
  const t = useTranslations('calculators');
  const tn = useTranslations('numberInput');
  const format = useFormatter();
  const [tab, setTab] = useState<CalculatorTab>(initialTab);
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<CalculatorField>>(() => new Set(explicitFields));
  const [edited, setEdited] = useState(false);

  const converted = useMemo(() => convert(values, locale), [values, locale]);
  const deferred = useDeferredValue(converted);
  const evaluation = useMemo<Evaluation>(() => {
    if (!edited && tab === initialTab) return initial;
    const local = onTab(deferred.localErrors, tab);
    if (Object.keys(local).length > 0) return { errors: local, outcome: null };
    return evaluate(tab, deferred.query, defaults);
  }, [edited, tab, initialTab, initial, deferred, defaults]);

  // The last result per calculator stays on screen (marked as stale) while the input is invalid.
  const [lastGood, setLastGood] = useState<Partial<Record<CalculatorTab, Outcome>>>(() =>
    initial.outcome ? { [initialTab]: initial.outcome } : {},
  );
  if (evaluation.outcome && lastGood[tab] !== evaluation.outcome) setLastGood({ ...lastGood, [tab]: evaluation.outcome });
  const outcome = evaluation.outcome ?? lastGood[tab] ?? null;
  const stale = evaluation.outcome === null && outcome !== null;
  const errors: FieldErrors = { ...onTab(evaluation.errors, tab), ...onTab(converted.localErrors, tab) };
  const hasLocalErrors = Object.keys(onTab(converted.localErrors, tab)).length > 0;

  // The URL follows the inputs without a navigation: Next.js syncs history.replaceState with its router,
  // whereas router.replace would fetch the whole page from the server again on every edit.
  useEffect(() => {
    if (!edited || hasLocalErrors) return;
    const handle = window.setTimeout(() => {
      const search = calculatorSearch(tab, converted.query);
      if (window.location.search !== `?${search}`) window.history.replaceState(null, '', `${window.location.pathname}?${search}`);
    }, 300);
    return () => window.clearTimeout(handle);
  }, [edited, hasLocalErrors, tab, converted.query]);

  const currency = values.currency;

  function change(field: CalculatorField, value: string) {
    setEdited(true);
    setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
    setValues((prev) => {
      const next = { ...prev, [field]: value };
      if (field === 'firstDueDate' && !touched.has('cutOff')) next.cutOff = value;
      if (field === 'currency') {
        for (const f of CALCULATOR_FIELDS) if (FIELD_KIND[f] === 'amount') next[f] = normalizeDisplayValue(f, next[f], locale, value);
      }
      return next;
    });
  }

  function blur(field: CalculatorField) {
    setValues((prev) => {
      const normalized = normalizeDisplayValue(field, prev[field], locale, prev.currency);
      return normalized === prev[field] ? prev : { ...prev, [field]: normalized };
    });
  }

  function selectTab(next: CalculatorTab) {
    if (next === tab) return;
    // Until the instalment is typed, the rate calculator starts from the schedule's instalment.
    if (next === 'rate' && !touched.has('instalment')) {
      const e = evaluate('schedule', converted.query, defaults);
      if (e.outcome?.tab === 'schedule') {
        const text = toDisplayValue(
          'instalment',
          amountToQuery(e.outcome.schedule.instalment, e.outcome.schedule.currency),
          locale,
          e.outcome.schedule.currency,
        );
        setValues((prev) => ({ ...prev, instalment: text }));
      }
    }
    setEdited(true);
    setTab(next);
  }

  const errorText = (field: CalculatorField): string | undefined => {
    const key = errors[field];
    if (!key) return undefined;
    const refused = converted.localErrors[field] === key ? converted.numberInputs[field] : undefined;
    const why = refused ? numberInputMessage(tn, refused, locale) : undefined;
    if (field === 'flows' && key === 'flowsInvalid' && converted.flowsLine !== undefined) {
      const line = t('errors.flowsLine', { line: converted.flowsLine });
      return why ? `${line} ${why}` : line;
    }
    if (why) return why;
    return t(`errors.${key}`);
  };

  const fieldProps = (field: CalculatorField) => ({ id: `calc-${field}`, label: t(`fields.${field}`), error: errorText(field) });
  const numberField = (field: CalculatorField, extra: { hint?: string; placeholder?: string } = {}) => {
    const kind = FIELD_KIND[field];
    return (
      <TextField
        key={field}
        {...fieldProps(field)}
        {...extra}
        value={values[field]}
        onChange={(v) => change(field, v)}
        onBlur={() => blur(field)}
        suffix={kind === 'amount' ? currency : kind === 'percent' ? '%' : undefined}
        inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
      />
    );
  };
  const selectField = (field: CalculatorField, options: readonly { value: string; label: string }[]) => (
    <SelectField key={field} {...fieldProps(field)} value={values[field]} options={options} onChange={(v) => change(field, v)} />
  );
  const dateField = (field: CalculatorField, hint?: string) => (
    <DateField key={field} {...fieldProps(field)} hint={hint} value={values[field]} onChange={(v) => change(field, v)} />
  );

  const leaseFields = (withRate: boolean) => (
    <div className="flex flex-col gap-5">
      <FieldGroup legend={t('groups.financing')}>
        {selectField(
          'currency',
          CURRENCY_CODES.map((c) => ({ value: c, label: c })),
        )}
        {numberField('price')}
        {numberField('downPayment')}
        {numberField('residual')}
      </FieldGroup>
      <FieldGroup legend={t('groups.payments')}>
        {numberField('term')}
        {withRate ? numberField('rate') : null}
        {selectField(
          'timing',
          TIMING.map((v) => ({ value: v, label: t(`options.timing.${v}`) })),
        )}
        {selectField(
          'frequency',
          FREQUENCY.map(([v, k]) => ({ value: v, label: t(`options.frequency.${k}`) })),
        )}
        {dateField('firstDueDate')}
        {selectField(
          'rateConvention',
          RATE_CONVENTION.map((v) => ({ value: v, label: t(`options.rateConvention.${v}`) })),
        )}
      </FieldGroup>
      <FieldGroup legend={t('groups.feesVat')}>
        {numberField('fee')}
        <CheckboxField
          {...fieldProps('feeFinanced')}
          checked={values.feeFinanced === '1' || values.feeFinanced === 'true'}
          onChange={(checked) => change('feeFinanced', checked ? '1' : '0')}
        />
        {numberField('vatRate')}
        {selectField(
          'vatRegime',
          VAT_REGIME.map(([v, k]) => ({ value: v, label: t(`options.vatRegime.${k}`) })),
        )}
      </FieldGroup>
    </div>
  );

  const scheduleOf = (o: Outcome | null): Schedule | null => (o && o.tab !== 'npv' ? o.schedule : null);
  const exportSearch = (() => {
    if (stale || !outcome) return null;
    if (outcome.tab === 'schedule') return calculatorSearch('schedule', converted.query);
    if (outcome.tab === 'rate') return calculatorSearch('schedule', { ...converted.query, rate: percentToQuery(outcome.rate) });
    return null;
  })();

  const resultCard = (title: string, body: ReactNode, live: string | null) => (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {live ?? ''}
        </p>
        <InputStatus errors={errors} stale={stale} hasResult={outcome !== null} fieldLabel={(f) => t(`fields.${f}`)} />
        {outcome ? <div className={cn(stale && 'opacity-60')}>{body}</div> : null}
      </CardContent>
    </Card>
  );

  const schedule = scheduleOf(outcome);
  const liveText =
    outcome?.tab === 'schedule' && !stale
      ? `${t('results.instalment')}: ${formatMoney(format, outcome.schedule.instalment, outcome.schedule.currency)}`
      : outcome?.tab === 'rate' && !stale
        ? `${t('results.solvedRate')}: ${formatPercent(format, outcome.rate, 4)}`
        : outcome?.tab === 'price' && !stale
          ? `${t('price.price')}: ${formatMoney(format, outcome.result.price, outcome.schedule.currency)}`
          : null;

  let panel: ReactNode;
  if (tab === 'schedule' || tab === 'rate') {
    panel = (
      <>
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <Card>
            <CardHeader>
              <CardTitle>{t('sections.terms')}</CardTitle>
              {tab === 'rate' ? <CardDescription>{t('sections.rateIntro')}</CardDescription> : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {tab === 'rate' ? (
                <FieldGroup legend={t('groups.instalment')}>{numberField('instalment', { hint: t('hints.instalment') })}</FieldGroup>
              ) : null}
              {leaseFields(tab === 'schedule')}
            </CardContent>
          </Card>
          {resultCard(
            t('sections.result'),
            outcome?.tab === 'schedule' ? (
              <ScheduleSummary schedule={outcome.schedule} />
            ) : outcome?.tab === 'rate' ? (
              <RateSummary outcome={outcome} />
            ) : null,
            liveText,
          )}
        </div>
        {schedule ? (
          <>
            <Card>
              <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
                <div>
                  <CardTitle>{t('sections.schedule')}</CardTitle>
                  <CardDescription>{t('sections.scheduleNote')}</CardDescription>
                </div>
                <ExportLinks search={exportSearch} />
              </CardHeader>
              <CardContent>
                <ScheduleTable schedule={schedule} stale={stale} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('sections.charts')}</CardTitle>
              </CardHeader>
              <CardContent className={cn(stale && 'opacity-60')}>
                <ScheduleCharts schedule={schedule} />
              </CardContent>
            </Card>
          </>
        ) : null}
      </>
    );
  } else if (tab === 'npv') {
    const signs = flowSigns(converted.query.flows);
    panel = (
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card>
          <CardHeader>
            <CardTitle>{t('sections.flows')}</CardTitle>
            <CardDescription>{t('sections.flowsIntro')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <TextAreaField
              {...fieldProps('flows')}
              value={values.flows}
              onChange={(v) => change('flows', v)}
              rows={10}
              hint={t('hints.flows', { example: `2026-01-01; ${formatInputNumber(-10000, locale, 2)}`, date: t('hints.slashedDate') })}
            />
            <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
              {numberField('npvRate', { hint: t('hints.npvRate') })}
              {numberField('periodsPerYear', { hint: t('hints.periodsPerYear') })}
            </div>
          </CardContent>
        </Card>
        {resultCard(t('sections.result'), outcome?.tab === 'npv' ? <NpvResults outcome={outcome} signs={signs} /> : null, null)}
      </div>
    );
  } else {
    panel = (
      <>
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <Card>
            <CardHeader>
              <CardTitle>{t('sections.terms')}</CardTitle>
              <CardDescription>{t('sections.priceIntro')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <FieldGroup legend={t('groups.pricing')}>
                {dateField('cutOff', t('hints.cutOff'))}
                {numberField('buyRate')}
                {numberField('discountRate', { hint: t('hints.discountRate'), placeholder: values.rate })}
                {selectField(
                  'convention',
                  DISCOUNT_CONVENTION.map((v) => ({ value: v, label: t(`options.convention.${v}`) })),
                )}
              </FieldGroup>
              {leaseFields(true)}
            </CardContent>
          </Card>
          {resultCard(t('sections.result'), outcome?.tab === 'price' ? <PriceResults outcome={outcome} /> : null, liveText)}
        </div>
        {outcome?.tab === 'price' ? (
          <Card>
            <CardContent className={cn('pt-6', stale && 'opacity-60')}>
              <PriceCashChart outcome={outcome} />
            </CardContent>
          </Card>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <CalculatorTabs
        tab={tab}
        onSelect={selectTab}
        hrefOf={(tb) => `?${calculatorSearch(tb, converted.query)}`}
        label={t('tabsLabel')}
        labelOf={(tb) => t(`tabs.${tb}`)}
      />
      <div
        role="tabpanel"
        id={`calc-panel-${tab}`}
        aria-labelledby={`calc-tab-${tab}`}
        className="flex flex-col gap-6"
        data-testid={`panel-${tab}`}
      >
        {panel}
      </div>
    </div>
  );
}

function flowSigns(flowsQuery: string): { positive: boolean; negative: boolean } {
  const amounts = flowsQuery.split(',').map((e) => Number(e.slice(e.lastIndexOf(':') + 1)));
  return { positive: amounts.some((a) => a > 0), negative: amounts.some((a) => a < 0) };
}

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-[13px] font-semibold tracking-wide text-body uppercase">{legend}</legend>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2 2xl:grid-cols-4">{children}</div>
    </fieldset>
  );
}

function InputStatus({
  errors,
  stale,
  hasResult,
  fieldLabel,
}: {
  errors: FieldErrors;
  stale: boolean;
  hasResult: boolean;
  fieldLabel: (field: CalculatorField) => string;
}) {
  const t = useTranslations('calculators');
  const entries = Object.entries(errors) as [CalculatorField, FieldErrorKey][];
  if (entries.length === 0) return null;
  return (
    <Alert variant={hasResult ? 'warning' : 'danger'} data-testid="input-status">
      {hasResult ? <TriangleAlert aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
      <div>
        <p className="font-medium">{stale ? t('status.stale') : t('status.fix')}</p>
        <ul className="mt-1 list-inside list-disc">
          {entries.map(([field]) => (
            <li key={field}>
              <a href={`#calc-${field}`} className="underline underline-offset-2">
                {fieldLabel(field)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}

function ExportLinks({ search }: { search: string | null }) {
  const t = useTranslations('calculators.export');
  const formats = [
    { format: 'csv', label: 'CSV', Icon: FileText },
    { format: 'xlsx', label: 'Excel', Icon: FileSpreadsheet },
  ] as const;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('label')}>
      {formats.map(({ format, label, Icon }) =>
        search === null ? (
          <span
            key={format}
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'cursor-not-allowed opacity-60' })}
            aria-disabled="true"
            title={t('unavailable')}
          >
            <Icon aria-hidden="true" />
            {label}
          </span>
        ) : (
          <a
            key={format}
            href={`/api/calculators/schedule/export?format=${format}&${search}`}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={t('as', { format: label })}
            data-testid={`export-${format}`}
          >
            <Icon aria-hidden="true" />
            {label}
          </a>
        ),
      )}
    </div>
  );
}

type CalculatorTabsProps = {
  tab: CalculatorTab;
  onSelect: (tab: CalculatorTab) => void;
  hrefOf: (tab: CalculatorTab) => string;
  label: string;
  labelOf: (tab: CalculatorTab) => string;
};

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys / Home / End move between tabs.
 * The tabs are links to the same calculation in the other calculator, so they also open in a new tab.
 */
function CalculatorTabs({ tab, onSelect, hrefOf, label, labelOf }: CalculatorTabsProps) {
  const refs = useRef<Partial<Record<CalculatorTab, HTMLAnchorElement | null>>>({});
  function onKeyDown(e: KeyboardEvent<HTMLAnchorElement>) {
    const i = CALCULATOR_TABS.indexOf(tab);
    const n = CALCULATOR_TABS.length;
    const target =
      e.key === 'ArrowRight'
        ? CALCULATOR_TABS[(i + 1) % n]
        : e.key === 'ArrowLeft'
          ? CALCULATOR_TABS[(i - 1 + n) % n]
          : e.key === 'Home'
            ? CALCULATOR_TABS[0]
            : e.key === 'End'
              ? CALCULATOR_TABS[n - 1]
              : undefined;
    if (!target) return;
    e.preventDefault();
    onSelect(target);
    refs.current[target]?.focus();
  }
  return (
    <div className="rounded-md bg-surface p-1.5 shadow-card">
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap">
        {CALCULATOR_TABS.map((tb) => {
          const selected = tb === tab;
          return (
            <a
              key={tb}
              ref={(el) => {
                refs.current[tb] = el;
              }}
              id={`calc-tab-${tb}`}
              role="tab"
              href={hrefOf(tb)}
              aria-selected={selected}
              aria-controls={selected ? `calc-panel-${tb}` : undefined}
              tabIndex={selected ? 0 : -1}
              onKeyDown={onKeyDown}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                onSelect(tb);
              }}
              className={cn(
                'inline-flex min-h-9.5 items-center justify-center rounded-md px-4 py-1.5 text-center text-[15px] leading-tight font-medium transition-colors',
                selected ? 'bg-primary-strong text-white shadow-primary' : 'text-heading hover:bg-surface-muted',
              )}
            >
              {labelOf(tb)}
            </a>
          );
        })}
      </div>
    </div>
  );
}
