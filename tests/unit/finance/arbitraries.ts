import fc from 'fast-check';
import { daysInMonth, type LeaseTerms } from '@/lib/finance';

/** A real `YYYY-MM-DD` date between the given years, month ends and 29 February included. */
export function dateArb(fromYear = 2000, toYear = 2040): fc.Arbitrary<string> {
  return fc
    .record({
      y: fc.integer({ min: fromYear, max: toYear }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constant(31), fc.constant(29)),
    })
    .map(({ y, m, d }) => {
      const day = Math.min(d, daysInMonth(y, m));
      return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    });
}

/**
 * Random lease terms covering advance and arrears, residual none / some / equal to the principal,
 * zero and positive rates, every frequency, both VAT regimes, fees financed or not, JPY.
 */
export function leaseArb(opts: { frequency?: LeaseTerms['frequency']; maxTerm?: number } = {}): fc.Arbitrary<LeaseTerms> {
  return fc
    .record({
      price: fc.integer({ min: 1_000, max: 200_000_000 }),
      downShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.4, noNaN: true })),
      residualShare: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 0.6, noNaN: true })),
      fee: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
      feeFinanced: fc.boolean(),
      term: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: opts.maxTerm ?? 120 })),
      rate: fc.oneof(
        fc.constant(0),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.integer({ min: 0, max: 1500 }).map((bp) => bp / 10_000),
      ),
      timing: fc.constantFrom('advance' as const, 'arrears' as const),
      frequency: opts.frequency
        ? fc.constant(opts.frequency)
        : fc.constantFrom('monthly' as const, 'monthly' as const, 'quarterly' as const, 'semi-annual' as const, 'annual' as const),
      firstDueDate: dateArb(),
      vatRate: fc.constantFrom(0, 0.077, 0.081, 0.19, 0.2, 0.21, 0.23, 0.25),
      vatRegime: fc.constantFrom('per-instalment' as const, 'per-instalment' as const, 'upfront' as const),
      currency: fc.constantFrom('EUR' as const, 'GBP' as const, 'CHF' as const, 'USD' as const, 'JPY' as const),
      rateConvention: fc.constantFrom('nominal' as const, 'nominal' as const, 'effective' as const),
    })
    .map((r) => {
      const downPayment = Math.floor(r.price * r.downShare);
      const principal = r.price - downPayment + (r.feeFinanced ? r.fee : 0);
      const residual = Math.floor(principal * r.residualShare);
      const terms: LeaseTerms = {
        price: r.price,
        downPayment,
        fee: r.fee,
        feeFinanced: r.feeFinanced,
        residual,
        term: r.term,
        rate: r.rate,
        timing: r.timing,
        frequency: r.frequency,
        firstDueDate: r.firstDueDate,
        vatRate: r.vatRate,
        vatRegime: r.vatRegime,
        currency: r.currency,
        rateConvention: r.rateConvention,
      };
      return terms;
    });
}
