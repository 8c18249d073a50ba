import { setRequestLocale } from 'next-intl/server';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { Footer } from '@/components/shell/footer';
import { SessionEnded } from '@/components/shell/session-ended';
import { getDb } from '@/db';
import { listAccessibleFunders } from '@/services/auth/funder-access';
import { redirect } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';
import { getCurrentPrincipal } from '@/services/auth/session';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { ClientMessages } from '../client-messages';
import { FixedTodayProvider } from '@/components/clock/today';
import { FixedClockNotice } from '@/components/shell/fixed-clock-notice';
import { fixedToday } from '@/lib/clock';

/** The shell's client components (menu, navbar, search, funder switch, session end), the error boundary and the 404 panel; pages add their own. */
const SHELL_NAMESPACES = ['common', 'nav', 'navbarSearch', 'session', 'settings.funderSwitch', 'shell', 'errors'];

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

/** Every signed-in page: checks the session again (the proxy is not a security boundary) and draws the shell. */
export default async function AppLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const principal = await getCurrentPrincipal();
  if (!principal) {
    // A cookie the server no longer accepts (revoked): the proxy would bounce /login back here, so clear it first.
    const jar = await cookies();
    if (jar.getAll().some((c) => c.name.endsWith('next-auth.session-token'))) {
      return (
        <ClientMessages namespaces={SHELL_NAMESPACES}>
          <SessionEnded />
        </ClientMessages>
      );
    }
    // A layout does not know the requested path; the proxy normally redirects earlier, with callbackUrl.
    return redirect({ href: '/login', locale });
  }
  const { user, scopes } = principal;
  // The navbar's funder switch, for users who may read funder data.
  const funders = hasScope(scopes, 'read:funders') ? await listAccessibleFunders(getDb(), principal) : [];
  const activeFunderId = funders.length > 0 ? (await getActiveFunder(getDb(), principal)).id : undefined;
  // QUANTUM_TODAY (lib/clock): said on every page, and handed to the client components that date a write.
  const fixed = fixedToday();
  return (
    <ClientMessages namespaces={SHELL_NAMESPACES}>
      <AppShell
        user={{ name: user.fullName || user.username, email: user.email, role: user.role }}
        scopes={scopes}
        funders={funders.map(({ id, name, baseCurrency }) => ({ id, name, baseCurrency }))}
        activeFunderId={activeFunderId}
        footer={<Footer />}
      >
        {fixed !== null && <FixedClockNotice date={fixed} />}
        <FixedTodayProvider today={fixed}>{children}</FixedTodayProvider>
      </AppShell>
    </ClientMessages>
  );
}
