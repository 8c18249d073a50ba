import { seedFunders } from '@/db/seed/sqlite';
/**
 * One vocabulary of lease statuses (issue "Screens a credit officer can read and trust", item 2b; domain.md §8, §14):
 * on a seeded demo book (leases, payments, defaults, cures, write-offs), Total Cash Flow shows and filters by the
 * Master File register's shown status — the same value for the same lease at the same date, in the same words (en,
 * de) — and the Dashboard's status word for the book is one of those words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentProps, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, test, vi } from 'vitest';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedPayments } from '@/db/seed/payments';
import { seedCredit } from '@/db/seed/credit';
import { seedDemoUsers } from '@/db/seed/users';
import type { User } from '@/db/schema/auth';
import { listLeases } from '@/db/queries/leases';
import { FEATURE_NAMESPACES } from '@/i18n/messages';
import { scopesForRole } from '@/lib/auth/scopes';
import { cashFlowFilterSchema } from '@/lib/portfolio/cash-flow-table';
import { leaseListQuery, SHOWN_STATUS_VALUES, STATUS_FILTER_VALUES, type ShownStatus } from '@/lib/validations/leases';
import type { Principal } from '@/services/auth/principal';
import { registerScreen } from '@/services/master-file/register-screen';
import { statusFilterClauses } from '@/services/master-file/register-status';
import { insightsScreen } from '@/services/dashboard/insights';
import { totalCashFlowScreen, type TotalCashFlowQuery } from '@/services/portfolio/total-cash-flow';
import { createTestDb } from '../helpers/test-db';

let locale = 'en';
vi.mock('next-intl/server', () => ({ getLocale: async () => locale }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ children, href: _href, ...rest }: { children: ReactNode; href: unknown }) => createElement('a', rest, children),
}));
const { TotalCashFlowTable } = await import('@/components/portfolio/total-cash-flow-table');
const { LeaseStatusCell } = await import('@/components/master-file/status-badges');
const { InsightsView } = await import('@/components/dashboard/insights-view');

const TODAY = '2026-11-21';
type Messages = { [key: string]: string | Messages };
const catalogue = (lang: string): Messages => {
  const read = (...parts: string[]) => JSON.parse(readFileSync(path.join(process.cwd(), 'messages', ...parts), 'utf8')) as Messages;
  const core = read(`${lang}.json`);
  for (const ns of FEATURE_NAMESPACES) core[ns] = read(ns, `${lang}.json`);
  return core;
};
const words = (lang: string) => (catalogue(lang).masterFile as Messages).statuses as Record<string, string>;

const db = createTestDb();
seedDemoUsers(db);
seedPortfolio(db, { leases: 400, today: TODAY });
for (const f of seedFunders(db)) seedPayments(db, { funderId: f.id, today: TODAY });
for (const f of seedFunders(db)) seedCredit(db, { funderId: f.id, today: TODAY });
const funder = seedFunders(db)[0]!;
const adminUser = db.$client.prepare("select * from users where username = 'admin'").get() as User;
const admin: Principal = { user: adminUser, scopes: scopesForRole('admin'), via: 'session' };

const tcfQuery = (status: TotalCashFlowQuery['status'] = []): TotalCashFlowQuery => ({
  q: '',
  currency: [],
  assetType: [],
  status,
  checkNonZero: false,
  sort: 'id',
  dir: 'asc',
  cutOff: TODAY,
  gross: false,
});

/** The register's shown status of every lease, page after page, on TODAY. */
async function registerStatuses(): Promise<Map<number, ShownStatus>> {
  const out = new Map<number, ShownStatus>();
  for (let page = 1; ; page++) {
    const screen = await registerScreen(
      db,
      admin,
      leaseListQuery.parse({ funderId: String(funder.id), perPage: '100', page: String(page) }),
      {
        today: TODAY,
      },
    );
    for (const r of screen.rows) out.set(r.id, r.shownStatus);
    if (page * 100 >= screen.total) return out;
  }
}

describe('Total Cash Flow shows the register status', async () => {
  const register = await registerStatuses();
  const screen = await totalCashFlowScreen(db, funder.id, tcfQuery(), TODAY);
  const rows = screen.tableRows(screen.rows);

  test('every row: the same status as the register for the same lease on the same date', () => {
    expect(rows.length).toBeGreaterThan(100);
    const differ = rows.filter((r) => r.status !== register.get(r.id)).map((r) => [r.id, r.status, register.get(r.id)]);
    expect(differ).toEqual([]);
    // The demo book is a credit book, not a book of "active" leases.
    const seen = new Set(rows.map((r) => r.status));
    for (const s of ['performing', 'defaulted', 'cured'] as const) expect(seen).toContain(s);
    expect([...seen].every((s) => (SHOWN_STATUS_VALUES as readonly string[]).includes(s))).toBe(true);
  });

  test('the status filter accepts every value of the register filter', () => {
    for (const s of STATUS_FILTER_VALUES) expect(cashFlowFilterSchema.parse({ status: s }).status).toEqual([s]);
  });

  test.each(STATUS_FILTER_VALUES.map((s) => [s]))('filter %s keeps the rows the register filter keeps', async (s) => {
    const tcf = await totalCashFlowScreen(db, funder.id, tcfQuery([s]), TODAY);
    const ids = Array.from(tcf.rows, (i) => tcf.book.leases[i]!.id);
    const kept = new Set(
      (
        await listLeases(db, {
          funderId: funder.id,
          statusAny: await statusFilterClauses(db, funder.id, [s], TODAY),
          page: 1,
          perPage: 100_000,
        })
      ).rows.map((r) => r.id),
    );
    expect(ids).toEqual(rows.map((r) => r.id).filter((id) => kept.has(id)));
  });

  test.each(['en', 'de'])('%s: the table prints the register words for the statuses', (lang) => {
    const messages = catalogue(lang);
    const provider = (children: ReactNode) =>
      renderToString(
        createElement(
          NextIntlClientProvider,
          { locale: lang, messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
          children,
        ),
      );
    const sample = [...new Map(rows.map((r) => [r.status, r])).values()];
    const html = provider(
      createElement(TotalCashFlowTable, {
        rows: sample,
        totals: [],
        columns: ['prin'],
        monthLabels: [],
        query: { ...tcfQuery(), page: 1, perPage: 10 } as ComponentProps<typeof TotalCashFlowTable>['query'],
      }),
    );
    const printed = [...html.matchAll(/data-status="([a-z_]+)"[^>]*>([^<]+)</g)].map(([, s, w]) => [s, w]);
    expect(printed.map(([s]) => s)).toEqual(sample.map((r) => r.status));
    for (const [s, w] of printed) {
      expect(w).toBe(words(lang)[s!]);
      // The register's cell for the same status says the same.
      expect(provider(createElement(LeaseStatusCell, { status: s as ShownStatus }))).toContain(`>${w}<`);
    }
    // No second list of status words in the portfolio catalogue.
    expect((messages.portfolio as Messages).statuses).toBeUndefined();
  });
});

describe('the Dashboard', () => {
  test.each(['en', 'de'])("%s: the lessees' status word is the register's, counted from the register's statuses", async (lang) => {
    const data = await insightsScreen(db, funder, TODAY, 'last-year', 'en');
    const register = await registerStatuses();
    const lessees = db.$client
      .prepare('select id, lessee_id as lesseeId from leases where funder_id = ? and purchase_date <= ?')
      .all(funder.id, TODAY) as {
      id: number;
      lesseeId: number;
    }[];
    expect(data.lessees.performing).toBeGreaterThan(0);
    expect(data.lessees.performing).toBe(new Set(lessees.filter((l) => register.get(l.id) === 'performing').map((l) => l.lesseeId)).size);
    locale = lang;
    const element = await InsightsView({ data });
    const html = renderToString(
      createElement(
        NextIntlClientProvider,
        { locale: lang, messages: {}, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
        element,
      ),
    );
    const card = /data-testid="insights-lessees"[\s\S]*$/.exec(html)![0];
    expect(card).toContain(`>${words(lang).performing}<`);
    expect(card).not.toContain(`>${words(lang).active}<`);
  });
});
