/**
 * Plain shapes of the book shared by db/ (which produces them), lib/ (which computes over them) and
 * services/. db/queries/portfolio.ts checks at compile time that its rows are exactly this shape.
 */
import type { ASSET_TYPES, CONDITIONS, FREQUENCIES, LEASE_STATUSES, TIMINGS, VAT_REGIMES } from './enums';

/** The lease columns a portfolio valuation needs, with the lessee's name and classification. Money in minor units. */
export type PortfolioLeaseRecord = {
  id: number;
  contractNumber: string;
  lesseeId: number;
  assetType: (typeof ASSET_TYPES)[number];
  condition: (typeof CONDITIONS)[number];
  currency: string;
  price: number;
  downPayment: number;
  principal: number;
  residual: number;
  fee: number;
  feeFinanced: boolean;
  term: number;
  rate: number;
  timing: (typeof TIMINGS)[number];
  frequency: (typeof FREQUENCIES)[number];
  firstDueDate: string;
  vatRate: number;
  vatRegime: (typeof VAT_REGIMES)[number];
  purchaseDate: string;
  agreedPurchasePrice: number | null;
  status: (typeof LEASE_STATUSES)[number];
  /** The approved write-off's date (YYYY-MM-DD): from that day on the lease is out of the pool (domain.md §8). */
  writtenOffOn: string | null;
  /** A re-base to a tape's outstanding principal (domain.md §7): its date and balance, or both null. */
  rebasedOn: string | null;
  rebasedBalance: number | null;
  lesseeName: string;
  lesseeIndustry: string;
  lesseeRegion: string;
  lesseeCountry: string;
};
