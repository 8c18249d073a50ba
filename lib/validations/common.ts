import { z } from 'zod';
import { isValidDate } from '@/lib/finance/dates';

/** Query-string building blocks: everything arrives as text, so numbers are coerced here. */
export const idParam = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');
export const funderIdParam = z.coerce.number({ error: 'must be a number' }).int().positive().default(1);
export const pageParam = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(1);
export const perPageParam = (fallback = 10) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(fallback);
export const qParam = z.string().trim().max(200, 'must be at most 200 characters').default('');
export const isoDateParam = z.string().refine(isValidDate, 'must be a real date as YYYY-MM-DD');
export const boolParam = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** A repeated or comma-separated query value as a list. */
export const listParam = <T extends [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));
