import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { LoginForm } from '@/components/auth/login-form';
import { loginErrorOf } from '@/lib/auth/login-error';
import { AuthFrame } from '@/components/auth/auth-frame';
import { authLinkClass } from '@/components/auth/auth-link';
import { metadataFor } from '@/components/shell/page-metadata';
import { DEMO_PASSWORD, DEMO_USERS } from '@/db/seed/users';
import { routing } from '@/i18n/routing';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { env, isOidcEnabled } from '@/lib/env';
import { Link } from '@/i18n/navigation';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[] }>;
};

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export const generateMetadata = metadataFor('login');

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The sign-in page (public). Rendered per request: the callback and the identity-provider switch are runtime facts. */
export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations('auth');
  const tc = await getTranslations('common');
  const tr = await getTranslations('workspace.register');

  const callbackPath = safeCallbackPath(first(query.callbackUrl), `/${locale}`);
  const demoAccounts = DEMO_USERS.map((u) => ({ email: u.email, roleLabel: tc(`roles.${u.role}`) }));

  return (
    <ClientMessages namespaces={['auth', 'shell']}>
      <AuthFrame title={t('title')}>
        <p className="mt-1 mb-6 text-[15px]">{t('subtitle')}</p>
        <LoginForm
          callbackPath={callbackPath}
          oidcEnabled={isOidcEnabled()}
          initialError={loginErrorOf(first(query.error))}
          demoAccounts={demoAccounts}
          demoPassword={DEMO_PASSWORD}
        />
        {env().REGISTRATION === 'open' ? (
          <p className="mt-6 text-center text-sm">
            {tr('noAccount')}{' '}
            <Link href="/register" className={authLinkClass} data-testid="register-link">
              {tr('create')}
            </Link>
          </p>
        ) : null}
      </AuthFrame>
    </ClientMessages>
  );
}
