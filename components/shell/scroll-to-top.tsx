'use client';

import { ArrowUp } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';

/** Appears once the page has been scrolled down; moves focus back to the top so keyboard users follow. */
export function ScrollToTop() {
  const t = useTranslations('shell');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <button
      type="button"
      aria-label={t('scrollToTop')}
      title={t('scrollToTop')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }}
      className={cn(
        'fixed right-6 bottom-6 z-30 flex size-10 items-center justify-center rounded-md bg-primary-strong text-white shadow-primary transition-[opacity,translate] duration-200 hover:bg-primary-hover',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-4 opacity-0',
      )}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
