import { bigint, boolean, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { funders } from './portfolio';
import { CONTENT_LOCALES, TRAFFIC_DEVICES } from '../../lib/domain/enums';

/** See db/schema/content.ts: help-centre FAQ categories, one row per locale; `slug` is the key across locales. */
export const faqCategories = pgTable(
  'content_faq_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    icon: text('icon').notNull(),
    iconColor: text('icon_color').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('content_faq_categories_slug_idx').on(t.slug, t.locale)],
);

/** See db/schema/content.ts: FAQ questions and answers; `questionNo` is the question's id in every locale. */
export const faqQuestions = pgTable(
  'content_faq_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    questionNo: bigint('question_no', { mode: 'number' }).notNull(),
    categorySlug: text('category_slug').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    slug: text('slug').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
    updatedOn: text('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('content_faq_questions_no_idx').on(t.questionNo, t.locale),
    index('content_faq_questions_cat_idx').on(t.locale, t.categorySlug),
  ],
);

/** See db/schema/content.ts: knowledge-base articles; `articleNo` is the id in every locale. */
export const kbArticles = pgTable(
  'content_kb_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    articleNo: bigint('article_no', { mode: 'number' }).notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    category: text('category').notNull(),
    img: text('img').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('content_kb_articles_no_idx').on(t.articleNo, t.locale)],
);

/** See db/schema/content.ts. */
export const blogCategories = pgTable(
  'content_blog_categories',
  {
    slug: text('slug').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    label: text('label').notNull(),
    icon: text('icon').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);

/** See db/schema/content.ts: blog posts; `postNo` is the id in every locale; `tags`, `categories` JSON arrays. */
export const blogPosts = pgTable(
  'content_blog_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postNo: bigint('post_no', { mode: 'number' }).notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    slug: text('slug').notNull(),
    categories: text('categories').notNull().default('[]'),
    tags: text('tags').notNull().default('[]'),
    img: text('img').notNull(),
    title: text('title').notNull(),
    authorName: text('author_name').notNull(),
    avatar: text('avatar').notNull(),
    postedOn: text('posted_on').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    bookmarked: bigint('bookmarked', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('content_blog_posts_no_idx').on(t.postNo, t.locale)],
);

/** See db/schema/content.ts. */
export const blogComments = pgTable(
  'content_blog_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postNo: bigint('post_no', { mode: 'number' }).notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    authorName: text('author_name').notNull(),
    avatar: text('avatar').notNull(),
    commentedOn: text('commented_on').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('content_blog_comments_post_idx').on(t.postNo, t.locale)],
);

/** See db/schema/content.ts: subscription plans; prices in whole currency units (EUR); `benefits` a JSON array. */
export const pricingPlans = pgTable(
  'content_pricing_plans',
  {
    planKey: text('plan_key', { enum: ['basic', 'standard', 'enterprise'] }).notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    title: text('title').notNull(),
    img: text('img').notNull(),
    subtitle: text('subtitle').notNull(),
    monthlyPrice: bigint('monthly_price', { mode: 'number' }).notNull(),
    yearlyPerMonth: bigint('yearly_per_month', { mode: 'number' }).notNull(),
    yearlyTotal: bigint('yearly_total', { mode: 'number' }).notNull(),
    benefits: text('benefits').notNull().default('[]'),
    popular: boolean('popular').notNull().default(false),
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planKey, t.locale] })],
);

/**
 * See db/schema/content.ts: what a user adds to their account; JSON columns hold objects. The key is an identity only
 * as the twin of SQLite's INTEGER PRIMARY KEY (optional on insert); it is always given (the user's id).
 */
export const userProfiles = pgTable('user_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .generatedByDefaultAsIdentity()
    .references(() => users.id, { onDelete: 'cascade' }),
  designation: text('designation').notNull().default(''),
  bio: text('bio').notNull().default(''),
  dob: text('dob'),
  website: text('website').notNull().default(''),
  phone: text('phone').notNull().default(''),
  lives: text('lives').notNull().default(''),
  coverImg: text('cover_img').notNull().default(''),
  socialLinks: text('social_links').notNull().default('{}'),
  connections: text('connections').notNull().default('{}'),
  notifications: text('notifications').notNull().default('{}'),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** See db/schema/content.ts: the service desk's tickets. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    funderId: bigint('funder_id', { mode: 'number' })
      .notNull()
      .references(() => funders.id),
    subject: text('subject').notNull(),
    openedOn: text('opened_on').notNull(),
    firstResponseHours: doublePrecision('first_response_hours'),
    closedOn: text('closed_on'),
  },
  (t) => [index('support_tickets_funder_idx').on(t.funderId, t.openedOn)],
);

/** See db/schema/content.ts: daily portal traffic per device; duration in seconds. */
export const webTrafficDaily = pgTable(
  'web_traffic_daily',
  {
    day: text('day').notNull(),
    device: text('device', { enum: TRAFFIC_DEVICES }).notNull(),
    sessions: bigint('sessions', { mode: 'number' }).notNull(),
    users: bigint('users', { mode: 'number' }).notNull(),
    returningUsers: bigint('returning_users', { mode: 'number' }).notNull(),
    durationSec: bigint('duration_sec', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.device] })],
);

/** See db/schema/content.ts: daily newsletter sign-ups and cancellations. */
export const newsletterDaily = pgTable('newsletter_daily', {
  day: text('day').primaryKey(),
  gained: bigint('gained', { mode: 'number' }).notNull(),
  lost: bigint('lost', { mode: 'number' }).notNull(),
});

/** See db/schema/content.ts: named targets shown against actuals on the cards. */
export const cardTargets = pgTable('card_targets', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/** See db/schema/content.ts: a user's bookmarked pages (`target` a menu page key). */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.target] })],
);

/**
 * See db/schema/content.ts: the datatables sample rows. The key is an identity as the twin of SQLite's INTEGER
 * PRIMARY KEY (optional on insert).
 */
export const datatableRows = pgTable('datatable_rows', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  avatar: text('avatar').notNull().default(''),
  fullName: text('full_name').notNull(),
  post: text('post').notNull(),
  email: text('email').notNull(),
  city: text('city').notNull(),
  startDate: text('start_date').notNull(),
  salary: text('salary').notNull(),
  age: bigint('age', { mode: 'number' }).notNull(),
  experience: text('experience').notNull(),
  status: bigint('status', { mode: 'number' }).notNull(),
});
