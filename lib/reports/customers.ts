/**
 * Reports → Customers (domain.md §6): per lessee (and currency: amounts are never added across
 * currencies) the number of leases, the outstanding principal, the price at the cut-off (sellto4G), the
 * share of the portfolio's outstanding in that currency, and the lessee's DPD and bucket from the
 * servicing book. Rows are the Total Cash Flow's (leases with something left at the cut-off).
 * Pure over the valued book; the unfiltered list is cached per valuation.
 */
import type { PortfolioLeaseRecord } from '@/lib/domain/portfolio';
import { CURRENCY_CODES, type PortfolioValuation } from '@/lib/finance';
import { liveIndices } from '@/lib/portfolio/cash-flow-table';

export interface CustomerRow {
  lesseeId: number;
  lesseeName: string;
  country: string;
  industry: string;
  currency: string;
  leases: number;
  outstanding: number;
  price: number;
  /** outstanding / the currency's total outstanding. */
  share: number;
  /** Lessee DPD (max over its leases); null when the servicing book is not available. */
  dpd: number | null;
  bucket: string | null;
}

import { CUSTOMER_SORTS, type CustomerSort } from './constants';

export { CUSTOMER_SORTS, type CustomerSort };

export interface CustomerSource {
  leases: readonly PortfolioLeaseRecord[];
  valuation: PortfolioValuation;
}

/** The lessees' delinquency (lesseeId → DPD and bucket key). */
export type CustomerDelinquency = (lesseeId: number) => { dpd: number; bucket: string } | undefined;

export function buildCustomers(src: CustomerSource, delinquency?: CustomerDelinquency): CustomerRow[] {
  const v = src.valuation;
  const live = liveIndices(src);
  const rows = new Map<string, CustomerRow>();
  const totals = new Map<string, number>();
  for (let j = 0; j < live.length; j++) {
    const i = live[j]!;
    const l = src.leases[i]!;
    const key = `${l.lesseeId}:${l.currency}`;
    let r = rows.get(key);
    if (!r) {
      const d = delinquency?.(l.lesseeId);
      r = {
        lesseeId: l.lesseeId,
        lesseeName: l.lesseeName,
        country: l.lesseeCountry,
        industry: l.lesseeIndustry,
        currency: l.currency,
        leases: 0,
        outstanding: 0,
        price: 0,
        share: 0,
        dpd: d ? d.dpd : null,
        bucket: d ? d.bucket : null,
      };
      rows.set(key, r);
    }
    r.leases++;
    r.outstanding += v.prin[i]!;
    r.price += v.sellto4G[i]!;
    totals.set(l.currency, (totals.get(l.currency) ?? 0) + v.prin[i]!);
  }
  const out = [...rows.values()];
  for (const r of out) {
    const t = totals.get(r.currency) ?? 0;
    r.share = t > 0 ? r.outstanding / t : 0;
  }
  return out;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export interface CustomerQuery {
  q: string;
  sort: CustomerSort;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** Filters (name or lessee id contains q), sorts (ties: name, currency order) and pages the rows; totals per currency over the filtered rows. */
export function queryCustomers(rows: readonly CustomerRow[], query: CustomerQuery) {
  const q = query.q.trim().toLowerCase();
  const filtered = q ? rows.filter((r) => r.lesseeName.toLowerCase().includes(q) || String(r.lesseeId) === q) : [...rows];
  const sign = query.dir === 'asc' ? 1 : -1;
  const ccy = (c: string) => CURRENCY_CODES.indexOf(c as never);
  filtered.sort((a, b) => {
    let d = 0;
    if (query.sort === 'lesseeName') d = collator.compare(a.lesseeName, b.lesseeName);
    else if (query.sort === 'dpd') d = (a.dpd ?? -1) - (b.dpd ?? -1);
    else d = a[query.sort] - b[query.sort];
    return sign * d || collator.compare(a.lesseeName, b.lesseeName) || ccy(a.currency) - ccy(b.currency) || a.lesseeId - b.lesseeId;
  });
  const totals = new Map<string, { currency: string; customers: number; leases: number; outstanding: number; price: number }>();
  for (const r of filtered) {
    const t = totals.get(r.currency) ?? { currency: r.currency, customers: 0, leases: 0, outstanding: 0, price: 0 };
    t.customers++;
    t.leases += r.leases;
    t.outstanding += r.outstanding;
    t.price += r.price;
    totals.set(r.currency, t);
  }
  const start = (query.page - 1) * query.perPage;
  return {
    rows: filtered.slice(start, start + query.perPage),
    total: filtered.length,
    totals: [...totals.values()].sort((a, b) => ccy(a.currency) - ccy(b.currency)),
    all: filtered,
  };
}
