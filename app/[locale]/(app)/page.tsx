import { setRequestLocale } from 'next-intl/server';
import { requirePrincipal } from '@/app/[locale]/prelude';
import { redirect } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';

type Props = { params: Promise<{ locale: string }> };

/** `/{locale}`: funder staff start on the dashboard, everyone else on their account page. */
export default async function LocaleHome({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const principal = await requirePrincipal(locale);
  return redirect({ href: hasScope(principal.scopes, 'read:funders') ? '/dashboard' : '/account', locale });
}
