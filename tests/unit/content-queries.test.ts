/**
 * Content, navbar and datatables queries on a fresh seeded database: FAQ filter semantics (question text
 * only, empty categories omitted, per locale), unknown ids, datatables paging math, bookmarks per user.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conn } from '@/db/client';
import {
  getAccountSettings,
  getBlogDetail,
  getBlogEdit,
  getFaq,
  getFaqQuestion,
  getPricing,
  listBlogPosts,
  listFaqCategories,
  listKnowledgeBase,
} from '@/db/queries/compat/content';
import {
  listBookmarkTargets,
  pageDatatableRows,
  pageId,
  pageKeyOf,
  toggleBookmark,
  visiblePages,
} from '@/db/queries/compat/content-navbar';
import { CONTENT_LOCALES } from '@/db/schema/content';
import { seedContent } from '@/db/seed/content';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { scopesForRole } from '@/lib/auth/scopes';
import { NAV_PAGE_KEYS } from '@/lib/navigation';
import { createTestDb } from '../helpers/test-db';

let db: Conn;
const userId = (email: string) => (db.$client.prepare('select id from users where email = ?').get(email) as { id: number }).id;

beforeAll(() => {
  db = createTestDb();
  seedDemoUsers(db);
  seedPortfolio(db, { leases: 40, today: '2026-11-21', seed: 5 });
  seedContent(db, { today: '2026-11-21' });
});

describe('FAQ', () => {
  it.each([
    ['', 'en', ['valuation', 'payments', 'arrears', 'portfolio']],
    ['NPV', 'en', ['valuation']],
    ['npv', 'en', ['valuation']],
    ['allocated', 'en', ['payments']],
    ['xyz-nothing', 'en', []],
    ['Zahlungen', 'de', ['payments']],
    ['encaissements', 'fr', []],
  ] as const)('q=%j (%s) → categories %j', async (q, locale, expected) => {
    expect(Object.keys(await getFaq(db, locale, q))).toEqual(expected);
  });

  it('matches the question text only, not the answer', async () => {
    // "discount" appears in the NPV answer but in no English question.
    expect(await getFaq(db, 'en', 'discount')).toEqual({});
  });

  it('a matching category keeps only its matching questions', async () => {
    const faq = await getFaq(db, 'en', 'check');
    expect(faq.valuation!.qandA.map((x) => x.question)).toEqual(['What does check ≠ 0 mean?']);
  });

  it('every locale has the same categories, questions, articles, plans and posts', async () => {
    const shape = async (l: (typeof CONTENT_LOCALES)[number]) => ({
      faq: Object.entries(await getFaq(db, l, '')).map(([k, v]) => [k, v.qandA.length]),
      cats: (await listFaqCategories(db, l)).map((c) => c.questions.map((q) => q.id)),
      kb: (await listKnowledgeBase(db, l)).map((a) => a.id),
      pricing: (await getPricing(db, l)).qandA.length,
      blog: (await listBlogPosts(db, l)).map((p) => p.id),
    });
    for (const l of CONTENT_LOCALES) expect(await shape(l)).toEqual(await shape('en'));
    expect((await getFaq(db, 'de', '')).valuation!.title).not.toBe((await getFaq(db, 'en', '')).valuation!.title);
  });

  it('question: default is the first help question; related are its category siblings; unknown is undefined', async () => {
    const first = await getFaqQuestion(db, 'en');
    expect(first?.title).toBe('How is the NPV of a lease computed?');
    expect(first?.relatedQuestions.map((r) => r.id)).toEqual([2, 3]);
    expect((await getFaqQuestion(db, 'pt', 4))?.title).toBe('Como são imputados os pagamentos?');
    expect(await getFaqQuestion(db, 'en', 999)).toBeUndefined();
  });
});

describe('pricing and blog', () => {
  it('pricing constants of the spec', async () => {
    const p = await getPricing(db, 'en');
    expect([p.basicPlan.monthlyPrice, p.standardPlan.monthlyPrice, p.enterprisePlan.monthlyPrice]).toEqual([0, 49, 99]);
    expect(p.standardPlan.yearlyPlan).toEqual({ perMonth: 40, totalAnnual: 480 });
    expect(p.enterprisePlan.yearlyPlan).toEqual({ perMonth: 80, totalAnnual: 960 });
  });

  it('blog list newest first with comment counts; detail and edit 404 material for unknown ids', async () => {
    const list = await listBlogPosts(db, 'en');
    expect(list.map((p) => p.blogPosted)).toEqual([...list.map((p) => p.blogPosted)].sort().reverse());
    const detail = (await getBlogDetail(db, 'en', 1))!;
    expect(detail.blog.comments).toBe(detail.comments.length);
    expect(list.find((p) => p.id === 1)!.comment).toBe(detail.comments.length);
    expect(await getBlogDetail(db, 'en', 42)).toBeUndefined();
    expect(await getBlogEdit(db, 'en', 42)).toBeUndefined();
    expect((await getBlogEdit(db, 'fr', 2))!.blogCategories.map((c) => c.value)).toEqual(['risk', 'servicing']);
  });
});

describe('account settings', () => {
  it('are the user’s own', async () => {
    const a = (await getAccountSettings(db, userId('analyst@quantum.demo')))!;
    expect(a.general).toMatchObject({ username: 'analyst', email: 'analyst@quantum.demo', fullName: 'Ana Analyst' });
    expect(a.info.country).toBe('Portugal');
    expect(await getAccountSettings(db, 99_999)).toBeUndefined();
  });
});

describe('datatables paging', () => {
  it.each([
    ['', 10, 1, 100, 10],
    ['', 10, 10, 100, 10],
    ['', 10, 11, 100, 0],
    ['', 30, 4, 100, 10],
    ['', 100, 1, 100, 100],
  ])('q=%j perPage=%i page=%i → total %i, %i rows', async (q, perPage, page, total, rows) => {
    const res = await pageDatatableRows(db, q, perPage, page);
    expect(res.total).toBe(total);
    expect(res.invoices).toHaveLength(rows);
    expect(res.allData).toHaveLength(100);
    if (rows > 0) expect(res.invoices[0]!.id).toBe((page - 1) * perPage + 1);
  });

  it('q matches full_name, post, email, age, salary and start_date, not city or experience', async () => {
    const all = (await pageDatatableRows(db, '', 100, 1)).allData;
    const r = all[0]!;
    for (const [field, value] of [
      ['full_name', r.full_name.toUpperCase()],
      ['post', r.post],
      ['email', r.email],
      ['age', r.age],
      ['salary', r.salary],
      ['start_date', r.start_date],
    ] as const) {
      const res = await pageDatatableRows(db, value, 100, 1);
      expect(
        res.invoices.map((x) => x.id),
        field,
      ).toContain(r.id);
      expect(res.total, field).toBe(res.invoices.length);
    }
    const cityOnly = all.find(
      (x) =>
        !all.some((y) =>
          [y.full_name, y.post, y.email, y.age, y.salary, y.start_date].some((f) => f.toLowerCase().includes(x.city.toLowerCase())),
        ),
    );
    if (cityOnly) expect((await pageDatatableRows(db, cityOnly.city, 100, 1)).total).toBe(0);
    expect((await pageDatatableRows(db, 'Years', 100, 1)).total).toBe(0);
    expect(typeof r.age).toBe('string');
    expect(r.salary).toMatch(/^\$\d+\.\d{2}$/);
    expect(r.start_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('bookmarks and search', () => {
  it('page ids round-trip and are numbered from 1', () => {
    for (const key of NAV_PAGE_KEYS) expect(pageKeyOf(pageId(key))).toBe(key);
    expect(pageKeyOf(0)).toBeUndefined();
    expect(pageKeyOf(NAV_PAGE_KEYS.length + 1)).toBeUndefined();
  });

  it('a client sees fewer pages than an admin', () => {
    expect(visiblePages(scopesForRole('client')).length).toBeLessThan(visiblePages(scopesForRole('admin')).length);
    expect(visiblePages(scopesForRole('client')).map((p) => p.key)).toContain('account');
  });

  it('toggling twice restores; one user’s bookmarks are not another’s', async () => {
    const a = userId('admin@quantum.demo');
    const v = userId('viewer@quantum.demo');
    expect(await toggleBookmark(db, a, 'dashboard')).toBe(true);
    expect(await toggleBookmark(db, a, 'tape')).toBe(true);
    expect([...(await listBookmarkTargets(db, a))].sort()).toEqual(['dashboard', 'tape']);
    expect((await listBookmarkTargets(db, v)).size).toBe(0);
    expect(await toggleBookmark(db, v, 'dashboard')).toBe(true);
    expect(await toggleBookmark(db, a, 'dashboard')).toBe(false);
    expect([...(await listBookmarkTargets(db, a))]).toEqual(['tape']);
    expect([...(await listBookmarkTargets(db, v))]).toEqual(['dashboard']);
  });
});
