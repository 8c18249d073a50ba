import { NotFoundPanel } from '@/components/shell/not-found-panel';

/**
 * A 404 of a signed-in page (an unknown path caught by [...rest], or a page's notFound()): inside the shell, so the
 * menu and the search stay at hand. The status stays 404.
 */
export default function AppNotFound() {
  return <NotFoundPanel />;
}
