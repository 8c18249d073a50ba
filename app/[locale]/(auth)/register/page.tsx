import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { AuthFrame } from '@/components/auth/auth-frame';
import { authLinkClass } from '@/components/auth/auth-link';
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
  const closed = env().REGISTRATION === 'closed';

  return (
    <ClientMessages namespaces={['workspace.register', 'shell']}>
      <AuthFrame title={t('title')}>
        {closed ? (
          <div data-testid="register-closed">
            <p className="mt-2 mb-6 text-[15px]">{t('closed')}</p>
            <Link href="/login" className={authLinkClass}>
              {t('signIn')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-1 mb-6 text-[15px]">{t('subtitle')}</p>
            <RegisterForm />
          </>
        )}
      </AuthFrame>
    </ClientMessages>
  );
}
