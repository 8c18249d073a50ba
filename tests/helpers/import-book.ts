import { createFunder } from '@/db/queries/funders';
import { createLease } from '@/db/queries/leases';
import { lessees } from '@/db/schema/portfolio';
import type { Conn } from '@/db/client';

/** A small deterministic PRNG (mulberry32) so generated books are the same on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}

export async function createImportFunder(db: Conn, name: string) {
  return await createFunder(db, {
    name,
    baseCurrency: 'EUR',
    buyRate: 0.055,
    discountRate: null,
    facilityRate: 0.04,
    advanceRate: 1,
    vatDefault: 0.19,
  });
}

/**
 * A funder's book for import tests: advance and arrears, every frequency, residuals, financed and
 * unfinanced fees, month-end first due dates (the dates whose month arithmetic clamps).
 */
export async function createImportBook(db: Conn, funderId: number, count: number, seed = 7): Promise<void> {
  const r = prng(seed);
  const now = Date.UTC(2026, 0, 1);
  const lesseeIds: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(count / 4)); i++) {
    const country = r.pick(['DE', 'FR', 'PT', 'AT']);
    lesseeIds.push(
      db
        .insert(lessees)
        .values({
          funderId,
          idOdoo: `ERP-${funderId}-${i}`,
          name: `Lessee ${funderId}-${i}`,
          taxId: `TX${i}`,
          country,
          region: 'R1',
          industry: r.pick(['C', 'G', 'H']),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: lessees.id })
        .get().id,
    );
  }
  for (let i = 0; i < count; i++) {
    const currency = r.pick(['EUR', 'EUR', 'GBP', 'CHF']);
    const price = r.int(5_000, 400_000) * 100 + r.int(0, 99);
    const downPayment = r.next() < 0.3 ? Math.floor(price * 0.1) : 0;
    const fee = r.next() < 0.4 ? r.pick([15_000, 25_000]) : 0;
    const feeFinanced = fee > 0 && r.next() < 0.5;
    const term = r.pick([12, 24, 36, 48, 60]);
    const residual = r.next() < 0.4 ? Math.floor((price - downPayment) * 0.15) : 0;
    const year = r.int(2023, 2026);
    const month = r.int(1, 12);
    const day = r.pick([1, 15, 28, 30, 31]);
    const dim = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const firstDueDate = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, dim)).padStart(2, '0')}`;
    await createLease(
      db,
      {
        funderId,
        lesseeId: r.pick(lesseeIds),
        contractNumber: `C-${String(i + 1).padStart(5, '0')}`,
        assetType: r.pick(['vehicle', 'machinery', 'it', 'medical'] as const),
        assetDescription: '',
        condition: r.pick(['new', 'used'] as const),
        currency,
        price,
        downPayment,
        residual,
        fee,
        feeFinanced,
        term,
        rate: r.pick([0.0425, 0.055, 0.069, 0.0799, 0.1]),
        timing: r.pick(['advance', 'arrears'] as const),
        frequency: r.pick(['monthly', 'monthly', 'quarterly', 'semi-annual', 'annual'] as const),
        firstDueDate,
        vatRate: r.pick([0.19, 0.2, 0.23]),
        vatRegime: 'per-instalment',
        purchaseDate: firstDueDate < '2026-06-01' ? firstDueDate : '2026-06-01',
        agreedPurchasePrice: null,
        status: 'active',
      },
      null,
      now,
    );
  }
}
