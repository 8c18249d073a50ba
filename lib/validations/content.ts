import { z } from 'zod';
import { bodyIdSchema, funderIdParam, idParam, isoDateParam, pageParam, perPageParam, qParam } from './common';

/**
 * Request and response schemas of the content, cards, navbar and datatables endpoints
 * (api-reference §11–12). Shared by the handlers, the OpenAPI docs and the navbar search.
 */

export const CONTENT_LOCALE_VALUES = ['en', 'de', 'fr', 'pt'] as const;
export type ContentLocaleValue = (typeof CONTENT_LOCALE_VALUES)[number];
export const localeParam = z.enum(CONTENT_LOCALE_VALUES, { error: 'must be one of en, de, fr, pt' }).default('en');

/** Statistics period choices (product-spec §9). */
export const STAT_PERIODS = ['last-28-days', 'last-month', 'last-year'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

export const noQuery = z.object({});
export const localeQuery = z.object({ locale: localeParam });
export const faqQuery = z.object({ locale: localeParam, q: qParam });
export const faqQuestionQuery = z.object({ locale: localeParam, id: idParam.optional() });
export const blogPostQuery = z.object({ locale: localeParam, id: idParam.default(1) });

/** Any case is accepted ('eur'); the handler upper-cases it. No transform here, so the schema stays representable in JSON Schema. */
const currencyParam = z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code');

/** Card parameters: the active funder, the as-of date (default today, UTC), the currency of money figures (default the funder's base currency). */
export const cardQuery = z.object({
  locale: localeParam,
  funderId: funderIdParam,
  asOf: isoDateParam.optional(),
  currency: currencyParam.optional(),
  period: z.enum(STAT_PERIODS, { error: 'must be one of last-28-days, last-month, last-year' }).default('last-28-days'),
});
export type CardQuery = z.infer<typeof cardQuery>;

export const bookmarkUpdateBody = z.object({
  id: bodyIdSchema,
});

export const datatablesQuery = z.object({ q: qParam, perPage: perPageParam(10), page: pageParam });

/* ---------- responses ---------- */

const qAndA = z.object({ question: z.string(), ans: z.string() });

export const accountSettingResponse = z.object({
  general: z.object({ avatar: z.string(), username: z.string(), fullName: z.string(), email: z.string(), company: z.string() }),
  info: z.object({ bio: z.string(), dob: z.string().nullable(), country: z.string(), website: z.string(), phone: z.string() }),
  social: z.object({
    socialLinks: z.object({
      twitter: z.string(),
      facebook: z.string(),
      google: z.string(),
      linkedIn: z.string(),
      instagram: z.string(),
      quora: z.string(),
    }),
    connections: z.record(z.string(), z.record(z.string(), z.string())),
  }),
  notification: z.object({
    commentOnArticle: z.boolean(),
    answerOnForm: z.boolean(),
    followMe: z.boolean(),
    newAnnouncements: z.boolean(),
    productUpdates: z.boolean(),
    blogDigest: z.boolean(),
  }),
});

export const profileResponse = z.object({
  header: z.object({ avatar: z.string(), username: z.string(), designation: z.string(), coverImg: z.string() }),
  userAbout: z.object({ about: z.string(), joined: z.string(), lives: z.string(), email: z.string(), website: z.string() }),
  suggestedPages: z.array(
    z.object({ avatar: z.string(), username: z.string(), subtitle: z.string(), favorite: z.boolean(), link: z.string() }),
  ),
  twitterFeeds: z.array(
    z.object({ imgUrl: z.string(), title: z.string(), id: z.string(), tags: z.string(), desc: z.string(), favorite: z.boolean() }),
  ),
  post: z.array(
    z.object({
      avatar: z.string(),
      username: z.string(),
      postTime: z.string(),
      postText: z.string(),
      postImg: z.string(),
      likes: z.number(),
      youLiked: z.boolean(),
      comments: z.number(),
      id: z.number(),
    }),
  ),
  latestPhotos: z.array(z.object({ img: z.string() })),
  suggestions: z.array(z.object({ avatar: z.string(), name: z.string(), mutualFriend: z.string() })),
  polls: z.array(z.object({ name: z.string(), result: z.string(), value: z.number() })),
});

export const faqCategoryBody = z.object({ icon: z.string(), title: z.string(), subtitle: z.string(), qandA: z.array(qAndA) });
export const faqResponse = z.record(z.string(), faqCategoryBody);
export const knowledgeBaseResponse = z.array(
  z.object({ id: z.number(), category: z.string(), img: z.string(), title: z.string(), desc: z.string() }),
);
export const faqCategoryListResponse = z.array(
  z.object({
    id: z.number(),
    title: z.string(),
    icon: z.string(),
    iconColor: z.string(),
    questions: z.array(z.object({ id: z.number(), question: z.string(), slug: z.string() })),
  }),
);
export const faqQuestionResponse = z.object({
  id: z.number(),
  title: z.string(),
  lastUpdated: z.string(),
  relatedQuestions: z.array(z.object({ id: z.number(), question: z.string() })),
  content: z.string(),
});

const plan = z.object({
  title: z.string(),
  img: z.string(),
  subtitle: z.string(),
  monthlyPrice: z.number(),
  yearlyPlan: z.object({ perMonth: z.number(), totalAnnual: z.number() }),
  planBenefits: z.array(z.string()),
  popular: z.boolean(),
});
export const pricingResponse = z.object({ basicPlan: plan, standardPlan: plan, enterprisePlan: plan, qandA: z.array(qAndA) });

export const blogListResponse = z.array(
  z.object({
    img: z.string(),
    title: z.string(),
    id: z.number(),
    avatar: z.string(),
    userFullName: z.string(),
    blogPosted: z.string(),
    tags: z.array(z.string()),
    excerpt: z.string(),
    comment: z.number(),
  }),
);
export const blogSidebarResponse = z.object({
  recentPosts: z.array(z.object({ img: z.string(), title: z.string(), id: z.number(), createdTime: z.string() })),
  categories: z.array(z.object({ category: z.string(), icon: z.string() })),
});
export const blogDetailResponse = z.object({
  blog: z.object({
    id: z.number(),
    img: z.string(),
    title: z.string(),
    avatar: z.string(),
    userFullName: z.string(),
    createdTime: z.string(),
    tags: z.array(z.string()),
    content: z.string(),
    comments: z.number(),
    bookmarked: z.number(),
  }),
  comments: z.array(z.object({ avatar: z.string(), userFullName: z.string(), commentedAt: z.string(), commentText: z.string() })),
});
export const blogEditResponse = z.object({
  id: z.number(),
  avatar: z.string(),
  userFullName: z.string(),
  createdTime: z.string(),
  blogTitle: z.string(),
  blogCategories: z.array(z.object({ value: z.string(), label: z.string() })),
  slug: z.string(),
  status: z.string(),
  excerpt: z.string(),
  featuredImage: z.string(),
});

/* cards: documented fields plus, where a figure is money, its currency and the exact minor-unit values */
const series = z.array(z.object({ name: z.string().optional(), data: z.array(z.number()) }));
const moneyExtras = { currency: z.string() };
export const supportTrackerResponse = z.object({
  title: z.string(),
  last_days: z.array(z.string()),
  totalTicket: z.number(),
  newTicket: z.number(),
  openTicket: z.number(),
  responseTime: z.number(),
  completedTickets: z.number(),
});
export const avgSessionsResponse = z.object({
  sessions: z.number(),
  last_days: z.array(z.string()),
  growth: z.string(),
  goal: z.number(),
  users: z.number(),
  retention: z.number(),
  duration: z.number(),
});
export const revenueReportResponse = z.object({
  years: z.array(z.string()),
  price: z.string(),
  budget: z.string(),
  priceMinor: z.number(),
  budgetMinor: z.number(),
  year: z.string(),
  ...moneyExtras,
});
export const goalOverviewResponse = z.object({
  completed: z.string(),
  inProgress: z.string(),
  collectedMinor: z.number(),
  scheduledMinor: z.number(),
  percent: z.number(),
  ...moneyExtras,
});
export const revenueAnalyticsResponse = z.object({
  thisMonth: z.string(),
  lastMonth: z.string(),
  thisMonthMinor: z.number(),
  lastMonthMinor: z.number(),
  ...moneyExtras,
});
export const productOrdersResponse = z.object({
  last_days: z.array(z.string()),
  chart_info: z.object({ finished: z.number(), pending: z.number(), rejected: z.number() }),
});
export const sessionsDeviceResponse = z.object({
  last_days: z.array(z.string()),
  chart_info: z.array(z.object({ icon: z.string(), name: z.string(), iconColor: z.string(), usage: z.number(), upDown: z.number() })),
});
export const customersResponse = z.object({
  last_days: z.array(z.string()),
  listData: z.array(z.object({ icon: z.string(), iconColor: z.string(), text: z.string(), result: z.number() })),
});
export const ordersBarChartResponse = z.object({ title: z.string(), statistics: z.string(), series, months: z.array(z.string()) });
export const profitLineChartResponse = z.object({
  title: z.string(),
  statistics: z.string(),
  series,
  months: z.array(z.string()),
  ...moneyExtras,
});
export const subscribersResponse = z.object({ series, analyticsData: z.object({ subscribers: z.number() }), days: z.array(z.string()) });
export const revenueStatResponse = z.object({
  series,
  analyticsData: z.object({ revenue: z.number() }),
  months: z.array(z.string()),
  ...moneyExtras,
});
export const salesStatResponse = z.object({
  series,
  analyticsData: z.object({ sales: z.string() }),
  months: z.array(z.string()),
  ...moneyExtras,
});
export const ordersStatResponse = z.object({ series, analyticsData: z.object({ orders: z.number() }), months: z.array(z.string()) });
export const seriesOnlyResponse = z.object({ series, days: z.array(z.string()) });

/* navbar */
export const searchPageItem = z.object({
  id: z.number(),
  target: z.string(),
  isBookmarked: z.boolean(),
  title: z.string(),
  icon: z.string(),
  link: z.string(),
});
export type SearchPageItem = z.infer<typeof searchPageItem>;
export const autocompleteResponse = z.object({ autoComplete: z.array(z.object({ title: z.string(), rank: z.string(), id: z.string() })) });
export const bookmarksResponse = z.object({ suggestions: z.array(searchPageItem), bookmarks: z.array(searchPageItem) });
export type BookmarksResponse = z.infer<typeof bookmarksResponse>;
export const bookmarkUpdateResponse = z.object({ id: z.number(), target: z.string(), isBookmarked: z.boolean() });

/* datatables */
export const datatableRow = z.object({
  responsive_id: z.string(),
  id: z.number(),
  avatar: z.string(),
  full_name: z.string(),
  post: z.string(),
  email: z.string(),
  city: z.string(),
  start_date: z.string(),
  salary: z.string(),
  age: z.string(),
  experience: z.string(),
  status: z.number(),
});
export const datatablesInitialResponse = z.array(datatableRow);
export const datatablesPageResponse = z.object({ allData: z.array(datatableRow), invoices: z.array(datatableRow), total: z.number() });
