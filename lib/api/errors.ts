import { DomainError, type FieldIssue } from '@/lib/domain/errors';

export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type { FieldIssue };

/** The status an error answers: the one table for API errors and the domain errors of db/ and services/. */
export function statusOf(e: ApiError | DomainError): number {
  return ERROR_STATUS[e.code];
}

/** A typed API error; the one JSON shape is { error: { code, message, issues? }, errorId? }. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, issues?: FieldIssue[], errorId?: string) {
  return { error: { code, message, ...(issues ? { issues } : {}) }, ...(errorId ? { errorId } : {}) };
}

export function errorResponse(code: ErrorCode, message: string, issues?: FieldIssue[], headers?: Record<string, string>): Response {
  return Response.json(errorBody(code, message, issues), { status: ERROR_STATUS[code], headers });
}
