/**
 * Bank-statement CSV parsing (pure). The header names the columns — `date`, `amount`, `currency`,
 * `reference`, `contract` (case-insensitive, any order; `reference` and `contract` optional but one of
 * them is needed to match). Separator `;` or `,` (taken from the header line), fields may be quoted
 * with "…" ("" = a quote). Amounts take a decimal comma or point, with optional thousands separators
 * (`.`/`,`/space/'), and become integer minor units by string arithmetic (never float rounding).
 * Dates: YYYY-MM-DD or DD.MM.YYYY / DD/MM/YYYY.
 */
import { formatDate, isCurrencyCode, minorUnitDigits, tryParseDate } from '@/lib/finance';

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

/** Splits CSV text into records of fields (RFC 4180 quoting; CRLF or LF). */
export function splitCsv(text: string, sep: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < s.length) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else field += ch;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    out.push(row);
  }
  return out;
}

/**
 * An amount text → integer minor units for `digits` decimals, exactly; null when it is not a positive
 * amount with at most `digits` decimals. The decimal mark is the last `,` or `.` followed by 1..digits
 * digits at the end (so "1.234" with 2 digits is read as 1234.00 only when it cannot be a decimal: three
 * trailing digits mean a thousands separator).
 */
export function parseAmountMinor(text: string, digits: number): number | null {
  let t = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (t.startsWith('+')) t = t.slice(1);
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const lastMark = Math.max(t.lastIndexOf(','), t.lastIndexOf('.'));
  let intPart = t;
  let frac = '';
  if (lastMark >= 0) {
    const after = t.slice(lastMark + 1);
    const mark = t[lastMark]!;
    const marksOfKind = t.split(mark).length - 1;
    // A decimal mark: 1..2 digits after it (or up to `digits`), used once, and not a 3-digit group.
    if (after.length !== 3 && marksOfKind === 1) {
      intPart = t.slice(0, lastMark);
      frac = after;
    } else if (after.length === 3 && marksOfKind === 1 && t.includes(mark === ',' ? '.' : ',')) {
      // "1.234,567" style: mixed marks and 3 decimals — a decimal with too many digits.
      intPart = t.slice(0, lastMark);
      frac = after;
    }
  }
  // Thousands separators: groups of exactly three digits.
  const groups = intPart.split(/[.,]/);
  if (groups.length > 1 && (groups[0]!.length === 0 || groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3))) return null;
  const whole = groups.join('');
  if (!/^\d+$/.test(whole) || (frac !== '' && !/^\d+$/.test(frac))) return null;
  if (frac.length > digits) return null;
  const minorText = whole + frac.padEnd(digits, '0');
  const n = Number(minorText.replace(/^0+(?=\d)/, ''));
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  return n;
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
  const records = splitCsv(text, separator);
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
    const amount = parseAmountMinor(get(idx.amount), currency ? minorUnitDigits(currency) : 2);
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
