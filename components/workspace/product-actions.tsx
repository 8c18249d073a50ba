'use client';

import { Heart, ShoppingCart } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useRouter } from '@/i18n/navigation';
import { postJson } from './post-json';

type Props = { productId: number; isInWishlist: boolean; isInCart: boolean; name: string };

/** A product's wishlist and cart toggles (the documented e-commerce endpoints); the page is then rendered again. */
export function ProductActions({ productId, isInWishlist, isInCart, name }: Props) {
  const t = useTranslations('workspace.catalogue');
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const toggle = async (list: 'wishlist' | 'cart', on: boolean, done: string) => {
    setBusy(true);
    try {
      if (on) await postJson(`/api/apps/ecommerce/${list}/${productId}`, undefined, 'DELETE');
      else await postJson(`/api/apps/ecommerce/${list}`, { productId });
      toast.success(done);
      router.refresh();
    } catch {
      toast.error(t('actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-pressed={isInWishlist}
        aria-label={`${isInWishlist ? t('removeFromWishlist') : t('addToWishlist')}: ${name}`}
        onClick={() => toggle('wishlist', isInWishlist, isInWishlist ? t('removedFromWishlist') : t('addedToWishlist'))}
        data-testid="product-wishlist"
      >
        <Heart aria-hidden="true" className={cn(isInWishlist && 'fill-danger-text text-danger-text')} />
        {isInWishlist ? t('wished') : t('wish')}
      </Button>
      <Button
        variant={isInCart ? 'secondary' : 'primary'}
        size="sm"
        disabled={busy}
        aria-pressed={isInCart}
        aria-label={`${isInCart ? t('removeFromCart') : t('addToCart')}: ${name}`}
        onClick={() => toggle('cart', isInCart, isInCart ? t('removedFromCart') : t('addedToCart'))}
        data-testid="product-cart"
      >
        <ShoppingCart aria-hidden="true" />
        {isInCart ? t('inCart') : t('addToCart')}
      </Button>
    </div>
  );
}
