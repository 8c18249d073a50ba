import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  users,
  blogCategories,
  blogComments,
  blogPosts,
  faqCategories,
  faqQuestions,
  kbArticles,
  pricingPlans,
  userProfiles,
  leaseHistory,
  leases,
} from '@/db/tables';
import { type BlogPost, type ContentLocale } from '@/db/schema/content';
import { escapeHtml } from '@/lib/workspace/help-centre';

/** Reading content of the help centre, blog and pricing pages (api-reference §12), in one locale. */

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Case-insensitive "contains", also for non-ASCII letters (SQLite's lower() folds ASCII only). */
export function questionMatches(question: string, q: string): boolean {
  return q === '' || question.toLocaleLowerCase().includes(q.toLocaleLowerCase());
}

export type FaqCategoryBody = { icon: string; title: string; subtitle: string; qandA: { question: string; ans: string }[] };

/**
 * GET /faq/data: categories keyed by slug, each with its questions whose **question text** contains q;
 * categories with no matching question are left out, so a q matching nothing gives {}.
 */
export async function getFaq(db: DbOrTx, locale: ContentLocale, q: string): Promise<Record<string, FaqCategoryBody>> {
  const cats = await db.select().from(faqCategories).where(eq(faqCategories.locale, locale)).orderBy(asc(faqCategories.position));
  const questions = await db.select().from(faqQuestions).where(eq(faqQuestions.locale, locale)).orderBy(asc(faqQuestions.position));
  const out: Record<string, FaqCategoryBody> = {};
  for (const c of cats) {
    const qandA = questions
      .filter((x) => x.categorySlug === c.slug && questionMatches(x.question, q))
      .map((x) => ({ question: x.question, ans: x.answer }));
    if (qandA.length > 0) out[c.slug] = { icon: c.icon, title: c.title, subtitle: c.subtitle, qandA };
  }
  return out;
}

export async function listKnowledgeBase(db: DbOrTx, locale: ContentLocale) {
  return (await db.select().from(kbArticles).where(eq(kbArticles.locale, locale)).orderBy(asc(kbArticles.position))).map((a) => ({
    id: a.articleNo,
    category: a.category,
    img: a.img,
    title: a.title,
    desc: a.description,
  }));
}

/** GET /faq/data/category: every help category with its questions (ids are the questions' ids in every locale). */
export async function listFaqCategories(db: DbOrTx, locale: ContentLocale) {
  const cats = await db.select().from(faqCategories).where(eq(faqCategories.locale, locale)).orderBy(asc(faqCategories.position));
  const questions = await db.select().from(faqQuestions).where(eq(faqQuestions.locale, locale)).orderBy(asc(faqQuestions.position));
  return cats.map((c, i) => ({
    id: i + 1,
    title: c.title,
    icon: c.icon,
    iconColor: c.iconColor,
    questions: questions.filter((x) => x.categorySlug === c.slug).map((x) => ({ id: x.questionNo, question: x.question, slug: x.slug })),
  }));
}

/**
 * GET /faq/data/question: one question with its answer as HTML and the other questions of its category.
 * Without an id: the first help question. Undefined for an unknown id.
 */
export async function getFaqQuestion(db: DbOrTx, locale: ContentLocale, id?: number) {
  const helpSlugs = (await db.select({ slug: faqCategories.slug }).from(faqCategories).where(eq(faqCategories.locale, locale))).map(
    (c) => c.slug,
  );
  const all = await db.select().from(faqQuestions).where(eq(faqQuestions.locale, locale)).orderBy(asc(faqQuestions.position));
  const found = id === undefined ? all.find((x) => helpSlugs.includes(x.categorySlug)) : all.find((x) => x.questionNo === id);
  if (!found) return undefined;
  return {
    id: found.questionNo,
    title: found.question,
    lastUpdated: found.updatedOn,
    relatedQuestions: all
      .filter((x) => x.categorySlug === found.categorySlug && x.questionNo !== found.questionNo)
      .map((x) => ({ id: x.questionNo, question: x.question })),
    content: `<p>${escapeHtml(found.answer)}</p>`,
  };
}

export async function getPricing(db: DbOrTx, locale: ContentLocale) {
  const rows = await db.select().from(pricingPlans).where(eq(pricingPlans.locale, locale)).orderBy(asc(pricingPlans.position));
  const plan = (key: 'basic' | 'standard' | 'enterprise') => {
    const p = rows.find((r) => r.planKey === key);
    if (!p) throw new Error(`Pricing plan ${key} is missing for ${locale}.`);
    return {
      title: p.title,
      img: p.img,
      subtitle: p.subtitle,
      monthlyPrice: p.monthlyPrice,
      yearlyPlan: { perMonth: p.yearlyPerMonth, totalAnnual: p.yearlyTotal },
      planBenefits: parseJson<string[]>(p.benefits, []),
      popular: p.popular,
    };
  };
  const qandA = (
    await db
      .select()
      .from(faqQuestions)
      .where(and(eq(faqQuestions.locale, locale), eq(faqQuestions.categorySlug, 'pricing')))
      .orderBy(asc(faqQuestions.position))
  ).map((x) => ({ question: x.question, ans: x.answer }));
  return { basicPlan: plan('basic'), standardPlan: plan('standard'), enterprisePlan: plan('enterprise'), qandA };
}

async function commentCounts(db: DbOrTx, locale: ContentLocale): Promise<Map<number, number>> {
  const rows = await db
    .select({ postNo: blogComments.postNo, n: sql<number>`count(*)` })
    .from(blogComments)
    .where(eq(blogComments.locale, locale))
    .groupBy(blogComments.postNo);
  return new Map(rows.map((r) => [r.postNo, r.n]));
}

/** GET /blog/list/data: published posts, newest first. */
export async function listBlogPosts(db: DbOrTx, locale: ContentLocale) {
  const counts = await commentCounts(db, locale);
  return (
    await db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.locale, locale), eq(blogPosts.status, 'published')))
      .orderBy(desc(blogPosts.postedOn), asc(blogPosts.postNo))
  ).map((p) => ({
    img: p.img,
    title: p.title,
    id: p.postNo,
    avatar: p.avatar,
    userFullName: p.authorName,
    blogPosted: p.postedOn,
    tags: parseJson<string[]>(p.tags, []),
    excerpt: p.excerpt,
    comment: counts.get(p.postNo) ?? 0,
  }));
}

export async function getBlogSidebar(db: DbOrTx, locale: ContentLocale) {
  const recentPosts = (await listBlogPosts(db, locale))
    .slice(0, 4)
    .map((p) => ({ img: p.img, title: p.title, id: p.id, createdTime: p.blogPosted }));
  const categories = (
    await db.select().from(blogCategories).where(eq(blogCategories.locale, locale)).orderBy(asc(blogCategories.position))
  ).map((c) => ({ category: c.label, icon: c.icon }));
  return { recentPosts, categories };
}

async function getPost(db: DbOrTx, locale: ContentLocale, id: number) {
  return (
    await db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.locale, locale), eq(blogPosts.postNo, id)))
      .limit(1)
  )[0];
}

/** GET /blog/list/data/detail?id=: the post and its comments; undefined for an unknown id. */
export async function getBlogDetail(db: DbOrTx, locale: ContentLocale, id: number) {
  const p = await getPost(db, locale, id);
  return p && (await blogDetailOf(db, locale, id, p));
}

/** A published post and its comments, as getBlogDetail; undefined for an unknown id or a draft (one read of the post). */
export async function getPublishedBlogDetail(db: DbOrTx, locale: ContentLocale, id: number) {
  const p = await getPost(db, locale, id);
  return p?.status === 'published' ? await blogDetailOf(db, locale, id, p) : undefined;
}

async function blogDetailOf(db: DbOrTx, locale: ContentLocale, id: number, p: BlogPost) {
  const comments = (
    await db
      .select()
      .from(blogComments)
      .where(and(eq(blogComments.locale, locale), eq(blogComments.postNo, id)))
      .orderBy(asc(blogComments.commentedOn), asc(blogComments.id))
  ).map((c) => ({ avatar: c.avatar, userFullName: c.authorName, commentedAt: c.commentedOn, commentText: c.text }));
  return {
    blog: {
      id: p.postNo,
      img: p.img,
      title: p.title,
      avatar: p.avatar,
      userFullName: p.authorName,
      createdTime: p.postedOn,
      tags: parseJson<string[]>(p.tags, []),
      content: p.content,
      comments: comments.length,
      bookmarked: p.bookmarked,
    },
    comments,
  };
}

/** GET /blog/list/data/edit?id=: the post as the editor form loads it; undefined for an unknown id. */
export async function getBlogEdit(db: DbOrTx, locale: ContentLocale, id: number) {
  const p = await getPost(db, locale, id);
  if (!p) return undefined;
  const labels = new Map((await db.select().from(blogCategories).where(eq(blogCategories.locale, locale))).map((c) => [c.slug, c.label]));
  return {
    id: p.postNo,
    avatar: p.avatar,
    userFullName: p.authorName,
    createdTime: p.postedOn,
    blogTitle: p.title,
    blogCategories: parseJson<string[]>(p.categories, []).map((slug) => ({ value: slug, label: labels.get(slug) ?? slug })),
    slug: p.slug,
    status: p.status,
    excerpt: `<p>${escapeHtml(p.excerpt)}</p>`,
    featuredImage: p.img,
  };
}

type Notifications = {
  commentOnArticle: boolean;
  answerOnForm: boolean;
  followMe: boolean;
  newAnnouncements: boolean;
  productUpdates: boolean;
  blogDigest: boolean;
};
const DEFAULT_NOTIFICATIONS: Notifications = {
  commentOnArticle: false,
  answerOnForm: false,
  followMe: false,
  newAnnouncements: true,
  productUpdates: true,
  blogDigest: false,
};
const EMPTY_LINKS = { twitter: '', facebook: '', google: '', linkedIn: '', instagram: '', quora: '' };

async function userWithProfile(db: DbOrTx, userId: number) {
  const user = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user) return undefined;
  const profile = (await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1))[0];
  return { user, profile };
}

/** GET /account-setting/data: the signed-in user's own account (users row + profile extras; defaults where none is stored). */
export async function getAccountSettings(db: DbOrTx, userId: number) {
  const found = await userWithProfile(db, userId);
  if (!found) return undefined;
  const { user, profile } = found;
  return {
    general: { avatar: user.avatar ?? '', username: user.username, fullName: user.fullName, email: user.email, company: user.company },
    info: {
      bio: profile?.bio ?? '',
      dob: profile?.dob ?? null,
      country: user.country,
      website: profile?.website ?? '',
      phone: profile?.phone || user.contact,
    },
    social: {
      socialLinks: { ...EMPTY_LINKS, ...parseJson<Partial<typeof EMPTY_LINKS>>(profile?.socialLinks ?? '{}', {}) },
      connections: {
        twitter: {},
        google: {},
        facebook: {},
        github: {},
        ...parseJson<Record<string, Record<string, string>>>(profile?.connections ?? '{}', {}),
      },
    },
    notification: { ...DEFAULT_NOTIFICATIONS, ...parseJson<Partial<Notifications>>(profile?.notifications ?? '{}', {}) },
  };
}

/**
 * GET /profile/data: the signed-in user's profile. `post` is the user's latest lease activity (from the
 * lease history), `suggestedPages` their bookmarked pages (given by the caller), `suggestions` colleagues.
 */
export async function getProfile(
  db: DbOrTx,
  userId: number,
  extras: {
    suggestedPages: { avatar: string; username: string; subtitle: string; favorite: boolean; link: string }[];
    activityText: (action: string, contract: string) => string;
  },
) {
  const found = await userWithProfile(db, userId);
  if (!found) return undefined;
  const { user, profile } = found;
  const activity = await db
    .select({ id: leaseHistory.id, action: leaseHistory.action, at: leaseHistory.at, contract: leases.contractNumber })
    .from(leaseHistory)
    .innerJoin(leases, eq(leases.id, leaseHistory.leaseId))
    .where(eq(leaseHistory.userId, userId))
    .orderBy(desc(leaseHistory.at), desc(leaseHistory.id))
    .limit(5);
  const colleagues = await db
    .select({ fullName: users.fullName, avatar: users.avatar, company: users.company })
    .from(users)
    .where(and(sql`${users.id} <> ${userId}`, eq(users.status, 'active')))
    .orderBy(asc(users.fullName))
    .limit(6);
  return {
    header: {
      avatar: user.avatar ?? '',
      username: user.fullName || user.username,
      designation: profile?.designation ?? '',
      coverImg: profile?.coverImg ?? '',
    },
    userAbout: {
      about: profile?.bio ?? '',
      joined: new Date(user.createdAt).toISOString().slice(0, 10),
      lives: profile?.lives ?? user.country,
      email: user.email,
      website: profile?.website ?? '',
    },
    suggestedPages: extras.suggestedPages,
    twitterFeeds: [],
    post: activity.map((a) => ({
      avatar: user.avatar ?? '',
      username: user.fullName || user.username,
      postTime: new Date(a.at).toISOString(),
      postText: extras.activityText(a.action, a.contract),
      postImg: '',
      likes: 0,
      youLiked: false,
      comments: 0,
      id: a.id,
    })),
    latestPhotos: [],
    suggestions: colleagues.map((c) => ({ avatar: c.avatar ?? '', name: c.fullName, mutualFriend: c.company })),
    polls: [],
  };
}
