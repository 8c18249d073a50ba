/**
 * The one formula-injection guard (OWASP "CSV injection") of every export. A spreadsheet runs a cell
 * whose text starts with `=`, `+`, `-` or `@` as a formula, and tab or carriage return can smuggle one
 * in after a leading blank; such TEXT is neutralised: prefixed with an apostrophe in CSV (the
 * spreadsheet shows the text, not a result), written as a quote-prefixed text cell in XLSX. Numbers are
 * never text: a negative amount is written by the writers as a number, not through this guard.
 */
const DANGEROUS = /^[=+\-@\t\r]/;

/** True when a spreadsheet could read this text as a formula. */
export function isFormulaLike(text: string): boolean {
  return DANGEROUS.test(text);
}

/** The CSV form of a text cell: dangerous text gets a leading apostrophe. */
export function guardCsvText(text: string): string {
  return DANGEROUS.test(text) ? `'${text}` : text;
}

/** Plain decimal text ("-12", "0.065", "1e-7"): a number's own spelling, written as a number, never guarded. */
export const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;
