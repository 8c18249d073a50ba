/**
 * Every menu page in every language at 1280 × 800, as an analyst and as a client: the page answers, the document
 * is never wider than the viewport, no chart tick label is clipped by or spills out of its axis area, adjacent x
 * labels do not overlap, and the console stays free of errors. One page load per (role, page, locale), each in a new
 * tab of the role's browser context, which a worker keeps across its tests: the session the setup project signed in
 * (storageState) and, as for a person clicking through the menu, the scripts and styles already in the browser's cache
 * — a new context per test downloaded and compiled every chunk again, most of this spec's time.
 */
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { authStateFile, signInAs } from '../helpers/e2e-auth';
import { flattenNav, NAV_TREE, type NavItem } from '@/lib/navigation';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
const VIEWPORT = { width: 1280, height: 800 };
const PAGES: NavItem[] = flattenNav(NAV_TREE);
const ROLES = {
  analyst: ['read:funders', 'write:funders'],
  client: [] as string[],
} as const;
type Role = keyof typeof ROLES;

/** A tab in the role's context, kept per worker (closed with the worker; a failed test's worker starts anew). */
const test = base.extend<{ rolePage: (role: Role) => Promise<Page> }, { roleContexts: Map<Role, BrowserContext> }>({
  roleContexts: [
    async ({}, provide) => {
      const contexts = new Map<Role, BrowserContext>();
      await provide(contexts);
      for (const context of contexts.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  rolePage: async ({ roleContexts, browser, baseURL }, provide) => {
    const pages: Page[] = [];
    await provide(async (role) => {
      let context = roleContexts.get(role);
      if (!context)
        roleContexts.set(role, (context = await browser.newContext({ baseURL, viewport: VIEWPORT, storageState: authStateFile(role) })));
      const page = await context.newPage();
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.close();
  },
});

type AxisProblem = { axis: 'x' | 'y'; text: string; why: string };

/**
 * Measures every cartesian chart. Recharts draws tick labels in its own layers, so labels are found by their class
 * and their `orientation` attribute. A Y label (left/right) must lie inside the SVG and outside the plot area (the
 * axis area Recharts reserved for it); an X label (bottom) must lie inside the SVG, and neighbouring X labels must
 * not overlap: flat labels by their boxes, rotated ones by their distance across the text direction.
 */
async function chartAxisProblems(page: Page): Promise<AxisProblem[]> {
  return page.evaluate(() => {
    const problems: { axis: 'x' | 'y'; text: string; why: string }[] = [];
    const slack = 1;
    for (const svg of Array.from(document.querySelectorAll<SVGSVGElement>('svg.recharts-surface'))) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0) continue;
      const grid = svg.querySelector('.recharts-cartesian-grid')?.getBoundingClientRect() ?? null;
      const ticks = Array.from(svg.querySelectorAll<SVGTextElement>('text.recharts-cartesian-axis-tick-value'));
      const xTicks: { text: string; r: DOMRect; x: number; angle: number; height: number }[] = [];
      for (const tick of ticks) {
        const r = tick.getBoundingClientRect();
        const text = tick.textContent ?? '';
        const orientation = tick.getAttribute('orientation');
        const inside = (axis: 'x' | 'y') => {
          if (r.left < box.left - slack) problems.push({ axis, text, why: `starts ${Math.round(box.left - r.left)} px left of the chart` });
          if (r.right > box.right + slack)
            problems.push({ axis, text, why: `ends ${Math.round(r.right - box.right)} px right of the chart` });
          if (r.bottom > box.bottom + slack) problems.push({ axis, text, why: 'below the chart' });
        };
        if (orientation === 'left' || orientation === 'right') {
          inside('y');
          if (grid && grid.width > 0) {
            if (orientation === 'left' && r.right > grid.left + slack)
              problems.push({ axis: 'y', text, why: `runs ${Math.round(r.right - grid.left)} px into the plot area` });
            if (orientation === 'right' && r.left < grid.right - slack)
              problems.push({ axis: 'y', text, why: `runs ${Math.round(grid.right - r.left)} px into the plot area` });
          }
        } else {
          inside('x');
          const rotate = /rotate\((-?[\d.]+)/.exec(tick.getAttribute('transform') ?? '');
          xTicks.push({ text, r, x: Number(tick.getAttribute('x')), angle: rotate ? Number(rotate[1]) : 0, height: tick.getBBox().height });
        }
      }
      xTicks.sort((a, b) => a.x - b.x);
      for (let k = 1; k < xTicks.length; k++) {
        const a = xTicks[k - 1]!;
        const b = xTicks[k]!;
        const overlap =
          a.angle === 0
            ? Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > slack
            : (b.x - a.x) * Math.abs(Math.sin((a.angle * Math.PI) / 180)) < a.height * 0.8;
        if (overlap) problems.push({ axis: 'x', text: `${a.text} / ${b.text}`, why: 'overlapping labels' });
      }
    }
    return problems;
  });
}

for (const role of Object.keys(ROLES) as Role[]) {
  test.describe(`every menu page as ${role}`, () => {
    for (const locale of LOCALES) {
      for (const item of PAGES) {
        const allowed = item.scope === null || (ROLES[role] as readonly string[]).includes(item.scope);
        test(`${locale}${item.href} (${allowed ? 'shown' : 'forbidden'})`, async ({ rolePage }) => {
          const page = await rolePage(role);
          const errors: string[] = [];
          page.on('console', (msg) => {
            if (msg.type() !== 'error') return;
            // A 403 answered at the edge for a forbidden page is expected (feat/security), nothing else is.
            if (!allowed && /status of 403/.test(msg.text())) return;
            errors.push(msg.text());
          });
          page.on('pageerror', (e) => errors.push(e.message));

          const response = await page.goto(`/${locale}${item.href}`);
          const status = response?.status();
          if (allowed) {
            expect(status, 'status').toBe(200);
          } else {
            expect([200, 403], 'status').toContain(status);
            await expect(page.getByTestId('forbidden')).toBeVisible();
          }
          await expect(page.locator('h1').first()).toBeVisible();

          const charts = page.locator('svg.recharts-surface');
          if ((await charts.count()) > 0) {
            // Recharts sizes an auto-width Y axis after measuring its ticks: wait until the ticks are drawn.
            await expect(page.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
            await page.waitForTimeout(150);
            expect(await chartAxisProblems(page), 'chart tick labels').toEqual([]);
          }

          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, 'document width').toBeLessThanOrEqual(VIEWPORT.width);
          expect(errors, 'console errors').toEqual([]);
        });
      }
    }
  });
}

/**
 * Wide tables scroll inside their own card with the first column pinned: at 1280 × 800 the table's scroller is wider
 * inside than out, and after scrolling it to the right the first cell of a body row has not moved (while the last
 * has), over an opaque background.
 */
test.describe('wide tables keep their first column', () => {
  test.use({ viewport: VIEWPORT });
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'analyst');
  });

  for (const { href, table } of [
    { href: '/en/portfolio/total-cash-flow', table: 'total-cash-flow-table' },
    { href: '/en/master-file', table: 'lease-table' },
    { href: '/en/servicing/delinquency', table: 'delinquency-table' },
    { href: '/en/servicing/clients-behavior', table: 'behaviour-table' },
    { href: '/de/reports/stratification', table: 'strat-table-EUR' },
  ]) {
    test(`${href}: the first column stays while the table scrolls sideways`, async ({ page }) => {
      await page.goto(href);
      const row = page.getByTestId(table).locator('tbody tr').first();
      await expect(row).toBeVisible();
      const measure = () =>
        row.evaluate((tr) => {
          const [first, last] = [tr.children[0] as HTMLElement, tr.children[tr.children.length - 1] as HTMLElement];
          let scroller: HTMLElement | null = tr.parentElement;
          while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
          return {
            first: first.getBoundingClientRect().left,
            last: last.getBoundingClientRect().left,
            scrollLeft: scroller?.scrollLeft ?? -1,
            overflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
            background: getComputedStyle(first).backgroundColor,
          };
        });
      const before = await measure();
      expect(before.overflow, 'the table is wider than its card, so it scrolls inside it').toBeGreaterThan(0);
      await row.evaluate((tr) => {
        let scroller: HTMLElement | null = tr.parentElement;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        scroller!.scrollLeft = scroller!.scrollWidth;
      });
      await expect.poll(async () => (await measure()).scrollLeft).toBeGreaterThan(0);
      const after = await measure();
      expect(after.last, 'the other columns moved').toBeLessThan(before.last - 1);
      expect(Math.abs(after.first - before.first), 'the first cell stayed').toBeLessThanOrEqual(1);
      expect(after.background, 'the pinned cell is opaque').not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'document width').toBeLessThanOrEqual(VIEWPORT.width);
    });
  }
});
