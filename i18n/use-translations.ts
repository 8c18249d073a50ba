import { useMemo } from 'react';
import { createTranslator, useLocale, useMessages, useTimeZone, type useTranslations as nextUseTranslations } from 'next-intl';
import { messagesAt } from '@/lib/i18n/pick-messages';

/** The provider's messages, or none (next-intl's hook reports each message as missing then, rather than throwing). */
function useProviderMessages(): ReturnType<typeof useMessages> | undefined {
  try {
    return useMessages();
  } catch {
    return undefined;
  }
}

type Translator = ReturnType<typeof createTranslator>;

/**
 * Translators kept per namespace's messages object, locale and time zone (next-intl's public createTranslator; its
 * compiled messages live in the translator). A provider that holds a whole namespace holds the catalogue's own object
 * for it (lib/i18n/pick-messages.ts copies references), the same on every request, so its messages are compiled once
 * for the process (the server) or the page (the browser) instead of on every render (≈ 3 % of the Dashboard's server
 * CPU under bench:ratio). A translator only reads its namespace's messages, so one made for another provider holding
 * the same object answers the same.
 */
const kept = new WeakMap<object, Map<string, Translator>>();

/**
 * next-intl's useTranslations hook for components, through its public API: the provider's locale, messages and time
 * zone, next-intl's default onError and fallback (neither the providers, app/[locale]/client-messages.tsx, nor
 * i18n/request.ts set them, nor formats), a translator kept per namespace messages object (above).
 */
function useTranslationsImpl(namespace?: string) {
  const locale = useLocale();
  const messages = useProviderMessages();
  const timeZone = useTimeZone();
  return useMemo(() => {
    const make = () => createTranslator({ locale, messages, namespace, timeZone } as Parameters<typeof createTranslator>[0]);
    const scope = messagesAt(messages, namespace);
    if (scope === null || typeof scope !== 'object') return make();
    let byKey = kept.get(scope);
    if (!byKey) kept.set(scope, (byKey = new Map()));
    const key = `${locale}\u0000${timeZone ?? ''}\u0000${namespace ?? ''}`;
    let t = byKey.get(key);
    if (!t) byKey.set(key, (t = make()));
    return t;
  }, [locale, messages, namespace, timeZone]);
}

export const useTranslations = useTranslationsImpl as unknown as typeof nextUseTranslations;
