import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { leases, lessees, type Lease } from '../schema/portfolio';

/** The lease columns a portfolio valuation needs, with the lessee's name and classification. */
export type PortfolioLeaseRecord = Pick<
  Lease,
  | 'id'
  | 'contractNumber'
  | 'lesseeId'
  | 'assetType'
  | 'condition'
  | 'currency'
  | 'price'
  | 'downPayment'
  | 'principal'
  | 'residual'
  | 'fee'
  | 'feeFinanced'
  | 'term'
  | 'rate'
  | 'timing'
  | 'frequency'
  | 'firstDueDate'
  | 'vatRate'
  | 'vatRegime'
  | 'purchaseDate'
  | 'agreedPurchasePrice'
  | 'status'
> & { lesseeName: string; lesseeIndustry: string; lesseeRegion: string; lesseeCountry: string };

/** Every lease of a funder that still belongs to the book (terminated contracts carry no flows), in id order. */
export function listPortfolioLeases(db: DbOrTx, funderId: number): PortfolioLeaseRecord[] {
  return db
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
    .where(and(eq(leases.funderId, funderId), ne(leases.status, 'terminated')))
    .orderBy(asc(leases.id))
    .all();
}
