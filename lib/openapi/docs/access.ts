import { z } from 'zod';
import { idParam } from '@/lib/validations/common';
import { auditExportQuery, auditPageResponse, auditQuery, userFundersBody, userFundersResponse } from '@/lib/validations/access';
import { defineRoutes } from '../registry';
import { errorDoc as err } from '../responses-core';
const E400 = err('Invalid input: `error.issues` names each field with a message.');
const E401 = err('No session cookie or bearer token, or an expired one.');
const E403 = err('The credential lacks the admin scope (or a cross-site write with a session cookie).');
const idPath = z.object({ id: idParam });

/** RouteDocs of per-funder access and the audit trail (domain.md §12). */
export const accessRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/users/{id}/funders',
    tag: 'Users',
    summary: 'The funders assigned to a user',
    description:
      'A non-admin user sees and changes only its assigned funders: another funder’s records answer 404 and its lists and screens 403. `allFunders` is true for an admin, who sees every funder whatever is assigned.',
    auth: 'admin',
    params: idPath,
    responses: {
      200: { description: 'The assignment', schema: userFundersResponse },
      400: E400,
      401: E401,
      403: E403,
      404: err('No user with this id.'),
    },
    example: { params: { id: '2' } },
  },
  {
    method: 'put',
    path: '/api/users/{id}/funders',
    tag: 'Users',
    summary: 'Replace the funders assigned to a user',
    description: 'The whole set; the change and its audit row are written in one transaction.',
    auth: 'admin',
    params: idPath,
    body: userFundersBody,
    responses: {
      200: { description: 'The assignment as saved', schema: userFundersResponse },
      400: E400,
      401: E401,
      403: E403,
      404: err('No user with this id, or an unknown funder in `funderIds`.'),
      413: err('The JSON body is larger than 1 MiB.'),
    },
    example: { params: { id: '2' }, body: { funderIds: [1, 2] } },
  },
  {
    method: 'get',
    path: '/api/audit',
    tag: 'Audit',
    summary: 'The audit trail',
    description:
      'Append-only: one row per change to leases, quotations, payments and reversals, bank imports, funder settings, users, roles and funder assignments, written in the transaction of the change (who, when, entity, id, action, before → after). Newest first; `from`/`to` are inclusive UTC days.',
    auth: 'admin',
    query: auditQuery,
    responses: { 200: { description: 'One page of rows and the total', schema: auditPageResponse }, 400: E400, 401: E401, 403: E403 },
    example: { query: { entity: 'lease', perPage: '20' } },
  },
  {
    method: 'get',
    path: '/api/audit/export',
    tag: 'Audit',
    summary: 'Export the filtered audit trail (CSV or XLSX)',
    auth: 'admin',
    query: auditExportQuery,
    responses: {
      200: { description: 'The file (Content-Disposition: attachment)', contentType: 'text/csv' },
      400: E400,
      401: E401,
      403: E403,
    },
    example: { query: { format: 'csv' } },
  },
]);
