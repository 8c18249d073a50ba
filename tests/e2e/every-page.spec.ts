/**
 * Every menu page (and the views behind a page's tabs) in every language at 1280 × 800, as an analyst and as a client:
 * the page answers, the document is never wider than the viewport, no message key is shown for its text, no text is
 * cut by its cell or box, no chart tick label is clipped by or spills out of its axis area, adjacent x labels do not
 * overlap, and the console stays free of errors. One page load per (role, page, locale), each in a new
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

/** The page's charts, once drawn, have no clipped or overlapping tick label (none on a page without a chart). */
async function expectReadableCharts(page: Page): Promise<void> {
  if ((await page.locator('svg.recharts-surface').count()) === 0) return;
  // Recharts sizes an auto-width Y axis after measuring its ticks: wait until the ticks are drawn.
  await expect(page.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  await page.waitForTimeout(150);
  expect(await chartAxisProblems(page), 'chart tick labels').toEqual([]);
}

type TextProblem = { text: string; why: string };

/**
 * Text a person cannot read whole: a message key shown instead of its text (next-intl prints the key's path, like
 * "dashboard.insights.month.title", when a message is missing), and text cut by its box — a table cell whose content
 * is wider than the cell, or an element that clips its overflow (overflow hidden or an ellipsis) with content wider
 * than itself, or a table cell outside a box around its table that hides its overflow — unless a scroll container
 * between them lets the person scroll to it, or (outside a table cell) a tooltip holds the whole text. Screen-reader-only text (a 1 px
 * clipped box) is not on screen and is skipped.
 */
async function textProblems(page: Page): Promise<TextProblem[]> {
  return page.evaluate(() => {
    const problems: { text: string; why: string }[] = [];
    const keyPattern = /(?<![\w@/.:-])[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*){2,}(?![\w@/-])/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, code, pre, [data-raw-text]')) continue;
      for (const match of (node.textContent ?? '').matchAll(keyPattern))
        problems.push({ text: match[0], why: 'a message key instead of its text' });
    }
    const scrolls = (el: Element) => /(auto|scroll)/.test(getComputedStyle(el).overflowX);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const text = (el.innerText ?? '').trim();
      if (!text || el.clientWidth <= 2) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || scrolls(el)) continue;
      if (el.closest('svg, select, option, input, textarea, [role="dialog"], [hidden]')) continue;
      const isCell = el.matches('td, th');
      const clips = /(hidden|clip)/.test(style.overflowX) || style.textOverflow === 'ellipsis';
      if (!isCell && !clips) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      // A scroll container inside the cell carries the overflow.
      if (Array.from(el.querySelectorAll('*')).some(scrolls)) continue;
      // A short line cut on purpose (a mail's sender, a chat's last message, a calendar entry) is read whole in its
      // tooltip: the element's or its link's or button's title holds the text shown (screen-reader-only text aside).
      // A table cell has no such way out.
      if (!isCell) {
        const shown = Array.from(el.childNodes)
          .filter((n) => !(n instanceof HTMLElement && n.classList.contains('sr-only')))
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        const titled = el.closest<HTMLElement>('[title]');
        if (shown && titled && (titled.title ?? '').includes(shown)) continue;
      }
      problems.push({
        text: text.slice(0, 60),
        why: `${isCell ? 'cell' : el.tagName.toLowerCase()} cut: ${el.scrollWidth} px of text in ${el.clientWidth} px`,
      });
    }
    // A table cell cut by a box around the table (a card that hides its overflow) rather than by itself: the table is
    // wider than the box and nothing between them scrolls (Summary's last columns once ended under the card's edge).
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('main td, main th'))) {
      const text = (cell.innerText ?? '').trim();
      const r = cell.getBoundingClientRect();
      if (!text || r.width === 0) continue;
      for (let box = cell.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (/(auto|scroll)/.test(overflow)) break;
        if (!/(hidden|clip)/.test(overflow)) continue;
        const b = box.getBoundingClientRect();
        if (r.right > b.right + 1 || r.left < b.left - 1)
          problems.push({
            text: text.slice(0, 60),
            why: `cell ends ${Math.round(Math.max(r.right - b.right, b.left - r.left))} px outside its table's box`,
          });
        break;
      }
    }
    return problems;
  });
}

/**
 * Views inside a menu page, reached by its tabs or its rows rather than by the menu: shown to whoever may open the page
 * (a facility's page holds the borrowing-base waterfall, whose long step names once ran into each other).
 */
const TAB_VIEWS = [
  { href: '/dashboard?tab=insights', page: PAGES.find((p) => p.key === 'dashboard')! },
  { href: '/portfolio/facilities/1', page: PAGES.find((p) => p.key === 'facilities')! },
];

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

          await expectReadableCharts(page);

          if (allowed) expect(await textProblems(page), 'text a person cannot read whole').toEqual([]);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, 'document width').toBeLessThanOrEqual(VIEWPORT.width);
          expect(errors, 'console errors').toEqual([]);
        });
      }
      for (const view of TAB_VIEWS.filter((v) => v.page.scope === null || (ROLES[role] as readonly string[]).includes(v.page.scope))) {
        test(`${locale}${view.href} (inside a menu page)`, async ({ rolePage }) => {
          const page = await rolePage(role);
          const errors: string[] = [];
          page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
          page.on('pageerror', (e) => errors.push(e.message));
          expect((await page.goto(`/${locale}${view.href}`))?.status(), 'status').toBe(200);
          await expect(page.locator('h1').first()).toBeVisible();
          await expectReadableCharts(page);
          expect(await textProblems(page), 'text a person cannot read whole').toEqual([]);
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
