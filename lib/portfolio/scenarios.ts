import type { ExportColumn, XlsxSheets } from '@/lib/exports';
import type { ScenarioComponent } from '@/lib/finance';
import type { ScenarioDto } from '@/lib/validations/scenarios';

/**
 * The Scenarios comparison (services/portfolio/scenarios.ts computes it) and its export as a file: one
 * row per currency and period (1..61, then "beyond"), the contractual cash, the scenario's cash and components, and the difference; a second sheet (XLSX) with
 * the totals. Amounts in major units of the row's currency (the kit's money kind).
 */

/** Figures of one case (contractual or scenario) in one currency; minor units. */
export interface CaseTotals {
  totalcf: number;
  sellto4G: number;
  npv: number;
}

export interface ScenarioCurrency {
  currency: string;
  /** Leases with something left at the cut-off. */
  count: number;
  /** Outstanding principal at the cut-off (the same in both cases). */
  prin: number;
  contractual: CaseTotals & { cash: number[] };
  scenario: CaseTotals & {
    /** Per component, 61 periods then the beyond slot (endBalance: 0 there). */
    periods: Record<ScenarioComponent, number[]>;
    defaulted: number;
    prepaid: number;
    recovered: number;
    /** Expected loss: Σ loss, and its PV at the funder's discount rate. */
    loss: number;
    lossPv: number;
  };
  /** scenario − contractual. */
  difference: CaseTotals;
}

export interface ScenarioComparisonData {
  scenario: ScenarioDto;
  cutOff: string;
  gross: boolean;
  /** `YYYY-MM` of periods 1..61. */
  months: string[];
  currencies: ScenarioCurrency[];
}

export type ScenarioExportRow = {
  currency: string;
  period: number | string;
  month: string | null;
  contractual: number;
  scenario: number;
  difference: number;
  interest: number;
  scheduledPrincipal: number;
  prepayment: number;
  default: number;
  loss: number;
  recovery: number;
  endBalance: number | null;
};

export type ScenarioTotalsRow = {
  currency: string;
  measure: string;
  contractual: number | null;
  scenario: number;
  difference: number | null;
};

type Source = Pick<ScenarioComparisonData, 'months' | 'currencies'>;

const money = <T extends { currency: string }>(id: string, value: (r: T) => number | null): ExportColumn<T> => ({
  id,
  header: id,
  kind: 'money',
  value,
  currency: (r) => r.currency,
  redNegatives: true,
});

export function scenarioExportRows(src: Source): ScenarioExportRow[] {
  const rows: ScenarioExportRow[] = [];
  for (const c of src.currencies) {
    const p = c.scenario.periods;
    for (let k = 0; k < c.contractual.cash.length; k++) {
      const beyond = k === src.months.length;
      rows.push({
        currency: c.currency,
        period: beyond ? 'beyond' : k + 1,
        month: beyond ? null : src.months[k]!,
        contractual: c.contractual.cash[k]!,
        scenario: p.cash[k]!,
        difference: p.cash[k]! - c.contractual.cash[k]!,
        interest: p.interest[k]!,
        scheduledPrincipal: p.scheduledPrincipal[k]!,
        prepayment: p.prepayment[k]!,
        default: p.default[k]!,
        loss: p.loss[k]!,
        recovery: p.recovery[k]!,
        endBalance: beyond ? null : p.endBalance[k]!,
      });
    }
  }
  return rows;
}

export function scenarioTotalsRows(src: Source): ScenarioTotalsRow[] {
  return src.currencies.flatMap((c) => [
    { currency: c.currency, measure: 'outstanding', contractual: c.prin, scenario: c.prin, difference: 0 },
    {
      currency: c.currency,
      measure: 'total_cash_flow',
      contractual: c.contractual.totalcf,
      scenario: c.scenario.totalcf,
      difference: c.difference.totalcf,
    },
    {
      currency: c.currency,
      measure: 'price',
      contractual: c.contractual.sellto4G,
      scenario: c.scenario.sellto4G,
      difference: c.difference.sellto4G,
    },
    { currency: c.currency, measure: 'npv', contractual: c.contractual.npv, scenario: c.scenario.npv, difference: c.difference.npv },
    { currency: c.currency, measure: 'defaults', contractual: null, scenario: c.scenario.defaulted, difference: null },
    { currency: c.currency, measure: 'prepayments', contractual: null, scenario: c.scenario.prepaid, difference: null },
    { currency: c.currency, measure: 'recoveries', contractual: null, scenario: c.scenario.recovered, difference: null },
    { currency: c.currency, measure: 'expected_loss', contractual: null, scenario: c.scenario.loss, difference: null },
    { currency: c.currency, measure: 'expected_loss_pv', contractual: null, scenario: c.scenario.lossPv, difference: null },
  ]);
}

export const scenarioExportColumns: ExportColumn<ScenarioExportRow>[] = [
  { id: 'currency', header: 'currency', kind: 'text', value: (r) => r.currency, width: 8 },
  { id: 'period', header: 'period', kind: 'text', value: (r) => String(r.period), width: 8 },
  { id: 'month', header: 'month', kind: 'text', value: (r) => r.month, width: 9 },
  money('contractual_cash', (r) => r.contractual),
  money('scenario_cash', (r) => r.scenario),
  money('difference', (r) => r.difference),
  money('interest', (r) => r.interest),
  money('scheduled_principal', (r) => r.scheduledPrincipal),
  money('prepayment', (r) => r.prepayment),
  money('default', (r) => r.default),
  money('loss', (r) => r.loss),
  money('recovery', (r) => r.recovery),
  money('end_balance', (r) => r.endBalance),
];

export const scenarioTotalsColumns: ExportColumn<ScenarioTotalsRow>[] = [
  { id: 'currency', header: 'currency', kind: 'text', value: (r) => r.currency, width: 8 },
  { id: 'measure', header: 'measure', kind: 'text', value: (r) => r.measure, width: 18 },
  money('contractual', (r) => r.contractual),
  money('scenario', (r) => r.scenario),
  money('difference', (r) => r.difference),
];

export function scenarioSheets(src: Source): XlsxSheets<[ScenarioExportRow, ScenarioTotalsRow]> {
  return [
    { name: 'Scenario cash flow', columns: scenarioExportColumns, rows: scenarioExportRows(src) },
    { name: 'Totals', columns: scenarioTotalsColumns, rows: scenarioTotalsRows(src) },
  ];
}
