'use client';

import { CircleCheck, CircleSlash, Loader2, PlugZap } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatTimestamp } from '@/lib/format';

type TestResult = { ok: true; name: string } | { ok: false; code: string; message: string };

type ErpCardProps = {
  /** Null when no ERP is configured (ODOO_URL, ODOO_DB, ODOO_USER, ODOO_API_KEY not all set). */
  connection: { name: string; host: string; database: string; user: string } | null;
  envVars: readonly string[];
  /** When a quotation was last pushed (ms), if ever. */
  lastSyncAt: number | null;
  /** The server action behind "Test connection"; absent for users who may not run it. */
  onTest?: () => Promise<TestResult>;
};

/** Settings → the ERP connection onboarding pushes quotations to: configured or not, last push, and a connection test. */
export function ErpCard({ connection, envVars, lastSyncAt, onTest }: ErpCardProps) {
  const t = useTranslations('settings.erp');
  const format = useFormatter();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);

  const test = async () => {
    if (!onTest) return;
    setBusy(true);
    setResult(null);
    try {
      setResult(await onTest());
    } catch (e) {
      setResult({ ok: false, code: 'unavailable', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="erp-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>{t('title')}</CardTitle>
          <CardDescription>{t('hint')}</CardDescription>
        </div>
        <Badge variant={connection ? 'success' : 'secondary'} data-testid="erp-status">
          {connection ? <CircleCheck className="size-4" aria-hidden="true" /> : <CircleSlash className="size-4" aria-hidden="true" />}
          {connection ? t('configured', { name: connection.name }) : t('notConfigured')}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        {connection ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-[13px]">
            <dt className="font-medium text-heading">{t('host')}</dt>
            <dd className="min-w-0 break-all">{connection.host}</dd>
            <dt className="font-medium text-heading">{t('database')}</dt>
            <dd>{connection.database}</dd>
            <dt className="font-medium text-heading">{t('user')}</dt>
            <dd>{connection.user}</dd>
            <dt className="font-medium text-heading">{t('lastSync')}</dt>
            <dd data-testid="erp-last-sync">{lastSyncAt ? formatTimestamp(format, lastSyncAt) : t('never')}</dd>
          </dl>
        ) : (
          <p className="text-[13px]">{t('howTo', { vars: envVars.join(', ') })}</p>
        )}
        {connection && onTest ? (
          <div>
            <Button variant="outline" onClick={() => void test()} disabled={busy} data-testid="erp-test">
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <PlugZap aria-hidden="true" />}
              {busy ? t('testing') : t('test')}
            </Button>
          </div>
        ) : null}
        <div aria-live="polite">
          {result ? (
            <Alert variant={result.ok ? 'success' : 'danger'} data-testid="erp-test-result">
              {result.ok ? t('testOk', { name: result.name }) : t('testFailed', { message: result.message })}
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
