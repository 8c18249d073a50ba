'use client';

import { SearchX } from '@/lib/icons';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { useTranslations } from '@/i18n/use-translations';

/**
 * The localized "page not found" panel with its way back; the caller decides the frame (inside the shell or alone).
 * A client component: Next renders each layout's not-found boundary into every page's payload, where a client
 * component costs a reference instead of a server-rendered tree (≈ 1.4 KB and its render, per boundary and request).
 */
export function NotFoundPanel() {
  const t = useTranslations('errors');
  const tc = useTranslations('common');
  return (
    <div className="mx-auto w-full max-w-lg py-10">
      <title>{`${t('notFoundTitle')} · ${tc('appName')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="mb-6 text-center text-6xl font-semibold tracking-tight text-primary-strong" aria-hidden="true">
        404
      </p>
      <EmptyState
        icon={SearchX}
        title={t('notFoundTitle')}
        headingLevel={1}
        data-testid="not-found"
        action={
          <Link href="/" className={buttonClasses()}>
            {t('backHome')}
          </Link>
        }
      >
        {t('notFoundBody')}
      </EmptyState>
    </div>
  );
}
