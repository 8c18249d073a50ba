import { defineRouting } from 'next-intl/routing';

export const locales = ['en', 'de', 'fr', 'pt'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // Always prefixed: avoids the as-needed redirect loops known with auth middleware.
  localePrefix: 'always',
  // No Link header of the page in every locale on each response (next-intl's default): the pages are signed-in and
  // noindex, and building it took half of the locale routing's time on every page request.
  alternateLinks: false,
});

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (locales as readonly string[]).includes(value);
}
