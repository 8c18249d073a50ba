import { z } from 'zod';
import { DATE_FORMATS } from '@/lib/import/dates';
import { IMPORT_FIELDS } from '@/lib/import/fields';
import { IMPORT_RULES } from '@/lib/import/rows';
import { funderIdParam, idParam, pageParam } from './common';

/**
 * Tape import (Master File → Import tape, domain.md §7): one schema per endpoint and direction, used by
 * the handlers, the wizard and the OpenAPI document.
 */
export const IMPORT_MODES = ['create', 'upsert'] as const;
export const IMPORT_STATUS_VALUES = ['parsing', 'validated', 'committing', 'committed', 'failed'] as const;

const field = z.enum(IMPORT_FIELDS);
export const columnMapping = z.record(z.string().max(200), field.nullable());
/** One value for every row of a field the file has no column for (lib/import/fields.ts FixedValues), as a cell writes it. */
export const fixedValues = z.partialRecord(field, z.string().max(200, 'must be at most 200 characters'));

/** Control and format characters (NUL, ESC, bidi overrides, zero-width marks), lone surrogates, line and paragraph separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;
/** A URL escape left in the text (`%2e`, `%00`): the name is read once from the path, never decoded again. */
const URL_ESCAPE = /%[0-9A-Fa-f]{2}/;

/**
 * A source's name (a lessor or servicer): printable text, one path segment of
 * /api/leases/import-sources/{source}/mapping. No control characters, no `/` or `\`, no `..`, no URL escapes.
 */
export const sourceName = z
  .string({ error: 'name the source (the lessor or servicer)' })
  .refine((s) => !UNPRINTABLE.test(s), 'must be printable text: no control characters')
  .trim()
  .min(1, 'name the source (the lessor or servicer)')
  .max(80, 'must be at most 80 characters')
  .refine((s) => !/[/\\]/.test(s) && !s.includes('..'), 'must not contain /, \\ or ..')
  .refine((s) => !URL_ESCAPE.test(s), 'must not contain URL escapes such as %2e')
  .describe('The lessor or servicer: printable text of 1–80 characters, without control characters, /, \\, .. or %-escapes');

/** POST /api/leases/imports — multipart form fields besides `file`. `mapping` is JSON text. */
export const importCreateForm = z.object({
  source: sourceName,
  mode: z.enum(IMPORT_MODES, { error: 'must be create or upsert' }).default('create'),
  sheet: z.string().max(200).optional(),
  mapping: z
    .string()
    .max(100_000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      try {
        const parsed = columnMapping.safeParse(JSON.parse(s));
        if (parsed.success) return parsed.data;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object { "header": "field" | null }' });
      return z.NEVER;
    }),
});

/** Documentation of the multipart body (the handler reads it with importCreateForm plus the file). */
export const importCreateBodyDoc = z.object({
  file: z.string().describe('The tape: CSV (UTF-8 or Windows-1252, `,` `;` or tab) or XLSX'),
  source: sourceName,
  mode: z.enum(IMPORT_MODES).default('create'),
  sheet: z.string().optional().describe('XLSX: the sheet to read (default: the first)'),
  mapping: z.string().optional().describe('JSON { "source header": "QUANTUM field" | null }; default: suggested'),
});

export const importFunderQuery = z.object({ funderId: funderIdParam });
export const importIdParams = z.object({ id: idParam });

export const importHistoryQuery = z.object({
  funderId: funderIdParam,
  page: pageParam,
  perPage: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
});

export const importExceptionsQuery = z.object({
  funderId: funderIdParam,
  page: pageParam,
  perPage: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(500, 'must be at most 500').default(50),
  rule: z.enum(IMPORT_RULES).optional(),
  severity: z.enum(['error', 'warning']).optional(),
  format: z.enum(['csv']).optional(),
  locale: z.enum(['en', 'de', 'fr', 'pt']).default('en'),
});

/** PUT /api/leases/imports/{id}/mapping */
export const importMappingBody = z.object({
  mapping: columnMapping.optional(),
  decimal: z.enum([',', '.']).optional(),
  dateFormat: z.enum(DATE_FORMATS as unknown as [string, ...string[]]).optional(),
  sheet: z.string().max(200).optional(),
  mode: z.enum(IMPORT_MODES).optional(),
  fixed: fixedValues.optional(),
});

/** POST /api/leases/imports/{id}/commit */
export const importCommitBody = z.object({ skipRejected: z.boolean({ error: 'must be true or false' }).default(false) });

export const importSourceParams = z.object({ source: sourceName });
export const importSourceMappingBody = z.object({ mapping: columnMapping, fixed: fixedValues.optional() });

const counts = z.object({
  rows: z.number(),
  new: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  warnings: z.number(),
});

export const importRecord = z.object({
  id: z.number(),
  funderId: z.number(),
  source: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  size: z.number(),
  format: z.enum(['csv', 'xlsx']),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  decimal: z.object({ detected: z.string().nullable(), used: z.string().nullable() }),
  dateFormat: z.object({ detected: z.string().nullable(), used: z.string().nullable() }),
  mode: z.enum(IMPORT_MODES),
  status: z.enum(IMPORT_STATUS_VALUES),
  progress: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  headers: z.array(z.string()),
  duplicateHeaders: z.array(z.string()),
  mapping: columnMapping,
  fixed: fixedValues,
  /** How each rate field's column is read (domain.md §7): `decimal` (0.059) or `percent` (5,9 → 5.9 %), from its values. */
  rateReadings: z.partialRecord(field, z.enum(['decimal', 'percent'])),
  /** The date the tape describes its leases at, and where it comes from (a column, a fixed value, or the upload day). */
  tapeDate: z.object({ value: z.string().nullable(), from: z.enum(['column', 'fixed', 'upload']) }),
  /** The state fields (domain.md §7) the file gives; none: every lease is taken as current at the tape date. */
  stateFields: z.array(field),
  /** The tape's instalment against the annuity over the rows that give one (null: no instalment column). */
  instalmentCheck: z
    .object({
      rows: z.number(),
      beyond: z.number().describe('rows whose instalment differs from the annuity by more than the tolerance'),
      tolerance: z.number().describe('the tolerance, a fraction of the instalment (0.02 = 2 %)'),
      minDiff: z.number().describe('smallest (tape − annuity) ÷ annuity'),
      medianDiff: z.number(),
      maxDiff: z.number(),
    })
    .nullable(),
  counts,
  skipRejected: z.boolean(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  validatedAt: z.string().nullable(),
  committedAt: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof importRecord>;

export const importDetailResponse = z.object({
  import: importRecord,
  missingRequired: z.array(field),
  fields: z.array(field),
  preview: z.array(
    z.object({
      row: z.number(),
      cells: z.array(z.string()),
      action: z.string().nullable(),
      lease: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  leases: z.array(
    z.object({ row: z.number(), action: z.string().nullable(), leaseId: z.number(), contractNumber: z.string(), version: z.number() }),
  ),
  rules: z.array(z.object({ rule: z.string(), severity: z.string(), count: z.number() })),
});

export const importHistoryResponse = z.object({ rows: z.array(importRecord), total: z.number(), page: z.number(), perPage: z.number() });

export const importExceptionsResponse = z.object({
  rows: z.array(
    z.object({
      id: z.number(),
      row: z.number(),
      column: z.string(),
      field: z.string(),
      value: z.string(),
      rule: z.string(),
      severity: z.string(),
      params: z.record(z.string(), z.string()),
      message: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});

export const importSourceMappingResponse = z.object({ source: z.string(), mapping: columnMapping, fixed: fixedValues });

/**
 * The roll-forward of a tape against the previous committed tape of the same source (domain.md §7), per lease:
 * previous balance − scheduled principal − charged off = expected; against the tape's balance. `rolled`: within the
 * tolerance; `break`: beyond it (decided: accepted with a note, or rejected — four eyes); `appeared`: not on the
 * previous tape; `gone`: on the previous tape, not on this one. Amounts in minor units of `currency`.
 */
export const ROLL_FORWARD_KINDS = ['rolled', 'break', 'appeared', 'gone'] as const;
export const ROLL_FORWARD_DECISIONS = ['accepted', 'rejected'] as const;

export const rollForwardRow = z.object({
  contractNumber: z.string(),
  row: z.number().nullable().describe('the data row of this tape (null: gone)'),
  leaseId: z.number().nullable(),
  currency: z.string(),
  kind: z.enum(ROLL_FORWARD_KINDS),
  previousBalance: z.number().nullable(),
  scheduled: z.number().describe('principal the schedule had due between the two tape dates'),
  chargedOff: z.number().describe('write-offs approved between the two tape dates'),
  expected: z.number().nullable(),
  balance: z.number().nullable().describe("this tape's balance"),
  difference: z.number().nullable().describe('balance − expected'),
  decision: z.enum(ROLL_FORWARD_DECISIONS).nullable(),
  note: z.string(),
  decidedBy: z.string().nullable().describe('e-mail of the user who decided'),
  decidedAt: z.string().nullable(),
});

export const rollForwardSummary = z.object({
  previousImportId: z.number(),
  previousTapeDate: z.string(),
  tapeDate: z.string(),
  /** Per currency: opening (previous tape) − scheduled − charged off − gone ± breaks + appeared = closing (this tape). */
  totals: z.array(
    z.object({
      currency: z.string(),
      opening: z.number(),
      scheduled: z.number(),
      chargedOff: z.number(),
      gone: z.number(),
      appeared: z.number(),
      differences: z.number().describe('Σ (balance − expected) over the leases on both tapes'),
      closing: z.number(),
    }),
  ),
  counts: z.object({ rolled: z.number(), break: z.number(), appeared: z.number(), gone: z.number(), undecided: z.number() }),
});

/** GET /api/leases/imports/{id}/roll-forward */
export const rollForwardQuery = z.object({
  funderId: funderIdParam,
  kind: z.enum(ROLL_FORWARD_KINDS).optional(),
  undecided: z.enum(['true', 'false']).optional(),
  page: pageParam,
  perPage: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(500, 'must be at most 500').default(50),
  format: z.enum(['csv', 'xlsx']).optional(),
  locale: z.enum(['en', 'de', 'fr', 'pt']).default('en'),
});

export const rollForwardResponse = z.object({
  summary: rollForwardSummary.nullable().describe('null: no previous committed tape of this source, or this tape gives no balance'),
  rows: z.array(rollForwardRow),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});

/** POST /api/leases/imports/{id}/roll-forward/decisions — accept (with a note) or reject breaks; four eyes. */
export const rollForwardDecisionBody = z
  .object({
    contractNumbers: z.array(z.string().min(1).max(40)).min(1, 'name at least one lease').max(100_000).optional(),
    allUndecided: z.boolean().optional().describe('decide every undecided break at once'),
    decision: z.enum(ROLL_FORWARD_DECISIONS, { error: 'must be accepted or rejected' }),
    note: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  })
  .refine((b) => b.contractNumbers !== undefined || b.allUndecided === true, {
    message: 'name the leases, or decide all undecided breaks',
    path: ['contractNumbers'],
  })
  .refine((b) => b.decision !== 'accepted' || b.note.length > 0, { message: 'say why the break is accepted', path: ['note'] });

export const rollForwardDecisionResponse = z.object({ decided: z.number(), summary: rollForwardSummary });
