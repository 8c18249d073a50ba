import { z } from 'zod';
import { idParam, isoDateParam, pageParam, perPageParam } from './common';
import { EXPORT_FORMATS, EXPORT_LOCALES } from './leases';

const funderId = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');

/** PUT /api/users/{id}/funders: the whole set of funders the user may see and change. */
export const userFundersBody = z.strictObject({ funderIds: z.array(funderId).max(1000, 'must list at most 1000 funders') });
export type UserFundersBody = z.infer<typeof userFundersBody>;

export const userFundersResponse = z.object({
  userId: z.number().int(),
  /** True for an admin: every funder, whatever is assigned. */
  allFunders: z.boolean(),
  funderIds: z.array(z.number().int()),
});

/** The audited entities (domain.md §12). */
export const AUDIT_ENTITIES = [
  'lease',
  'quotation',
  'payment',
  'bank_import',
  'funder',
  'user',
  'funder_assignment',
  'scenario',
  'facility',
  'write_off',
  'recovery',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * The actions the audit rows record (db/queries/*: recordAudit; a quotation's transition records the status it
 * moved to). The screen names each in the locale; a code not listed here is shown as stored.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'role',
  'reverse',
  'import',
  'match',
  'password_change',
  'register',
  'propose',
  'approve',
  'reject',
  'supersede',
  'draft',
  'submitted',
  'approved',
  'rejected',
  'converted',
  'flag_utp',
  'unflag_utp',
  'flag_sicr',
  'unflag_sicr',
  'write_off',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const isAuditAction = (a: string): a is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(a);

/** GET /api/audit: filters (dates inclusive, UTC) and paging; the export adds format and locale. */
export const auditQuery = z.object({
  userId: idParam.optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: `must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  entityId: z.string().trim().min(1).max(40).optional(),
  funderId: idParam.optional(),
  from: isoDateParam.optional(),
  to: isoDateParam.optional(),
  page: pageParam,
  perPage: perPageParam(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditExportQuery = auditQuery.omit({ page: true, perPage: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en'),
});

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string(),
  funderId: z.number().int().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

export const auditPageResponse = z.object({
  rows: z.array(auditRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
