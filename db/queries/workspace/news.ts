import { transaction } from '../../transaction';
/**
 * The news admin: every article of a language (drafts too), one for editing, create and update. Articles are kept
 * per language under their number (post_no); a new one takes the language's next number. Each write is one
 * IMMEDIATE transaction with one audit row (entity news, id `<locale>:<number>`).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { ContentLocale } from '@/lib/domain/enums';
import { htmlOfParagraphs, paragraphsOf, slugOfTitle } from '@/lib/workspace/help-centre';
import type { NewsPostBody } from '@/lib/validations/workspace';
import type { Db, DbOrTx } from '../../client';
import { type BlogPost } from '../../schema/content';
import { blogPosts } from '../../tables';
import { recordAudit } from '../audit';

export type NewsAdminRow = { id: number; title: string; status: 'draft' | 'published'; postedOn: string; authorName: string };
export type NewsEditable = NewsPostBody & { id: number };

/** Every article of the language, drafts first, then newest first. */
export async function listNewsForAdmin(db: DbOrTx, locale: ContentLocale): Promise<NewsAdminRow[]> {
  return await db
    .select({
      id: blogPosts.postNo,
      title: blogPosts.title,
      status: blogPosts.status,
      postedOn: blogPosts.postedOn,
      authorName: blogPosts.authorName,
    })
    .from(blogPosts)
    .where(eq(blogPosts.locale, locale))
    .orderBy(sql`case when ${blogPosts.status} = 'draft' then 0 else 1 end`, desc(blogPosts.postedOn), desc(blogPosts.postNo));
}

async function postRow(db: DbOrTx, locale: ContentLocale, id: number): Promise<BlogPost | undefined> {
  return (
    await db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.locale, locale), eq(blogPosts.postNo, id)))
      .limit(1)
  )[0];
}

function editableOf(p: BlogPost): NewsEditable {
  let tags: string[] = [];
  try {
    const parsed: unknown = JSON.parse(p.tags);
    if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    tags = [];
  }
  return { id: p.postNo, title: p.title, excerpt: p.excerpt, content: paragraphsOf(p.content).join('\n\n'), tags, status: p.status };
}

/** An article (draft or published) as the editor shows it: the body as plain paragraphs; undefined when unknown. */
export async function getNewsForEdit(db: DbOrTx, locale: ContentLocale, id: number): Promise<NewsEditable | undefined> {
  const p = await postRow(db, locale, id);
  return p ? editableOf(p) : undefined;
}

function storedOf(input: NewsPostBody) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: htmlOfParagraphs(input.content),
    tags: JSON.stringify([...new Set(input.tags)]),
    status: input.status,
  };
}

/** A new article by `author`, dated `today` (YYYY-MM-DD); returns its number. */
export async function createNews(
  db: Db,
  locale: ContentLocale,
  input: NewsPostBody,
  author: { userId: number; name: string; avatar: string },
  today: string,
  now = Date.now(),
): Promise<number> {
  return await transaction(db, async (tx) => {
    const next =
      ((
        await tx
          .select({ n: sql<number>`coalesce(max(${blogPosts.postNo}), 0)` })
          .from(blogPosts)
          .where(eq(blogPosts.locale, locale))
          .limit(1)
      )[0]?.n ?? 0) + 1;
    const values = {
      ...storedOf(input),
      postNo: next,
      locale,
      slug: `${slugOfTitle(input.title)}-${next}`,
      img: '',
      authorName: author.name,
      avatar: author.avatar,
      postedOn: today,
    };
    await tx.insert(blogPosts).values(values);
    await recordAudit(
      tx,
      {
        actor: author.userId,
        entity: 'news',
        entityId: `${locale}:${next}`,
        action: 'create',
        after: editableOf((await postRow(tx, locale, next))!),
      },
      now,
    );
    return next;
  });
}

/** Replaces an article's title, excerpt, body, tags and status; 404 when the language has no such article. */
export async function updateNews(
  db: Db,
  locale: ContentLocale,
  id: number,
  input: NewsPostBody,
  actorId: number,
  now = Date.now(),
): Promise<NewsEditable> {
  return await transaction(db, async (tx) => {
    const before = await postRow(tx, locale, id);
    if (!before) throw new NotFound(`News article ${id} does not exist in ${locale}.`);
    await tx.update(blogPosts).set(storedOf(input)).where(eq(blogPosts.id, before.id));
    const after = editableOf((await postRow(tx, locale, id))!);
    await recordAudit(
      tx,
      { actor: actorId, entity: 'news', entityId: `${locale}:${id}`, action: 'update', before: editableOf(before), after },
      now,
    );
    return after;
  });
}
