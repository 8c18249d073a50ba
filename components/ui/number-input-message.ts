import { formatInputNumber, type MinorParseFailure } from '@/lib/number-input';

/** A translator of the `numberInput` message namespace (next-intl's `t`). */
type Translate = (key: 'wrongLocale' | 'ambiguous' | 'invalid' | 'tooManyDecimals', values?: Record<string, string | number>) => string;

/**
 * Why a typed number was refused (lib/number-input.ts), in the reader's language: another locale's
 * spelling with the one to write instead, an ambiguous number, too many decimals, or no number.
 */
export function numberInputMessage(t: Translate, failure: MinorParseFailure, locale: string): string {
  const example = formatInputNumber(1234.56, locale, 2);
  switch (failure.reason) {
    case 'wrong-locale':
      return failure.suggestion ? t('wrongLocale', { suggestion: failure.suggestion }) : t('invalid', { example });
    case 'ambiguous':
      return t('ambiguous', { example });
    case 'too-many-decimals':
      return t('tooManyDecimals', { digits: failure.digits });
    default:
      return t('invalid', { example });
  }
}
