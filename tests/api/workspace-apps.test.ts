import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens } from '../helpers/http';
import { startServer, type StartedServer } from '../helpers/server';

/** The later workspace apps' own routes against the real server: account settings, the catalogue's quotation request, registration. */
const baseURL = inject('baseURL');

let tokens: Record<'analyst' | 'viewer' | 'client', string>;
beforeAll(async () => {
  tokens = await demoTokens(baseURL, ['analyst', 'viewer', 'client'] as const);
});

const send = (path: string, method: string, token: string | null, body: unknown) =>
  fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const getJson = async (path: string, token: string) =>
  (await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

describe('PATCH /api/account/settings', () => {
  const notification = {
    commentOnArticle: true,
    answerOnForm: false,
    followMe: true,
    newAnnouncements: false,
    productUpdates: true,
    blogDigest: true,
  };

  it('changes only the caller’s own named sections; GET /account-setting/data then answers them', async () => {
    const viewerBefore = await getJson('/api/account-setting/data', tokens.viewer);
    const res = await send('/api/account/settings', 'PATCH', tokens.client, {
      info: {
        bio: 'Leasing for dentists.',
        dob: '1980-02-29',
        country: 'Portugal',
        website: 'https://example.com/me',
        phone: '+351 21 000 0000',
      },
      notification,
    });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after.info).toEqual({
      bio: 'Leasing for dentists.',
      dob: '1980-02-29',
      country: 'Portugal',
      website: 'https://example.com/me',
      phone: '+351 21 000 0000',
    });
    expect(after.notification).toEqual(notification);
    expect(await getJson('/api/account-setting/data', tokens.client)).toEqual(after);
    expect(await getJson('/api/account-setting/data', tokens.viewer)).toEqual(viewerBefore);
  });

  it.each([
    [
      'a javascript: link',
      { social: { socialLinks: { twitter: 'javascript:alert(1)', facebook: '', google: '', linkedIn: '', instagram: '', quora: '' } } },
      'social.socialLinks.twitter',
    ],
    ['the e-mail (not changeable here)', { general: { fullName: 'X', company: '', email: 'x@example.com' } }, 'general'],
    ['an impossible date of birth', { info: { bio: '', dob: '2021-02-29', country: '', website: '', phone: '' } }, 'info.dob'],
    ['no section at all', {}, '(root)'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const res = await send('/api/account/settings', 'PATCH', tokens.client, body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it('answers 401 without a credential', async () => {
    expect((await send('/api/account/settings', 'PATCH', null, { notification })).status).toBe(401);
  });
});

describe('POST /api/workspace/catalogue/quotations', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    productId: 1,
    lesseeId: 1,
    assetType: 'vehicle',
    term: 36,
    rate: 0.065,
    timing: 'advance',
    firstDueDate: '2027-02-01',
    ...over,
  });

  it('creates a draft quotation of the funder with the product as the asset', async () => {
    const product = (await getJson('/api/apps/ecommerce/products/1', tokens.analyst)).product;
    const lessee = (await getJson('/api/lessees?funderId=1&limit=1', tokens.analyst)).lessees[0];
    const res = await send('/api/workspace/catalogue/quotations?funderId=1', 'POST', tokens.analyst, body({ lesseeId: lessee.id }));
    expect(res.status).toBe(201);
    const { quotation } = await res.json();
    expect(res.headers.get('location')).toBe(`/api/quotations/${quotation.id}`);
    expect(quotation).toMatchObject({
      status: 'draft',
      funderId: 1,
      lesseeId: lessee.id,
      price: product.price,
      currency: product.currency,
      assetDescription: `${product.brand} · ${product.name}`,
    });
    const listed = await getJson('/api/quotations?funderId=1&status=draft', tokens.analyst);
    expect(listed.quotations.some((q: { id: number }) => q.id === quotation.id)).toBe(true);
  });

  it.each([
    ['an unknown product', body({ productId: 999_999 }), 404],
    ['a term of zero', body({ term: 0 }), 400],
    ['a rate above 100 %', body({ rate: 1.5 }), 400],
  ])('answers %s with %s', async (_, payload, status) => {
    const lessee = (await getJson('/api/lessees?funderId=1&limit=1', tokens.analyst)).lessees[0];
    const res = await send('/api/workspace/catalogue/quotations?funderId=1', 'POST', tokens.analyst, { ...payload, lesseeId: lessee.id });
    expect(res.status).toBe(status);
  });

  it('refuses a user without write:funders with 403', async () => {
    expect((await send('/api/workspace/catalogue/quotations?funderId=1', 'POST', tokens.viewer, body())).status).toBe(403);
  });
});

describe('the registration page', () => {
  it('offers the form while registration is open', async () => {
    const res = await fetch(`${baseURL}/en/register`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="register-form"');
    expect(html).not.toContain('data-testid="register-closed"');
  });

  describe('with REGISTRATION=closed', () => {
    let closed: StartedServer;
    beforeAll(async () => {
      closed = await startServer({ env: { REGISTRATION: 'closed', SEED_LEASES: '20' } });
    }, 120_000);
    afterAll(async () => {
      await closed?.stop();
    });

    it('says registration is closed, shows no form, and the login page does not link to it', async () => {
      const html = await (await fetch(`${closed.baseURL}/en/register`)).text();
      expect(html).toMatch(/data-testid="register-closed"><p[^>]*>Registration is closed\. Ask an administrator for an account\.<\/p>/);
      expect(html).not.toContain('data-testid="register-form"');
      expect(await (await fetch(`${closed.baseURL}/en/login`)).text()).not.toContain('data-testid="register-link"');
      const res = await fetch(`${closed.baseURL}/api/jwt/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'new@example.com', password: 'long-enough-1', username: 'newbie' }),
      });
      expect(res.status).toBe(403);
    });
  });
});
