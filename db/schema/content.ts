import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { funders } from './portfolio';
import { CONTENT_LOCALES, TRAFFIC_DEVICES } from '../../lib/domain/enums';
export { CONTENT_LOCALES, type ContentLocale, TRAFFIC_DEVICES } from '../../lib/domain/enums';

/** Locales the reading content is written in (one row per locale and item). */

/**
 * Help-centre FAQ categories, one row per locale; `slug` is the stable key across locales. Questions
 * whose category slug has no category row (e.g. `pricing`) belong to other pages.
 */
export const faqCategories = sqliteTable(
  'content_faq_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    icon: text('icon').notNull(),
    iconColor: text('icon_color').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('content_faq_categories_slug_idx').on(t.slug, t.locale)],
);

/** FAQ questions and answers; `questionNo` is the question's id in every locale. `answer` is plain text. */
export const faqQuestions = sqliteTable(
  'content_faq_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionNo: integer('question_no').notNull(),
    categorySlug: text('category_slug').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    slug: text('slug').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull(),
    updatedOn: text('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('content_faq_questions_no_idx').on(t.questionNo, t.locale),
    index('content_faq_questions_cat_idx').on(t.locale, t.categorySlug),
  ],
);

/** Knowledge-base articles; `articleNo` is the id in every locale. */
export const kbArticles = sqliteTable(
  'content_kb_articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleNo: integer('article_no').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    category: text('category').notNull(),
    img: text('img').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('content_kb_articles_no_idx').on(t.articleNo, t.locale)],
);

export const blogCategories = sqliteTable(
  'content_blog_categories',
  {
    slug: text('slug').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    label: text('label').notNull(),
    icon: text('icon').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);

/** Blog posts; `postNo` is the post's id in every locale. `tags` and `categories` are JSON arrays of slugs/labels. */
export const blogPosts = sqliteTable(
  'content_blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postNo: integer('post_no').notNull(),
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
    bookmarked: integer('bookmarked').notNull().default(0),
  },
  (t) => [uniqueIndex('content_blog_posts_no_idx').on(t.postNo, t.locale)],
);

export const blogComments = sqliteTable(
  'content_blog_comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postNo: integer('post_no').notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    authorName: text('author_name').notNull(),
    avatar: text('avatar').notNull(),
    commentedOn: text('commented_on').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('content_blog_comments_post_idx').on(t.postNo, t.locale)],
);

/** Subscription plans of the QUANTUM service; prices in whole currency units (EUR). `benefits` is a JSON array. */
export const pricingPlans = sqliteTable(
  'content_pricing_plans',
  {
    planKey: text('plan_key', { enum: ['basic', 'standard', 'enterprise'] }).notNull(),
    locale: text('locale', { enum: CONTENT_LOCALES }).notNull(),
    title: text('title').notNull(),
    img: text('img').notNull(),
    subtitle: text('subtitle').notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    yearlyPerMonth: integer('yearly_per_month').notNull(),
    yearlyTotal: integer('yearly_total').notNull(),
    benefits: text('benefits').notNull().default('[]'),
    popular: integer('popular', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planKey, t.locale] })],
);

/** What a user adds to their account beyond the users table (account settings, profile page). JSON columns hold objects. */
export const userProfiles = sqliteTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
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
  updatedAt: integer('updated_at').notNull(),
});

/** The service desk's tickets (support-tracker card): opened, first answered after `firstResponseHours`, closed. */
export const supportTickets = sqliteTable(
  'support_tickets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    funderId: integer('funder_id')
      .notNull()
      .references(() => funders.id),
    subject: text('subject').notNull(),
    openedOn: text('opened_on').notNull(),
    firstResponseHours: real('first_response_hours'),
    closedOn: text('closed_on'),
  },
  (t) => [index('support_tickets_funder_idx').on(t.funderId, t.openedOn)],
);

/** Daily portal traffic per device (sessions cards, site traffic, active users). Duration in seconds. */
export const webTrafficDaily = sqliteTable(
  'web_traffic_daily',
  {
    day: text('day').notNull(),
    device: text('device', { enum: TRAFFIC_DEVICES }).notNull(),
    sessions: integer('sessions').notNull(),
    users: integer('users').notNull(),
    returningUsers: integer('returning_users').notNull(),
    durationSec: integer('duration_sec').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.device] })],
);

/** Daily newsletter (investor-report mailing) sign-ups and cancellations. */
export const newsletterDaily = sqliteTable('newsletter_daily', {
  day: text('day').primaryKey(),
  gained: integer('gained').notNull(),
  lost: integer('lost').notNull(),
});

/** Named targets shown against actuals on the cards (e.g. `sessions_goal`). */
export const cardTargets = sqliteTable('card_targets', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

/** A user's bookmarked pages: `target` is a menu page key (lib/navigation.ts). Private to the user. */
export const bookmarks = sqliteTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.target] })],
);

/**
 * The datatables sample rows (api-reference §11), lease-funder flavoured: the lessees' contact persons.
 * Text columns keep the documented representations (`startDate` MM/DD/YYYY, `salary` '$23896.35').
 */
export const datatableRows = sqliteTable('datatable_rows', {
  id: integer('id').primaryKey(),
  avatar: text('avatar').notNull().default(''),
  fullName: text('full_name').notNull(),
  post: text('post').notNull(),
  email: text('email').notNull(),
  city: text('city').notNull(),
  startDate: text('start_date').notNull(),
  salary: text('salary').notNull(),
  age: integer('age').notNull(),
  experience: text('experience').notNull(),
  status: integer('status').notNull(),
});
export type BlogPost = typeof blogPosts.$inferSelect;
