import { describe, expect, it } from 'vitest';
import { decideRoute, NOT_FOUND_REWRITE, splitLocale } from '@/lib/middleware/auth-gate';

describe('proxy routing decisions', () => {
  it.each`
    pathname                 | search          | hasSession | expected
    ${'/'}                   | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/'}                   | ${''}           | ${true}    | ${{ type: 'intl' }}
    ${'/dashboard'}          | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/en'}                 | ${''}           | ${false}   | ${{ type: 'redirect', to: '/en/login?callbackUrl=%2Fen' }}
    ${'/en'}                 | ${''}           | ${true}    | ${{ type: 'intl' }}
    ${'/de/dashboard'}       | ${''}           | ${false}   | ${{ type: 'redirect', to: '/de/login?callbackUrl=%2Fde%2Fdashboard' }}
    ${'/fr/portfolio/summary'} | ${'?cutoff=2026-11-01'} | ${false} | ${{ type: 'redirect', to: '/fr/login?callbackUrl=%2Ffr%2Fportfolio%2Fsummary%3Fcutoff%3D2026-11-01' }}
    ${'/pt/dashboard'}       | ${''}           | ${true}    | ${{ type: 'intl' }}
    ${'/en/login'}           | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/de/login/'}          | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/en/login'}           | ${''}           | ${true}    | ${{ type: 'redirect', to: '/en/dashboard' }}
    ${'/pt/login'}           | ${''}           | ${true}    | ${{ type: 'redirect', to: '/pt/dashboard' }}
    ${'/en/account'}         | ${''}           | ${true}    | ${{ type: 'intl' }}
    ${'/xx/dashboard'}       | ${''}           | ${true}    | ${{ type: 'not-found' }}
    ${'/es'}                 | ${''}           | ${false}   | ${{ type: 'not-found' }}
    ${'/en-US/dashboard'}    | ${''}           | ${false}   | ${{ type: 'not-found' }}
    ${'/api/health'}         | ${''}           | ${false}   | ${{ type: 'api' }}
    ${'/jwt/login'}          | ${''}           | ${false}   | ${{ type: 'api' }}
    ${'/apps/email/emails'}  | ${'?q=a'}       | ${false}   | ${{ type: 'api' }}
    ${'/english/dashboard'}  | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/faq/data'}           | ${'?q=npv'}     | ${false}   | ${{ type: 'api' }}
    ${'/faq/data/knowledge_base'} | ${''}      | ${true}    | ${{ type: 'api' }}
    ${'/account-setting/data'} | ${''}         | ${false}   | ${{ type: 'api' }}
    ${'/profile/data'}       | ${''}           | ${false}   | ${{ type: 'api' }}
    ${'/pricing/data'}       | ${''}           | ${false}   | ${{ type: 'api' }}
    ${'/blog/list/data/detail'} | ${'?id=2'}   | ${false}   | ${{ type: 'api' }}
    ${'/card/card-analytics/revenue'} | ${''}  | ${false}   | ${{ type: 'api' }}
    ${'/en/profile'}         | ${''}           | ${false}   | ${{ type: 'redirect', to: '/en/login?callbackUrl=%2Fen%2Fprofile' }}
    ${'/de/faq'}             | ${''}           | ${true}    | ${{ type: 'intl' }}
    ${'/pricingplans'}       | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/cards/x'}            | ${''}           | ${false}   | ${{ type: 'intl' }}
    ${'/en/__not-found'}     | ${''}           | ${false}   | ${{ type: 'intl' }}
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
});
