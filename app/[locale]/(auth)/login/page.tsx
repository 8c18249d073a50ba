import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';
import { loginErrorOf } from '@/lib/auth/login-error';
import { LanguageSwitcher } from '@/components/shell/language-switcher';
import { LogoMark } from '@/components/shell/logo';
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
            <h1 className="text-2xl font-medium text-heading">{t('title')}</h1>
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
                <Link href="/register" className="font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary" data-testid="register-link">
                  {tr('create')}
                </Link>
              </p>
            ) : null}
          </div>
        </main>
      </div>
    </ClientMessages>
  );
}
