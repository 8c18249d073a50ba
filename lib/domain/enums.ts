/** Enumerations shared by the database schema, validations, services and components (plain values, no I/O). */

export const ROLES = ['admin', 'analyst', 'viewer', 'client'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export const PLANS = ['basic', 'company', 'enterprise', 'team'] as const;

export const TIMINGS = ['advance', 'arrears'] as const;
export const FREQUENCIES = ['monthly', 'quarterly', 'semi-annual', 'annual'] as const;
export const VAT_REGIMES = ['per-instalment', 'upfront'] as const;
export const LEASE_STATUSES = ['active', 'closed', 'defaulted', 'terminated'] as const;
export const ASSET_TYPES = ['vehicle', 'machinery', 'it', 'medical'] as const;
export const CONDITIONS = ['new', 'used'] as const;
export const DISCOUNT_CONVENTIONS = ['monthly', 'actual'] as const;
export const RATE_CONVENTIONS = ['nominal', 'effective'] as const;
export const QUOTATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'converted'] as const;
export const PORTFOLIO_MODULES = ['master-file', 'total-cash-flow'] as const;

export const PAYMENT_METHODS = ['direct_debit', 'transfer', 'other'] as const;
export const PAYMENT_KINDS = ['payment', 'reversal'] as const;
export const ALLOCATION_COMPONENTS = ['vat', 'fee', 'interest', 'principal', 'credit'] as const;
/** recovery: a line on a written-off lease, received on or after its write-off, recorded as a recovery (domain.md §8), not a payment. */
export const IMPORT_LINE_STATUSES = ['matched', 'unmatched', 'invalid', 'manual', 'recovery'] as const;
export const REPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;

export const EMAIL_FOLDERS = ['inbox', 'sent', 'draft', 'spam', 'trash'] as const;
export const EMAIL_LABELS = ['personal', 'company', 'important', 'private'] as const;
export const TASK_TAGS = ['team', 'low', 'medium', 'high', 'update'] as const;
export const CALENDARS = ['Personal', 'Business', 'Family', 'Holiday', 'ETC'] as const;
export const CHAT_STATUSES = ['online', 'busy', 'away', 'offline'] as const;

export const INVOICE_STATUSES = ['Paid', 'Downloaded', 'Draft', 'Sent', 'Past Due', 'Partial Payment'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['rental', 'arrangement_fee', 'late_interest'] as const;

export const CONTENT_LOCALES = ['en', 'de', 'fr', 'pt'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export const TRAFFIC_DEVICES = ['desktop', 'mobile', 'tablet'] as const;

// Credit (domain.md §8).
/** Lessee segment for the absolute materiality threshold of the default definition (retail 100.00, otherwise 500.00). */
export const LESSEE_KINDS = ['corporate', 'retail'] as const;
/** A user's flag on a lease: unlikely to pay (a default trigger) or a significant increase in credit risk (IFRS 9 stage 2). */
export const CREDIT_FLAG_KINDS = ['utp', 'sicr'] as const;
export const WRITE_OFF_STATUSES = ['proposed', 'approved', 'rejected'] as const;
export const RECOVERY_KINDS = ['asset_sale', 'late_collection', 'other'] as const;
/** The derived credit status of a lease (never typed by hand). */
export const CREDIT_STATUSES = ['performing', 'defaulted', 'cured', 'written_off', 'repaid'] as const;
