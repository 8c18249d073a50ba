import { z } from 'zod';
import {
  accountSettingResponse,
  autocompleteResponse,
  avgSessionsResponse,
  blogDetailResponse,
  blogEditResponse,
  blogListResponse,
  blogPostQuery,
  blogSidebarResponse,
  bookmarkUpdateBody,
  bookmarkUpdateResponse,
  bookmarksResponse,
  cardQuery,
  customersResponse,
  datatablesInitialResponse,
  datatablesPageResponse,
  datatablesQuery,
  faqCategoryListResponse,
  faqQuery,
  faqQuestionQuery,
  faqQuestionResponse,
  faqResponse,
  goalOverviewResponse,
  knowledgeBaseResponse,
  localeQuery,
  noQuery,
  ordersBarChartResponse,
  ordersStatResponse,
  pricingResponse,
  productOrdersResponse,
  profileResponse,
  profitLineChartResponse,
  revenueAnalyticsResponse,
  revenueReportResponse,
  revenueStatResponse,
  salesStatResponse,
  seriesOnlyResponse,
  sessionsDeviceResponse,
  subscribersResponse,
  supportTrackerResponse,
} from '@/lib/validations/content';
import { mainSearchQuery, mainSearchResponse } from '@/lib/validations/search';
import { defineRoutes, type ResponseDoc, type RouteDoc } from '../registry';

/** RouteDocs of the content routes (see lib/openapi/registry.ts). */

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
const err = (description: string): ResponseDoc => ({ description, schema: errorSchema });
const E400 = err('Invalid query or body: the fields and messages are listed.');
const E401 = err('No valid session or bearer token.');
const E404 = err('Unknown id.');

function get(
  path: string,
  tag: string,
  summary: string,
  extra: Partial<RouteDoc> & { ok: z.ZodType; notFound?: boolean; alias?: boolean },
): RouteDoc {
  const { ok, notFound, alias = true, auth = null, ...rest } = extra;
  const responses: RouteDoc['responses'] = { 200: { description: 'OK', schema: ok }, 400: E400, 401: E401 };
  if (auth !== null && auth !== 'public') responses[403] = err(`This requires the ${auth} scope.`);
  if (notFound) responses[404] = E404;
  return {
    method: 'get',
    path: `/api${path}`,
    ...(alias ? { aliases: [path] } : {}),
    tag,
    summary,
    auth,
    responses,
    ...rest,
  };
}

/** The cards show a funder's figures: read:funders, like the Dashboard they feed. */
const CARD_ACCESS = { auth: 'read:funders' } as const;

const CARD_DESCRIPTION =
  'Query: funderId (default 1; 404 if unknown), asOf (YYYY-MM-DD, default today UTC), currency (default the funder base currency), period (last-28-days | last-month | last-year), locale (en | de | fr | pt). Money series are integer minor units; documented string fields are whole currency units.';

const analytics: [string, string, z.ZodType][] = [
  [
    'support-tracker',
    'Service-desk tickets opened, still open and answered in the period, average first-response hours',
    supportTrackerResponse,
  ],
  [
    'avg-sessions',
    'Portal sessions in the period, growth against the period before, users, retention %, average duration (s)',
    avgSessionsResponse,
  ],
  ['revenue-report', 'Collections (price) against scheduled gross instalments (budget) in the year of asOf', revenueReportResponse],
  ['goal-overview', 'Collected (completed) against still unpaid scheduled instalments (inProgress) in the period', goalOverviewResponse],
  ['revenue', 'Collections this month (to asOf) and last month', revenueAnalyticsResponse],
  [
    'product-orders',
    'Onboarding quotations created in the period: finished (approved, converted), pending (draft, submitted), rejected',
    productOrdersResponse,
  ],
  ['sessions-device', 'Portal sessions per device in the period with the change (%) against the period before', sessionsDeviceResponse],
  ['customers', 'Lessee counts: new, returning, with an active lease', customersResponse],
];

const statistics: [string, string, z.ZodType][] = [
  ['orders-bar-chart', 'New leases per purchase month, 12 months ending asOf', ordersBarChartResponse],
  ['profit-line-chart', 'Interest income per due month from the schedules (minor units), 12 months', profitLineChartResponse],
  ['subscribers', 'Newsletter sign-ups per day, 28 days ending asOf', subscribersResponse],
  ['revenue', 'Collections per month (minor units), 12 months; analyticsData.revenue = their sum', revenueStatResponse],
  ['sales', 'Principal originated per month (minor units); sales = change of the last 6 months against the 6 before', salesStatResponse],
  ['orders', 'New leases per month, 12 months; analyticsData.orders = their sum', ordersStatResponse],
  ['site-traffic', 'Portal sessions per day, 28 days', seriesOnlyResponse],
  ['active-users', 'Portal users per day, 28 days', seriesOnlyResponse],
  ['newsletter', 'Newsletter sign-ups per day, 28 days', seriesOnlyResponse],
];

/** The navbar search also answers 403 for a funderId the user is not assigned (any signed-in user may search pages). */
const mainSearchRoute: RouteDoc = get(
  '/main-search/data',
  'Navbar',
  'Navbar search: pages, and the records of every funder the user may access (read:funders), grouped by kind with a count',
  {
    ok: mainSearchResponse,
    query: mainSearchQuery,
    notFound: true,
    alias: false,
    description:
      'q (at most 100 characters, matched literally) finds menu pages by their label or a synonym in the locale, and — for read:funders — lessees (name, ERP id, tax id), leases (contract number), facilities (name, lender), covenants (metric name), borrowing-base certificates (as-of date, facility), write-offs (contract number), tape and bank-statement imports (file name, source) and kept report files (report name, file name, period) of every funder assigned to the user (admins: all), funderId (the current funder) first; a query naming a kind ("covenant", "Abschreibung") lists that kind. Every record names its funder; `scope` lists the funders searched. An empty q lists pages and the current funder\'s first lessees and leases; a one-character q searches pages only (`tooShort`). limit (default 4, max 20) hits per group; `count` counts the matches up to 100 (`countCapped` beyond). 403 for a funderId not assigned to the user, 404 for an unknown one.',
    example: { query: { q: 'covenant', locale: 'en', limit: '4', funderId: '1' } },
  },
);
mainSearchRoute.responses[403] = err('funderId names a funder that is not assigned to the user.');

export const contentRoutes = defineRoutes([
  get('/account-setting/data', 'Content', "The signed-in user's account settings", {
    ok: accountSettingResponse,
    query: noQuery,
    example: {},
  }),
  get('/profile/data', 'Content', "The signed-in user's profile: bookmarked pages, latest lease activity, colleagues", {
    ok: profileResponse,
    query: localeQuery,
    example: { query: { locale: 'en' } },
  }),
  get('/faq/data', 'Content', 'FAQ categories keyed by slug; q filters question text only; categories without a match are omitted', {
    ok: faqResponse,
    query: faqQuery,
    example: { query: { q: 'npv', locale: 'en' } },
  }),
  get('/faq/data/knowledge_base', 'Content', 'Knowledge-base articles', {
    ok: knowledgeBaseResponse,
    query: localeQuery,
    example: { query: { locale: 'de' } },
  }),
  get('/faq/data/category', 'Content', 'Help categories with their questions', {
    ok: faqCategoryListResponse,
    query: localeQuery,
    example: { query: { locale: 'fr' } },
  }),
  get('/faq/data/question', 'Content', 'One question (default: the first) with its answer as HTML and related questions', {
    ok: faqQuestionResponse,
    query: faqQuestionQuery,
    notFound: true,
    example: { query: { id: '2', locale: 'pt' } },
  }),
  get('/pricing/data', 'Content', 'Subscription plans (EUR per month) and pricing questions', {
    ok: pricingResponse,
    query: localeQuery,
    example: { query: { locale: 'en' } },
  }),
  get('/blog/list/data', 'Content', 'Published blog posts, newest first', {
    ok: blogListResponse,
    query: localeQuery,
    example: { query: { locale: 'en' } },
  }),
  get('/blog/list/data/sidebar', 'Content', 'Recent posts and blog categories', {
    ok: blogSidebarResponse,
    query: localeQuery,
    example: { query: { locale: 'en' } },
  }),
  get('/blog/list/data/detail', 'Content', 'One post (default id 1) with its comments', {
    ok: blogDetailResponse,
    query: blogPostQuery,
    notFound: true,
    example: { query: { id: '1', locale: 'de' } },
  }),
  get('/blog/list/data/edit', 'Content', 'One post as the editor loads it (default id 1)', {
    ok: blogEditResponse,
    query: blogPostQuery,
    notFound: true,
    example: { query: { id: '2', locale: 'en' } },
  }),
  ...analytics.map(([k, summary, ok]) =>
    get(`/card/card-analytics/${k}`, 'Cards', summary, {
      ...CARD_ACCESS,
      ok,
      query: cardQuery,
      notFound: true,
      description: CARD_DESCRIPTION,
      example: { query: { funderId: '1', period: 'last-28-days' } },
    }),
  ),
  ...statistics.map(([k, summary, ok]) =>
    get(`/card/card-statistics/${k}`, 'Cards', summary, {
      ...CARD_ACCESS,
      ok,
      query: cardQuery,
      notFound: true,
      description: CARD_DESCRIPTION,
      example: { query: { funderId: '1' } },
    }),
  ),
  get('/autocomplete/data', 'Navbar', 'Autocomplete suggestions: the pages the user may open, in menu order', {
    ok: autocompleteResponse,
    query: localeQuery,
    alias: false,
    example: { query: { locale: 'en' } },
  }),
  mainSearchRoute,
  get('/bookmarks/data', 'Navbar', "Search pages (suggestions) and the signed-in user's bookmarked pages", {
    ok: bookmarksResponse,
    query: localeQuery,
    alias: false,
    example: { query: { locale: 'en' } },
  }),
  {
    method: 'post',
    path: '/api/bookmarks/update',
    tag: 'Navbar',
    summary: "Toggles the signed-in user's bookmark of a page (id from the Pages group)",
    auth: null,
    body: bookmarkUpdateBody,
    responses: {
      200: { description: 'The new state', schema: bookmarkUpdateResponse },
      400: E400,
      401: E401,
      403: err('Cross-site request refused.'),
      404: err('No page with this id that the user may open.'),
      413: err('The body is larger than 1 MiB.'),
    },
    example: { body: { id: 1 } },
  },
  get('/datatables/initial-data', 'Datatables', 'Every sample row (lessee contact persons), a bare array', {
    ok: datatablesInitialResponse,
    query: noQuery,
    alias: false,
    example: {},
  }),
  get('/datatables/data', 'Datatables', 'Paged sample rows: allData (unfiltered), invoices (page slice), total (filtered count)', {
    ok: datatablesPageResponse,
    query: datatablesQuery,
    alias: false,
    example: { query: { q: 'fleet', perPage: '10', page: '1' } },
  }),
]);
