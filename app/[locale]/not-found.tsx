import { SearchX } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';

/** The localized 404 (unknown paths, `notFound()` calls, unsupported locales rewritten to /en/__not-found). */
export default async function LocaleNotFound() {
  const t = await getTranslations('errors');
  const tc = await getTranslations('common');
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center p-6">
      <title>{`${t('notFoundTitle')} · ${tc('appName')}`}</title>
      <div className="w-full max-w-lg">
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
    </main>
  );
}
