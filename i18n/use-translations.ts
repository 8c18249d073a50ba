import { useMemo } from 'react';
import { createTranslator, useLocale, useMessages, useTimeZone, type useTranslations as nextUseTranslations } from 'next-intl';
import { formattersOf } from './message-formats';

/** The provider's messages, or none (next-intl's hook reports each message as missing then, rather than throwing). */
function useProviderMessages(): ReturnType<typeof useMessages> | undefined {
  try {
    return useMessages();
  } catch {
    return undefined;
  }
}

/**
 * next-intl's useTranslations hook for components, with the compiled messages kept for the process (the server) or
 * the page (the browser). next-intl's client provider makes a new cache for every server render, and its server
 * hook one per request, so every message with an argument (`{count}`, a plural, a date) a component shows was
 * parsed into an IntlMessageFormat again on every request (≈ 3 % of the Dashboard's server CPU under bench:ratio).
 * The message formats are memoised by their text, locale and formats, so one set per locale (formattersOf) is right
 * for every provider whatever messages it holds. The same translator otherwise: the provider's locale, messages and
 * time zone (a server component: the request's), next-intl's default onError and fallback (neither the providers,
 * app/[locale]/client-messages.tsx, nor i18n/request.ts set them, nor formats), one per render of the provider's
 * messages.
 */
function useTranslationsImpl(namespace?: string) {
  const locale = useLocale();
  const messages = useProviderMessages();
  const timeZone = useTimeZone();
  return useMemo(
    () => createTranslator({ locale, messages, namespace, timeZone, _formatters: formattersOf(locale) } as Parameters<typeof createTranslator>[0]),
    [locale, messages, namespace, timeZone],
  );
}

export const useTranslations = useTranslationsImpl as unknown as typeof nextUseTranslations;
