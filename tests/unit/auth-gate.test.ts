import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  forbiddenRewrite,
  FUNDER_SECTIONS,
  hasMalformedEscape,
  isFunderPage,
  NOT_FOUND_REWRITE,
  splitLocale,
} from '@/lib/middleware/auth-gate';
import { flattenNav } from '@/lib/navigation';
import { buildCsp } from '@/lib/middleware/csp';

describe('proxy routing decisions', () => {
  it.each`
    pathname                          | search                  | hasSession | expected
    ${'/'}                            | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/'}                            | ${''}                   | ${true}    | ${{ type: 'intl' }}
    ${'/dashboard'}                   | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/en'}                          | ${''}                   | ${false}   | ${{ type: 'redirect', to: '/en/login?callbackUrl=%2Fen' }}
    ${'/en'}                          | ${''}                   | ${true}    | ${{ type: 'intl' }}
    ${'/de/dashboard'}                | ${''}                   | ${false}   | ${{ type: 'redirect', to: '/de/login?callbackUrl=%2Fde%2Fdashboard' }}
    ${'/fr/portfolio/summary'}        | ${'?cutoff=2026-11-01'} | ${false}   | ${{ type: 'redirect', to: '/fr/login?callbackUrl=%2Ffr%2Fportfolio%2Fsummary%3Fcutoff%3D2026-11-01' }}
    ${'/pt/dashboard'}                | ${''}                   | ${true}    | ${{ type: 'intl' }}
    ${'/en/login'}                    | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/de/login/'}                   | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/en/login'}                    | ${''}                   | ${true}    | ${{ type: 'redirect', to: '/en/dashboard' }}
    ${'/pt/login'}                    | ${''}                   | ${true}    | ${{ type: 'redirect', to: '/pt/dashboard' }}
    ${'/en/account'}                  | ${''}                   | ${true}    | ${{ type: 'intl' }}
    ${'/xx/dashboard'}                | ${''}                   | ${true}    | ${{ type: 'not-found' }}
    ${'/es'}                          | ${''}                   | ${false}   | ${{ type: 'not-found' }}
    ${'/en-US/dashboard'}             | ${''}                   | ${false}   | ${{ type: 'not-found' }}
    ${'/api/health'}                  | ${''}                   | ${false}   | ${{ type: 'api' }}
    ${'/jwt/login'}                   | ${''}                   | ${false}   | ${{ type: 'api' }}
    ${'/apps/email/emails'}           | ${'?q=a'}               | ${false}   | ${{ type: 'api' }}
    ${'/english/dashboard'}           | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/faq/data'}                    | ${'?q=npv'}             | ${false}   | ${{ type: 'api' }}
    ${'/faq/data/knowledge_base'}     | ${''}                   | ${true}    | ${{ type: 'api' }}
    ${'/account-setting/data'}        | ${''}                   | ${false}   | ${{ type: 'api' }}
    ${'/profile/data'}                | ${''}                   | ${false}   | ${{ type: 'api' }}
    ${'/pricing/data'}                | ${''}                   | ${false}   | ${{ type: 'api' }}
    ${'/blog/list/data/detail'}       | ${'?id=2'}              | ${false}   | ${{ type: 'api' }}
    ${'/card/card-analytics/revenue'} | ${''}                   | ${false}   | ${{ type: 'api' }}
    ${'/en/profile'}                  | ${''}                   | ${false}   | ${{ type: 'redirect', to: '/en/login?callbackUrl=%2Fen%2Fprofile' }}
    ${'/de/faq'}                      | ${''}                   | ${true}    | ${{ type: 'intl' }}
    ${'/pricingplans'}                | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/cards/x'}                     | ${''}                   | ${false}   | ${{ type: 'intl' }}
    ${'/en/__not-found'}              | ${''}                   | ${false}   | ${{ type: 'intl' }}
  `('$pathname$search signed-in=$hasSession → $expected.type', ({ pathname, search, hasSession, expected }) => {
    expect(decideRoute({ pathname, search, hasSession })).toEqual(expected);
  });

  it.each([
    ['/de/dashboard', ['de', '/dashboard']],
    ['/de', ['de', '/']],
    ['/dashboard', [null, '/dashboard']],
    ['/dea/x', [null, '/dea/x']],
  ] as const)('splits %s', (path, expected) => {
    expect(splitLocale(path)).toEqual(expected);
  });

  it('the rewrite target of an unknown locale is public, so a signed-out visitor gets the 404 and not the sign-in page', () => {
    expect(decideRoute({ pathname: '/xx/dashboard', search: '', hasSession: false })).toEqual({ type: 'not-found' });
    expect(decideRoute({ pathname: NOT_FOUND_REWRITE, search: '', hasSession: false })).toEqual({ type: 'intl' });
  });

  it('does not treat the signed-in state as authorization: a user without scope still reaches the page, which answers 403 itself', () => {
    // The proxy only knows "has a session"; scopes are checked by the page and the API handler.
    expect(decideRoute({ pathname: '/en/settings', search: '', hasSession: true })).toEqual({ type: 'intl' });
  });

  const FUNDERS = ['read:funders'];
  const NONE: string[] = [];
  it.each`
    pathname                              | scopes               | expected
    ${'/en/dashboard'}                    | ${NONE}              | ${{ type: 'forbidden', locale: 'en' }}
    ${'/de/portfolio/summary'}            | ${NONE}              | ${{ type: 'forbidden', locale: 'de' }}
    ${'/fr/master-file/12/edit'}          | ${NONE}              | ${{ type: 'forbidden', locale: 'fr' }}
    ${'/pt/servicing/clients-behavior/3'} | ${NONE}              | ${{ type: 'forbidden', locale: 'pt' }}
    ${'/en/reports/tape'}                 | ${['write:funders']} | ${{ type: 'forbidden', locale: 'en' }}
    ${'/en/calculators'}                  | ${NONE}              | ${{ type: 'forbidden', locale: 'en' }}
    ${'/en/develop'}                      | ${NONE}              | ${{ type: 'forbidden', locale: 'en' }}
    ${'/en/management'}                   | ${NONE}              | ${{ type: 'forbidden', locale: 'en' }}
    ${'/en/dashboard'}                    | ${FUNDERS}           | ${{ type: 'intl' }}
    ${'/de/servicing/reports/vat'}        | ${FUNDERS}           | ${{ type: 'intl' }}
    ${'/en/account'}                      | ${NONE}              | ${{ type: 'intl' }}
    ${'/en'}                              | ${NONE}              | ${{ type: 'intl' }}
    ${'/en/settings'}                     | ${FUNDERS}           | ${{ type: 'intl' }}
    ${'/en/dashboardx'}                   | ${NONE}              | ${{ type: 'intl' }}
    ${'/en/login'}                        | ${NONE}              | ${{ type: 'redirect', to: '/en/dashboard' }}
  `('a session with scopes $scopes opening $pathname → $expected.type (read:funders at the edge)', ({ pathname, scopes, expected }) => {
    expect(decideRoute({ pathname, search: '', hasSession: true, scopes })).toEqual(expected);
  });

  it('judges the scope only after the session: a signed-out visitor of a funder page is sent to sign in', () => {
    expect(decideRoute({ pathname: '/en/dashboard', search: '', hasSession: false, scopes: [] })).toEqual({
      type: 'redirect',
      to: '/en/login?callbackUrl=%2Fen%2Fdashboard',
    });
  });

  it("the proxy's funder sections are exactly the first segments of the read:funders menu pages", () => {
    const fromMenu = new Set(
      flattenNav()
        .filter((p) => p.scope === 'read:funders')
        .map((p) => p.href.split('/')[1]),
    );
    expect(new Set(FUNDER_SECTIONS)).toEqual(fromMenu);
    // No section mixes funder pages with pages open to others (the proxy judges a whole section).
    for (const page of flattenNav()) expect(FUNDER_SECTIONS.has(page.href.split('/')[1]!)).toBe(page.scope === 'read:funders');
  });

  it('the 403 rewrite target is localized and not itself a funder page', () => {
    expect(forbiddenRewrite('de')).toBe('/de/__forbidden');
    expect(isFunderPage('/__forbidden')).toBe(false);
  });

  it.each`
    pathname                    | hasSession | expected
    ${'/api/leases/%ZZ'}        | ${false}   | ${{ type: 'bad-request' }}
    ${'/api/leases/%E0%A4%A'}   | ${false}   | ${{ type: 'bad-request' }}
    ${'/api/leases/%C0%AF'}     | ${true}    | ${{ type: 'bad-request' }}
    ${'/jwt/%ZZ'}               | ${false}   | ${{ type: 'bad-request' }}
    ${'/en/master-file/%ZZ'}    | ${true}    | ${{ type: 'bad-request' }}
    ${'/%ZZ/dashboard'}         | ${false}   | ${{ type: 'bad-request' }}
    ${'/api/leases/%31'}        | ${false}   | ${{ type: 'api' }}
    ${'/en/master-file/%C3%A9'} | ${true}    | ${{ type: 'intl' }}
  `('path $pathname (malformed percent escapes) → $expected.type', ({ pathname, hasSession, expected }) => {
    expect(decideRoute({ pathname, search: '', hasSession, scopes: ['read:funders'] })).toEqual(expected);
  });

  it.each([
    ['/api/leases/1', false],
    ['/api/leases/%25', false],
    ['/api/leases/%', true],
    ['/api/leases/%2', true],
    ['/api/a%ZZ/b', true],
    ['/api/%F0%9F%98%80', false],
    ['/api/%ED%A0%80', true],
  ])('hasMalformedEscape(%j) is %j', (pathname, expected) => {
    expect(hasMalformedEscape(pathname)).toBe(expected);
  });
});

describe('Content-Security-Policy of the pages', () => {
  const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('allows scripts only by nonce (and what they load), no eval in production', () => {
    const d = directives(buildCsp({ nonce: 'abc123==', isDev: false }));
    expect(d['script-src']).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['default-src']).toEqual(["'self'"]);
  });

  it('adds unsafe-eval in development only, and the Sentry origin to connect-src when configured', () => {
    expect(directives(buildCsp({ nonce: 'n', isDev: true }))['script-src']).toContain("'unsafe-eval'");
    expect(directives(buildCsp({ nonce: 'n', isDev: false, connectOrigins: ['https://o1.ingest.sentry.io'] }))['connect-src']).toEqual([
      "'self'",
      'https://o1.ingest.sentry.io',
    ]);
  });
});
