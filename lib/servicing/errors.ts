/**
 * Typed errors of the servicing engine. Callers map `code` without parsing messages.
 *
 * - `COMPONENT_ORDER`: the component order is not a permutation of vat, fee, interest, principal.
 * - `UNKNOWN_PAYMENT`: a reversal names a payment that is not in the ledger.
 * - `DUPLICATE_REVERSAL`: a payment is reversed more than once.
 * - `VALUE`: any other malformed input (bad date, negative or non-integer amount, duplicate id or period, bad bucket edges).
 */
export type ServicingErrorCode = 'COMPONENT_ORDER' | 'UNKNOWN_PAYMENT' | 'DUPLICATE_REVERSAL' | 'VALUE';

/** Error thrown by every servicing function on invalid input; `field` names the offending input when known. */
export class ServicingError extends Error {
  readonly code: ServicingErrorCode;
  readonly field: string | undefined;

  constructor(code: ServicingErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'ServicingError';
    this.code = code;
    this.field = field;
  }
}

/** True when `e` is a ServicingError (optionally of the given code). */
export function isServicingError(e: unknown, code?: ServicingErrorCode): e is ServicingError {
  return e instanceof ServicingError && (code === undefined || e.code === code);
}

/** Day number of a `YYYY-MM-DD` date; throws VALUE (ServicingError) when malformed. */
export function requireDay(text: string, field: string, parse: (t: string) => number | null): number {
  const d = parse(text);
  if (d === null) throw new ServicingError('VALUE', `${field} must be a real date as YYYY-MM-DD (got "${String(text)}")`, field);
  return d;
}

/** Throws VALUE unless `x` is a non-negative safe integer (minor units or days); returns it. */
export function requireNonNegInt(x: number, field: string): number {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) {
    throw new ServicingError('VALUE', `${field} must be a non-negative integer (got ${String(x)})`, field);
  }
  return x;
}
