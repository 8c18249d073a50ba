import { Heart, ShoppingCart } from '@/lib/icons';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProductActions } from '@/components/workspace/product-actions';
import { QuotationRequest } from '@/components/workspace/quotation-request';
import { Link } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';
import { addDays } from '@/lib/finance/dates';
import { requestClock } from '@/lib/clock';
import { formatMoney } from '@/lib/format';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { cartScreen } from '@/services/workspace/catalogue';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'workspace.catalogue' });
  return { title: t('cart') };
}

/** The catalogue's cart and wishlist; from the cart a user with write:funders requests an onboarding quotation. */
export default async function CartPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'catalogue');
  if (!access.ok) return access.forbidden;
  const db = getDb();
  const { cart, wishlist } = await cartScreen(db, access.principal.user.id);
  const canQuote = hasScope(access.principal.scopes, 'write:funders');
  const funder = canQuote && cart.length > 0 ? await getActiveFunder(db, access.principal) : null;

  const t = await getTranslations('workspace.catalogue');
  const format = await getFormatter();
  const line = (p: (typeof cart)[number] | (typeof wishlist)[number], actions: { isInWishlist: boolean; isInCart: boolean }) => (
    <li key={p.id} className="flex flex-wrap items-center gap-4 py-3">
      <div className="min-w-0 flex-1">
        <Link
          href={`/catalogue/${p.id}`}
          className="font-medium text-heading hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-primary"
        >
          {p.name}
        </Link>
        <p className="text-[13px]">{p.brand}</p>
      </div>
      <span className="font-medium text-heading tabular-nums">{formatMoney(format, p.price, p.currency)}</span>
      <ProductActions productId={p.id} name={p.name} {...actions} />
    </li>
  );

  return (
    <ClientMessages
      namespaces={[
        'workspace.catalogue',
        'masterFile.picker',
        'masterFile.fields',
        'masterFile.assetTypes',
        'masterFile.timings',
        'masterFile.frequencies',
        'masterFile.errors',
      ]}
    >
      <>
        <TrailHeader
          section={{ nav: 'catalogue', href: '/catalogue' }}
          trail={[{ label: t('cart') }]}
          title={t('cart')}
          description={t('cartSubtitle')}
        />
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>{t('cart')}</CardTitle>
              </CardHeader>
              <CardContent>
                {cart.length === 0 ? (
                  <EmptyState icon={ShoppingCart} title={t('cartEmpty')} className="shadow-none" />
                ) : (
                  <ul className="divide-y divide-border" data-testid="cart-list">
                    {cart.map((p) => line(p, { isInWishlist: p.isInWishlist, isInCart: true }))}
                  </ul>
                )}
              </CardContent>
            </Card>
            <Card id="wishlist">
              <CardHeader>
                <CardTitle>{t('wishlist')}</CardTitle>
              </CardHeader>
              <CardContent>
                {wishlist.length === 0 ? (
                  <EmptyState icon={Heart} title={t('wishlistEmpty')} className="shadow-none" />
                ) : (
                  <ul className="divide-y divide-border" data-testid="wishlist-list">
                    {wishlist.map((p) => line(p, { isInWishlist: true, isInCart: p.isInCart }))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
          {funder ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('requestQuotation')}</CardTitle>
                <CardDescription>{t('requestHint', { funder: funder.name })}</CardDescription>
              </CardHeader>
              <CardContent>
                <QuotationRequest
                  funderId={funder.id}
                  products={cart.map((p) => ({ id: p.id, name: p.name }))}
                  firstDueDate={addDays(requestClock().today, 30)}
                />
              </CardContent>
            </Card>
          ) : null}
        </div>
      </>
    </ClientMessages>
  );
}
