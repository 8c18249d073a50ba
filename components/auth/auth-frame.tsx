import type { ReactNode } from 'react';
import { getTranslations } from '@/i18n/translations';
import { LanguageSwitcher } from '@/components/shell/language-switcher';
import { LogoMark } from '@/components/shell/logo';

/** The frame of the public auth pages (sign-in, registration): language switcher, and a card with the mark, the name and the page's title. */
export async function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const tc = await getTranslations('common');
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden">
      {/* Soft violet shapes behind the card, as on Vuexy's basic sign-in page. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -top-24 -left-24 size-96 rounded-full bg-primary/10 blur-3xl" />
        <div className="absolute -right-32 -bottom-32 size-[28rem] rounded-full bg-info/10 blur-3xl" />
      </div>
      <header className="relative flex justify-end p-4 sm:p-6">
        <LanguageSwitcher />
      </header>
      <main id="main-content" className="relative flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-[460px] rounded-md bg-surface p-6 shadow-card sm:p-10">
          <div className="mb-6 flex items-center justify-center gap-2.5">
            <LogoMark className="size-9" />
            <span className="text-[26px] font-semibold tracking-tight text-heading">{tc('appName')}</span>
          </div>
          <h1 className="text-2xl font-medium text-heading">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
