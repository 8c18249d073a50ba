import { transaction } from '../transaction';
import { and, asc, eq } from 'drizzle-orm';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type { DbOrTx, Tx } from '../client';
import { type PortfolioView } from '../schema/portfolio';
import { portfolioViews } from '../tables';

export type PortfolioModule = PortfolioView['module'];
export type ViewFilters = Record<string, string | string[]>;
export type SavedView = Omit<PortfolioView, 'columns' | 'filters'> & { columns: string[]; filters: ViewFilters };

function parse(v: PortfolioView): SavedView {
  return { ...v, columns: JSON.parse(v.columns) as string[], filters: JSON.parse(v.filters) as ViewFilters };
}

/** A user's saved views (Management), optionally of one module. Views are private to their owner. */
export async function listPortfolioViews(db: DbOrTx, userId: number, module?: PortfolioModule): Promise<SavedView[]> {
  const where = module ? and(eq(portfolioViews.userId, userId), eq(portfolioViews.module, module)) : eq(portfolioViews.userId, userId);
  return (await db.select().from(portfolioViews).where(where).orderBy(asc(portfolioViews.module), asc(portfolioViews.name))).map(parse);
}

/** One of the user's views (of `module` when given); another user's view, or another module's, is reported as not found. */
export async function getPortfolioView(db: DbOrTx, userId: number, id: number, module?: PortfolioModule): Promise<SavedView | undefined> {
  const v = (
    await db
      .select()
      .from(portfolioViews)
      .where(and(eq(portfolioViews.id, id), eq(portfolioViews.userId, userId), module ? eq(portfolioViews.module, module) : undefined))
      .limit(1)
  )[0];
  return v ? parse(v) : undefined;
}

export async function createPortfolioView(
  db: DbOrTx,
  userId: number,
  input: { module: PortfolioModule; name: string; columns: string[]; filters: ViewFilters },
  now = Date.now(),
): Promise<SavedView> {
  return await transaction(db, async (tx) => {
    const dup = (
      await tx
        .select({ id: portfolioViews.id })
        .from(portfolioViews)
        .where(and(eq(portfolioViews.userId, userId), eq(portfolioViews.module, input.module), eq(portfolioViews.name, input.name)))
        .limit(1)
    )[0];
    if (dup)
      throw new Conflict(`You already have a view named "${input.name}" for this module.`, [{ field: 'name', message: 'Already in use.' }]);
    const row = (
      await tx
        .insert(portfolioViews)
        .values({
          userId,
          module: input.module,
          name: input.name,
          columns: JSON.stringify(input.columns),
          filters: JSON.stringify(input.filters),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0]!;
    return parse(row);
  });
}

export async function updatePortfolioView(
  db: Tx,
  userId: number,
  id: number,
  patch: Partial<{ name: string; columns: string[]; filters: ViewFilters }>,
): Promise<SavedView> {
  if (!(await getPortfolioView(db, userId, id))) throw new NotFound(`View ${id} does not exist.`);
  const row = (
    await db
      .update(portfolioViews)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.columns !== undefined ? { columns: JSON.stringify(patch.columns) } : {}),
        ...(patch.filters !== undefined ? { filters: JSON.stringify(patch.filters) } : {}),
        updatedAt: Date.now(),
      })
      .where(and(eq(portfolioViews.id, id), eq(portfolioViews.userId, userId)))
      .returning()
  )[0]!;
  return parse(row);
}

export async function deletePortfolioView(db: Tx, userId: number, id: number): Promise<void> {
  if (!(await getPortfolioView(db, userId, id))) throw new NotFound(`View ${id} does not exist.`);
  await db.delete(portfolioViews).where(and(eq(portfolioViews.id, id), eq(portfolioViews.userId, userId)));
}
