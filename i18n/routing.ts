import { defineRouting } from 'next-intl/routing';

export const locales = ['en', 'de', 'fr', 'pt'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // Always prefixed: avoids the as-needed redirect loops known with auth middleware.
  localePrefix: 'always',
});

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (locales as readonly string[]).includes(value);
}
