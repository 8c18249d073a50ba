import { z } from 'zod';
import { idParam } from '@/lib/validations/common';
import {
  createScenarioBody,
  listScenariosQuery,
  scenarioCashFlowQuery,
  scenarioCashFlowResponse,
  scenarioExportQuery,
  scenarioListResponse,
  scenarioResponse,
  updateScenarioBody,
} from '@/lib/validations/scenarios';
import { defineRoutes } from '../registry';
import { errorDoc as err } from '../responses-core';

const TAG = 'Scenarios';
const idPath = z.object({ id: idParam });
const COMMON = {
  400: err('Invalid query or body: error.issues names the fields.'),
  401: err('No valid session or bearer token.'),
  403: err('The credential lacks the scope, or the funder is not assigned to you.'),
};
const notFound = err('Unknown scenario, or one of a funder not assigned to you.');

/** RouteDocs of Portfolio CF → Scenarios (domain.md §10). */
export const scenariosRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/scenarios',
    tag: TAG,
    summary: "The funder's scenarios",
    description: 'Named scenarios of the funder, by name: annual CPR and CDR, loss severity (decimals) and the recovery lag in months.',
    auth: 'read:funders',
    query: listScenariosQuery,
    responses: { 200: { description: 'The scenarios.', schema: scenarioListResponse }, ...COMMON },
    example: { query: { funderId: '1' } },
  },
  {
    method: 'post',
    path: '/api/scenarios',
    tag: TAG,
    summary: 'Save a scenario',
    description: 'Rates as decimals (0.06 = 6 %), lagMonths 0–120. Names are unique per funder. Writes an audit row.',
    auth: 'write:funders',
    body: createScenarioBody,
    responses: {
      201: { description: 'Saved (Location: /api/scenarios/{id}).', schema: scenarioResponse },
      ...COMMON,
      409: err('The funder already has a scenario of this name.'),
      413: err('The body is larger than 1 MiB.'),
    },
    example: { body: { funderId: 1, name: 'Stress 6/5', cpr: 0.06, cdr: 0.05, severity: 0.4, lagMonths: 6 } },
  },
  {
    method: 'get',
    path: '/api/scenarios/{id}',
    tag: TAG,
    summary: 'One scenario',
    auth: 'read:funders',
    params: idPath,
    responses: { 200: { description: 'The scenario.', schema: scenarioResponse }, ...COMMON, 404: notFound },
    example: { params: { id: '1' } },
  },
  {
    method: 'patch',
    path: '/api/scenarios/{id}',
    tag: TAG,
    summary: 'Rename a scenario or change its assumptions',
    description: 'Any of name, cpr, cdr, severity, lagMonths. Writes an audit row (before → after).',
    auth: 'write:funders',
    params: idPath,
    body: updateScenarioBody,
    responses: {
      200: { description: 'The changed scenario.', schema: scenarioResponse },
      ...COMMON,
      404: notFound,
      409: err('The funder already has a scenario of this name.'),
      413: err('The body is larger than 1 MiB.'),
    },
    example: { params: { id: '1' }, body: { cdr: 0.08 } },
  },
  {
    method: 'delete',
    path: '/api/scenarios/{id}',
    tag: TAG,
    summary: 'Delete a scenario',
    auth: 'write:funders',
    params: idPath,
    responses: { 204: { description: 'Deleted.' }, ...COMMON, 404: notFound },
    example: { params: { id: '1' } },
  },
  {
    method: 'get',
    path: '/api/scenarios/{id}/cash-flow',
    tag: TAG,
    summary: 'The portfolio cash flow under the scenario beside the contractual case',
    description:
      "The scenario's funder's book at the cut-off (default: the first day of this month), per currency: the 61-period contractual and scenario cash (and the flows beyond), the scenario's components per period (interest, scheduled principal, prepayment, default, loss, recovery, end balance), the totals, price (sellto4G) and NPV of both cases, the expected loss and its PV, and the differences (scenario − contractual). Integer minor units, rounded per lease and period, so the periods sum to the totals. gross=1 adds VAT to the cash.",
    auth: 'read:funders',
    params: idPath,
    query: scenarioCashFlowQuery,
    responses: { 200: { description: 'The comparison.', schema: scenarioCashFlowResponse }, ...COMMON, 404: notFound },
    example: { params: { id: '1' }, query: { cutOff: '2026-01-01' } },
  },
  {
    method: 'get',
    path: '/api/scenarios/{id}/cash-flow/export',
    tag: TAG,
    summary: 'The comparison as a file',
    description:
      'Per currency and period: contractual and scenario cash, difference and the components (CSV); XLSX adds a Totals sheet. Major units of each row’s currency.',
    auth: 'read:funders',
    params: idPath,
    query: scenarioExportQuery,
    responses: {
      200: { description: 'The comparison as a download: text/csv, or XLSX with format=xlsx', contentType: 'text/csv' },
      ...COMMON,
      404: notFound,
    },
    example: { params: { id: '1' }, query: { format: 'csv' } },
  },
]);
