/**
 * Decoding and splitting an uploaded CSV: the encoding (UTF-8 with or without BOM, else Windows-1252,
 * the superset of Latin-1 that spreadsheets write) and the delimiter (`,` `;` or tab) are detected.
 */
export type TextEncoding = 'utf-8' | 'windows-1252';

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; bom: boolean } {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) return { encoding: 'utf-8', bom };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { encoding: 'windows-1252', bom: false };
  }
}

export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  // TextDecoder drops a UTF-8 BOM itself (ignoreBOM defaults to false).
  return new TextDecoder(encoding).decode(bytes);
}

/** The delimiter of the first line outside quotes: the most frequent of `;`, `,` and tab. */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![1] > 0 ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0] : ',';
}

/**
 * RFC 4180 records (quotes, doubled quotes, CR/LF inside quotes): the one CSV reader of the project (tapes here, bank
 * statements in lib/servicing/bank-csv.ts). Blank lines are skipped, or (`blankLines`) yielded as `['']` so a caller can
 * number the lines; nothing is yielded after a last line break.
 */
export function* csvRecords(text: string, delimiter: string, opts: { blankLines?: boolean } = {}): Generator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (opts.blankLines || row.length > 1 || row[0] !== '') yield row;
      row = [];
      cell = '';
    } else cell += c;
    i++;
  }
  row.push(cell);
  if (row.length > 1 || row[0] !== '') yield row;
}

/** Unique header names: blanks become `Column N`, repeats get ` (2)`, ` (3)`; the duplicates are reported. */
export function uniqueHeaders(raw: readonly string[]): { headers: string[]; duplicates: string[] } {
  const seen = new Map<string, number>();
  const duplicates: string[] = [];
  const headers = raw.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    if (n === 1) return base;
    if (n === 2) duplicates.push(base);
    return `${base} (${n})`;
  });
  return { headers, duplicates };
}

/** A cell a spreadsheet would run as a formula keeps its text; an export apostrophe before one is dropped. */
export function cellText(raw: string): string {
  const s = raw.trim();
  return /^'[=+\-@]/.test(s) ? s.slice(1) : s;
}
