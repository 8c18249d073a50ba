'use client';

import { Languages } from '@/lib/icons';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useTransition } from 'react';
import { cn } from '@/components/ui/cn';
import { usePathname, useRouter } from '@/i18n/navigation';
import { isLocale, locales, type Locale } from '@/i18n/routing';

/** Each language is offered in its own name (an autonym), so it is recognisable whatever the current language. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

/** A native select: accessible by default. Switching keeps the current path, query and hash. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();

  return (
    <div className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <Languages className="pointer-events-none absolute left-2.5 size-4.5 text-heading" aria-hidden="true" />
      <select
        id={id}
        data-testid="language-switcher"
        value={locale}
        disabled={pending}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          const { search, hash } = window.location;
          startTransition(() => router.replace(`${pathname}${search}${hash}`, { locale: next, scroll: false }));
        }}
        className="h-9 cursor-pointer appearance-none rounded-md border border-transparent bg-transparent pr-3 pl-8.5 text-[15px] text-heading hover:bg-surface-muted disabled:opacity-70"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
