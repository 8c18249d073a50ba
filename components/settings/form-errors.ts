import {
  MAX_BUCKET_EDGES,
  MAX_BUCKET_EDGE_DAYS,
  MAX_GRACE_DAYS,
  MAX_IMPORT_INSTALMENT_TOLERANCE,
  MAX_NAME_LENGTH,
  formatPercentInput,
  issueReason,
  type FunderField,
} from '@/lib/validations/funders';
import { numberInputMessage } from '@/components/ui/number-input-message';
import { isCurrencyCode, minorUnitDigits } from '@/lib/finance/money';
import type { NumberParseFailure } from '@/lib/number-input';

export type FieldErrors = Partial<Record<FunderField, string>>;
type Translate = (key: string, values?: Record<string, string | number>) => string;
type Context = { locale: string; currency: string };

/** The values every error message of namespace `settings.errors` may use. */
function messageValues({ locale, currency }: Context): Record<string, string | number> {
  return {
    example: formatPercentInput(0.055, locale),
    maxName: MAX_NAME_LENGTH,
    maxEdges: MAX_BUCKET_EDGES,
    maxEdgeDays: MAX_BUCKET_EDGE_DAYS,
    maxGraceDays: MAX_GRACE_DAYS,
    maxInstalmentTolerance: formatPercentInput(MAX_IMPORT_INSTALMENT_TOLERANCE, locale),
    digits: isCurrencyCode(currency) ? minorUnitDigits(currency) : 2,
    currency,
  };
}

/**
 * Translated errors of a failed form parse, the first one per field. A number typed in another
 * locale's format (or ambiguously) is explained through the `numberInput` messages when `tn` is given.
 */
export function zodFieldErrors(
  issues: readonly { code?: string; path: readonly PropertyKey[]; params?: Record<string, unknown> }[],
  t: Translate,
  ctx: Context,
  tn?: Translate,
): FieldErrors {
  const out: FieldErrors = {};
  const values = messageValues(ctx);
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as FunderField;
    if (!field || out[field]) continue;
    const failure = issue.params?.numberInput as NumberParseFailure | undefined;
    const message = t(`errors.${issueReason(issue)}`, values);
    // "Enter a number such as 5,5." then why this one is refused ("Write this number as 6,25: …").
    out[field] = failure && tn ? `${message} ${numberInputMessage(tn, failure, ctx.locale)}` : message;
  }
  return out;
}

/** Translated errors of the server's 400 (issues carry the field path) or 409 (the name is taken). */
export function apiFieldErrors(
  issues: readonly { field: string; message: string }[],
  status: number,
  t: Translate,
  ctx: Context,
): FieldErrors {
  if (status === 409) return { name: t('errors.nameTaken') };
  return zodFieldErrors(
    issues.map((i) => ({ path: i.field.split('.') })),
    t,
    ctx,
  );
}
