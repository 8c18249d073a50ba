import { Search, ShoppingCart, Truck } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { CatalogueNav } from '@/components/workspace/catalogue-nav';
import { ProductActions } from '@/components/workspace/product-actions';
import { Rating } from '@/components/workspace/product-card-parts';
import { Link } from '@/i18n/navigation';
import { formatMoney } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { PRODUCT_SORTS, productsListQuery } from '@/lib/validations/ecommerce';
import { CATALOGUE_PAGE_SIZE, catalogueScreen } from '@/services/workspace/catalogue';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('catalogue');

const select =
  'h-9.5 rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none';

/** Workspace → Catalogue: the funder's lease products with search, sort and paging; wishlist and cart toggles. */
export default async function CataloguePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'catalogue');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.catalogue');
  const format = await getFormatter();
  const { value: q } = parseLenient(productsListQuery, await searchParams);
  const query = { ...q, perPage: CATALOGUE_PAGE_SIZE };
  const screen = await catalogueScreen(getDb(), access.principal.user.id, query);
  const pageCount = Math.max(1, Math.ceil(screen.total / CATALOGUE_PAGE_SIZE));
  const base = { ...(q.q ? { q: q.q } : {}), ...(q.sortBy !== 'featured' ? { sortBy: q.sortBy } : {}) };
  const pageHref = (page: number) => ({ pathname: '/catalogue', query: { ...base, page } });

  return (
    <ClientMessages namespaces={['workspace.catalogue']}>
      <>
        <PageHeader
          page="catalogue"
          description={t('subtitle')}
          actions={<CatalogueNav cartCount={screen.cartCount} wishlistCount={screen.wishlistCount} />}
        />
        <Card className="mb-6 p-4">
          <form action="" method="get" role="search" className="flex flex-wrap items-end gap-3">
            <div className="min-w-48 flex-1">
              <label htmlFor="catalogue-q" className="mb-1 block text-[13px] font-medium text-heading">
                {t('search')}
              </label>
              <Input id="catalogue-q" name="q" type="search" defaultValue={q.q} placeholder={t('searchPlaceholder')} />
            </div>
            <div>
              <label htmlFor="catalogue-sort" className="mb-1 block text-[13px] font-medium text-heading">
                {t('sort')}
              </label>
              <select id="catalogue-sort" name="sortBy" defaultValue={q.sortBy} className={select}>
                {PRODUCT_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sorts.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClasses({ variant: 'outline' })} data-testid="catalogue-apply">
              <Search aria-hidden="true" />
              {t('apply')}
            </button>
          </form>
          <p className="mt-3 text-[13px]" aria-live="polite">
            {t('count', { count: screen.total })}
          </p>
        </Card>

        {screen.products.length === 0 ? (
          <EmptyState icon={ShoppingCart} title={t('empty')} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="catalogue-list">
            {screen.products.map((p) => (
              <li key={p.id}>
                <Card className="flex h-full flex-col gap-3 p-5" data-testid="product-card">
                  <div className="flex items-start justify-between gap-2">
                    <span className="text-[13px] font-medium text-primary-strong">{p.brand}</span>
                    <Rating value={p.rating} label={t('rating', { value: p.rating })} />
                  </div>
                  <h2 className="text-base leading-snug font-medium text-heading">
                    <Link
                      href={`/catalogue/${p.id}`}
                      className="hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                      data-testid="product-link"
                    >
                      {p.name}
                    </Link>
                  </h2>
                  <p className="line-clamp-3 flex-1 text-sm">{p.description}</p>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-lg font-medium text-heading tabular-nums">{formatMoney(format, p.price, p.currency)}</span>
                    {p.hasFreeShipping ? (
                      <Badge variant="success">
                        <Truck aria-hidden="true" className="size-3.5" />
                        {t('deliveryIncluded')}
                      </Badge>
                    ) : null}
                  </div>
                  <ProductActions productId={p.id} name={p.name} isInWishlist={p.isInWishlist} isInCart={p.isInCart} />
                </Card>
              </li>
            ))}
          </ul>
        )}

        {pageCount > 1 ? (
          <nav aria-label={t('paging')} className="mt-6 flex items-center justify-end gap-2 text-sm">
            {q.page > 1 ? (
              <Link
                href={pageHref(q.page - 1)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
                data-testid="catalogue-previous"
              >
                {t('previous')}
              </Link>
            ) : null}
            <span>{t('pageOf', { page: q.page, count: pageCount })}</span>
            {q.page < pageCount ? (
              <Link href={pageHref(q.page + 1)} className={buttonClasses({ variant: 'outline', size: 'sm' })} data-testid="catalogue-next">
                {t('next')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </>
    </ClientMessages>
  );
}
