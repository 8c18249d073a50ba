import { z } from 'zod';
import { idParam } from '@/lib/validations/common';
import {
  asOfQuery,
  borrowingBaseResponse,
  certificateBody,
  certificateFileQuery,
  covenantResultsQuery,
  createFacilityBody,
  drawBody,
  eligibilityQuery,
  facilitiesExportQuery,
  facilitiesQuery,
  facilityExportQuery,
  updateFacilityBody,
} from '@/lib/validations/facilities';
import { defineRoutes, type RouteDoc } from '../registry';
import { errorDoc as err } from '../responses-core';

const E400 = err('Invalid input: `error.issues` names each field with a message.');
const E401 = err('No session cookie or bearer token, or an expired one.');
const E403R = err('The credential lacks the read:funders scope.');
const E403W = err('The credential lacks the write:funders scope, or the funder is not assigned to the user.');
const E403F = err('The credential lacks the read:funders scope, or `funderId` is not assigned to the user.');
const E404 = err('No facility with this id among the funders the user sees.');
const E413 = err('The JSON body is larger than 1 MiB.');
const idPath = z.object({ id: idParam });
const drawPath = z.object({ id: idParam, drawId: idParam });
const certPath = z.object({ id: idParam, certificateId: idParam });
const json = (description: string) => ({ description });

type DecisionSide = { summary: string; description?: string; who: string; conflict: string };

/** The approve and reject operations of a four-eyes item (a draw, a certificate): same path shape, auth and answers. */
function decisionRoutes(d: {
  path: string;
  params: z.ZodType;
  example: Record<string, string>;
  body: string;
  approve: DecisionSide;
  reject: DecisionSide;
}): RouteDoc[] {
  return (['approve', 'reject'] as const).map((action) => {
    const side = d[action];
    return {
      method: 'post',
      path: `${d.path}/${action}`,
      tag: 'Facilities',
      summary: `${side.summary} (four eyes)`,
      ...(side.description ? { description: side.description } : {}),
      auth: 'write:funders',
      params: d.params,
      responses: {
        200: json(d.body),
        401: E401,
        403: err(`${side.who} (four eyes), or no write:funders scope.`),
        404: E404,
        409: err(side.conflict),
      },
      example: { params: d.example },
    };
  });
}

const EXAMPLE_FACILITY = {
  funderId: 1,
  name: 'Senior facility B',
  lender: 'Example Bank AG',
  currency: 'EUR',
  commitment: 500_000_000,
  advanceRate: 0.85,
  reserves: 1_000_000,
  startDate: '2025-01-01',
  maturityDate: '2028-12-31',
  criteria: [{ kind: 'notInDefault' }, { kind: 'maxDpd', value: 60 }],
  limits: [{ group: 'lessee', kind: 'percent', value: 0.05 }],
  covenants: [
    {
      metric: 'defaultRatio',
      operator: 'lt',
      steps: [
        { fromMonth: 0, threshold: 0.05 },
        { fromMonth: 13, threshold: 0.08 },
      ],
      warningMargin: 0.01,
    },
  ],
};

/** RouteDocs of funding facilities (domain.md §11). */
export const facilitiesRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/facilities',
    tag: 'Facilities',
    summary: 'Facilities with drawn, borrowing base, availability and covenant status',
    description:
      'Every facility of the funders the user sees (or of `funderId`), valued at `asOf` (default today). Money in minor units of each facility’s currency.',
    auth: 'read:funders',
    query: facilitiesQuery,
    responses: { 200: json('`{ asOf, facilities: [...] }`'), 400: E400, 401: E401, 403: E403F },
    example: { query: { funderId: '1' } },
  },
  {
    method: 'get',
    path: '/api/facilities/export',
    tag: 'Facilities',
    summary: 'Export the facilities list (CSV or XLSX)',
    auth: 'read:funders',
    query: facilitiesExportQuery,
    responses: {
      200: { description: 'The file (Content-Disposition: attachment)', contentType: 'text/csv' },
      400: E400,
      401: E401,
      403: E403F,
    },
    example: { query: { format: 'csv' } },
  },
  {
    method: 'get',
    path: '/api/facilities/{id}/export',
    tag: 'Facilities',
    summary: 'Export a table of the facility page (CSV or XLSX)',
    description: '`table`: the waterfall, the excess per group, draws, certificates or covenant results; headers in `locale`.',
    auth: 'read:funders',
    params: idPath,
    query: facilityExportQuery,
    responses: {
      200: { description: 'The file (Content-Disposition: attachment)', contentType: 'text/csv' },
      400: E400,
      401: E401,
      403: E403R,
      404: E404,
    },
    example: { params: { id: '1' }, query: { table: 'waterfall', format: 'csv' } },
  },
  {
    method: 'post',
    path: '/api/facilities',
    tag: 'Facilities',
    summary: 'Create a facility',
    description:
      'Terms, eligibility criteria, concentration limits and covenants in one transaction with its audit row. Amounts in minor units, rates and shares as decimals.',
    auth: 'write:funders',
    body: createFacilityBody,
    responses: { 201: json('`{ facility }`'), 400: E400, 401: E401, 403: E403W, 404: err('No funder with this `funderId`.'), 413: E413 },
    example: { body: EXAMPLE_FACILITY },
  },
  {
    method: 'get',
    path: '/api/facilities/{id}',
    tag: 'Facilities',
    summary: 'A facility: terms, criteria, limits and covenants',
    auth: 'read:funders',
    params: idPath,
    responses: { 200: json('`{ facility }`'), 401: E401, 403: E403R, 404: E404 },
    example: { params: { id: '1' } },
  },
  {
    method: 'patch',
    path: '/api/facilities/{id}',
    tag: 'Facilities',
    summary: 'Change a facility',
    description:
      'Terms named are changed; `criteria`, `limits` and `covenants`, when given, replace the whole list. One audit row holds before and after.',
    auth: 'write:funders',
    params: idPath,
    body: updateFacilityBody,
    responses: {
      200: json('`{ facility }`'),
      400: E400,
      401: E401,
      403: E403W,
      404: E404,
      409: err('The maturity would not be after the start.'),
      413: E413,
    },
    example: { params: { id: '1' }, body: { reserves: 2_500_000 } },
  },
  {
    method: 'get',
    path: '/api/facilities/{id}/borrowing-base',
    tag: 'Facilities',
    summary: 'The borrowing base at a date',
    description:
      'collateral → − ineligible → eligible → − excess (total and per group) → × advance rate → − reserves → borrowing base → maximum advance = min(base, commitment) → − outstanding → availability (negative: a shortfall). Minor units of `currency`.',
    auth: 'read:funders',
    params: idPath,
    query: asOfQuery,
    responses: { 200: { description: 'The waterfall', schema: borrowingBaseResponse }, 400: E400, 401: E401, 403: E403R, 404: E404 },
    example: { params: { id: '1' } },
  },
  {
    method: 'get',
    path: '/api/facilities/{id}/eligibility',
    tag: 'Facilities',
    summary: 'Lease-level eligibility (paged JSON, CSV or XLSX)',
    description:
      'Every lease of the collateral with each criterion it failed. The files hold every row of the filter, with headers in `locale`.',
    auth: 'read:funders',
    params: idPath,
    query: eligibilityQuery,
    responses: { 200: json('`{ asOf, total, page, perPage, rows }`, or the file'), 400: E400, 401: E401, 403: E403R, 404: E404 },
    example: { params: { id: '1' }, query: { filter: 'ineligible', perPage: '20' } },
  },
  {
    method: 'get',
    path: '/api/facilities/{id}/draws',
    tag: 'Facilities',
    summary: 'Draw requests and repayments',
    auth: 'read:funders',
    params: idPath,
    responses: { 200: json('`{ draws }`'), 401: E401, 403: E403R, 404: E404 },
    example: { params: { id: '1' } },
  },
  {
    method: 'post',
    path: '/api/facilities/{id}/draws',
    tag: 'Facilities',
    summary: 'Request a draw or a repayment',
    description:
      'Pending until another user approves. A draw above the availability at its value date answers 409 with the figure; a repayment above the outstanding too.',
    auth: 'write:funders',
    params: idPath,
    body: drawBody,
    responses: {
      201: json('`{ draw }`'),
      400: E400,
      401: E401,
      403: E403W,
      404: E404,
      409: err('Above the availability (the message and issue give the figure).'),
      413: E413,
    },
    example: { params: { id: '1' }, body: { type: 'draw', amount: 100_000, valueDate: '2026-01-15' } },
  },
  ...decisionRoutes({
    path: '/api/facilities/{id}/draws/{drawId}',
    params: drawPath,
    example: { id: '1', drawId: '1' },
    body: '`{ draw }`',
    approve: {
      summary: 'Approve a draw or repayment',
      who: 'The requester cannot approve',
      conflict: 'Already decided, or the draw no longer fits the availability.',
    },
    reject: { summary: 'Reject a draw or repayment', who: 'The requester cannot decide', conflict: 'Already decided.' },
  }),
  {
    method: 'get',
    path: '/api/facilities/{id}/certificates',
    tag: 'Facilities',
    summary: 'Borrowing-base certificates',
    auth: 'read:funders',
    params: idPath,
    responses: { 200: json('`{ certificates }` with status, frozen summary and SHA-256 of the files'), 401: E401, 403: E403R, 404: E404 },
    example: { params: { id: '1' } },
  },
  {
    method: 'post',
    path: '/api/facilities/{id}/certificates',
    tag: 'Facilities',
    summary: 'Prepare a certificate at a date',
    description:
      "Freezes the terms, the waterfall, the excesses and the lease-level eligibility with its XLSX; another user issues it. The files are made in `locale` (the preparer's language, default en), kept with the certificate: the PDF made at issue reads in it too.",
    auth: 'write:funders',
    params: idPath,
    body: certificateBody,
    responses: {
      201: json('`{ certificate }`'),
      400: E400,
      401: E401,
      403: E403W,
      404: E404,
      409: err('A certificate at this date is waiting for approval: issue or reject it first.'),
      413: E413,
    },
    example: { params: { id: '1' }, body: { asOf: '2026-01-31' } },
  },
  ...decisionRoutes({
    path: '/api/facilities/{id}/certificates/{certificateId}',
    params: certPath,
    example: { id: '1', certificateId: '1' },
    body: '`{ certificate }`',
    approve: {
      summary: 'Issue a certificate',
      description: 'The PDF is made from the frozen content; from then on nothing changes the certificate or its files’ SHA-256.',
      who: 'The preparer cannot issue',
      conflict: 'Already issued or rejected.',
    },
    reject: { summary: 'Reject a prepared certificate', who: 'The preparer cannot decide', conflict: 'Already issued or rejected.' },
  }),
  {
    method: 'get',
    path: '/api/facilities/{id}/certificates/{certificateId}/file',
    tag: 'Facilities',
    summary: 'Download a certificate file (XLSX or PDF)',
    description: 'The kept bytes; `X-Content-SHA256` repeats the stored digest. The PDF exists once the certificate is issued.',
    auth: 'read:funders',
    params: certPath,
    query: certificateFileQuery,
    responses: {
      200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/pdf' },
      400: E400,
      401: E401,
      403: E403R,
      404: E404,
    },
    example: { params: { id: '1', certificateId: '1' }, query: { format: 'pdf' } },
  },
  {
    method: 'get',
    path: '/api/facilities/{id}/covenants',
    tag: 'Facilities',
    summary: 'Covenants with their result per month end',
    description:
      'Per covenant and month end: the threshold in force by the facility’s age, the actual value, the headroom and Compliant / Warning / Breach; `status` is the worst latest status.',
    auth: 'read:funders',
    params: idPath,
    query: covenantResultsQuery,
    responses: { 200: json('`{ asOf, status, covenants }`'), 400: E400, 401: E401, 403: E403R, 404: E404 },
    example: { params: { id: '1' }, query: { months: '6' } },
  },
]);
