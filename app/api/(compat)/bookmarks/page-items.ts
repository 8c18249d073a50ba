import { getTranslations } from '@/i18n/translations';
import type { DbOrTx } from '@/db/client';
import { listBookmarkTargets, pageItems, visiblePages } from '@/db/queries/compat/content-navbar';
import type { Principal } from '@/services/auth/principal';
import type { NavPageKey } from '@/lib/navigation';
import type { ContentLocaleValue, SearchPageItem } from '@/lib/validations/content';

/** The menu pages the principal may open as search items, labelled in `locale`, with the principal's own bookmark flags. */
export async function pageItemsFor(db: DbOrTx, principal: Principal, locale: ContentLocaleValue): Promise<SearchPageItem[]> {
  const t = await getTranslations({ locale, namespace: 'nav' });
  return pageItems(visiblePages(principal.scopes), await listBookmarkTargets(db, principal.user.id), (key: NavPageKey) => t(key), locale);
}
