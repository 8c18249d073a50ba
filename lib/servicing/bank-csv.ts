/**
 * Bank-statement CSV parsing (pure). The header names the columns — `date`, `amount`, `currency`,
 * `reference`, `contract` (case-insensitive, any order; `reference` and `contract` optional but one of
 * them is needed to match). Separator `;` or `,` (taken from the header line), fields may be quoted
 * with "…" ("" = a quote). Amounts take a decimal comma or point, with optional thousands separators
 * (`.`/`,`/space/'), and become integer minor units by string arithmetic (never float rounding) through
 * the one amount parser (lib/number-input.ts) in its file mode: the file's decimal separator is the one
 * that reads every amount of the file; only when none or both do is each line read alone.
 * Dates: YYYY-MM-DD or DD.MM.YYYY / DD/MM/YYYY.
 */
import { formatDate, isCurrencyCode, minorUnitDigits, tryParseDate } from '@/lib/finance';
import { csvRecords } from '@/lib/import/text';
import { fileDecimalSeparator, fileNumberStyle, parseAmountMinor as parseMinor, parseFileAmountMinor } from '@/lib/number-input';

/** One data line of the file: parsed values (null when invalid) and the problems found. */
export type BankLine = {
  lineNo: number;
  receivedOn: string | null;
  amount: number | null;
  currency: string | null;
  reference: string;
  contractNumber: string;
  /** Problems with this line ('' when valid). */
  error: string;
};

export type BankFile = { separator: ';' | ','; lines: BankLine[] };

export class BankCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankCsvError';
  }
}

/**
 * An amount text of a file line → integer minor units for `digits` decimals, exactly; null when it is
 * not a positive amount with at most `digits` decimals, or when it reads as two different amounts.
 * With the file's decimal separator known, the text is read in that style only; otherwise both are
 * tried, and three digits after the only mark of a 2-decimal currency are a thousands group ("1.234"
 * is 1234.00).
 */
export function parseAmountMinor(text: string, digits: number, decimal: '.' | ',' | null = null): number | null {
  const r = decimal === null ? parseFileAmountMinor(text, digits) : parseMinor(text, fileNumberStyle(decimal), digits);
  return r.ok && r.value > 0 ? r.value : null;
}

/** A date text (YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY) → YYYY-MM-DD, or null. */
export function parseBankDate(text: string): string | null {
  const t = text.trim();
  let iso = t;
  const m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(t);
  if (m) iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const day = tryParseDate(iso);
  return day === null ? null : formatDate(day);
}

const COLUMNS = ['date', 'amount', 'currency', 'reference', 'contract'] as const;

/** Parses a bank-statement CSV; throws BankCsvError when the header is unusable (missing date/amount/currency or no reference/contract). Blank lines are skipped. */
export function parseBankCsv(text: string): BankFile {
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const separator: ';' | ',' = firstLine.includes(';') ? ';' : ',';
  // The project's one CSV reader (lib/import/text.ts), blank lines kept so each record's index is its line.
  const records = [...csvRecords(text.replace(/^\ufeff/, ''), separator, { blankLines: true })];
  if (records.length === 0) throw new BankCsvError('The file is empty.');
  const header = records[0]!.map((h) => h.trim().toLowerCase());
  const idx: Record<(typeof COLUMNS)[number], number> = {
    date: header.indexOf('date'),
    amount: header.indexOf('amount'),
    currency: header.indexOf('currency'),
    reference: header.indexOf('reference'),
    contract: header.indexOf('contract'),
  };
  const missing = (['date', 'amount', 'currency'] as const).filter((c) => idx[c] < 0);
  if (missing.length > 0) throw new BankCsvError(`The header lacks the column(s) ${missing.join(', ')} (expected ${COLUMNS.join(', ')}).`);
  if (idx.reference < 0 && idx.contract < 0) throw new BankCsvError('The header needs a reference or a contract column to match lines.');
  const cell = (rec: string[], i: number) => (i < 0 ? '' : (rec[i] ?? '').trim());
  const digitsOf = (rec: string[]) => {
    const cur = cell(rec, idx.currency).toUpperCase();
    return isCurrencyCode(cur) ? minorUnitDigits(cur) : 2;
  };
  const data = records.slice(1).filter((rec) => !rec.every((f) => f.trim() === ''));
  const decimal = fileDecimalSeparator(data.map((rec) => ({ text: cell(rec, idx.amount), digits: digitsOf(rec) })));
  const lines: BankLine[] = [];
  for (let r = 1; r < records.length; r++) {
    const rec = records[r]!;
    if (rec.every((f) => f.trim() === '')) continue;
    const get = (i: number) => (i < 0 ? '' : (rec[i] ?? '').trim());
    const problems: string[] = [];
    const receivedOn = parseBankDate(get(idx.date));
    if (receivedOn === null) problems.push(`date "${get(idx.date)}" is not a real date`);
    const cur = get(idx.currency).toUpperCase();
    const currency = isCurrencyCode(cur) ? cur : null;
    if (currency === null) problems.push(`currency "${get(idx.currency)}" is not supported`);
    const amount = parseAmountMinor(get(idx.amount), currency ? minorUnitDigits(currency) : 2, decimal);
    if (amount === null) problems.push(`amount "${get(idx.amount)}" is not a positive amount`);
    lines.push({
      lineNo: r + 1,
      receivedOn,
      amount,
      currency,
      reference: get(idx.reference).slice(0, 200),
      contractNumber: get(idx.contract).slice(0, 100),
      error: problems.join('; '),
    });
  }
  return { separator, lines };
}
