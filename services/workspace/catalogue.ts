import type { Db, DbOrTx } from '@/db/client';
import { getProductForUser, listCartProducts, listWishlistProducts, pageProducts } from '@/db/queries/workspace/catalogue';
import { createQuotation, type QuotationRow } from '@/db/queries/quotations';
import { Invalid, NotFound } from '@/lib/domain/errors';
import { CURRENCY_VALUES } from '@/lib/validations/leases';
import type { ProductsListQuery } from '@/lib/validations/ecommerce';
import type { CatalogueQuotationBody } from '@/lib/validations/workspace';

export const CATALOGUE_PAGE_SIZE = 9;

/** The Catalogue page: one page of the lease products (search, sort) with the user's wishlist and cart flags. */
export async function catalogueScreen(db: DbOrTx, userId: number, query: ProductsListQuery) {
  const { products, total } = await pageProducts(db, userId, query);
  return {
    products,
    total,
    cartCount: (await listCartProducts(db, userId)).length,
    wishlistCount: (await listWishlistProducts(db, userId)).length,
  };
}

/** A product page; undefined for an unknown product. */
export async function productScreen(db: DbOrTx, userId: number, id: number) {
  return await getProductForUser(db, userId, id);
}

/** The cart and the wishlist of the user. */
export async function cartScreen(db: DbOrTx, userId: number) {
  return { cart: await listCartProducts(db, userId), wishlist: await listWishlistProducts(db, userId) };
}

/** At most 200 characters, as a quotation's asset description allows. */
function assetDescriptionOf(product: { brand: string; name: string }): string {
  const text = `${product.brand} · ${product.name}`;
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

/**
 * The cart's "Request a quotation": a draft onboarding quotation of the funder for the chosen lessee, with the
 * product as the asset (its price and currency as the purchase price) and the given terms. It goes through
 * createQuotation, so it gets its history entry and audit row like any other new quotation. 404 for an unknown
 * product; 400 when the product's currency is not one a lease may have, or the lessee is not the funder's.
 */
export async function requestQuotationForProduct(
  db: Db,
  funderId: number,
  userId: number,
  body: CatalogueQuotationBody,
): Promise<QuotationRow> {
  const product = await getProductForUser(db, userId, body.productId);
  if (!product) throw new NotFound(`Product ${body.productId} does not exist.`, [{ field: 'productId', message: 'unknown product' }]);
  const currency = CURRENCY_VALUES.find((c) => c === product.currency);
  if (!currency)
    throw new Invalid(`Products in ${product.currency} cannot be quoted.`, [{ field: 'productId', message: 'unsupported currency' }]);
  return await createQuotation(
    db,
    funderId,
    {
      lesseeId: body.lesseeId,
      assetType: body.assetType,
      assetDescription: assetDescriptionOf(product),
      condition: 'new',
      currency,
      price: product.price,
      downPayment: 0,
      residual: 0,
      term: body.term,
      rate: body.rate,
      timing: body.timing,
      frequency: body.frequency,
      firstDueDate: body.firstDueDate,
      vatRegime: 'per-instalment',
      fee: 0,
      feeFinanced: false,
    },
    userId,
  );
}
