import type { Metadata, Viewport } from 'next';
import { GeistSans } from 'geist/font/sans';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { MENU_COLLAPSE_SCRIPT } from '@/components/shell/menu-collapse';
import { ServiceWorkerCleanup } from '@/components/shell/service-worker-cleanup';
import { routing } from '@/i18n/routing';
import { ClientMessages } from './client-messages';
import '../globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'common' });
  return {
    title: { template: `%s · ${t('appName')}`, default: t('appName') },
    description: t('tagline'),
    applicationName: t('appName'),
    // public/: the QUANTUM mark in the primary violet (SVG for current browsers, ICO for the rest).
    icons: {
      icon: [
        { url: '/favicon.svg', type: 'image/svg+xml' },
        { url: '/favicon.ico', sizes: '32x32' },
      ],
    },
  };
}

export const viewport: Viewport = { themeColor: '#7367f0' };

/** The root layout of every page: <html lang>, fonts, the client's messages (see ClientMessages), toasts. */
export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // The proxy's per-request CSP nonce; reading it renders every page at request time, as a nonce requires.
  const nonce = (await headers()).get('x-nonce') ?? undefined;

  return (
    // The inline script sets data-menu-collapsed before React hydrates.
    <html lang={locale} className={GeistSans.variable} data-menu-collapsed="false" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MENU_COLLAPSE_SCRIPT }} />
      </head>
      <body>
        {/* Only what the client components outside a route's own provider need: the error boundary's and the 404 panel's texts. */}
        <ClientMessages namespaces={['errors', 'common']}>
          {children}
          {/* Below the sticky navbar (12 px gap + 64 px bar + 12 px), so toasts never cover the funder or language switch. */}
          <Toaster
            position="top-right"
            offset={{ top: 88, right: 24 }}
            mobileOffset={{ top: 84 }}
            closeButton
            richColors
            duration={6000}
            toastOptions={{ className: 'font-sans' }}
          />
          <ServiceWorkerCleanup />
        </ClientMessages>
      </body>
    </html>
  );
}
