import { Heart, ShoppingCart } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';

/** The header links of the catalogue pages: wishlist and cart with their counts (both live on the cart page). */
export async function CatalogueNav({ cartCount, wishlistCount }: { cartCount: number; wishlistCount: number }) {
  const t = await getTranslations('workspace.catalogue');
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        href={{ pathname: '/catalogue/cart', hash: 'wishlist' }}
        className={buttonClasses({ variant: 'outline' })}
        data-testid="catalogue-wishlist-link"
      >
        <Heart aria-hidden="true" />
        {t('wishlist')}
        <Badge variant="secondary">{wishlistCount}</Badge>
      </Link>
      <Link href="/catalogue/cart" className={buttonClasses({ variant: 'outline' })} data-testid="catalogue-cart-link">
        <ShoppingCart aria-hidden="true" />
        {t('cart')}
        <Badge variant="primary">{cartCount}</Badge>
      </Link>
    </div>
  );
}
