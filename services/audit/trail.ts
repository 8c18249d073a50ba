import type { DbOrTx } from '@/db/client';
import { iterateAudit, pageAudit, type AuditFilter } from '@/db/queries/audit';
import type { AuditRow } from '@/db/schema/access';
import type { AuditQuery } from '@/lib/validations/access';

const DAY_MS = 86_400_000;

export type AuditEntryView = Omit<AuditRow, 'before' | 'after'> & { before: unknown; after: unknown };

/** Query filters to row filters: dates are whole UTC days, `to` inclusive. */
export function auditFilterOf(q: Omit<AuditQuery, 'page' | 'perPage'>): AuditFilter {
  return {
    userId: q.userId,
    entity: q.entity,
    entityId: q.entityId,
    funderId: q.funderId,
    from: q.from ? Date.parse(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? Date.parse(`${q.to}T00:00:00Z`) + DAY_MS : undefined,
  };
}

export function toAuditView(r: AuditRow): AuditEntryView {
  return { ...r, before: r.before === null ? null : JSON.parse(r.before), after: r.after === null ? null : JSON.parse(r.after) };
}

/** The Audit screen and GET /api/audit: one page, newest first. */
export function auditPage(db: DbOrTx, q: AuditQuery): { rows: AuditEntryView[]; total: number; page: number; perPage: number } {
  const { rows, total } = pageAudit(db, auditFilterOf(q), q.page, q.perPage);
  return { rows: rows.map(toAuditView), total, page: q.page, perPage: q.perPage };
}

/** Every matching row, in batches (the export). */
export function auditBatches(db: DbOrTx, q: Omit<AuditQuery, 'page' | 'perPage'>): Iterable<AuditRow[]> {
  return iterateAudit(db, auditFilterOf(q));
}

/** A lease's own history from the trail (the lease page), newest first. */
export function leaseAuditHistory(db: DbOrTx, leaseId: number, limit = 50): AuditEntryView[] {
  return pageAudit(db, { entity: 'lease', entityId: String(leaseId) }, 1, limit).rows.map(toAuditView);
}
