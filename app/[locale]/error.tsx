'use client';

import { ErrorPanel } from '@/components/shell/error-panel';

/** Errors above the shell (e.g. the session check itself failed): the error panel on the plain page. */
export default function LocaleError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-2xl items-center p-6">
      <div className="w-full">
        <ErrorPanel error={error} retry={retry} />
      </div>
    </main>
  );
}
