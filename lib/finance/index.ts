/**
 * QUANTUM lease finance engine: pure TypeScript, no I/O, no clock, no Intl.
 *
 * Units: money is integer minor units (cents) of the lease currency everywhere except the Excel
 * functions, which work on plain numbers like Excel does. Rates are decimals (0.065 = 6.5 %).
 * Dates are `YYYY-MM-DD` text at the edges and integer day numbers inside.
 */
export { FinanceError, isFinanceError, EXCEL_ERROR, type FinanceErrorCode } from './errors';
export {
  CURRENCIES,
  CURRENCY_CODES,
  isCurrencyCode,
  minorUnitDigits,
  currencyIndex,
  roundHalfUp,
  toMinor,
  fromMinor,
  minorToDecimalString,
  decimalStringToMinor,
  type CurrencyCode,
} from './money';
export {
  isLeapYear,
  daysInMonth,
  daysFromCivil,
  civilFromDays,
  monthIndexOfDay,
  dayInMonthIndex,
  tryParseDate,
  parseDate,
  isValidDate,
  formatDate,
  addMonthsToDay,
  addMonths,
  addDays,
  daysBetween,
  firstOfMonth,
  monthIndex,
  monthsBetween,
  isoDateOf,
  type CivilDate,
  type MonthIndex,
} from './dates';
export { pmt, pv, fv, nper, rate, ipmt, ppmt, cumipmt, cumprinc, npv, irr, xnpv, xirr, effect, nominal, type PaymentType } from './excel';
export {
  PERIOD_MONTHS,
  buildSchedule,
  leaseInstalment,
  normalizeTerms,
  periodRateOf,
  annualRateOf,
  solveRateForInstalment,
  solvePrincipalForInstalment,
  type LeaseTerms,
  type Schedule,
  type ScheduleRow,
  type ScheduleRebase,
  type ScheduleTotals,
  type Timing,
  type Frequency,
  type VatRegime,
  type RateConvention,
  type NormalizedTerms,
} from './schedule';
export { LeasePortfolio, buildPortfolio } from './portfolio';
export {
  CF_PERIODS,
  valuePortfolio,
  valuePortfolioInChunks,
  purchasePricesInChunks,
  spliceValuation,
  valuationRow,
  valueLease,
  purchasePrices,
  outstandingPrincipalOn,
  aggregateCash,
  leaseCurrencies,
  type DiscountConvention,
  type ValuationOptions,
  type PortfolioValuationOptions,
  type Valuation,
  type PortfolioValuation,
  type PurchasePriceOptions,
} from './valuation';
export { isInPool, NO_EXIT, originalPrincipalOf, poolMask } from './pool';
export {
  liabilityCashFlow,
  portfolioLiability,
  type LiabilityOptions,
  type LiabilityCashFlow,
  type LiabilityAggregate,
  type PortfolioLiabilityOptions,
} from './liability';
export { weightedAverage, weightedAverageLife, summarizeByCurrency, type CurrencySummary } from './metrics';
export { cprFromSmm, smmFromCpr, cdrFromMdr, mdrFromCdr, smmOf, mdrOf } from './rates';
export {
  projectScenario,
  projectPortfolio,
  SCENARIO_COMPONENTS,
  SCENARIO_SLOTS,
  SCENARIO_PER_LEASE,
  scenarioLeaseArrays,
  type ScenarioAssumptions,
  type ProjectScenarioInput,
  type ScenarioRow,
  type ScenarioComponent,
  type PortfolioScenarioOptions,
  type PortfolioScenario,
} from './scenario';
