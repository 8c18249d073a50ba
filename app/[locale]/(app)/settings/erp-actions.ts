'use server';

import { hasScope } from '@/lib/auth/scopes';
import { OdooConnector, odooConfigFromEnv } from '@/lib/connectors/erp';
import { getCurrentPrincipal } from '@/services/auth/session';

export type ErpTestResult =
  { ok: true; name: string } | { ok: false; code: 'unauthorized' | 'notConfigured' | 'unavailable'; message: string };

/** Settings → ERP connection → "Test connection" (admins): signs in to the configured Odoo and says whether that worked. */
export async function testErpConnection(): Promise<ErpTestResult> {
  const principal = await getCurrentPrincipal();
  if (!principal || !hasScope(principal.scopes, 'admin')) return { ok: false, code: 'unauthorized', message: 'Administrators only.' };
  const config = odooConfigFromEnv();
  if (!config) return { ok: false, code: 'notConfigured', message: 'No ERP is configured.' };
  const connector = new OdooConnector(config, fetch, 10_000);
  try {
    await connector.testConnection();
    return { ok: true, name: connector.name };
  } catch (e) {
    return { ok: false, code: 'unavailable', message: (e as Error).message };
  }
}
