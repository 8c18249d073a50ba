import { useLocale } from 'next-intl';
import { localeFormatter, type Formatter } from '@/lib/format';

/**
 * next-intl's useFormatter() for server and client components, with the Intl objects kept for the process (the
 * browser's page, the server): next-intl's provider makes a new cache for every server render, so each table
 * rendered on the server built its Intl.NumberFormat and DateTimeFormat objects again on every request. The same
 * text (lib/format.ts localeFormatter: the active locale, UTC as i18n/request.ts configures it).
 */
export function useFormatter(): Formatter {
  return localeFormatter(useLocale());
}
