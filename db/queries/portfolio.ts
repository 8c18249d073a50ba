import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import type { PortfolioLeaseRecord } from '../../lib/domain/portfolio';
import { intern } from '@/lib/intern';
import { type Lease } from '../schema/portfolio';
import { leases, lessees } from '../tables';

export type { PortfolioLeaseRecord };

// The rows below are the domain shape exactly (a schema change that breaks it fails to compile here).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RecordFromSchema = Pick<
  Lease,
  Exclude<keyof PortfolioLeaseRecord, 'lesseeName' | 'lesseeIndustry' | 'lesseeRegion' | 'lesseeCountry'>
> & {
  lesseeName: string;
  lesseeIndustry: string;
  lesseeRegion: string;
  lesseeCountry: string;
};
export const recordShapeMatches: Exact<RecordFromSchema, PortfolioLeaseRecord> = true;

/**
 * Every lease of a funder that belongs to the book, in id order: terminated contracts carry no flows. A written-off
 * lease stays, with its write-off date: it leaves the pool on that date (lib/finance/pool.ts exitDay), so its
 * remaining flows leave the portfolio cash flow from then on (domain.md §8) while earlier cut-offs keep it; its
 * write-off journals it, so the valuation cache re-reads that lease alone.
 */
export async function listPortfolioLeases(
  db: DbOrTx,
  funderId: number,
  ids?: readonly number[],
  page?: { afterId: number; limit: number },
): Promise<PortfolioLeaseRecord[]> {
  const q = db
    .select({
      id: leases.id,
      contractNumber: leases.contractNumber,
      lesseeId: leases.lesseeId,
      assetType: leases.assetType,
      condition: leases.condition,
      currency: leases.currency,
      price: leases.price,
      downPayment: leases.downPayment,
      principal: leases.principal,
      residual: leases.residual,
      fee: leases.fee,
      feeFinanced: leases.feeFinanced,
      term: leases.term,
      rate: leases.rate,
      timing: leases.timing,
      frequency: leases.frequency,
      firstDueDate: leases.firstDueDate,
      vatRate: leases.vatRate,
      vatRegime: leases.vatRegime,
      purchaseDate: leases.purchaseDate,
      agreedPurchasePrice: leases.agreedPurchasePrice,
      status: leases.status,
      writtenOffOn: leases.writtenOffOn,
      rebasedOn: leases.rebasedOn,
      rebasedBalance: leases.rebasedBalance,
      lesseeName: lessees.name,
      lesseeIndustry: lessees.industry,
      lesseeRegion: lessees.region,
      lesseeCountry: lessees.country,
    })
    .from(leases)
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(
      and(
        eq(leases.funderId, funderId),
        ne(leases.status, 'terminated'),
        ids ? inArray(leases.id, [...ids]) : undefined,
        page ? gt(leases.id, page.afterId) : undefined,
      ),
    )
    .orderBy(asc(leases.id));
  // A page: the next `limit` leases after `afterId` (a background reload reads the book in slices).
  return (page ? await q.limit(page.limit) : await q).map(recordOf);
}

/**
 * The record as one object literal with its repeated strings shared (lib/intern.ts): the book keeps every
 * record in memory, and the driver's row objects, built field by field, keep most fields in a separate
 * property array and a new copy of "EUR", "active", the lessee's name… per lease (issue #10).
 */
function recordOf(r: PortfolioLeaseRecord): PortfolioLeaseRecord {
  return {
    id: r.id,
    contractNumber: r.contractNumber,
    lesseeId: r.lesseeId,
    assetType: intern(r.assetType),
    condition: intern(r.condition),
    currency: intern(r.currency),
    price: r.price,
    downPayment: r.downPayment,
    principal: r.principal,
    residual: r.residual,
    fee: r.fee,
    feeFinanced: r.feeFinanced,
    term: r.term,
    rate: r.rate,
    timing: intern(r.timing),
    frequency: intern(r.frequency),
    firstDueDate: intern(r.firstDueDate),
    vatRate: r.vatRate,
    vatRegime: intern(r.vatRegime),
    purchaseDate: intern(r.purchaseDate),
    agreedPurchasePrice: r.agreedPurchasePrice,
    status: intern(r.status),
    writtenOffOn: intern(r.writtenOffOn),
    rebasedOn: r.rebasedOn,
    rebasedBalance: r.rebasedBalance,
    lesseeName: intern(r.lesseeName),
    lesseeIndustry: intern(r.lesseeIndustry),
    lesseeRegion: intern(r.lesseeRegion),
    lesseeCountry: intern(r.lesseeCountry),
  };
}
