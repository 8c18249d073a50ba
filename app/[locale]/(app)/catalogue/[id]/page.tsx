import { Truck } from '@/lib/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { TrailHeader } from '@/components/shell/trail-header';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CatalogueNav } from '@/components/workspace/catalogue-nav';
import { ProductActions } from '@/components/workspace/product-actions';
import { Rating } from '@/components/workspace/product-card-parts';
import { formatMoney } from '@/lib/format';
import { idParam } from '@/lib/validations/common';
import { cartScreen, productScreen } from '@/services/workspace/catalogue';
import { getCurrentPrincipal } from '@/services/auth/session';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const parsed = idParam.safeParse(id);
  const who = await getCurrentPrincipal();
  const found = parsed.success && who ? await productScreen(getDb(), who.user.id, parsed.data) : undefined;
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: found?.name ?? t('catalogue') };
}

/** One catalogue product: brand, description, price, rating, wishlist and cart; an unknown id is a 404 in the shell. */
export default async function ProductPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'catalogue');
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const db = getDb();
  const userId = access.principal.user.id;
  const product = await productScreen(db, userId, id.data);
  if (!product) notFound();
  const { cart, wishlist } = await cartScreen(db, userId);

  const t = await getTranslations('workspace.catalogue');
  const format = await getFormatter();
  return (
    <ClientMessages namespaces={['workspace.catalogue']}>
      <>
        <TrailHeader
          section={{ nav: 'catalogue', href: '/catalogue' }}
          trail={[{ label: product.name }]}
          title={product.name}
          actions={<CatalogueNav cartCount={cart.length} wishlistCount={wishlist.length} />}
        />
        <Card className="min-w-0 p-6" data-testid="product-page">
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm font-medium text-primary-strong">{product.brand}</span>
            <Rating value={product.rating} label={t('rating', { value: product.rating })} />
          </div>
          <p className="mt-4 max-w-prose text-[15px] leading-relaxed text-heading">{product.description}</p>
          <dl className="mt-6 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt>{t('price')}</dt>
            <dd className="text-xl font-medium text-heading tabular-nums">{formatMoney(format, product.price, product.currency)}</dd>
            <dt>{t('delivery')}</dt>
            <dd>
              {product.hasFreeShipping ? (
                <Badge variant="success">
                  <Truck aria-hidden="true" className="size-3.5" />
                  {t('deliveryIncluded')}
                </Badge>
              ) : (
                t('deliveryQuoted')
              )}
            </dd>
          </dl>
          <div className="mt-6">
            <ProductActions productId={product.id} name={product.name} isInWishlist={product.isInWishlist} isInCart={product.isInCart} />
          </div>
        </Card>
      </>
    </ClientMessages>
  );
}
