import { getTranslations } from '@/i18n/translations';
import { getDb } from '@/db';
import { getProfile } from '@/db/queries/compat/content';
import { activityText } from '@/db/queries/compat/content-labels';
import { listBookmarkTargets, visiblePages } from '@/db/queries/compat/content-navbar';
import { parseQuery, withAuth } from '@/services/api/handler';
import { localeQuery } from '@/lib/validations/content';
import { NotFound } from '@/lib/domain/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /profile/data?locale= (also /api/profile/data): the signed-in user's profile; `suggestedPages` are
 * the user's bookmarked pages, `post` their latest lease activity, `suggestions` their colleagues.
 */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { locale } = await parseQuery(req, localeQuery);
  const db = getDb();
  const t = await getTranslations({ locale, namespace: 'nav' });
  const tp = await getTranslations({ locale, namespace: 'navbarSearch' });
  const marked = await listBookmarkTargets(db, principal.user.id);
  const suggestedPages = visiblePages(principal.scopes)
    .filter((p) => marked.has(p.key))
    .map((p) => ({ avatar: p.icon.displayName ?? p.key, username: t(p.key), subtitle: tp('groups.pages'), favorite: true, link: `/${locale}${p.href}` }));
  const data = await getProfile(db, principal.user.id, { suggestedPages, activityText: (action, contract) => activityText(locale, action, contract) });
  if (!data) throw new NotFound('The user no longer exists.');
  return Response.json(data);
});
