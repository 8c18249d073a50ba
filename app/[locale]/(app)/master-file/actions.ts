'use server';

import { getDb } from '@/db';
import { createPortfolioView } from '@/db/queries/portfolio-views';
import { Conflict } from '@/lib/domain/errors';
import { getCurrentPrincipal } from '@/services/auth/session';
import { canSee } from '@/lib/navigation';
import { masterFileViewInput } from '@/lib/validations/leases';

export type SaveViewResult = { ok: true; id: number } | { ok: false; code: 'unauthorized' | 'invalid' | 'conflict'; message: string };

/**
 * Saves the Master File's current columns and filters as one of the signed-in user's views
 * (portfolio_views, module 'master-file'; the same store Management lists). Views are private.
 */
export async function saveMasterFileView(input: unknown): Promise<SaveViewResult> {
  const principal = await getCurrentPrincipal();
  if (!principal || !canSee(principal.scopes, 'read:funders')) return { ok: false, code: 'unauthorized', message: 'Sign-in required.' };
  const parsed = masterFileViewInput.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: 'invalid', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  try {
    const view = await createPortfolioView(getDb(), principal.user.id, { module: 'master-file', ...parsed.data });
    return { ok: true, id: view.id };
  } catch (e) {
    if (e instanceof Conflict) return { ok: false, code: 'conflict', message: e.message };
    throw e;
  }
}
