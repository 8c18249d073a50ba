import { z } from 'zod';
import { bodyIdSchema, idParam, pageParam, perPageParam, qParam } from './common';

export const PRODUCT_SORTS = ['featured', 'price-asc', 'price-desc'] as const;

/** GET /apps/ecommerce/products: q matches the name; featured = newest id first; perPage defaults to 9. */
export const productsListQuery = z.object({
  q: qParam,
  sortBy: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).default('featured'),
  ),
  page: pageParam,
  perPage: perPageParam(9),
});
export type ProductsListQuery = z.infer<typeof productsListQuery>;

/** GET /apps/ecommerce/products/{id} */
export const productIdParams = z.object({ id: idParam });
/** DELETE /apps/ecommerce/wishlist/{productId} and /cart/{productId} */
export const productIdPathParams = z.object({ productId: idParam });
/** POST /apps/ecommerce/wishlist and /cart: { productId } (a number or a numeric string). */
export const productIdBody = z.object({
  productId: bodyIdSchema,
});

export const productDto = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().describe('ends with -<id>'),
  description: z.string(),
  brand: z.string(),
  price: z.number().int().describe('minor units of currency'),
  currency: z.string(),
  image: z.string().nullable(),
  hasFreeShipping: z.boolean(),
  rating: z.number().int().min(0).max(5),
});
export type ProductDto = z.infer<typeof productDto>;

const listedProduct = productDto.extend({ isInWishlist: z.boolean(), isInCart: z.boolean() });
export const wishlistEntry = z.object({ id: z.number().int(), productId: z.number().int() });
export const cartEntry = z.object({ id: z.number().int(), productId: z.number().int(), qty: z.number().int() });

export const productsListResponse = z.object({
  products: z.array(listedProduct),
  total: z.number().int().describe('the filtered count'),
  userWishlist: z.array(wishlistEntry).describe("the caller's wishlist"),
  userCart: z.array(cartEntry).describe("the caller's cart"),
});
export const productResponse = z.object({ product: listedProduct.extend({ colorOptions: z.array(z.string()) }) });
export const wishlistResponse = z.object({ products: z.array(productDto.extend({ isInCart: z.boolean() })) });
export const cartProduct = productDto.extend({
  isInWishlist: z.boolean(),
  qty: z.number().int(),
  offers: z.number().int().min(1).max(4).describe('drawn once (1–4) when the line was created'),
  discountPercentage: z.number().int().min(3).max(20).describe('drawn once (3–20) when the line was created'),
  shippingDate: z.string().describe('YYYY-MM-DD, drawn once (1–8 days after the line was created)'),
});
export const cartResponse = z.object({ products: z.array(cartProduct) });
export const wishlistAddedResponse = z.object({ item: wishlistEntry, created: z.boolean() });
export const cartAddedResponse = z.object({
  item: cartEntry.extend({ offers: z.number().int(), discountPercentage: z.number().int(), shippingDate: z.string() }),
  created: z.boolean(),
});
export const removedResponse = z.object({ removed: z.boolean() });
