/**
 * A written-off lease's page says why it has no valuation at the cut-off: it left the pool on its write-off date (issue
 * #33: it said "purchased on …, after" a cut-off its purchase came long before).
 */
import { beforeAll, expect, inject, it } from 'vitest';
import { cookieHeader, demoTokens, signInWithForm, type Jar } from '../helpers/http';

const baseURL = inject('baseURL');
let token: string;
let jar: Jar;

beforeAll(async () => {
  token = (await demoTokens(baseURL, ['analyst'] as const)).analyst;
  ({ jar } = await signInWithForm(baseURL, 'analyst@quantum.demo', 'quantum-demo'));
});

it('a lease written off before the cut-off: "written off on <date>, on or before it", never "purchased … after it"', async () => {
  const res = await fetch(`${baseURL}/api/leases?funderId=1&status=written_off&perPage=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { leases } = (await res.json()) as { leases: { id: number; purchaseDate: string }[] };
  expect(leases.length).toBeGreaterThan(0);
  let explained = 0;
  for (const lease of leases) {
    const html = await (await fetch(`${baseURL}/en/master-file/${lease.id}`, { headers: { cookie: cookieHeader(jar) } })).text();
    expect(html).not.toContain('the lease was purchased on');
    const said = /Not in the pool at this cut-off: the lease was written off on ([A-Z][a-z]{2} \d{1,2}, \d{4}), on or before it\./.exec(
      html,
    );
    if (said) explained++;
    // Written off after the cut-off, it is still in the pool there: valued.
    else expect(html).toContain('data-testid="valuation-prin"');
  }
  expect(explained).toBeGreaterThan(0);
});
