/**
 * The external ERP behind onboarding: QUANTUM pushes a quotation there and keeps the id it gets back.
 * One implementation exists, for Odoo's external JSON-RPC API (the lessees' `idOdoo` is the Odoo
 * partner reference). It is used only when ODOO_URL, ODOO_DB, ODOO_USER and ODOO_API_KEY are all set;
 * otherwise getErpConnector() answers null and the sync endpoint says so (501).
 */
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { fromMinor } from '@/lib/finance/money';

/** What is pushed: the quotation's terms (amounts in minor units of `currency`, rates decimals). */
export type ErpQuotation = {
  id: number;
  externalId: string | null;
  lesseeName: string;
  lesseeIdOdoo: string | null;
  assetType: string;
  assetDescription: string;
  currency: string;
  price: number;
  downPayment: number;
  residual: number;
  term: number;
  rate: number;
  timing: string;
  frequency: string;
  firstDueDate: string;
  instalment: number;
  vatRate: number;
  status: string;
};

export interface ErpConnector {
  /** The ERP's name, for messages. */
  readonly name: string;
  /** Creates the quotation in the ERP (or updates it when it has an externalId) and returns the ERP's id. */
  pushQuotation(q: ErpQuotation): Promise<{ externalId: string }>;
}

export const ERP_ENV_VARS = ['ODOO_URL', 'ODOO_DB', 'ODOO_USER', 'ODOO_API_KEY'] as const;

const odooEnv = z.object({
  ODOO_URL: z.string().url(),
  ODOO_DB: z.string().min(1),
  ODOO_USER: z.string().min(1),
  ODOO_API_KEY: z.string().min(1),
});
export type OdooConfig = { url: string; db: string; user: string; apiKey: string };

/** The Odoo settings from the environment, or null when any of them is missing or malformed. */
export function odooConfigFromEnv(env: Record<string, string | undefined> = process.env): OdooConfig | null {
  const parsed = odooEnv.safeParse(env);
  if (!parsed.success) return null;
  const e = parsed.data;
  return { url: e.ODOO_URL.replace(/\/+$/, ''), db: e.ODOO_DB, user: e.ODOO_USER, apiKey: e.ODOO_API_KEY };
}

/** The configured ERP connector, or null when none is configured. */
export function getErpConnector(
  env: Record<string, string | undefined> = process.env,
  fetchImpl: typeof fetch = fetch,
): ErpConnector | null {
  const config = odooConfigFromEnv(env);
  return config ? new OdooConnector(config, fetchImpl) : null;
}

type JsonRpcReply = { result?: unknown; error?: { message?: string; data?: { message?: string } } };

/**
 * Odoo's external API over JSON-RPC (`/jsonrpc`, services `common` and `object`), authenticating with
 * an API key. A quotation becomes a draft `sale.order` for the partner whose reference is the lessee's
 * Odoo id (created when it does not exist yet), with the lease terms in its note.
 */
export class OdooConnector implements ErpConnector {
  readonly name = 'Odoo';
  private uid: number | null = null;

  constructor(
    private readonly config: OdooConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 15_000,
  ) {}

  private async call(service: 'common' | 'object', method: string, args: unknown[]): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.config.url}/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: Date.now() }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new ApiError('unavailable', `Odoo could not be reached: ${(e as Error).message}`);
    }
    if (!res.ok) throw new ApiError('unavailable', `Odoo answered HTTP ${res.status}.`);
    const reply = (await res.json().catch(() => ({}))) as JsonRpcReply;
    if (reply.error)
      throw new ApiError('unavailable', `Odoo refused the request: ${reply.error.data?.message ?? reply.error.message ?? 'unknown error'}`);
    return reply.result;
  }

  private async login(): Promise<number> {
    if (this.uid !== null) return this.uid;
    const uid = await this.call('common', 'authenticate', [this.config.db, this.config.user, this.config.apiKey, {}]);
    if (typeof uid !== 'number') throw new ApiError('unavailable', 'Odoo refused the configured user or API key.');
    this.uid = uid;
    return uid;
  }

  private async execute(model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}): Promise<unknown> {
    const uid = await this.login();
    return this.call('object', 'execute_kw', [this.config.db, uid, this.config.apiKey, model, method, args, kwargs]);
  }

  private async partnerId(q: ErpQuotation): Promise<number> {
    if (q.lesseeIdOdoo) {
      const found = await this.execute('res.partner', 'search', [[['ref', '=', q.lesseeIdOdoo]]], { limit: 1 });
      if (Array.isArray(found) && typeof found[0] === 'number') return found[0];
    }
    const created = await this.execute('res.partner', 'create', [{ name: q.lesseeName, ref: q.lesseeIdOdoo ?? false, is_company: true }]);
    if (typeof created !== 'number') throw new ApiError('unavailable', 'Odoo did not return the new partner id.');
    return created;
  }

  /** Signs in with the configured user and API key (Settings' "Test connection"); throws ApiError('unavailable') when refused or unreachable. */
  async testConnection(): Promise<void> {
    this.uid = null;
    await this.login();
  }

  async pushQuotation(q: ErpQuotation): Promise<{ externalId: string }> {
    const values = {
      partner_id: await this.partnerId(q),
      client_order_ref: `QUANTUM-Q${q.id}`,
      note: describeQuotation(q),
    };
    const existing = q.externalId ? Number(q.externalId) : NaN;
    if (Number.isInteger(existing) && existing > 0) {
      await this.execute('sale.order', 'write', [[existing], values]);
      return { externalId: String(existing) };
    }
    const id = await this.execute('sale.order', 'create', [values]);
    if (typeof id !== 'number') throw new ApiError('unavailable', 'Odoo did not return the new quotation id.');
    return { externalId: String(id) };
  }
}

/** The lease terms as plain text for the ERP record (amounts in major units with the currency code). */
export function describeQuotation(q: ErpQuotation): string {
  const money = (minor: number) => `${fromMinor(minor, q.currency).toFixed(q.currency === 'JPY' ? 0 : 2)} ${q.currency}`;
  return [
    `Lease quotation Q${q.id} (${q.status})`,
    `Asset: ${q.assetType}${q.assetDescription ? ` — ${q.assetDescription}` : ''}`,
    `Price: ${money(q.price)}, down payment: ${money(q.downPayment)}, residual: ${money(q.residual)}`,
    `Term: ${q.term} ${q.frequency} instalments ${q.timing}, first due ${q.firstDueDate}`,
    `Rate: ${(q.rate * 100).toFixed(3)} %, instalment: ${money(q.instalment)} + VAT ${(q.vatRate * 100).toFixed(1)} %`,
  ].join('\n');
}
