/**
 * The static content, cards, navbar and datatables endpoints (api-reference §11–12) against a real
 * server on a freshly seeded database: every documented path answers at its root path and under /api/,
 * shapes, the FAQ filter and locale, 404s, 400s, 401, bookmarks per user, the main search, and the
 * cards reconciled with the payments ledger and the book by SQL.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import de from '@/messages/de.json';
import { demoTokens, postJson } from '../helpers/http';

const baseURL = inject('baseURL');
const dbPath = inject('dbPath');
const tokens: Record<string, string> = {};
let db: Database.Database;

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'viewer', 'client'] as const));
  db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
});
afterAll(() => db?.close());

const auth = (who: string | null): Record<string, string> => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
const get = (path: string, who: string | null = 'viewer') => fetch(`${baseURL}${path}`, { headers: auth(who) });
async function json<T = Record<string, unknown>>(path: string, who: string | null = 'viewer'): Promise<T> {
  const res = await get(path, who);
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}
const toggle = (id: unknown, who = 'viewer') => postJson(baseURL, '/api/bookmarks/update', { id }, auth(who));

const ROOT_PATHS = [
  '/account-setting/data',
  '/profile/data',
  '/faq/data',
  '/faq/data/knowledge_base',
  '/faq/data/category',
  '/faq/data/question',
  '/pricing/data',
  '/blog/list/data',
  '/blog/list/data/sidebar',
  '/blog/list/data/detail',
  '/blog/list/data/edit',
  ...[
    'support-tracker',
    'avg-sessions',
    'revenue-report',
    'goal-overview',
    'revenue',
    'product-orders',
    'sessions-device',
    'customers',
  ].map((k) => `/card/card-analytics/${k}`),
  ...[
    'orders-bar-chart',
    'profit-line-chart',
    'subscribers',
    'revenue',
    'sales',
    'orders',
    'site-traffic',
    'active-users',
    'newsletter',
  ].map((k) => `/card/card-statistics/${k}`),
];
const API_ONLY = [
  '/api/autocomplete/data',
  '/api/main-search/data',
  '/api/bookmarks/data',
  '/api/datatables/initial-data',
  '/api/datatables/data',
];

describe('every documented path', () => {
  it.each(ROOT_PATHS)('%s answers 200 at its root path and under /api/, with the same body, and 401 without a credential', async (path) => {
    const root = await json(path);
    const api = await json(`/api${path}`);
    expect(api).toEqual(root);
    const anonymous = await get(path, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it.each(ROOT_PATHS.filter((p) => p.startsWith('/card/')))('%s shows funder figures: 403 for a client (scope-less) user', async (path) => {
    const res = await get(path, 'client');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it.each(API_ONLY)('%s answers 200 with a token, 401 without, and is open to a client (scope-less) user', async (path) => {
    await json(path, 'client');
    expect((await get(path, null)).status).toBe(401);
  });

  it('a locale page of the same name is still a page, not the API', async () => {
    const res = await fetch(`${baseURL}/en/faq`, { redirect: 'manual' });
    expect(res.headers.get('content-type') ?? '').not.toContain('application/json');
  });
});

describe('static content shapes', () => {
  it('account settings are the signed-in user’s own', async () => {
    const viewer = await json<{
      general: Record<string, string>;
      info: Record<string, unknown>;
      social: Record<string, unknown>;
      notification: Record<string, boolean>;
    }>('/account-setting/data');
    const admin = await json<typeof viewer>('/account-setting/data', 'admin');
    expect(viewer.general).toMatchObject({ username: 'viewer', email: 'viewer@quantum.demo', fullName: 'Victor Viewer' });
    expect(admin.general).toMatchObject({ username: 'admin', email: 'admin@quantum.demo' });
    expect(Object.keys(viewer.info)).toEqual(['bio', 'dob', 'country', 'website', 'phone']);
    expect(Object.keys(viewer.notification).sort()).toEqual([
      'answerOnForm',
      'blogDigest',
      'commentOnArticle',
      'followMe',
      'newAnnouncements',
      'productUpdates',
    ]);
    expect(Object.keys(viewer.social)).toEqual(['socialLinks', 'connections']);
  });

  it('profile', async () => {
    const p = await json<Record<string, unknown> & { userAbout: { email: string } }>('/profile/data?locale=fr');
    expect(Object.keys(p)).toEqual([
      'header',
      'userAbout',
      'suggestedPages',
      'twitterFeeds',
      'post',
      'latestPhotos',
      'suggestions',
      'polls',
    ]);
    expect(p.userAbout.email).toBe('viewer@quantum.demo');
  });

  it.each([
    ['/faq/data', ['valuation', 'payments', 'arrears', 'portfolio']],
    ['/faq/data?q=npv', ['valuation']],
    ['/faq/data?q=ALLOCATED', ['payments']],
    ['/faq/data?q=zahlungen&locale=de', ['payments']],
    ['/faq/data?q=discount', []],
    ['/faq/data?q=nothing-matches-this', []],
  ])('%s → categories %j (question text only, empty categories omitted)', async (path, keys) => {
    const faq =
      await json<Record<string, { icon: string; title: string; subtitle: string; qandA: { question: string; ans: string }[] }>>(path);
    expect(Object.keys(faq)).toEqual(keys);
    for (const c of Object.values(faq)) expect(Object.keys(c)).toEqual(['icon', 'title', 'subtitle', 'qandA']);
  });

  it('the FAQ speaks the locale asked for', async () => {
    const all = await Promise.all(['en', 'de', 'fr', 'pt'].map((l) => json<Record<string, { title: string }>>(`/faq/data?locale=${l}`)));
    const titles = all.map((f) => f.valuation!.title);
    expect(new Set(titles).size).toBe(4);
  });

  it('knowledge base, categories, question, pricing, blog', async () => {
    const kb = await json<{ id: number; category: string; img: string; title: string; desc: string }[]>('/faq/data/knowledge_base');
    expect(kb).toHaveLength(6);
    expect(Object.keys(kb[0]!)).toEqual(['id', 'category', 'img', 'title', 'desc']);
    const cats = await json<{ questions: { id: number; question: string; slug: string }[] }[]>('/faq/data/category');
    expect(cats.length).toBeGreaterThan(0);
    const q = await json<{ title: string; relatedQuestions: unknown[]; content: string; lastUpdated: string }>(
      `/faq/data/question?id=${cats[1]!.questions[0]!.id}`,
    );
    expect(q.title).toBe(cats[1]!.questions[0]!.question);
    expect(q.content).toMatch(/^<p>/);
    const pricing = await json<
      Record<string, { monthlyPrice: number; yearlyPlan: { perMonth: number; totalAnnual: number } }> & { qandA: unknown[] }
    >('/pricing/data');
    expect([pricing.basicPlan!.monthlyPrice, pricing.standardPlan!.monthlyPrice, pricing.enterprisePlan!.monthlyPrice]).toEqual([
      0, 49, 99,
    ]);
    expect(pricing.standardPlan!.yearlyPlan).toEqual({ perMonth: 40, totalAnnual: 480 });
    const blog = await json<{ id: number; comment: number }[]>('/blog/list/data');
    expect(blog.length).toBeGreaterThan(0);
    const detail = await json<{ blog: { comments: number; title: string }; comments: unknown[] }>(
      `/blog/list/data/detail?id=${blog[0]!.id}`,
    );
    expect(detail.blog.comments).toBe(detail.comments.length);
    expect(blog[0]!.comment).toBe(detail.comments.length);
    const side = await json<{ recentPosts: unknown[]; categories: { category: string; icon: string }[] }>(
      '/blog/list/data/sidebar?locale=pt',
    );
    expect(side.categories.length).toBeGreaterThan(0);
    const edit = await json<{ blogTitle: string; blogCategories: { value: string; label: string }[] }>(
      '/blog/list/data/edit?id=2&locale=de',
    );
    expect(edit.blogCategories.length).toBeGreaterThan(0);
  });

  it.each(['/blog/list/data/detail?id=999', '/api/blog/list/data/edit?id=999', '/faq/data/question?id=999'])('%s → 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('400s', () => {
  it.each([
    ['/faq/data?locale=es', 'locale'],
    ['/api/datatables/data?perPage=101', 'perPage'],
    ['/api/datatables/data?page=abc', 'page'],
    ['/blog/list/data/detail?id=abc', 'id'],
    ['/api/main-search/data?limit=21', 'limit'],
    ['/card/card-analytics/revenue?asOf=2026-02-30', 'asOf'],
    ['/card/card-statistics/sales?period=forever', 'period'],
    ['/card/card-statistics/revenue?currency=EURO', 'currency'],
    ['/api/card/card-analytics/customers?funderId=x', 'funderId'],
  ])('%s → 400 naming %s', async (path, field) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; issues: { field: string }[] } };
    expect(body.error.code).toBe('invalid');
    expect(body.error.issues.map((i) => i.field)).toContain(field);
  });

  it.each([[{ id: 'abc' }], [{}], [{ id: 1.5 }], [{ id: -1 }]])('bookmarks/update %j → 400 on id', async (body) => {
    const res = await postJson(baseURL, '/api/bookmarks/update', body, auth('viewer'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { issues: { field: string }[] } }).error.issues[0]!.field).toBe('id');
  });

  it('bookmarks/update: 404 for an unknown page, 413 over 1 MiB, 401 without a credential', async () => {
    expect((await toggle(9999)).status).toBe(404);
    const big = JSON.stringify({ id: 1, pad: 'x'.repeat(1024 * 1024 + 10) });
    expect((await postJson(baseURL, '/api/bookmarks/update', big, auth('viewer'))).status).toBe(413);
    expect((await postJson(baseURL, '/api/bookmarks/update', { id: 1 })).status).toBe(401);
  });

  it('a card for an unknown funder is 404', async () => {
    expect((await get('/card/card-analytics/revenue?funderId=999')).status).toBe(404);
  });
});

type PageItem = { id: number; target: string; isBookmarked: boolean; title: string; icon: string; link: string };
type Bookmarks = { suggestions: PageItem[]; bookmarks: PageItem[] };

describe('bookmarks', () => {
  it('toggling twice restores; a second user neither sees nor changes the first one’s bookmarks', async () => {
    const before = await json<Bookmarks>('/api/bookmarks/data');
    const page = before.suggestions.find((p) => p.target === 'tape')!;
    expect(page.isBookmarked).toBe(false);

    const on = await toggle(String(page.id));
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ id: page.id, target: 'tape', isBookmarked: true });
    const viewerNow = await json<Bookmarks>('/api/bookmarks/data');
    expect(viewerNow.bookmarks.map((b) => b.target)).toEqual(['tape']);

    const adminView = await json<Bookmarks>('/api/bookmarks/data', 'admin');
    expect(adminView.bookmarks).toEqual([]);
    expect((await toggle(page.id, 'admin')).status).toBe(200);
    expect((await json<Bookmarks>('/api/bookmarks/data', 'admin')).bookmarks.map((b) => b.target)).toEqual(['tape']);
    expect((await toggle(page.id, 'admin')).status).toBe(200);
    expect((await json<Bookmarks>('/api/bookmarks/data')).bookmarks.map((b) => b.target)).toEqual(['tape']);

    const off = await toggle(page.id);
    expect(((await off.json()) as { isBookmarked: boolean }).isBookmarked).toBe(false);
    expect(await json<Bookmarks>('/api/bookmarks/data')).toEqual(before);
  });

  it('a page the user may not open cannot be bookmarked (404)', async () => {
    const admin = await json<Bookmarks>('/api/bookmarks/data', 'admin');
    const client = await json<Bookmarks>('/api/bookmarks/data', 'client');
    const hidden = admin.suggestions.find((p) => !client.suggestions.some((c) => c.id === p.id))!;
    expect((await toggle(hidden.id, 'client')).status).toBe(404);
  });
});

type Group = { groupKey: string; groupTitle: string; searchLimit: number; data: { id: number; title: string; link: string }[] };

describe('main search', () => {
  it('finds a page by its German label with locale=de, linked to the German page', async () => {
    const label = de.nav.totalCashFlow;
    const { searchArr } = await json<{ searchArr: Group[] }>(`/api/main-search/data?locale=de&q=${encodeURIComponent(label.slice(0, 8))}`);
    const pages = searchArr.find((g) => g.groupKey === 'pages')!;
    expect(pages.groupTitle).toBe('Seiten');
    expect(pages.data).toContainEqual(expect.objectContaining({ title: label, link: '/de/portfolio/total-cash-flow' }));
  });

  it('finds a lease by contract number and its lessee by name', async () => {
    const row = db
      .prepare(
        'select l.id, l.contract_number c, s.id lid, s.name n from leases l join lessees s on s.id = l.lessee_id where l.funder_id = 1 order by l.id desc limit 1',
      )
      .get() as {
      id: number;
      c: string;
      lid: number;
      n: string;
    };
    const { searchArr } = await json<{ searchArr: Group[] }>(`/api/main-search/data?q=${encodeURIComponent(row.c)}`);
    expect(searchArr.find((g) => g.groupKey === 'leases')!.data[0]).toMatchObject({
      id: row.id,
      title: row.c,
      link: `/en/master-file/${row.id}`,
    });
    const byName = await json<{ searchArr: Group[] }>(`/api/main-search/data?q=${encodeURIComponent(row.n)}`);
    expect(byName.searchArr.find((g) => g.groupKey === 'lessees')!.data).toContainEqual(
      expect.objectContaining({ id: row.lid, link: `/en/servicing/clients-behavior/${row.lid}` }),
    );
  });

  it.each([
    [undefined, 4],
    [2, 2],
    [20, 20],
  ])('limit %s → at most %i items per group', async (limit, max) => {
    const { searchArr } = await json<{ searchArr: Group[] }>(`/api/main-search/data${limit ? `?limit=${limit}` : ''}`);
    expect(searchArr.map((g) => g.groupKey)).toEqual(['pages', 'lessees', 'leases']);
    for (const g of searchArr) {
      expect(g.searchLimit).toBe(max);
      expect(g.data.length).toBeLessThanOrEqual(max);
    }
    expect(searchArr.find((g) => g.groupKey === 'leases')!.data).toHaveLength(max);
  });

  it('a user without read:funders gets pages only', async () => {
    const { searchArr } = await json<{ searchArr: Group[] }>('/api/main-search/data', 'client');
    expect(searchArr.map((g) => g.groupKey)).toEqual(['pages']);
  });

  it('autocomplete lists the pages with string ranks', async () => {
    const { autoComplete } = await json<{ autoComplete: { title: string; rank: string; id: string }[] }>(
      '/api/autocomplete/data?locale=de',
    );
    expect(autoComplete[0]).toEqual({ title: de.nav.dashboard, rank: '1', id: 'dashboard' });
  });
});

describe('datatables', () => {
  type Row = Record<string, string | number> & { id: number };
  it('initial-data is a bare array of the documented rows', async () => {
    const rows = await json<Row[]>('/api/datatables/initial-data');
    expect(rows).toHaveLength(100);
    expect(Object.keys(rows[0]!)).toEqual([
      'responsive_id',
      'id',
      'avatar',
      'full_name',
      'post',
      'email',
      'city',
      'start_date',
      'salary',
      'age',
      'experience',
      'status',
    ]);
    expect(typeof rows[0]!.age).toBe('string');
  });

  it.each([
    ['', 10, 1],
    ['', 10, 10],
    ['', 10, 11],
    ['', 7, 15],
    ['manager', 5, 2],
  ])(
    'q=%j perPage=%i page=%i: invoices = slice((page−1)·perPage, page·perPage) of the filtered rows, total = filtered count, allData unfiltered',
    async (q, perPage, page) => {
      const all = await json<Row[]>('/api/datatables/initial-data');
      const res = await json<{ allData: Row[]; invoices: Row[]; total: number }>(
        `/api/datatables/data?q=${q}&perPage=${perPage}&page=${page}`,
      );
      const fields = ['full_name', 'post', 'email', 'age', 'salary', 'start_date'];
      const filtered = all.filter((r) => fields.some((f) => String(r[f]).toLowerCase().includes(q)));
      expect(res.allData).toEqual(all);
      expect(res.total).toBe(filtered.length);
      expect(res.invoices).toEqual(filtered.slice((page - 1) * perPage, page * perPage));
    },
  );

  it('defaults: perPage 10, page 1', async () => {
    const res = await json<{ invoices: Row[] }>('/api/datatables/data');
    expect(res.invoices.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('cards reconcile with the database', () => {
  const today = new Date().toISOString().slice(0, 10);
  const thisMonth = today.slice(0, 7);

  beforeAll(() => {
    const lease = db.prepare("select id, currency from leases where funder_id = 1 and currency = 'EUR' order by id limit 1").get() as {
      id: number;
      currency: string;
    };
    const ins = db.prepare(
      "insert into payments (funder_id, lease_id, kind, reverses_id, received_on, amount, currency, method, created_at) values (1, ?, ?, ?, ?, ?, 'EUR', 'transfer', 0)",
    );
    ins.run(lease.id, 'payment', null, today, 123_456);
    const mistaken = Number(ins.run(lease.id, 'payment', null, today, 500_000).lastInsertRowid);
    ins.run(lease.id, 'reversal', mistaken, today, 500_000);
    ins.run(lease.id, 'payment', null, `${thisMonth}-01`, 10_000);
  });

  const collectedByMonth = () =>
    new Map(
      (
        db
          .prepare(
            `select substr(received_on, 1, 7) m, sum(amount) s from payments p where funder_id = 1 and kind = 'payment' and currency = 'EUR'
             and not exists (select 1 from payments r where r.reverses_id = p.id) group by m`,
          )
          .all() as { m: string; s: number }[]
      ).map((r) => [r.m, r.s]),
    );

  it('revenue statistics: each month equals Σ non-reversed payments of that month', async () => {
    const card = await json<{ months: string[]; series: { data: number[] }[]; analyticsData: { revenue: number }; currency: string }>(
      '/card/card-statistics/revenue',
    );
    const sums = collectedByMonth();
    expect(card.currency).toBe('EUR');
    expect(card.months.at(-1)).toBe(thisMonth);
    expect(card.series[0]!.data).toEqual(card.months.map((m) => sums.get(m) ?? 0));
    expect(card.series[0]!.data.at(-1)).toBeGreaterThanOrEqual(133_456);
    expect(card.analyticsData.revenue).toBe(card.series[0]!.data.reduce((a, b) => a + b, 0));
  });

  it('revenue analytics: this month equals the same sum; the currency may be given in any case', async () => {
    const card = await json<{ thisMonthMinor: number; currency: string }>('/card/card-analytics/revenue');
    expect(card.thisMonthMinor).toBe(collectedByMonth().get(thisMonth));
    expect(await json('/card/card-analytics/revenue?currency=eur')).toEqual(card);
    const chf = await json<{ thisMonthMinor: number; currency: string }>('/card/card-analytics/revenue?currency=CHF');
    const chfSum = db
      .prepare(
        `select coalesce(sum(amount), 0) s from payments p where funder_id = 1 and kind = 'payment' and currency = 'CHF' and received_on between ? and ?
         and not exists (select 1 from payments r where r.reverses_id = p.id)`,
      )
      .get(`${thisMonth}-01`, today) as { s: number };
    expect(chf).toMatchObject({ currency: 'CHF', thisMonthMinor: chfSum.s });
  });

  it('orders: new leases per purchase month', async () => {
    const card = await json<{ months: string[]; series: { data: number[] }[] }>('/card/card-statistics/orders');
    const counts = new Map(
      (
        db.prepare('select substr(purchase_date, 1, 7) m, count(*) n from leases where funder_id = 1 group by m').all() as {
          m: string;
          n: number;
        }[]
      ).map((r) => [r.m, r.n]),
    );
    expect(card.series[0]!.data).toEqual(card.months.map((m) => counts.get(m) ?? 0));
  });

  it('customers: lessees with an active lease', async () => {
    const card = await json<{ listData: { result: number }[] }>('/card/card-analytics/customers?funderId=2');
    expect(card.listData[2]!.result).toBe(
      (db.prepare("select count(distinct lessee_id) n from leases where funder_id = 2 and status = 'active'").get() as { n: number }).n,
    );
  });

  it('support tracker and period labels in the locale', async () => {
    const card = await json<{ last_days: string[]; totalTicket: number }>(
      '/card/card-analytics/support-tracker?locale=pt&period=last-month',
    );
    expect(card.last_days).toEqual(['Últimos 28 dias', 'Mês passado', 'Último ano']);
    expect(card.totalTicket).toBeGreaterThanOrEqual(0);
  });
});
