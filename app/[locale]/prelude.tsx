import 'server-only';
import { ShieldX } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import type { ReactElement } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Link, redirect } from '@/i18n/navigation';
import type { Principal } from '@/services/auth/principal';
import type { Scope } from '@/lib/auth/scopes';
import { getCurrentPrincipal } from '@/services/auth/session';
import { funderAccessOf } from '@/services/auth/funder-access';
import { canSee, getNavItem, type NavPageKey } from '@/lib/navigation';

/**
 * The signed-in principal, or a redirect to the sign-in page. The proxy already redirects signed-out
 * visitors, but it is a convenience, not the security boundary.
 * `returnTo` is the locale-relative path to come back to after signing in.
 */
export async function requirePrincipal(locale: string, returnTo?: string): Promise<Principal> {
  const principal = await getCurrentPrincipal();
  if (!principal) {
    return redirect({ href: returnTo ? { pathname: '/login', query: { callbackUrl: `/${locale}${returnTo}` } } : '/login', locale });
  }
  return principal;
}

export type PageAccess = { ok: true; principal: Principal } | { ok: false; principal: Principal; forbidden: ReactElement };

/**
 * The server-side permission check of a page. The required scope comes from the menu definition
 * (lib/navigation.ts), so the menu and the page can never disagree:
 *
 *   const access = await guardPage(locale, 'portfolioSummary');
 *   if (!access.ok) return access.forbidden;
 *   // … load data for access.principal …
 *
 * Call it before loading any data. A page outside the menu passes its scope and its translated title:
 * guardPage(locale, { scope: 'write:funders', title: t('title') }).
 */
export async function guardPage(locale: string, page: NavPageKey | { scope: Scope; title: string }): Promise<PageAccess> {
  const item = typeof page === 'string' ? getNavItem(page) : null;
  const principal = await requirePrincipal(locale, item?.href);
  const scope = item ? item.scope : (page as { scope: Scope }).scope;
  if (canSee(principal.scopes, scope)) {
    // Funder data needs an assigned funder too (domain.md §12): say so rather than fail in the page.
    const access = scope === 'read:funders' || scope === 'write:funders' ? await funderAccessOf(principal) : 'all';
    if (access !== 'all' && access.size === 0) return { ok: false, principal, forbidden: <NoFunderPanel /> };
    return { ok: true, principal };
  }
  const title = typeof page === 'string' ? (await getTranslations({ locale, namespace: 'pages' }))(page) : page.title;
  // canSee() only refuses when a scope is required.
  return { ok: false, principal, forbidden: <ForbiddenPanel scope={scope!} page={title} /> };
}

/** A user with the scope but no funder assigned yet: an administrator assigns funders in Users & access. */
export async function NoFunderPanel() {
  const t = await getTranslations('access.noFunder');
  return (
    <EmptyState icon={ShieldX} tone="danger" headingLevel={1} title={t('title')} data-testid="no-funder" className="mt-4">
      <p>{t('body')}</p>
    </EmptyState>
  );
}

/** The 403 panel, shown inside the shell (for a page the proxy refused, with status 403; for a page's own check, the panel says it). Without `page`, it speaks of "this page". */
export async function ForbiddenPanel({ scope, page }: { scope: Scope; page?: string }) {
  const t = await getTranslations('forbidden');
  return (
    <>
      <meta name="robots" content="noindex" />
      <EmptyState
        icon={ShieldX}
        tone="danger"
        headingLevel={1}
        title={t('title')}
        data-testid="forbidden"
        className="mt-4"
        action={
          <Link href="/account" className={buttonClasses()}>
            {t('accountLink')}
          </Link>
        }
      >
        <p>{page === undefined ? t('bodyAnyPage') : t('body', { page })}</p>
        <p className="mt-3 text-sm">{t('required', { scope })}</p>
      </EmptyState>
    </>
  );
}
