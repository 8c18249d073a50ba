'use client';

import { RotateCw, TriangleAlert } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** The body of the error boundaries: a localized message, a retry, and the digest to quote to support (never the stack). */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('errors');
  const digest = typeof error === 'object' && error !== null && 'digest' in error && typeof error.digest === 'string' ? error.digest : null;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div role="alert" className="mt-4">
      <EmptyState
        icon={TriangleAlert}
        tone="danger"
        headingLevel={1}
        title={t('errorTitle')}
        data-testid="error-boundary"
        action={
          <Button onClick={() => retry()}>
            <RotateCw aria-hidden="true" />
            {t('retry')}
          </Button>
        }
      >
        <p>{t('errorBody')}</p>
        {digest ? (
          <p className="mt-3 text-sm">
            {t.rich('reference', {
              digest,
              code: (chunks) => (
                <code className="rounded-sm bg-surface-muted px-1.5 py-0.5 font-mono text-[13px] text-heading select-all">{chunks}</code>
              ),
            })}
          </p>
        ) : null}
      </EmptyState>
    </div>
  );
}
