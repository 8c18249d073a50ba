import { transaction } from '../../transaction';
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import { addDays } from '@/lib/finance/dates';
import type { ProductDto, ProductsListQuery } from '@/lib/validations/ecommerce';
import type { Db, DbOrTx } from '@/db/client';
import { type CartItem, type Product } from '@/db/schema/commerce';
import { cartItems, products, wishlistItems } from '@/db/tables';

/** The template's constant colour choices of a product detail. */
export const COLOR_OPTIONS = ['primary', 'success', 'warning', 'danger', 'info'];

function productDto(p: Product): ProductDto {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    brand: p.brand,
    price: p.price,
    currency: p.currency,
    image: p.image ?? null,
    hasFreeShipping: p.hasFreeShipping,
    rating: p.rating,
  };
}

async function wishlistOf(db: DbOrTx, userId: number) {
  return await db
    .select({ id: wishlistItems.id, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.id));
}

async function cartOf(db: DbOrTx, userId: number): Promise<CartItem[]> {
  return await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id));
}

/**
 * One page of the catalogue for a user: q matches the name (case-insensitive); featured = newest id
 * first, price-asc / price-desc with the id as tie-break. Each product says whether it is on the
 * caller's wishlist or in their cart.
 */
export async function pageProducts(db: DbOrTx, userId: number, query: ProductsListQuery) {
  let where: SQL | undefined;
  if (query.q) {
    const p = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = sql`lower(${products.name}) like ${p} escape '\\'`;
  }
  const order =
    query.sortBy === 'price-asc'
      ? [asc(products.price), asc(products.id)]
      : query.sortBy === 'price-desc'
        ? [desc(products.price), desc(products.id)]
        : [desc(products.id)];
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(products)
        .where(where)
        .limit(1)
    )[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const userWishlist = await wishlistOf(db, userId);
  const cart = await cartOf(db, userId);
  const wished = new Set(userWishlist.map((w) => w.productId));
  const inCart = new Set(cart.map((c) => c.productId));
  return {
    products: rows.map((p) => ({ ...productDto(p), isInWishlist: wished.has(p.id), isInCart: inCart.has(p.id) })),
    total,
    userWishlist,
    userCart: cart.map((c) => ({ id: c.id, productId: c.productId, qty: c.qty })),
  };
}

async function productRow(db: DbOrTx, id: number): Promise<Product | undefined> {
  return (await db.select().from(products).where(eq(products.id, id)).limit(1))[0];
}

/** A product with the caller's flags, or undefined. Nothing is written (the template wrote the flags onto the shared product). */
export async function getProductForUser(db: DbOrTx, userId: number, id: number) {
  const p = await productRow(db, id);
  if (!p) return undefined;
  const isInWishlist = !!(
    await db
      .select({ id: wishlistItems.id })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, id)))
      .limit(1)
  )[0];
  const isInCart = !!(
    await db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, id)))
      .limit(1)
  )[0];
  return { ...productDto(p), isInWishlist, isInCart, colorOptions: COLOR_OPTIONS };
}

/** The caller's wishlist as products, each saying whether it is in the caller's cart. */
export async function listWishlistProducts(db: DbOrTx, userId: number) {
  const inCart = new Set((await cartOf(db, userId)).map((c) => c.productId));
  return (
    await db
      .select({ product: products })
      .from(wishlistItems)
      .innerJoin(products, eq(wishlistItems.productId, products.id))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.id))
  ).map(({ product }) => ({ ...productDto(product), isInCart: inCart.has(product.id) }));
}

/** The caller's cart as products with quantity and the offer values stored with the line. */
export async function listCartProducts(db: DbOrTx, userId: number) {
  const wished = new Set((await wishlistOf(db, userId)).map((w) => w.productId));
  return (
    await db
      .select({ product: products, line: cartItems })
      .from(cartItems)
      .innerJoin(products, eq(cartItems.productId, products.id))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id))
  ).map(({ product, line }) => ({
    ...productDto(product),
    isInWishlist: wished.has(product.id),
    qty: line.qty,
    offers: line.offers,
    discountPercentage: line.discountPercentage,
    shippingDate: line.shippingDate,
  }));
}

async function assertProduct(db: DbOrTx, productId: number): Promise<void> {
  if (!(await productRow(db, productId))) throw new NotFound(`Product ${productId} does not exist.`);
}

/** Adds a product to the caller's wishlist; adding it again changes nothing (`created: false`). 404 for an unknown product. */
export async function addToWishlist(db: Db, userId: number, productId: number, now = Date.now()) {
  return await transaction(db, async (tx) => {
    await assertProduct(tx, productId);
    const existing = (
      await tx
        .select({ id: wishlistItems.id, productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .limit(1)
    )[0];
    if (existing) return { item: existing, created: false };
    const item = (
      await tx
        .insert(wishlistItems)
        .values({ userId, productId, createdAt: now })
        .returning({ id: wishlistItems.id, productId: wishlistItems.productId })
    )[0]!;
    return { item, created: true };
  });
}

/** Draws the offer values of a new cart line once: offers 1–4, discount 3–20 %, shipping 1–8 days after `today`. */
export function drawCartOffer(today: string, draw: (min: number, maxInclusive: number) => number = (a, b) => randomInt(a, b + 1)) {
  return { offers: draw(1, 4), discountPercentage: draw(3, 20), shippingDate: addDays(today, draw(1, 8)) };
}

/**
 * Adds a product to the caller's cart as one line of quantity 1 with the offer values drawn now and
 * stored. Adding a product already in the cart changes nothing (`created: false`): adding is idempotent.
 */
export async function addToCart(db: Db, userId: number, productId: number, today: string, now = Date.now()) {
  return await transaction(db, async (tx) => {
    await assertProduct(tx, productId);
    const existing = (
      await tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
        .limit(1)
    )[0];
    const line =
      existing ??
      (
        await tx
          .insert(cartItems)
          .values({ userId, productId, qty: 1, ...drawCartOffer(today), createdAt: now })
          .returning()
      )[0]!;
    return {
      item: {
        id: line.id,
        productId: line.productId,
        qty: line.qty,
        offers: line.offers,
        discountPercentage: line.discountPercentage,
        shippingDate: line.shippingDate,
      },
      created: !existing,
    };
  });
}

/** Removes a product from the caller's wishlist; 404 for an unknown product, `removed: false` when it was not there. */
export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<{ removed: boolean }> {
  return await transaction(db, async (tx) => {
    await assertProduct(tx, productId);
    const gone = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ id: wishlistItems.id });
    return { removed: gone.length > 0 };
  });
}

/** Removes a product's line from the caller's cart; 404 for an unknown product, `removed: false` when it was not there. */
export async function removeFromCart(db: Db, userId: number, productId: number): Promise<{ removed: boolean }> {
  return await transaction(db, async (tx) => {
    await assertProduct(tx, productId);
    const gone = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
      .returning({ id: cartItems.id });
    return { removed: gone.length > 0 };
  });
}
