import type { Db, DbOrTx } from '@/db/client';
import type { User } from '@/db/schema/auth';
import { createNews, getNewsForEdit, listNewsForAdmin, updateNews } from '@/db/queries/workspace/news';
import { todayIso } from '@/lib/clock';
import type { NewsPostBody } from '@/lib/validations/workspace';
import { contentLocaleOf } from './content';

/** The drafts and published articles of the page's language, for the admins' list. */
export async function newsAdminList(db: DbOrTx, locale: string) {
  return await listNewsForAdmin(db, contentLocaleOf(locale));
}

/** An article of the page's language for the editor, or undefined. */
export async function newsEditScreen(db: DbOrTx, locale: string, id: number) {
  return await getNewsForEdit(db, contentLocaleOf(locale), id);
}

/** A new article in the language by the admin, dated `today` (lib/clock's by default); its number. */
export async function publishNews(
  db: Db,
  locale: string,
  input: NewsPostBody,
  author: User,
  now = new Date(),
  today = todayIso(),
): Promise<number> {
  return await createNews(
    db,
    contentLocaleOf(locale),
    input,
    { userId: author.id, name: author.fullName || author.username, avatar: author.avatar ?? '' },
    today,
    now.getTime(),
  );
}

/** Edits an article of the language (404 when unknown). */
export async function editNews(db: Db, locale: string, id: number, input: NewsPostBody, actor: User) {
  return await updateNews(db, contentLocaleOf(locale), id, input, actor.id);
}
