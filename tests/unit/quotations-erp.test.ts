import { describe, expect, it } from 'vitest';
import { describeQuotation, getErpConnector, odooConfigFromEnv, type ErpQuotation } from '@/lib/connectors/erp';

const ENV = { ODOO_URL: 'https://erp.example.test/', ODOO_DB: 'funder', ODOO_USER: 'quantum@funder.test', ODOO_API_KEY: 'key-123' };

const quotation: ErpQuotation = {
  id: 7,
  externalId: null,
  lesseeName: 'Atlas Freight Ltd',
  lesseeIdOdoo: 'ODOO-1000001',
  assetType: 'vehicle',
  assetDescription: 'Volvo FH 500',
  currency: 'EUR',
  price: 12_000_000,
  downPayment: 1_000_000,
  residual: 500_000,
  term: 48,
  rate: 0.058,
  timing: 'arrears',
  frequency: 'monthly',
  firstDueDate: '2027-01-01',
  instalment: 247_123,
  vatRate: 0.23,
  status: 'approved',
};

type Call = { service: string; method: string; args: unknown[] };

/** A fake Odoo: records the JSON-RPC calls and answers from a script. */
function fakeOdoo(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    expect(url).toBe('https://erp.example.test/jsonrpc');
    const body = JSON.parse(String(init.body)) as { params: Call };
    calls.push(body.params);
    const result = answer(body.params);
    return Response.json(
      result instanceof Error ? { error: { message: 'Odoo Server Error', data: { message: result.message } } } : { result },
    );
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('ERP configuration', () => {
  it.each([
    { env: {}, configured: false },
    { env: { ...ENV, ODOO_API_KEY: undefined }, configured: false },
    { env: { ...ENV, ODOO_URL: 'not a url' }, configured: false },
    { env: ENV, configured: true },
  ])('is configured only with all four variables ($configured)', ({ env, configured }) => {
    expect(getErpConnector(env) !== null).toBe(configured);
  });

  it('drops the trailing slash of the URL', () => {
    expect(odooConfigFromEnv(ENV)?.url).toBe('https://erp.example.test');
  });
});

describe('Odoo connector', () => {
  it('authenticates, finds the partner by its reference and creates a sale order', async () => {
    const { calls, fetchImpl } = fakeOdoo((c) => {
      if (c.method === 'authenticate') return 5;
      if (c.args[3] === 'res.partner' && c.args[4] === 'search') return [42];
      if (c.args[3] === 'sale.order' && c.args[4] === 'create') return 901;
      throw new Error(`unexpected ${JSON.stringify(c)}`);
    });
    const erp = getErpConnector(ENV, fetchImpl)!;
    expect(await erp.pushQuotation(quotation)).toEqual({ externalId: '901' });
    expect(calls.map((c) => [c.service, c.method, c.args[3], c.args[4]])).toEqual([
      ['common', 'authenticate', {}, undefined],
      ['object', 'execute_kw', 'res.partner', 'search'],
      ['object', 'execute_kw', 'sale.order', 'create'],
    ]);
    expect(calls[1]!.args.slice(0, 3)).toEqual(['funder', 5, 'key-123']);
    expect(calls[1]!.args[5]).toEqual([[['ref', '=', 'ODOO-1000001']]]);
    const values = (calls[2]!.args[5] as Record<string, unknown>[])[0]!;
    expect(values).toMatchObject({ partner_id: 42, client_order_ref: 'QUANTUM-Q7' });
    expect(values.note).toContain('Price: 120000.00 EUR');
  });

  it('creates the partner when none has the reference, and updates an order it pushed before', async () => {
    const { calls, fetchImpl } = fakeOdoo((c) => {
      if (c.method === 'authenticate') return 5;
      if (c.args[4] === 'search') return [];
      if (c.args[3] === 'res.partner' && c.args[4] === 'create') return 77;
      if (c.args[3] === 'sale.order' && c.args[4] === 'write') return true;
      throw new Error('unexpected');
    });
    const erp = getErpConnector(ENV, fetchImpl)!;
    expect(await erp.pushQuotation({ ...quotation, externalId: '901' })).toEqual({ externalId: '901' });
    expect(calls.map((c) => `${c.args[3]}.${c.args[4]}`).slice(1)).toEqual([
      'res.partner.search',
      'res.partner.create',
      'sale.order.write',
    ]);
    expect(calls[3]!.args[5]).toEqual([[901], expect.objectContaining({ partner_id: 77 })]);
  });

  it.each([
    { name: 'a refused login', answer: (c: Call) => (c.method === 'authenticate' ? false : 1), message: /refused the configured user/ },
    {
      name: 'an Odoo error',
      answer: (c: Call) => (c.method === 'authenticate' ? 5 : new Error('Access Denied')),
      message: /Access Denied/,
    },
  ])('reports $name as unavailable (503)', async ({ answer, message }) => {
    const { fetchImpl } = fakeOdoo(answer);
    await expect(getErpConnector(ENV, fetchImpl)!.pushQuotation(quotation)).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(message),
    });
  });

  it('describes JPY amounts without decimals', () => {
    expect(describeQuotation({ ...quotation, currency: 'JPY', price: 5_000_000 })).toContain('Price: 5000000 JPY');
  });
});
