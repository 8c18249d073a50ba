import { ShieldX } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';

/** The localized 403 of a page the proxy refused before rendering (a funder page without read:funders). */
export default async function LocaleForbidden() {
  const t = await getTranslations('forbidden');
  const tc = await getTranslations('common');
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center p-6">
      <title>{`${t('title')} · ${tc('appName')}`}</title>
      <div className="w-full max-w-lg">
        <p className="mb-6 text-center text-6xl font-semibold tracking-tight text-primary-strong" aria-hidden="true">
          403
        </p>
        <EmptyState
          icon={ShieldX}
          tone="danger"
          title={t('title')}
          headingLevel={1}
          data-testid="forbidden"
          action={
            <Link href="/account" className={buttonClasses()}>
              {t('accountLink')}
            </Link>
          }
        >
          <p>{t('bodyAnyPage')}</p>
          <p className="mt-3 text-sm">{t('required', { scope: 'read:funders' })}</p>
        </EmptyState>
      </div>
    </main>
  );
}
