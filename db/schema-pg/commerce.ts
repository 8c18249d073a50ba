import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { lessees } from './portfolio';
import { INVOICE_STATUSES, INVOICE_KINDS } from '../../lib/domain/enums';

/** See db/schema/commerce.ts: the bank account an invoice asks to be paid into. */
export const paymentAccounts = pgTable('payment_accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  bankName: text('bank_name').notNull(),
  country: text('country').notNull(),
  iban: text('iban').notNull(),
  swiftCode: text('swift_code').notNull(),
});

/** See db/schema/commerce.ts: whom an invoice is addressed to. */
export const invoiceClients = pgTable(
  'invoice_clients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    lesseeId: bigint('lessee_id', { mode: 'number' }).references(() => lessees.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    company: text('company').notNull(),
    companyEmail: text('company_email').notNull(),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    contact: text('contact').notNull().default(''),
  },
  (t) => [index('invoice_clients_name_idx').on(t.name)],
);

/** See db/schema/commerce.ts: invoices; amounts in minor units of `currency`, dates YYYY-MM-DD. */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => invoiceClients.id),
    paymentAccountId: bigint('payment_account_id', { mode: 'number' })
      .notNull()
      .references(() => paymentAccounts.id),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    service: text('service').notNull(),
    issuedDate: text('issued_date').notNull(),
    dueDate: text('due_date').notNull(),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    invoiceStatus: text('invoice_status', { enum: INVOICE_STATUSES }).notNull(),
    avatar: text('avatar'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('invoices_client_idx').on(t.clientId), index('invoices_status_idx').on(t.invoiceStatus)],
);

/** See db/schema/commerce.ts: the catalogue of lease products; price in minor units. */
export const products = pgTable('products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull(),
  brand: text('brand').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  image: text('image'),
  hasFreeShipping: boolean('has_free_shipping').notNull().default(false),
  rating: bigint('rating', { mode: 'number' }).notNull(),
});

/** See db/schema/commerce.ts. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId)],
);

/** See db/schema/commerce.ts: offers, discount and shipping date are drawn once when the line is created. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: bigint('qty', { mode: 'number' }).notNull().default(1),
    offers: bigint('offers', { mode: 'number' }).notNull(),
    discountPercentage: bigint('discount_percentage', { mode: 'number' }).notNull(),
    shippingDate: text('shipping_date').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId)],
);
