import { z } from 'zod';
import { funderIdParam } from './common';
import { localeParam, searchPageItem } from './content';

/**
 * GET /api/main-search/data, the navbar search over the domain: the request's query string and the answer, shared by
 * the handler, the navbar dialog and the OpenAPI document.
 */

/** Below this many characters a query matches pages only: one letter would match most of a 100,000-lease book. */
export const SEARCH_MIN_RECORD_QUERY = 2;

export const mainSearchQuery = z.object({
  locale: localeParam,
  /** The funder the user works on: searched first, its hits listed first. The other funders searched are the user's others. */
  funderId: funderIdParam,
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(20, 'must be at most 20')
    .default(4),
});
export type MainSearchQuery = z.infer<typeof mainSearchQuery>;

/** The record kinds, in the order their groups are listed (after the pages). */
export const SEARCH_RECORD_KINDS = [
  'lessees',
  'leases',
  'facilities',
  'covenants',
  'certificates',
  'writeOffs',
  'imports',
  'reports',
] as const;
export type SearchRecordKind = (typeof SEARCH_RECORD_KINDS)[number];
export const SEARCH_GROUPS = ['pages', ...SEARCH_RECORD_KINDS] as const;
export type SearchGroupKey = (typeof SEARCH_GROUPS)[number];

/** A menu page found by its title or by one of its synonyms (`matched`, the synonym, when the title did not match). */
export const searchPageHit = searchPageItem.extend({ matched: z.string().optional() });
export type SearchPageHit = z.infer<typeof searchPageHit>;

/** A record: `key` is unique in the answer (two tables share the imports group); every record names its funder. */
export const searchRecordHit = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  funderId: z.number(),
  funderName: z.string(),
});
export type SearchRecordHit = z.infer<typeof searchRecordHit>;

const groupFields = {
  groupTitle: z.string(),
  /** At most this many hits are listed. */
  searchLimit: z.number(),
  /** How many records (pages) match, counted up to a cap: `countCapped` says there are more than `count`. */
  count: z.number(),
  countCapped: z.boolean(),
};
export const searchPagesGroup = z.object({ groupKey: z.literal('pages'), ...groupFields, data: z.array(searchPageHit) });
export const searchRecordGroup = z.object({ groupKey: z.enum(SEARCH_RECORD_KINDS), ...groupFields, data: z.array(searchRecordHit) });
export type SearchPagesGroup = z.infer<typeof searchPagesGroup>;
export type SearchRecordGroup = z.infer<typeof searchRecordGroup>;

export const mainSearchResponse = z.object({
  /** The groups with hits, pages first; an empty query lists pages, then the current funder's lessees and leases. */
  searchArr: z.array(z.union([searchPagesGroup, searchRecordGroup])),
  /** The funders whose records were searched, the current one first; null when the user sees no funder data. */
  scope: z
    .object({
      currentFunderId: z.number(),
      funders: z.array(z.object({ id: z.number(), name: z.string() })),
    })
    .nullable(),
  /** The query was too short to search records (fewer than SEARCH_MIN_RECORD_QUERY characters, not empty). */
  tooShort: z.boolean(),
});
export type MainSearchResponse = z.infer<typeof mainSearchResponse>;
