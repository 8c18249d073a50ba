import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LanguageSwitcher } from '@/components/shell/language-switcher';
import { LogoMark } from '@/components/shell/logo';
import { Link } from '@/i18n/navigation';
import { RegisterForm } from '@/components/workspace/register-form';
import { env } from '@/lib/env';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.register' });
  return { title: t('title') };
}

/** Self-registration (public), following POST /jwt/register; with REGISTRATION=closed it only says so. */
export default async function RegisterPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('workspace.register');
  const tc = await getTranslations('common');
  const closed = env().REGISTRATION === 'closed';

  return (
    <ClientMessages namespaces={['workspace.register', 'shell']}>
      <div className="relative flex min-h-screen flex-col overflow-hidden">
        <header className="relative flex justify-end p-4 sm:p-6">
          <LanguageSwitcher />
        </header>
        <main id="main-content" className="relative flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
          <div className="w-full max-w-[460px] rounded-md bg-surface p-6 shadow-card sm:p-10">
            <div className="mb-6 flex items-center justify-center gap-2.5">
              <LogoMark className="size-9" />
              <span className="text-[26px] font-semibold tracking-tight text-heading">{tc('appName')}</span>
            </div>
            <h1 className="text-2xl font-medium text-heading">{t('title')}</h1>
            {closed ? (
              <div data-testid="register-closed">
                <p className="mt-2 mb-6 text-[15px]">{t('closed')}</p>
                <Link href="/login" className="font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                  {t('signIn')}
                </Link>
              </div>
            ) : (
              <>
                <p className="mt-1 mb-6 text-[15px]">{t('subtitle')}</p>
                <RegisterForm />
              </>
            )}
          </div>
        </main>
      </div>
    </ClientMessages>
  );
}
