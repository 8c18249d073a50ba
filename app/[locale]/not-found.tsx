import { NotFoundPanel } from '@/components/shell/not-found-panel';

/** The localized 404 outside the signed-in shell (a notFound() above the (app) group, e.g. from the locale layout). */
export default function LocaleNotFound() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center p-6">
      <NotFoundPanel />
    </main>
  );
}
