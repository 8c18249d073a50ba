import { z } from 'zod';
import { isValidDate } from '@/lib/finance/dates';

/** Digits only: no sign, blank, exponent, hex or fraction (Number() would read ' 1e1 ' or '0x1' as a number). */
const ID_DIGITS = /^[0-9]{1,15}$/;
const positiveId = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');

/**
 * An id in a query string or a path segment: a numeric string. Not z.coerce.number(), which turns
 * true into 1, '' into 0 and ' 1e1 ' into 10.
 */
export const idParam = z
  .string({ error: 'must be a number' })
  .regex(ID_DIGITS, 'must be a whole number')
  .transform(Number)
  .pipe(positiveId);

/**
 * An id in a JSON body: an integer, or a numeric string (the documented template API sends both);
 * never a boolean, null or anything else Number() would accept.
 */
export const bodyIdSchema = z.preprocess((v) => (typeof v === 'string' && ID_DIGITS.test(v) ? Number(v) : v), positiveId);

/** Query-string building blocks: everything arrives as text, so numbers are coerced here. */
export const funderIdParam = idParam.default(1);
export const pageParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .default(1);
export const perPageParam = (fallback = 10) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(fallback);
export const qParam = z.string().trim().max(200, 'must be at most 200 characters').default('');
export const isoDateParam = z.string().refine(isValidDate, 'must be a real date as YYYY-MM-DD');
export const boolParam = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** A repeated or comma-separated query value as a list. */
export const listParam = <T extends [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));
