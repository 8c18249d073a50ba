'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { formatCompactMoney } from '@/components/charts/axis';
import { StackedBarChart } from '@/components/charts/stacked-bar-chart';
import { CHART_COLORS } from '@/components/charts/series';
import { Badge } from '@/components/ui/badge';
import { addMonths, fromMinor, type Schedule } from '@/lib/finance';
import { formatDecimal, formatIsoDate, formatIsoMonth, formatMoney, formatPercent } from '@/lib/format';
import type { NpvOutcome, PriceOutcome, RateOutcome } from './evaluate';
import { FigureList, HeadlineFigure, Signed, type FigureItem } from './figures';

/** The instalment including VAT of a regular row (not the first, which may carry the fee or upfront VAT). */
function regularRow(schedule: Schedule) {
  return schedule.rows.find((r) => r.period > 1 && r.instalment === schedule.instalment) ?? schedule.rows[0];
}

/** Key figures of a schedule: instalment, principal, interest, rates and yield. */
function scheduleFigures(schedule: Schedule, t: ReturnType<typeof useTranslations>, format: ReturnType<typeof useFormatter>): FigureItem[] {
  const c = schedule.currency;
  const money = (minor: number) => formatMoney(format, minor, c);
  const items: FigureItem[] = [];
  const regular = regularRow(schedule);
  if (regular && regular.vat !== 0 && schedule.vatRegime === 'per-instalment') {
    items.push({ key: 'gross', label: t('instalmentGross'), value: money(regular.instalment + regular.vat), testId: 'instalment-gross' });
  }
  const last = schedule.rows.at(-1);
  if (last && last.instalment !== schedule.instalment) {
    items.push({ key: 'last', label: t('lastInstalment'), value: money(last.instalment), note: t('lastInstalmentNote') });
  }
  if (schedule.vatRegime === 'upfront' && schedule.rows[0] && schedule.rows[0].vat !== 0) {
    items.push({ key: 'upfrontVat', label: t('upfrontVat'), value: money(schedule.rows[0].vat) });
  }
  items.push(
    { key: 'principal', label: t('principal'), value: money(schedule.principal), testId: 'financed-principal' },
    {
      key: 'residual',
      label: t('residual'),
      value: money(schedule.residual),
      note: schedule.residual > 0 ? t('dueOn', { date: formatIsoDate(format, schedule.residualDueDate) }) : undefined,
    },
    { key: 'interest', label: t('totalInterest'), value: money(schedule.totals.interest), testId: 'total-interest' },
    { key: 'cash', label: t('totalCash'), value: money(schedule.totals.cash) },
    { key: 'effective', label: t('effectiveRate'), value: formatPercent(format, schedule.effectiveAnnualRate, 3) },
    {
      key: 'yield',
      label: t('lessorYield'),
      value: schedule.lessorYield === null ? t('none') : formatPercent(format, schedule.lessorYield, 3),
      note:
        schedule.lessorYieldEffective === null
          ? undefined
          : t('effectiveNote', { rate: formatPercent(format, schedule.lessorYieldEffective, 3) }),
    },
  );
  return items;
}

export function ScheduleSummary({ schedule }: { schedule: Schedule }) {
  const t = useTranslations('calculators.results');
  const format = useFormatter();
  const periods = useTranslations('calculators.options.frequency');
  const timings = useTranslations('calculators.options.timing');
  return (
    <div className="flex flex-col gap-4">
      <HeadlineFigure
        label={t('instalment')}
        value={formatMoney(format, schedule.instalment, schedule.currency)}
        note={t('instalmentNote', {
          count: schedule.term,
          frequency: periods(frequencyKey(schedule.frequency)),
          timing: timings(schedule.timing),
          date: formatIsoDate(format, schedule.firstDueDate),
        })}
        testId="instalment"
      />
      <FigureList items={scheduleFigures(schedule, t, format)} />
    </div>
  );
}

export function RateSummary({ outcome }: { outcome: RateOutcome }) {
  const t = useTranslations('calculators.results');
  const format = useFormatter();
  const { schedule, rate } = outcome;
  return (
    <div className="flex flex-col gap-4">
      <HeadlineFigure label={t('solvedRate')} value={formatPercent(format, rate, 4)} note={t('solvedRateNote')} testId="solved-rate" />
      <FigureList
        items={[
          {
            key: 'instalment',
            label: t('instalment'),
            value: formatMoney(format, schedule.instalment, schedule.currency),
            testId: 'instalment',
          },
          ...scheduleFigures(schedule, t, format),
        ]}
      />
    </div>
  );
}

export function frequencyKey(f: Schedule['frequency']): 'monthly' | 'quarterly' | 'semiAnnual' | 'annual' {
  return f === 'semi-annual' ? 'semiAnnual' : f;
}

export function NpvResults({ outcome, signs }: { outcome: NpvOutcome; signs: { positive: boolean; negative: boolean } }) {
  const t = useTranslations('calculators.npv');
  const format = useFormatter();
  const { result } = outcome;
  const amount = (v: number) => <Signed value={v} text={formatDecimal(format, v, 2)} />;
  const percent = (v: number) => <Signed value={v} text={formatPercent(format, v, 2)} />;
  const noSolution = (error: string | null) =>
    error === 'no_solution' ? (signs.positive && signs.negative ? t('noSolutionNoRoot') : t('noSolutionOneSign')) : t('noSolutionInvalid');
  const noIrr = <span className="text-warning-text">{t('noSolution')}</span>;

  const items: FigureItem[] = [
    {
      key: 'npv',
      label: t('npv'),
      value: result.npv === null ? '—' : amount(result.npv),
      note: result.npv === null ? t('needsRate') : t('npvNote'),
      testId: 'npv',
    },
    {
      key: 'irrPeriodic',
      label: t('irrPeriodic'),
      value: result.irr ? percent(result.irr.periodic) : noIrr,
      note: result.irr ? undefined : noSolution(result.irrError),
      testId: 'irr-periodic',
    },
    { key: 'irrNominal', label: t('irrNominal'), value: result.irr ? percent(result.irr.nominalAnnual) : '—', testId: 'irr-nominal' },
    {
      key: 'irrEffective',
      label: t('irrEffective'),
      value: result.irr ? percent(result.irr.effectiveAnnual) : '—',
      testId: 'irr-effective',
    },
    {
      key: 'xnpv',
      label: t('xnpv'),
      value: result.xnpv === null ? '—' : amount(result.xnpv),
      note: !outcome.dated ? t('needsDates') : result.xnpv === null ? t('needsRate') : undefined,
      testId: 'xnpv',
    },
    {
      key: 'xirr',
      label: t('xirr'),
      value: result.xirr !== null ? percent(result.xirr) : outcome.dated ? noIrr : '—',
      note: !outcome.dated ? t('needsDates') : result.xirr === null ? noSolution(result.xirrError) : t('xirrNote'),
      testId: 'xirr',
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-[13px]">{t('flowCount', { count: outcome.count })}</p>
      <FigureList items={items} />
    </div>
  );
}

export function PriceResults({ outcome }: { outcome: PriceOutcome }) {
  const t = useTranslations('calculators.price');
  const format = useFormatter();
  const { result, schedule } = outcome;
  const c = schedule.currency;
  const money = (minor: number) => <Signed value={minor} text={formatMoney(format, minor, c)} />;
  // domain.md §3: check is zero within one cent per remaining instalment for a sound schedule.
  const checkOk = Math.abs(result.check) <= Math.max(1, result.remainingInstalments);
  const items: FigureItem[] = [
    { key: 'prin', label: t('prin'), value: money(result.prin), testId: 'prin' },
    {
      key: 'npv',
      label: t('npv'),
      value: money(result.npv),
      note: t('atRate', { rate: formatPercent(format, outcome.discountRate, 3) }),
      testId: 'price-npv',
    },
    { key: 'delta', label: t('delta'), value: money(result.delta), testId: 'delta' },
    {
      key: 'check',
      label: t('check'),
      value: (
        <span className="inline-flex items-center gap-2">
          {money(result.check)}
          <Badge variant={checkOk ? 'success' : 'warning'}>{checkOk ? t('checkOk') : t('checkFlag')}</Badge>
        </span>
      ),
      testId: 'check',
    },
    {
      key: 'yield',
      label: t('yield'),
      value: result.yield === null ? t('noYield') : formatPercent(format, result.yield, 3),
      note: result.yield === null ? (result.cashBeyond !== 0 ? t('noYieldBeyond') : undefined) : t('yieldNote'),
      testId: 'funder-yield',
    },
    { key: 'remaining', label: t('remaining'), value: formatDecimal(format, result.remainingInstalments) },
    { key: 'totalcf', label: t('totalcf'), value: money(result.totalcf) },
  ];
  if (result.cashBeyond !== 0) items.push({ key: 'beyond', label: t('beyond'), value: money(result.cashBeyond) });
  return (
    <div className="flex flex-col gap-4">
      <HeadlineFigure
        label={t('price')}
        value={formatMoney(format, result.price, c)}
        note={t('priceNote', { rate: formatPercent(format, outcome.buyRate, 3), date: formatIsoDate(format, outcome.cutOff) })}
        testId="purchase-price"
      />
      <FigureList items={items} />
    </div>
  );
}

/** The remaining net flows by month from the cut-off (61 periods), the basis of price and NPV. */
export function PriceCashChart({ outcome }: { outcome: PriceOutcome }) {
  const t = useTranslations('calculators.price');
  const format = useFormatter();
  const c = outcome.schedule.currency;
  let lastNonZero = 0;
  outcome.result.cash.forEach((v, i) => {
    if (v !== 0) lastNonZero = i;
  });
  const firstMonth = `${outcome.cutOff.slice(0, 8)}01`;
  const data = outcome.result.cash
    .slice(0, lastNonZero + 1)
    .map((v, i) => ({ x: formatIsoMonth(format, addMonths(firstMonth, i)), cash: fromMinor(v, c) }));
  const total = outcome.result.cash.reduce((a, b) => a + b, 0);
  return (
    <StackedBarChart
      id="calc-price-chart"
      title={t('chart')}
      summary={t('chartSummary', {
        count: data.length,
        total: formatMoney(format, total, c),
        from: formatIsoMonth(format, firstMonth, 'long'),
      })}
      data={data}
      series={[{ key: 'cash', label: t('cash'), color: CHART_COLORS.info }]}
      formatAxis={(v) => formatCompactMoney(format, v, c)}
      formatValue={(v) => format.number(v, { style: 'currency', currency: c })}
    />
  );
}
