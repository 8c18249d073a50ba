import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { lessees } from './portfolio';
import { INVOICE_STATUSES, INVOICE_KINDS } from '../../lib/domain/enums';
export { INVOICE_STATUSES, type InvoiceStatus, INVOICE_KINDS } from '../../lib/domain/enums';

/** The template's invoice statuses, spelled as the documented API answers them. */

/**
 * The bank account an invoice asks to be paid into (the documented `paymentDetails`, which the template
 * kept as one constant): a funder usually collects into one or two accounts.
 */
export const paymentAccounts = sqliteTable('payment_accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  bankName: text('bank_name').notNull(),
  country: text('country').notNull(),
  iban: text('iban').notNull(),
  swiftCode: text('swift_code').notNull(),
});

/** Whom an invoice is addressed to (the documented `client`); a lessee of the book where it is one. */
export const invoiceClients = sqliteTable(
  'invoice_clients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lesseeId: integer('lessee_id').references(() => lessees.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    company: text('company').notNull(),
    companyEmail: text('company_email').notNull(),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    contact: text('contact').notNull().default(''),
  },
  (t) => [index('invoice_clients_name_idx').on(t.name)],
);

/**
 * Invoices of the funder to its lessees. Amounts are integer minor units of `currency`; `balance` is what
 * is still open (0 when paid). Dates are YYYY-MM-DD. Deleting a client is refused while it has invoices.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => invoiceClients.id),
    paymentAccountId: integer('payment_account_id')
      .notNull()
      .references(() => paymentAccounts.id),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    service: text('service').notNull(),
    issuedDate: text('issued_date').notNull(),
    dueDate: text('due_date').notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    balance: integer('balance').notNull(),
    invoiceStatus: text('invoice_status', { enum: INVOICE_STATUSES }).notNull(),
    avatar: text('avatar'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('invoices_client_idx').on(t.clientId), index('invoices_status_idx').on(t.invoiceStatus)],
);

/** The funder's catalogue of lease products and asset packages (the documented e-commerce products). Price in minor units. */
export const products = sqliteTable('products', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull(),
  brand: text('brand').notNull(),
  price: integer('price').notNull(),
  currency: text('currency').notNull(),
  image: text('image'),
  hasFreeShipping: integer('has_free_shipping', { mode: 'boolean' }).notNull().default(false),
  rating: integer('rating').notNull(),
});

/** One row per user and product: a product is on a user's wishlist or not. */
export const wishlistItems = sqliteTable(
  'wishlist_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId)],
);

/**
 * One line per user and product. The template drew offers, discount and shipping date at random on every
 * read; here they are drawn once when the line is created and stored, so reads agree with each other.
 */
export const cartItems = sqliteTable(
  'cart_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(1),
    offers: integer('offers').notNull(),
    discountPercentage: integer('discount_percentage').notNull(),
    shippingDate: text('shipping_date').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId)],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceClient = typeof invoiceClients.$inferSelect;
export type PaymentAccount = typeof paymentAccounts.$inferSelect;
export type Product = typeof products.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type WishlistItem = typeof wishlistItems.$inferSelect;
