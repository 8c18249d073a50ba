import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import type { PortfolioLeaseRecord } from '../../lib/domain/portfolio';
import { leases, lessees, type Lease } from '../schema/portfolio';

export type { PortfolioLeaseRecord };

// The rows below are the domain shape exactly (a schema change that breaks it fails to compile here).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RecordFromSchema = Pick<Lease, Exclude<keyof PortfolioLeaseRecord, 'lesseeName' | 'lesseeIndustry' | 'lesseeRegion' | 'lesseeCountry'>> & {
  lesseeName: string;
  lesseeIndustry: string;
  lesseeRegion: string;
  lesseeCountry: string;
};
export const recordShapeMatches: Exact<RecordFromSchema, PortfolioLeaseRecord> = true;

/**
 * Every lease of a funder that still belongs to the book, in id order: terminated contracts carry no flows, and a
 * written-off lease's remaining flows leave the portfolio cash flow (domain.md §8; its write-off journals it, so the
 * valuation cache re-reads that lease alone).
 */
export function listPortfolioLeases(db: DbOrTx, funderId: number, ids?: readonly number[], page?: { afterId: number; limit: number }): PortfolioLeaseRecord[] {
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
      lesseeName: lessees.name,
      lesseeIndustry: lessees.industry,
      lesseeRegion: lessees.region,
      lesseeCountry: lessees.country,
    })
    .from(leases)
    .innerJoin(lessees, eq(leases.lesseeId, lessees.id))
    .where(and(eq(leases.funderId, funderId), ne(leases.status, 'terminated'), isNull(leases.writtenOffOn), ids ? inArray(leases.id, [...ids]) : undefined, page ? gt(leases.id, page.afterId) : undefined))
    .orderBy(asc(leases.id));
  // A page: the next `limit` leases after `afterId` (a background reload reads the book in slices).
  return page ? q.limit(page.limit).all() : q.all();
}
