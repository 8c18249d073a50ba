import type { z } from 'zod';

/** The one JSON error shape of the API (lib/api/errors.ts), as the client reads it. */
export type ApiErrorBody = { error?: { code?: string; message?: string; issues?: { field: string; message: string }[] } };

export type FieldErrorKey = 'required' | 'tooShort' | 'tooLong' | 'email' | 'username' | 'taken' | 'invalid';
export type FieldErrors = Record<string, { key: FieldErrorKey; values?: Record<string, number> }>;

/** Maps zod issues to translatable keys per field (the first issue of a field wins). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || out[field]) continue;
    if (issue.code === 'too_small') {
      const min = Number(issue.minimum);
      out[field] = min <= 1 ? { key: 'required' } : { key: 'tooShort', values: { min } };
    } else if (issue.code === 'too_big') out[field] = { key: 'tooLong', values: { max: Number(issue.maximum) } };
    else if (issue.code === 'invalid_format')
      out[field] = { key: field === 'email' ? 'email' : field === 'username' ? 'username' : 'invalid' };
    else if (issue.code === 'invalid_type' && issue.input === undefined) out[field] = { key: 'required' };
    else out[field] = { key: 'invalid' };
  }
  return out;
}

export async function readApiError(res: Response): Promise<ApiErrorBody['error']> {
  try {
    return ((await res.json()) as ApiErrorBody).error;
  } catch {
    return undefined;
  }
}
