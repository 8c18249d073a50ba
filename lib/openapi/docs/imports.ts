import { z } from 'zod';
import {
  importCommitBody,
  importCreateBodyDoc,
  importDetailResponse,
  importExceptionsQuery,
  importExceptionsResponse,
  importFunderQuery,
  importHistoryQuery,
  importHistoryResponse,
  importIdParams,
  importMappingBody,
  importSourceMappingBody,
  importSourceMappingResponse,
  importSourceParams,
  rollForwardDecisionBody,
  rollForwardDecisionResponse,
  rollForwardQuery,
  rollForwardResponse,
} from '@/lib/validations/imports';
import { defineRoutes } from '../registry';
import { errorDoc as err } from '../responses-core';

const COMMON = {
  400: err('Invalid query or body: error.issues names the fields.'),
  401: err('No valid session or bearer token.'),
  403: err('The credential lacks the scope.'),
  404: err('Unknown funder or import.'),
};
const TAG = 'Tape import';
const BAD_SOURCE = err(
  'The source name is not printable text (control characters, `/`, `\\`, `..` or URL escapes such as `%2e`): error.issues names the field `source`. The path segment is decoded once.',
);

/** RouteDocs of Master File → Import tape (domain.md §7). */
export const importsRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/leases/imports',
    tag: TAG,
    summary: 'Import history',
    description: "The funder's tape imports, newest first: who, when, source, file name and SHA-256, mode, status and counts.",
    auth: 'read:funders',
    query: importHistoryQuery,
    responses: { 200: { description: 'One page of imports.', schema: importHistoryResponse }, ...COMMON },
    example: { query: { funderId: '1' } },
  },
  {
    method: 'post',
    path: '/api/leases/imports',
    tag: TAG,
    summary: 'Upload a tape and start its dry run',
    description:
      "Multipart form: `file` (CSV in UTF-8 or Windows-1252 with `,` `;` or tab, or XLSX), `source` (the lessor: printable text of 1–80 characters without control characters, `/`, `\\`, `..` or URL escapes; its saved mapping and values for every row are reused), `mode` (`create` | `upsert`), optional `mapping` (JSON; without it the source's saved mapping, then the header names, suggest one) and `sheet`. Answers 202 with the import id; parsing and validation run in the background (poll GET /api/leases/imports/{id}). 400 for a bad source name (field `source`); 413 above the IMPORT_MAX_BYTES limit (default 50 MiB).",
    auth: 'write:funders',
    query: importFunderQuery,
    body: importCreateBodyDoc,
    bodyContentType: 'multipart/form-data',
    responses: {
      202: { description: 'Accepted: { id, status: "parsing" }.', schema: z.object({ id: z.number(), status: z.string() }) },
      ...COMMON,
      400: err('No file, an empty file, a bad mode or mapping, or a `source` that is not printable text: error.issues names the field.'),
      413: err('The file is larger than the upload limit.'),
    },
  },
  {
    method: 'get',
    path: '/api/leases/imports/{id}',
    tag: TAG,
    summary: 'An import: status, progress, detected format, mapping, counts',
    description:
      "Status `parsing` | `validated` | `committing` | `committed` | `failed`, progress 0–1, the detected encoding, delimiter, decimal separator and date format (and the ones used), the mapping and the values for every row (`fixed`), how each rate column is read (`rateReadings`: `decimal` or `percent`), the tape date and where it comes from (`tapeDate`: a column, a fixed value or the upload day), the state fields the file gives (`stateFields`; none: every lease is taken as current at the tape date), the tape's instalment against the annuity (`instalmentCheck`, fractions), the dry run counts, a preview of the first rows as read, and the leases a commit created or changed.",
    auth: 'read:funders',
    query: importFunderQuery,
    params: importIdParams,
    example: { query: { funderId: '1' }, params: { id: '1' } },
    responses: { 200: { description: 'The import.', schema: importDetailResponse }, ...COMMON },
  },
  {
    method: 'get',
    path: '/api/leases/imports/{id}/exceptions',
    tag: TAG,
    summary: "The dry run's exceptions",
    description:
      'Row, column, value, rule, severity, the raw `params` (amounts in integer minor units of `params.currency`, fractions as decimals) and a message in `locale` with amounts as money (€1,360.26 / 1.360,26 €), fractions as percentages and dates in the locale; row 0 is the file itself (a required field no column gives: "file" in the CSV). Filter by `rule`; `format=csv` downloads them all as CSV.',
    auth: 'read:funders',
    query: importExceptionsQuery,
    params: importIdParams,
    example: { query: { funderId: '1', rule: 'required' }, params: { id: '1' } },
    responses: { 200: { description: 'One page of exceptions (or a CSV file).', schema: importExceptionsResponse }, ...COMMON },
  },
  {
    method: 'put',
    path: '/api/leases/imports/{id}/mapping',
    tag: TAG,
    summary: 'Change the mapping and validate again',
    description:
      'Any of: the column mapping, the values for every row of fields the file has no column for (`fixed`, as a cell would write them: `{ "currency": "USD", "assetType": "vehicle", "timing": "arrears", "tapeDate": "2026-06-30" }`), the decimal separator, the date format, the XLSX sheet, the mode. The mapping and the fixed values are saved for the source. 409 unless the import is validated (or failed, for a sheet change).',
    auth: 'write:funders',
    query: importFunderQuery,
    params: importIdParams,
    body: importMappingBody,
    example: { query: { funderId: '1' }, params: { id: '1' }, body: { decimal: ',', dateFormat: 'dmy-dot', fixed: { currency: 'EUR' } } },
    responses: {
      202: { description: 'Validation restarted.', schema: importDetailResponse },
      ...COMMON,
      409: err('Not validated yet, committing or committed.'),
    },
  },
  {
    method: 'post',
    path: '/api/leases/imports/{id}/commit',
    tag: TAG,
    summary: 'Commit a validated import',
    description:
      'One SQLite transaction: all-or-nothing by default, or the valid rows only with `skipRejected: true`. 202: the commit runs in the background (poll the import). A lease edited since the dry run (its version moved) is never overwritten: the import is validated again. Every break of the roll-forward (GET /api/leases/imports/{id}/roll-forward) must be decided first; the row of a rejected break is rejected.',
    auth: 'write:funders',
    query: importFunderQuery,
    params: importIdParams,
    body: importCommitBody,
    responses: {
      202: { description: 'Commit started.', schema: importDetailResponse },
      ...COMMON,
      409: err(
        'Already committed, not yet validated, rejected rows exist and skipRejected is false, or a break of the roll-forward is undecided.',
      ),
    },
    example: { query: { funderId: '1' }, params: { id: '1' }, body: { skipRejected: false } },
  },
  {
    method: 'get',
    path: '/api/leases/imports/{id}/roll-forward',
    tag: TAG,
    summary: 'The roll-forward against the previous tape of the source',
    description:
      "Per lease, this tape against the previous committed tape of the same source (domain.md §7): previous balance − principal the schedule had due between the two tape dates − write-offs approved between them = expected, against this tape's balance. `kind`: `rolled` (within the tolerance), `break` (beyond it: accepted with a note or rejected, with who decided and when), `appeared` (not on the previous tape), `gone` (on the previous tape, not on this one). The summary reconciles the totals per currency: opening − scheduled − charged off − gone + appeared + differences = closing, and counts the rows per kind and the undecided breaks; it is null when the source has no previous committed tape or this tape gives no balance. Amounts in integer minor units of the row's currency. Filter by `kind` and `undecided`; `format=csv` or `xlsx` downloads every row (amounts as decimals of the currency, headers in `locale`).",
    auth: 'read:funders',
    query: rollForwardQuery,
    params: importIdParams,
    example: { query: { funderId: '1', kind: 'break' }, params: { id: '1' } },
    responses: {
      200: {
        description: 'One page of the roll-forward (or, with `format`, a CSV or XLSX file of every row).',
        schema: rollForwardResponse,
      },
      ...COMMON,
    },
  },
  {
    method: 'post',
    path: '/api/leases/imports/{id}/roll-forward/decisions',
    tag: TAG,
    summary: 'Accept or reject breaks of the roll-forward',
    description:
      "Decides breaks named by `contractNumbers`, or every undecided break with `allUndecided: true`: `accepted` needs a `note` (why the difference is right), `rejected` rejects the lease's row of the tape (commit with `skipRejected: true` to import the others). A commit answers 409 while a break is undecided. Four eyes: when the funder has them, the user who uploaded the tape may not decide its breaks (403). Answers the number decided and the new summary.",
    auth: 'write:funders',
    query: importFunderQuery,
    params: importIdParams,
    body: rollForwardDecisionBody,
    example: {
      query: { funderId: '1' },
      params: { id: '1' },
      body: {
        contractNumbers: ['ML-2026-0042'],
        decision: 'accepted',
        note: 'Partial prepayment received on 12 May, confirmed by the lessor.',
      },
    },
    responses: {
      200: { description: 'The breaks decided and the new summary.', schema: rollForwardDecisionResponse },
      ...COMMON,
      400: err('Invalid body (an accepted break without a note, no lease named), or a named lease is not a break of this import.'),
      403: err('The credential lacks the scope, or four eyes: the user uploaded this tape.'),
      409: err('The dry run is not ready (not validated, committing or committed), or the tape has no roll-forward.'),
    },
  },
  {
    method: 'get',
    path: '/api/leases/import-sources/{source}/mapping',
    tag: TAG,
    summary: "A source's saved mapping",
    description: 'The column mapping and the values for every row saved for the source. 404 when no source has this name.',
    auth: 'read:funders',
    query: importFunderQuery,
    params: importSourceParams,
    example: { query: { funderId: '1' }, params: { source: 'Muster Leasing GmbH' } },
    responses: { 200: { description: 'The mapping.', schema: importSourceMappingResponse }, ...COMMON, 400: BAD_SOURCE },
  },
  {
    method: 'put',
    path: '/api/leases/import-sources/{source}/mapping',
    tag: TAG,
    summary: "Save a source's mapping",
    description:
      'Saves the column mapping and, when given, the values for every row (`fixed`) for the source, created when new; its next tape is suggested this mapping.',
    auth: 'write:funders',
    query: importFunderQuery,
    params: importSourceParams,
    body: importSourceMappingBody,
    example: {
      query: { funderId: '1' },
      params: { source: 'Muster Leasing GmbH' },
      body: { mapping: { Vertragsnummer: 'contractNumber', Notiz: null }, fixed: { currency: 'EUR', timing: 'arrears' } },
    },
    responses: { 200: { description: 'The saved mapping.', schema: importSourceMappingResponse }, ...COMMON, 400: BAD_SOURCE },
  },
]);
