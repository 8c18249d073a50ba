'use client';

import { LogIn } from '@/lib/icons';
import { signOut } from 'next-auth/react';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * Shown when the browser still holds a session cookie that the server no longer accepts (signed out
 * elsewhere, role changed). Redirecting to the sign-in page would loop: the proxy sends anyone with a
 * cookie away from it. Signing out clears the cookie first, then lands on the sign-in page.
 */
function signOutAndReturn(locale: string): Promise<unknown> {
  const back = window.location.pathname + window.location.search;
  return signOut({ callbackUrl: `/${locale}/login?callbackUrl=${encodeURIComponent(back)}` });
}

export function SessionEnded() {
  const t = useTranslations('session');
  const locale = useLocale();
  const [busy, setBusy] = useState(true);

  const leave = () => {
    setBusy(true);
    signOutAndReturn(locale).catch(() => setBusy(false));
  };

  useEffect(() => {
    signOutAndReturn(locale).catch(() => setBusy(false));
  }, [locale]);

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center p-6">
      <EmptyState
        icon={LogIn}
        headingLevel={1}
        title={t('endedTitle')}
        className="w-full max-w-lg"
        data-testid="session-ended"
        action={
          <Button onClick={leave} disabled={busy}>
            {t('signInAgain')}
          </Button>
        }
      >
        {t('endedBody')}
      </EmptyState>
    </main>
  );
}
