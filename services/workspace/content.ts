import type { DbOrTx } from '@/db/client';
import { getFaq, getPublishedBlogDetail, getPricing, listBlogPosts, listKnowledgeBase } from '@/db/queries/workspace/content';
import { CONTENT_LOCALES, type ContentLocale } from '@/lib/domain/enums';
import { filterFaq, groupByCategory, pageOf, paragraphsOf, type FaqGroup } from '@/lib/workspace/help-centre';

/** The content locale of a UI locale (the four UI locales are the four content locales; anything else reads English). */
export function contentLocaleOf(locale: string): ContentLocale {
  return (CONTENT_LOCALES as readonly string[]).includes(locale) ? (locale as ContentLocale) : 'en';
}

/** Help centre: the FAQ groups matching `q` (question or answer), how many questions there are at all, and the knowledge base by category. */
export async function helpScreen(db: DbOrTx, locale: string, q: string) {
  const lang = contentLocaleOf(locale);
  const all: FaqGroup[] = Object.entries(await getFaq(db, lang, '')).map(([slug, c]) => ({
    slug,
    title: c.title,
    subtitle: c.subtitle,
    qandA: c.qandA,
  }));
  return {
    faq: filterFaq(all, q),
    knowledgeBase: groupByCategory(await listKnowledgeBase(db, lang)),
  };
}

export type PlanKey = 'basic' | 'standard' | 'enterprise';

/** Pricing: the three plans in order (prices in whole euros) and the pricing questions. */
export async function pricingScreen(db: DbOrTx, locale: string) {
  const p = await getPricing(db, contentLocaleOf(locale));
  const plans = (['basic', 'standard', 'enterprise'] as const).map((key) => {
    const plan = p[`${key}Plan`];
    return { key: key as PlanKey, ...plan };
  });
  return { plans, qandA: p.qandA };
}

/** News: one page of the published posts, newest first. */
export async function newsScreen(db: DbOrTx, locale: string, page: number, perPage: number) {
  return pageOf(await listBlogPosts(db, contentLocaleOf(locale)), page, perPage);
}

/** One published news article with its body as paragraphs and its comments, or undefined for an unknown id or a draft. */
export async function newsArticleScreen(db: DbOrTx, locale: string, id: number) {
  const found = await getPublishedBlogDetail(db, contentLocaleOf(locale), id);
  return found && { ...found, paragraphs: paragraphsOf(found.blog.content) };
}
