import 'server-only';
/** Small helpers shared by the servicing route handlers. */
import { ApiError } from '@/lib/api/errors';
import { DomainError, NotFound } from '@/lib/domain/errors';
import { idParam } from '@/lib/validations/common';

/** A path id; anything that is not a positive integer is an unknown resource (404). */
export function pathId(params: Record<string, string | string[]>, name: string, what: string): number {
  const parsed = idParam.safeParse(params[name]);
  if (!parsed.success) throw new NotFound(`No ${what} has this id.`);
  return parsed.data;
}

/** One page of an array. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): T[] {
  return rows.slice((page - 1) * perPage, page * perPage);
}

/** A screen's rows: one page of them (page and perPage given), else all of them as one page (an export). */
export type RowsPage<T> = { rows: T[]; total: number; page: number; perPage: number; pageCount: number };

export function rowsPage<T>(all: readonly T[], page?: number, perPage?: number): RowsPage<T> {
  const total = all.length;
  if (page === undefined || perPage === undefined) return { rows: [...all], total, page: 1, perPage: Math.max(1, total), pageCount: 1 };
  return { rows: pageOf(all, page, perPage), total, page, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

/** True when `e` is an API or domain error (of `code`, when given). */
export function isApiError(e: unknown, code?: ApiError['code']): e is ApiError | DomainError {
  return (e instanceof ApiError || e instanceof DomainError) && (code === undefined || e.code === code);
}
