import { transaction } from '../transaction';
import { and, asc, eq } from 'drizzle-orm';
import { Conflict, NotFound } from '@/lib/domain/errors';
import type { DbOrTx, Tx } from '../client';
import { portfolioViews, type PortfolioView } from '../schema/portfolio';

export type PortfolioModule = PortfolioView['module'];
export type ViewFilters = Record<string, string | string[]>;
export type SavedView = Omit<PortfolioView, 'columns' | 'filters'> & { columns: string[]; filters: ViewFilters };

function parse(v: PortfolioView): SavedView {
  return { ...v, columns: JSON.parse(v.columns) as string[], filters: JSON.parse(v.filters) as ViewFilters };
}

/** A user's saved views (Management), optionally of one module. Views are private to their owner. */
export async function listPortfolioViews(db: DbOrTx, userId: number, module?: PortfolioModule): Promise<SavedView[]> {
  const where = module ? and(eq(portfolioViews.userId, userId), eq(portfolioViews.module, module)) : eq(portfolioViews.userId, userId);
  return db.select().from(portfolioViews).where(where).orderBy(asc(portfolioViews.module), asc(portfolioViews.name)).all().map(parse);
}

/** One of the user's views (of `module` when given); another user's view, or another module's, is reported as not found. */
export async function getPortfolioView(db: DbOrTx, userId: number, id: number, module?: PortfolioModule): Promise<SavedView | undefined> {
  const v = db
    .select()
    .from(portfolioViews)
    .where(and(eq(portfolioViews.id, id), eq(portfolioViews.userId, userId), module ? eq(portfolioViews.module, module) : undefined))
    .get();
  return v ? parse(v) : undefined;
}

export async function createPortfolioView(
  db: DbOrTx,
  userId: number,
  input: { module: PortfolioModule; name: string; columns: string[]; filters: ViewFilters },
  now = Date.now(),
): Promise<SavedView> {
  return await transaction(db, async (tx) => {
    const dup = tx
      .select({ id: portfolioViews.id })
      .from(portfolioViews)
      .where(and(eq(portfolioViews.userId, userId), eq(portfolioViews.module, input.module), eq(portfolioViews.name, input.name)))
      .get();
    if (dup)
      throw new Conflict(`You already have a view named "${input.name}" for this module.`, [{ field: 'name', message: 'Already in use.' }]);
    const row = tx
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
      .get();
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
  const row = db
    .update(portfolioViews)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.columns !== undefined ? { columns: JSON.stringify(patch.columns) } : {}),
      ...(patch.filters !== undefined ? { filters: JSON.stringify(patch.filters) } : {}),
      updatedAt: Date.now(),
    })
    .where(and(eq(portfolioViews.id, id), eq(portfolioViews.userId, userId)))
    .returning()
    .get();
  return parse(row);
}

export async function deletePortfolioView(db: Tx, userId: number, id: number): Promise<void> {
  if (!(await getPortfolioView(db, userId, id))) throw new NotFound(`View ${id} does not exist.`);
  db.delete(portfolioViews)
    .where(and(eq(portfolioViews.id, id), eq(portfolioViews.userId, userId)))
    .run();
}
