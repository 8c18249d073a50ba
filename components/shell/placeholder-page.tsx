import type { NavPageKey } from '@/lib/navigation';
import { NotAvailable } from './not-available';
import { PageHeader } from './page-header';
import { guardPage } from './require-scope';

/** A whole page for a menu entry whose feature is not built yet: scope check, title, "not available yet". */
export async function PlaceholderPage({ locale, page }: { locale: string; page: NavPageKey }) {
  const access = await guardPage(locale, page);
  if (!access.ok) return access.forbidden;
  return (
    <>
      <PageHeader page={page} />
      <NotAvailable page={page} />
    </>
  );
}
