import { transaction } from '../../transaction';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { bookmarks, datatableRows } from '@/db/tables';
import { canSee, NAV_PAGE_KEYS, NAV_TREE, type NavItem, type NavNode, type NavPageKey } from '@/lib/navigation';
import type { SearchPageItem } from '@/lib/validations/content';
import { rowsChanged } from '../../dialect';

/**
 * The navbar's search and bookmarks (api-reference §11). Searchable pages are the menu's pages the user
 * may open (lib/navigation.ts); a page's id is its position in NAV_PAGE_KEYS + 1, stable across
 * requests; bookmarks are stored per user by page key.
 */

function flatten(nodes: readonly NavNode[]): NavItem[] {
  return nodes.flatMap((n) => (n.kind === 'item' ? [n] : flatten(n.children)));
}

export function pageId(key: NavPageKey): number {
  return NAV_PAGE_KEYS.indexOf(key) + 1;
}

export function pageKeyOf(id: number): NavPageKey | undefined {
  return NAV_PAGE_KEYS[id - 1];
}

/** The pages a user with these scopes may open, in menu order. */
export function visiblePages(scopes: readonly string[]): NavItem[] {
  return flatten(NAV_TREE).filter((p) => canSee(scopes, p.scope));
}

export async function listBookmarkTargets(db: DbOrTx, userId: number): Promise<Set<string>> {
  return new Set((await db.select({ target: bookmarks.target }).from(bookmarks).where(eq(bookmarks.userId, userId))).map((b) => b.target));
}

/** The pages as search items: labels from the caller (messages `nav.<key>` of the locale), links locale-prefixed. */
export function pageItems(pages: NavItem[], bookmarked: Set<string>, label: (key: NavPageKey) => string, locale: string): SearchPageItem[] {
  return pages.map((p) => ({
    id: pageId(p.key),
    target: p.key,
    isBookmarked: bookmarked.has(p.key),
    title: label(p.key),
    icon: p.icon.displayName ?? p.key,
    link: `/${locale}${p.href}`,
  }));
}

/** Case-insensitive "contains" for any script (SQLite's lower() only folds ASCII). */
export function textMatches(text: string, q: string): boolean {
  return q === '' || text.toLocaleLowerCase().includes(q.toLocaleLowerCase());
}

/**
 * Toggles the user's bookmark of a page in one transaction; returns the new state. The caller has
 * checked that the page exists and is visible to the user.
 */
export async function toggleBookmark(db: DbOrTx, userId: number, target: NavPageKey, now = Date.now()): Promise<boolean> {
  return await transaction(db, async (tx) => {
    const deleted = await tx.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.target, target)));
    if (rowsChanged(deleted) > 0) return false;
    await tx.insert(bookmarks).values({ userId, target, createdAt: now });
    return true;
  });
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type DatatableRow = typeof datatableRows.$inferSelect;

export function toDatatableRow(r: DatatableRow) {
  return {
    responsive_id: '',
    id: r.id,
    avatar: r.avatar,
    full_name: r.fullName,
    post: r.post,
    email: r.email,
    city: r.city,
    start_date: r.startDate,
    salary: r.salary,
    age: String(r.age),
    experience: r.experience,
    status: r.status,
  };
}

export async function listDatatableRows(db: DbOrTx) {
  return (await db.select().from(datatableRows).orderBy(asc(datatableRows.id))).map(toDatatableRow);
}

/**
 * GET /api/datatables/data: q is a case-insensitive substring of any of full_name, post, email, age,
 * salary, start_date (not city, not experience); storage order; `invoices` = the page slice; `total` =
 * the filtered count; `allData` = every row, unfiltered.
 */
export async function pageDatatableRows(db: DbOrTx, q: string, perPage: number, page: number) {
  const pattern = `%${escapeLike(q)}%`;
  const where = q
    ? sql`(${datatableRows.fullName} like ${pattern} escape '\\' or ${datatableRows.post} like ${pattern} escape '\\' or ${datatableRows.email} like ${pattern} escape '\\'
        or cast(${datatableRows.age} as text) like ${pattern} escape '\\' or ${datatableRows.salary} like ${pattern} escape '\\' or ${datatableRows.startDate} like ${pattern} escape '\\')`
    : undefined;
  const total = Number(
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(datatableRows)
        .where(where)
        .limit(1)
    )[0]?.n ?? 0,
  );
  const rows = await db
    .select()
    .from(datatableRows)
    .where(where)
    .orderBy(asc(datatableRows.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { allData: await listDatatableRows(db), invoices: rows.map(toDatatableRow), total };
}
