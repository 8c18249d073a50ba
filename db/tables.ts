/**
 * The tables of the engine this process serves its book from, as the queries use them: db/schema's SQLite tables, or
 * db/schema-pg's PostgreSQL twins when DATABASE_URL names a PostgreSQL server. The two schemas have the same tables,
 * columns and row types (tests/unit/schema-dialects.test.ts), so a query is written once, against these, and typed by
 * the SQLite ones. The engine is read from the environment once, when the process loads this module: a process serves
 * one engine (the tools that copy between engines, db/copy.ts, import both schemas by name).
 *
 * Every table of the schemas is here (tests/unit/schema-dialects.test.ts); enums and row types come from db/schema.
 */
import { databaseConfig } from '../lib/env';
import * as sqlite from './schema';
import * as pg from './schema-pg';

/** The engine of DATABASE_URL; a malformed one is refused where the process starts (scripts/start.ts), not here. */
function onPostgres(): boolean {
  try {
    return databaseConfig().engine === 'postgres';
  } catch {
    return false;
  }
}

/** Which schema this process's queries run on. */
export const tablesEngine: 'sqlite' | 'postgres' = onPostgres() ? 'postgres' : 'sqlite';

const chosen = (tablesEngine === 'postgres' ? pg : sqlite) as unknown as typeof sqlite;

export const {
  appChatContacts,
  appChatMessages,
  appChatProfiles,
  appChats,
  appEmails,
  appEvents,
  appTasks,
  auditLog,
  authFailures,
  blogCategories,
  blogComments,
  blogPosts,
  bookChanges,
  bookmarks,
  cardTargets,
  cartItems,
  creditFlags,
  datatableRows,
  facilities,
  facilityCertificates,
  facilityCovenants,
  facilityCriteria,
  facilityDraws,
  facilityLimits,
  facilityMetricResults,
  faqCategories,
  faqQuestions,
  funderChangeProposals,
  funders,
  invoiceClients,
  invoices,
  kbArticles,
  leaseHistory,
  leaseSnapshots,
  leases,
  lessees,
  newsletterDaily,
  openingPositions,
  paymentAccounts,
  paymentAllocations,
  paymentImportLines,
  paymentImports,
  payments,
  portfolioViews,
  pricingPlans,
  products,
  quotationHistory,
  quotations,
  recoveries,
  refreshTokens,
  reportFiles,
  scenarios,
  scheduleRows,
  snapshotMonths,
  supportTickets,
  tapeImportExceptions,
  tapeImportRollForward,
  tapeImportRows,
  tapeImportSources,
  tapeImports,
  userFunders,
  userProfiles,
  users,
  webTrafficDaily,
  wishlistItems,
  writeOffs,
} = chosen;
