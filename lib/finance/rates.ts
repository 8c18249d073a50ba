/**
 * Monthly and annualised prepayment and default rates (domain.md §9). Decimals in, decimals out,
 * unrounded: 0.05 = 5 %. The screens round when they format.
 *
 * SMM (single monthly mortality) = unscheduled principal ÷ (start balance − scheduled principal), floored at 0;
 * CPR = 1 − (1 − SMM)^12. MDR (monthly default rate) = principal defaulted in the month ÷ start balance;
 * CDR = 1 − (1 − MDR)^12.
 */

function checkRate(name: string, r: number): void {
  if (!Number.isFinite(r) || r < 0 || r > 1) throw new RangeError(`${name} must be a decimal between 0 and 1, got ${r}`);
}

/** Annualises a monthly rate: 1 − (1 − m)^12. */
function annualFromMonthly(m: number): number {
  return 1 - Math.pow(1 - m, 12);
}

/** The monthly rate of an annual one: 1 − (1 − a)^(1/12). */
function monthlyFromAnnual(a: number): number {
  return 1 - Math.pow(1 - a, 1 / 12);
}

/** CPR from SMM: 1 − (1 − SMM)^12. */
export function cprFromSmm(smm: number): number {
  checkRate('SMM', smm);
  return annualFromMonthly(smm);
}

/** SMM from CPR: 1 − (1 − CPR)^(1/12). */
export function smmFromCpr(cpr: number): number {
  checkRate('CPR', cpr);
  return monthlyFromAnnual(cpr);
}

/** CDR from MDR: 1 − (1 − MDR)^12. */
export function cdrFromMdr(mdr: number): number {
  checkRate('MDR', mdr);
  return annualFromMonthly(mdr);
}

/** MDR from CDR: 1 − (1 − CDR)^(1/12). */
export function mdrFromCdr(cdr: number): number {
  checkRate('CDR', cdr);
  return monthlyFromAnnual(cdr);
}

/**
 * A month's SMM from its aggregates (any one unit, e.g. minor units): unscheduled ÷ (start − scheduled),
 * floored at 0; 0 when nothing was left to prepay.
 */
export function smmOf(m: { startBalance: number; scheduledPrincipal: number; unscheduledPrincipal: number }): number {
  const base = m.startBalance - m.scheduledPrincipal;
  if (!(base > 0)) return 0;
  return Math.min(1, Math.max(0, m.unscheduledPrincipal / base));
}

/** A month's MDR from its aggregates: principal defaulted in the month ÷ start balance (0 on an empty start). */
export function mdrOf(m: { startBalance: number; defaultedPrincipal: number }): number {
  if (!(m.startBalance > 0)) return 0;
  return Math.min(1, Math.max(0, m.defaultedPrincipal / m.startBalance));
}
