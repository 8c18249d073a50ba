import { SearchX } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';

/** The localized "page not found" panel with its way back; the caller decides the frame (inside the shell or alone). */
export async function NotFoundPanel() {
  const t = await getTranslations('errors');
  const tc = await getTranslations('common');
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
