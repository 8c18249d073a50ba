import { z } from 'zod';
import { bodyIdSchema, boolParam, funderIdParam, isoDateParam } from './common';

/**
 * Scenarios (domain.md §10): a name, annual CPR and CDR and the loss severity as decimals (0.06 = 6 %),
 * the recovery lag in whole months. One schema per endpoint and direction, shared by the handlers,
 * the Scenarios screen's form and the OpenAPI document.
 */

export const MAX_SCENARIO_NAME_LENGTH = 80;
/** Recovery lag bound: ten years. */
export const MAX_LAG_MONTHS = 120;

const decimalRate = (what: string) =>
  z
    .number({ error: `must be a number (${what} as a decimal, 0.06 = 6 %)` })
    .finite('must be a finite number')
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1 (100 %)');

export const scenarioName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_SCENARIO_NAME_LENGTH, `must be at most ${MAX_SCENARIO_NAME_LENGTH} characters`);

const assumptions = {
  name: scenarioName,
  cpr: decimalRate('annual prepayment rate'),
  cdr: decimalRate('annual default rate'),
  severity: decimalRate('loss severity'),
  lagMonths: z
    .number({ error: 'must be a whole number of months' })
    .int('must be a whole number of months')
    .min(0, 'must be at least 0')
    .max(MAX_LAG_MONTHS, `must be at most ${MAX_LAG_MONTHS}`),
};

/** POST /api/scenarios */
export const createScenarioBody = z.strictObject({ funderId: bodyIdSchema.default(1), ...assumptions });
export type CreateScenarioBody = z.infer<typeof createScenarioBody>;

/** PATCH /api/scenarios/{id}: any of the fields (a scenario keeps its funder). */
export const updateScenarioBody = z
  .strictObject({
    name: assumptions.name.optional(),
    cpr: assumptions.cpr.optional(),
    cdr: assumptions.cdr.optional(),
    severity: assumptions.severity.optional(),
    lagMonths: assumptions.lagMonths.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'name at least one of name, cpr, cdr, severity, lagMonths');
export type UpdateScenarioBody = z.infer<typeof updateScenarioBody>;

/** GET /api/scenarios?funderId= */
export const listScenariosQuery = z.object({ funderId: funderIdParam });

/** GET /api/scenarios/{id}/cash-flow?cutOff=&gross= (the funder is the scenario's). */
export const scenarioCashFlowQuery = z.object({ cutOff: isoDateParam.optional(), gross: boolParam.default(false) });

/** GET /api/scenarios/{id}/cash-flow/export?format=&cutOff=&gross= */
export const scenarioExportQuery = scenarioCashFlowQuery.extend({ format: z.enum(['csv', 'xlsx'], { error: "must be 'csv' or 'xlsx'" }) });

/** A scenario as the API answers it (rates as decimals). */
export type ScenarioDto = {
  id: number;
  funderId: number;
  name: string;
  cpr: number;
  cdr: number;
  severity: number;
  lagMonths: number;
  createdAt: number;
  updatedAt: number;
};

/** The `scenario=<id>` search parameter of Total Cash Flow, Summary and Scenarios. */
export const scenarioParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .optional();

/** Response schemas (the OpenAPI document). */
export const scenarioResponse = z.object({
  id: z.number().int(),
  funderId: z.number().int(),
  name: z.string(),
  cpr: z.number(),
  cdr: z.number(),
  severity: z.number(),
  lagMonths: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export const scenarioListResponse = z.object({ scenarios: z.array(scenarioResponse) });

const caseTotals = { totalcf: z.number().int(), sellto4G: z.number().int(), npv: z.number().int() };
const slots = z.array(z.number().int()).describe('61 periods, then the flows beyond period 61');
export const scenarioCashFlowResponse = z.object({
  funderId: z.number().int(),
  scenario: scenarioResponse,
  cutOff: z.string(),
  gross: z.boolean(),
  months: z.array(z.string()).describe('YYYY-MM of periods 1..61'),
  currencies: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      prin: z.number().int(),
      contractual: z.object({ ...caseTotals, cash: slots }),
      scenario: z.object({
        ...caseTotals,
        periods: z.object({
          interest: slots,
          scheduledPrincipal: slots,
          prepayment: slots,
          default: slots,
          loss: slots,
          recovery: slots,
          cash: slots,
          endBalance: slots,
        }),
        defaulted: z.number().int(),
        prepaid: z.number().int(),
        recovered: z.number().int(),
        loss: z.number().int().describe('Expected loss: Σ loss'),
        lossPv: z.number().int().describe('PV of the losses at the discount rate'),
      }),
      difference: z.object(caseTotals).describe('scenario − contractual'),
    }),
  ),
});
