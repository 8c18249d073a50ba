import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens, postJson } from '../helpers/http';

const baseURL = inject('baseURL');
const tokens = {} as Record<'analyst' | 'client', string>;
const as = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
const get = (path: string, who: keyof typeof tokens = 'client') => fetch(`${baseURL}${path}`, { headers: as(who) });
const del = (path: string, who: keyof typeof tokens = 'client') => fetch(`${baseURL}${path}`, { method: 'DELETE', headers: as(who) });

type Product = { id: number; name: string; price: number; slug: string; isInWishlist: boolean; isInCart: boolean };
type CartProduct = Product & { qty: number; offers: number; discountPercentage: number; shippingDate: string };

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['analyst', 'client'] as const));
});

const products = async (query = '', who: keyof typeof tokens = 'client') => (await get(`/apps/ecommerce/products${query}`, who)).json();

describe('e-commerce: every call needs a credential', () => {
  it.each([
    ['GET', '/apps/ecommerce/products'],
    ['GET', '/apps/ecommerce/products/1'],
    ['GET', '/apps/ecommerce/wishlist'],
    ['POST', '/apps/ecommerce/wishlist'],
    ['DELETE', '/apps/ecommerce/wishlist/1'],
    ['GET', '/apps/ecommerce/cart'],
    ['POST', '/apps/ecommerce/cart'],
    ['DELETE', '/apps/ecommerce/cart/1'],
  ])('%s %s answers 401 without one', async (method, path) => {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{"productId":1}' : undefined,
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /apps/ecommerce/products', () => {
  it('defaults to 9 per page, featured = newest first, total = filtered count', async () => {
    const body = await products();
    expect(body.products).toHaveLength(9);
    const ids = body.products.map((p: Product) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.total).toBe(24);
    expect(body).toHaveProperty('userWishlist');
    expect(body).toHaveProperty('userCart');
  });

  it.each([
    ['price-asc', (a: number, b: number) => a - b],
    ['price-desc', (a: number, b: number) => b - a],
  ])('sortBy=%s orders by price', async (sortBy, cmp) => {
    const body = await products(`?sortBy=${sortBy}&perPage=100`);
    const prices = body.products.map((p: Product) => p.price);
    expect(prices).toEqual([...prices].sort(cmp));
  });

  it('q matches the name only, case-insensitively', async () => {
    const body = await products('?q=FINANCE%20LEASE&perPage=100');
    expect(body.total).toBeGreaterThan(0);
    expect(body.products.every((p: Product) => p.name.toLowerCase().includes('finance lease'))).toBe(true);
    expect((await products('?q=Caterpillar')).total).toBe(0);
  });

  it('paging: the last page holds the remainder; past the end is empty', async () => {
    expect((await products('?page=3')).products).toHaveLength(6);
    expect((await products('?page=4')).products).toEqual([]);
  });

  it.each([
    ['sortBy=cheapest', 'sortBy'],
    ['perPage=101', 'perPage'],
    ['page=-1', 'page'],
    ['perPage=abc', 'perPage'],
  ])('400 for %s', async (query, field) => {
    const res = await get(`/apps/ecommerce/products?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.issues[0].field).toBe(field);
  });

  it.each([
    ['1', 200],
    ['99999', 404],
    ['abc', 400],
  ])('GET /apps/ecommerce/products/%s answers %i', async (id, status) => {
    const res = await get(`/apps/ecommerce/products/${id}`);
    expect(res.status).toBe(status);
    if (status === 200) {
      const { product } = await res.json();
      expect(product.slug.endsWith(`-${product.id}`)).toBe(true);
      expect(product.colorOptions).toHaveLength(5);
    }
  });
});

describe('wishlist and cart belong to their user', () => {
  it('adds idempotently, flags the products, and a second user sees none of it', async () => {
    const first = await postJson(baseURL, '/apps/ecommerce/wishlist', { productId: 3 }, as('client'));
    expect(first.status).toBe(201);
    const again = await postJson(baseURL, '/apps/ecommerce/wishlist', { productId: '3' }, as('client'));
    expect(again.status).toBe(200);
    expect((await again.json()).created).toBe(false);
    const cart = await postJson(baseURL, '/apps/ecommerce/cart', { productId: 4 }, as('client'));
    expect(cart.status).toBe(201);
    expect((await postJson(baseURL, '/apps/ecommerce/cart', { productId: 4 }, as('client'))).status).toBe(200);

    const mine = await products('?perPage=100');
    expect(mine.userWishlist.map((w: { productId: number }) => w.productId)).toEqual([3]);
    expect(mine.userCart).toEqual([expect.objectContaining({ productId: 4, qty: 1 })]);
    expect(mine.products.find((p: Product) => p.id === 3).isInWishlist).toBe(true);
    expect(mine.products.find((p: Product) => p.id === 4).isInCart).toBe(true);

    const theirs = await products('?perPage=100', 'analyst');
    expect(theirs.userWishlist).toEqual([]);
    expect(theirs.userCart).toEqual([]);
    expect(theirs.products.some((p: Product) => p.isInWishlist || p.isInCart)).toBe(false);
    expect((await (await get('/apps/ecommerce/wishlist', 'analyst')).json()).products).toEqual([]);
    expect((await (await get('/apps/ecommerce/cart', 'analyst')).json()).products).toEqual([]);

    // The second user cannot remove the first user's items.
    expect(await (await del('/apps/ecommerce/cart/4', 'analyst')).json()).toEqual({ removed: false });
    expect((await (await get('/apps/ecommerce/cart')).json()).products).toHaveLength(1);
  });

  it('the stored offer values do not change between reads and stay in range', async () => {
    await postJson(baseURL, '/apps/ecommerce/cart', { productId: 5 }, as('client'));
    const read = async () => ((await (await get('/apps/ecommerce/cart')).json()).products as CartProduct[]).find((p) => p.id === 5)!;
    const a = await read();
    const b = await read();
    expect(b).toEqual(a);
    expect(a.offers).toBeGreaterThanOrEqual(1);
    expect(a.offers).toBeLessThanOrEqual(4);
    expect(a.discountPercentage).toBeGreaterThanOrEqual(3);
    expect(a.discountPercentage).toBeLessThanOrEqual(20);
    const days = (Date.parse(a.shippingDate) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(8);
  });

  it('the wishlist answers full products with isInCart', async () => {
    await postJson(baseURL, '/apps/ecommerce/cart', { productId: 3 }, as('client'));
    const wl = (await (await get('/apps/ecommerce/wishlist')).json()).products as Product[];
    expect(wl.map((p) => [p.id, p.isInCart])).toEqual([[3, true]]);
  });

  it.each([
    ['wishlist', { productId: 99999 }, 404],
    ['cart', { productId: 99999 }, 404],
    ['cart', { productId: 'abc' }, 400],
    ['cart', {}, 400],
    ['wishlist', { productId: -2 }, 400],
  ])('POST %s %j answers %i', async (list, body, status) => {
    const res = await postJson(baseURL, `/apps/ecommerce/${list}`, body, as('client'));
    expect(res.status).toBe(status);
    if (status === 400) expect((await res.json()).error.issues[0].field).toBe('productId');
  });

  it('413 for a body over 1 MiB', async () => {
    expect((await postJson(baseURL, '/apps/ecommerce/cart', { productId: 1, pad: 'x'.repeat(1024 * 1024 + 1) }, as('client'))).status).toBe(
      413,
    );
  });

  it.each([
    ['wishlist', '3', 200, { removed: true }],
    ['wishlist', '3', 200, { removed: false }],
    ['cart', '4', 200, { removed: true }],
    ['cart', '99999', 404, null],
    ['cart', 'abc', 400, null],
  ])('DELETE %s/%s answers %i', async (list, id, status, body) => {
    const res = await del(`/apps/ecommerce/${list}/${id}`);
    expect(res.status).toBe(status);
    if (body) expect(await res.json()).toEqual(body);
  });
});
