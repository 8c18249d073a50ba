import {
  performanceQuery,
  performanceResponse,
  snapshotParams,
  snapshotQuery,
  snapshotResponse,
  vintagesQuery,
  vintagesResponse,
} from '@/lib/validations/history';
import { defineRoutes } from '../registry';
import { errorDoc as err } from '../responses-core';

const COMMON = {
  400: err('Invalid query: error.issues names the fields (a malformed month, from after to, a month not closed yet).'),
  401: err('No valid session or bearer token.'),
  403: err('The credential lacks the scope or the funder is not assigned to the user.'),
  404: err('Unknown funder.'),
};
const downloads = 'With `format=csv|xlsx` the answer is a file download (text/csv or the XLSX content type) instead of JSON.';
const TAG = 'Reports';

/** RouteDocs of the performance history (domain.md §9): month-end snapshots and the reports over them. */
export const historyRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/reports/performance',
    tag: TAG,
    summary: 'Performance per month: SMM/CPR, MDR/CDR, pool factor, 30+/60+/90+ delinquency, cumulative net loss %',
    description: `One currency (default: the largest). Closed months (before the current one) come from their month-end snapshots, built from the ledger the first time and then kept, so they never change; the current month is computed live. Default range: the last 24 months. ${downloads}`,
    auth: 'read:funders',
    query: performanceQuery,
    responses: { 200: { description: 'One row per month.', schema: performanceResponse }, ...COMMON },
    example: { query: { from: '2026-01', to: '2026-06' } },
  },
  {
    method: 'get',
    path: '/api/reports/vintages',
    tag: TAG,
    summary: 'Vintage curves: cumulative defaulted principal or net loss ÷ the cohort’s original balance by months since purchase',
    description: `Cohorts by purchase or origination quarter, over closed months (default: the last 24); x = months since the cohort quarter's last month; the curves never fall (a cure still counts). ${downloads}`,
    auth: 'read:funders',
    query: vintagesQuery,
    responses: { 200: { description: 'One curve per cohort.', schema: vintagesResponse }, ...COMMON },
    example: { query: { by: 'purchase', measure: 'default' } },
  },
  {
    method: 'get',
    path: '/api/snapshots/{month}',
    tag: TAG,
    summary: 'A closed month’s month-end snapshot, lease by lease',
    description: `Balance, scheduled, actual and prepaid principal, interest collected, DPD, bucket, credit status, default, write-off and recovery amounts per lease at the month end, in lease-id order, one page. Built on first use, then immutable. ${downloads}`,
    auth: 'read:funders',
    params: snapshotParams,
    query: snapshotQuery,
    responses: { 200: { description: 'One page of lease snapshots.', schema: snapshotResponse }, ...COMMON },
    example: { params: { month: '2026-01' } },
  },
]);
