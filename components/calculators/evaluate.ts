/**
 * From canonical query values to a calculator's result, with the same lib/calculators functions the
 * API uses. Runs on the server for the first render and in the browser on every edit (both pure).
 */
import { computeNpvIrr, computePrice, computeRate, computeSchedule, type NpvIrrResult, type PriceResult } from '@/lib/calculators';
import {
  parseNpvQuery,
  parsePriceQuery,
  parseRateQuery,
  parseScheduleQuery,
  type CalculatorField,
  type CalculatorQuery,
  type CalculatorTab,
  type FieldErrors,
  type QueryDefaults,
} from '@/lib/calculators-query';
import { isFinanceError, type Schedule } from '@/lib/finance';

export type ScheduleOutcome = { tab: 'schedule'; schedule: Schedule };
export type RateOutcome = { tab: 'rate'; rate: number; schedule: Schedule };
export type NpvOutcome = { tab: 'npv'; result: NpvIrrResult; dated: boolean; count: number };
export type PriceOutcome = { tab: 'price'; result: PriceResult; schedule: Schedule; cutOff: string; buyRate: number; discountRate: number };
export type Outcome = ScheduleOutcome | RateOutcome | NpvOutcome | PriceOutcome;

/** A result, or the field errors that prevent one. */
export type Evaluation = { errors: FieldErrors; outcome: Outcome | null };

/** A FinanceError names the offending input; it becomes that field's message instead of a crash. */
function financeErrors(e: unknown, fallback: CalculatorField): FieldErrors {
  if (!isFinanceError(e)) throw e;
  const field = (e.field ?? fallback) as CalculatorField;
  return { [field]: e.code === 'NO_SOLUTION' ? 'noSolution' : 'invalid' };
}

export function evaluate(tab: CalculatorTab, query: CalculatorQuery, defaults: QueryDefaults = {}): Evaluation {
  switch (tab) {
    case 'schedule': {
      const parsed = parseScheduleQuery(query, defaults);
      if ('errors' in parsed) return { errors: parsed.errors, outcome: null };
      try {
        return { errors: {}, outcome: { tab, schedule: computeSchedule(parsed.input) } };
      } catch (e) {
        return { errors: financeErrors(e, 'rate'), outcome: null };
      }
    }
    case 'rate': {
      const parsed = parseRateQuery(query, defaults);
      if ('errors' in parsed) return { errors: parsed.errors, outcome: null };
      try {
        const { rate, schedule } = computeRate(parsed.input);
        return { errors: {}, outcome: { tab, rate, schedule } };
      } catch (e) {
        return { errors: financeErrors(e, 'instalment'), outcome: null };
      }
    }
    case 'npv': {
      const parsed = parseNpvQuery(query);
      if ('errors' in parsed) return { errors: parsed.errors, outcome: null };
      try {
        const flows = parsed.input.flows;
        return {
          errors: {},
          outcome: { tab, result: computeNpvIrr(parsed.input), dated: flows.every((f) => f.date !== undefined), count: flows.length },
        };
      } catch (e) {
        return { errors: financeErrors(e, 'flows'), outcome: null };
      }
    }
    case 'price': {
      const parsed = parsePriceQuery(query, defaults);
      if ('errors' in parsed) return { errors: parsed.errors, outcome: null };
      try {
        const { input } = parsed;
        return {
          errors: {},
          outcome: {
            tab,
            result: computePrice(input),
            schedule: computeSchedule(input.terms),
            cutOff: input.cutOff,
            buyRate: input.buyRate,
            discountRate: input.discountRate ?? input.terms.rate,
          },
        };
      } catch (e) {
        return { errors: financeErrors(e, 'cutOff'), outcome: null };
      }
    }
  }
}
