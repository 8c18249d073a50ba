/**
 * Reports → Stratification, Tape and Customers as their pages, their JSON APIs and their files show them: each
 * computed here in one call on the funder's book at the as-of date (the query's, else the first day of the clock's
 * month). The pages only render these; the route handlers serialise them or write them to a file, calling the same
 * function, so that none of them can disagree.
 *
 * Money in minor units, dates as YYYY-MM-DD; formatting and translation stay with the caller.
 */
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { StratDimension } from '@/lib/reports/constants';
import { queryCustomers, type CustomerQuery, type CustomerRow } from '@/lib/reports/customers';
import type { Stratification } from '@/lib/reports/stratification';
import { tapeBatches, tapeCount, tapePage, type TapeRow } from '@/lib/reports/tape';
import { defaultCutOff, type ValuedBook } from '@/services/portfolio/valuation';
import { customersOf, reportBook, requireFunder, stratificationOf, tapeSourceOf } from './service';

/** The as-of date of a report: the query's, else the first day of the clock's month. */
export function reportAsOf(query: { asOf?: string }, clock: Clock): string {
  return query.asOf ?? defaultCutOff(clock.today);
}

/** The funder's book of a report at its as-of date (404 for an unknown funder). */
async function bookOf(db: Db, funderId: number, query: { asOf?: string }, clock: Clock): Promise<ValuedBook> {
  await requireFunder(db, funderId);
  return await reportBook(db, funderId, reportAsOf(query, clock), clock.today);
}

// ---- Stratification ----

export type StratificationScreen = { cutOff: string; strat: Stratification };

/** Per currency the dimension's buckets, totals and top-10 lessees (the page, GET /api/reports/stratification and its file). */
export async function stratificationScreen(
  db: Db,
  funderId: number,
  query: { asOf?: string; dimension: StratDimension },
  clock: Clock,
): Promise<StratificationScreen> {
  const book = await bookOf(db, funderId, query, clock);
  return { cutOff: book.cutOff, strat: await stratificationOf(db, book, query.dimension) };
}

// ---- Tape ----

export type TapeScreen = {
  cutOff: string;
  /** Rows of the whole tape. */
  total: number;
  /** The page asked for (none without page and perPage). */
  rows: TapeRow[];
  /** Every row of the tape, a batch at a time as a writer pulls (the file: memory stays bounded on a large book). */
  batches: (size: number) => Generator<TapeRow[]>;
};

/** One row per lease with the ESMA names (the page, GET /api/reports/tape and its file). */
export async function tapeScreen(
  db: Db,
  funderId: number,
  query: { asOf?: string; page?: number; perPage?: number },
  clock: Clock,
): Promise<TapeScreen> {
  const book = await bookOf(db, funderId, query, clock);
  const { src, delinquency } = await tapeSourceOf(db, book);
  const rows =
    query.page === undefined || query.perPage === undefined
      ? []
      : tapePage(src, (query.page - 1) * query.perPage, query.perPage, delinquency);
  return { cutOff: book.cutOff, total: tapeCount(src), rows, batches: (size) => tapeBatches(src, size, delinquency) };
}

// ---- Customers ----

export type CustomersScreen = ReturnType<typeof queryCustomers> & { cutOff: string };

/**
 * Per lessee and currency, filtered, sorted and paged, with the totals per currency over the filtered rows and every
 * filtered row in order (`all`, the file): the page, GET /api/reports/customers and its file.
 */
export async function customersScreen(
  db: Db,
  funderId: number,
  query: CustomerQuery & { asOf?: string },
  clock: Clock,
): Promise<CustomersScreen> {
  const book = await bookOf(db, funderId, query, clock);
  const rows: CustomerRow[] = await customersOf(db, book);
  return { cutOff: book.cutOff, ...queryCustomers(rows, query) };
}
