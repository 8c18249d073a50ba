import 'server-only';
import { createTranslator } from 'next-intl';
import { getLocale, type getTranslations as nextGetTranslations } from 'next-intl/server';
import { APP_TIME_ZONE } from '@/lib/format';
import { loadMessages } from './messages';
import { defaultLocale, isLocale, type Locale } from './routing';

type Translator = ReturnType<typeof createTranslator>;

/** Per locale: one translator per namespace, for the process (each keeps its Intl objects and compiled messages). */
const kept = new Map<Locale, Map<string, Translator>>();

/**
 * next-intl's getTranslations() for server components and route handlers, with the translators kept for the
 * process. next-intl's own builds its formatters per request: every message with an argument (`{funder}`, a
 * plural, a date) was parsed again into an IntlMessageFormat, its locale resolved and its Intl objects made, on
 * every request (≈ 8 % of the Dashboard's server CPU under bench:ratio). The same configuration as
 * i18n/request.ts: the locale asked for (the request's when none is given; an unknown one falls back to the
 * default), its merged catalogue (loaded once per process, never mutated), the UTC time zone, next-intl's default
 * onError and fallback. Translators are pure functions of those, so one per locale and namespace serves every
 * request.
 */
async function getTranslationsImpl(arg?: string | { locale?: string; namespace?: string }): Promise<Translator> {
  const { locale: asked, namespace } = typeof arg === 'object' ? arg : { locale: undefined, namespace: arg };
  const requested = asked ?? (await getLocale());
  const locale = isLocale(requested) ? requested : defaultLocale;
  let translators = kept.get(locale);
  if (!translators) kept.set(locale, (translators = new Map()));
  const key = namespace ?? '';
  let t = translators.get(key);
  if (!t) {
    const messages = await loadMessages(locale);
    // next-intl's public createTranslator: the translator keeps its compiled messages, so one per locale and namespace
    // compiles each message once for the process.
    t = createTranslator({ locale, messages, namespace, timeZone: APP_TIME_ZONE } as Parameters<typeof createTranslator>[0]);
    translators.set(key, t);
  }
  return t;
}

export const getTranslations = getTranslationsImpl as unknown as typeof nextGetTranslations;
