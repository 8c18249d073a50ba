'use client';

import { ErrorPanel } from '@/components/shell/error-panel';

/** A page inside the shell failed to render: the shell stays, the page area shows the error panel. */
export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
