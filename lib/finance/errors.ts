/**
 * Typed errors of the finance engine.
 *
 * Excel answers impossible inputs with error values (#NUM!, #VALUE!, #DIV/0!). The engine never
 * returns NaN, Infinity or a guess in their place: it throws a FinanceError whose `code` says which
 * Excel error it stands for, so callers (API routes, screens) can map it without parsing messages.
 */

/**
 * - `NUM`: Excel's #NUM! (argument out of range, result not representable).
 * - `VALUE`: Excel's #VALUE! and any malformed input (bad date text, non-finite number, invalid lease terms).
 * - `DIV0`: Excel's #DIV/0!.
 * - `NO_SOLUTION`: a root finder (RATE, IRR, XIRR, inverse solvers) proved there is no root it can
 *   return (e.g. all cash flows of one sign); Excel shows #NUM! here.
 */
export type FinanceErrorCode = 'NUM' | 'VALUE' | 'DIV0' | 'NO_SOLUTION';

/** The Excel error value each code corresponds to. */
export const EXCEL_ERROR: Readonly<Record<FinanceErrorCode, '#NUM!' | '#VALUE!' | '#DIV/0!'>> = {
  NUM: '#NUM!',
  VALUE: '#VALUE!',
  DIV0: '#DIV/0!',
  NO_SOLUTION: '#NUM!',
};

/** Error thrown by every finance function instead of returning NaN/Infinity; `field` names the offending input when known. */
export class FinanceError extends Error {
  readonly code: FinanceErrorCode;
  readonly field: string | undefined;

  constructor(code: FinanceErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'FinanceError';
    this.code = code;
    this.field = field;
  }

  /** The Excel error value ('#NUM!', '#VALUE!', '#DIV/0!') this error replaces. */
  get excelError(): '#NUM!' | '#VALUE!' | '#DIV/0!' {
    return EXCEL_ERROR[this.code];
  }
}

/** True when `e` is a FinanceError (optionally of the given code). */
export function isFinanceError(e: unknown, code?: FinanceErrorCode): e is FinanceError {
  return e instanceof FinanceError && (code === undefined || e.code === code);
}

/** Throws VALUE unless `x` is a finite number; returns it. */
export function requireFinite(x: number, field: string): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    throw new FinanceError('VALUE', `${field} must be a finite number (got ${String(x)})`, field);
  }
  return x;
}

/** Throws NUM unless the computed result is finite; returns it (the guard that keeps NaN/Infinity out of results). */
export function finiteResult(x: number, fn: string): number {
  if (!Number.isFinite(x)) {
    throw new FinanceError('NUM', `${fn}: the result is not a finite number for these arguments`);
  }
  return x === 0 ? 0 : x; // Excel has no negative zero
}
