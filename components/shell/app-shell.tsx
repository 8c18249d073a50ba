'use client';

import { Menu } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePathname } from '@/i18n/navigation';
import type { Scope } from '@/lib/auth/scopes';
import { FunderSwitch, type FunderOption } from './funder-switch';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo';
import { NavbarSearch } from './navbar-search';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import { UserMenu, type ShellUser } from './user-menu';

type AppShellProps = {
  user: ShellUser;
  scopes: Scope[];
  /** The funders the user may switch between (users with read:funders), and the active one. */
  funders?: FunderOption[];
  activeFunderId?: number;
  /** Server-rendered footer. */
  footer: ReactNode;
  children: ReactNode;
};

/**
 * The signed-in frame: vertical menu, sticky navbar, content, footer, scroll-to-top.
 * Client-side only for the drawer state; the page content arrives as server-rendered children.
 */
export function AppShell({ user, scopes, funders, activeFunderId, footer, children }: AppShellProps) {
  const t = useTranslations('shell');
  const tc = useTranslations('common');
  const pathname = usePathname();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // The drawer closes on every navigation (links close it too, this covers back/forward).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setDrawerOpen(false);
  }

  // Focus moves only once React has committed: while the drawer is open the page behind it is inert.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!drawerOpen) {
      if (returnFocus.current) menuButtonRef.current?.focus();
      returnFocus.current = false;
      return;
    }
    closeButtonRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      returnFocus.current = true;
      setDrawerOpen(false);
    };
    // Growing past the drawer breakpoint turns the drawer back into the fixed menu.
    const wide = window.matchMedia('(width >= 64rem)');
    const onWide = () => {
      if (wide.matches) setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [drawerOpen]);

  /** Close button and backdrop: focus returns to the menu button. Menu links: focus follows the navigation. */
  const closeDrawer = (restoreFocus: boolean) => {
    if (!drawerOpen) return;
    returnFocus.current = restoreFocus;
    setDrawerOpen(false);
  };

  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-primary-strong px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <Sidebar
        scopes={scopes}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => closeDrawer(true)}
        onNavigate={() => closeDrawer(false)}
        closeButtonRef={closeButtonRef}
      />
      {drawerOpen ? (
        <div className="fixed inset-0 z-30 bg-[rgb(47_43_61/0.5)] lg:hidden" aria-hidden="true" onClick={() => closeDrawer(true)} />
      ) : null}
      <div
        className="flex min-h-screen flex-col transition-[padding] duration-200 ease-out lg:pl-sidebar lg:menu-collapsed:pl-sidebar-mini"
        inert={drawerOpen}
      >
        <header className="navbar-backdrop sticky top-0 z-20 px-4 pt-3 sm:px-6">
          <div className="flex h-navbar items-center gap-2 rounded-md bg-surface px-3 shadow-navbar sm:px-5">
            <button
              ref={menuButtonRef}
              type="button"
              aria-label={t('openMenu')}
              aria-expanded={drawerOpen}
              aria-controls="sidebar"
              onClick={() => setDrawerOpen(true)}
              className="-ml-1 flex size-9.5 items-center justify-center rounded-full text-heading hover:bg-surface-muted lg:hidden"
            >
              <Menu className="size-5.5" aria-hidden="true" />
            </button>
            <span className="flex items-center gap-2 lg:hidden">
              <LogoMark className="size-7" />
              {/* Below 420 px the wordmark makes room for the funder switch; the logo mark stays. */}
              <span className="text-lg font-semibold tracking-tight text-heading max-[419px]:sr-only">{tc('appName')}</span>
            </span>
            <NavbarSearch funderId={activeFunderId} />
            <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-3">
              {funders && funders.length > 0 && activeFunderId !== undefined ? (
                <FunderSwitch funders={funders} activeId={activeFunderId} />
              ) : null}
              <LanguageSwitcher />
              <UserMenu user={user} />
            </div>
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 pt-6 pb-8 outline-none sm:px-6">
          {children}
        </main>
        {footer}
      </div>
      <ScrollToTop />
    </>
  );
}
