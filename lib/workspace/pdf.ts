/**
 * A minimal text-only PDF 1.4 writer: one A4 page per `lines` chunk, Helvetica (a standard base font,
 * so nothing is embedded), WinAnsi encoding. Enough for an invoice; no layout engine. Characters outside
 * WinAnsi become '?'. The xref table holds the exact byte offset of every object, as the format requires.
 */

export type PdfLine = { text: string; size?: number; bold?: boolean; gapBefore?: number };

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;

// WinAnsi code points for the characters outside Latin-1 that an invoice is likely to carry.
const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

/** The bytes of a string literal in a content stream: WinAnsi, with \\ ( ) escaped. */
function pdfString(text: string): number[] {
  const out: number[] = [0x28];
  for (const ch of text) {
    let code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0)!;
    if (code === 0x202f || code === 0x00a0) code = 0x20; // narrow/no-break spaces of Intl number formats
    if (code > 0xff || (code < 0x20 && code !== 0x09)) code = 0x3f;
    if (code === 0x28 || code === 0x29 || code === 0x5c) out.push(0x5c);
    out.push(code);
  }
  out.push(0x29);
  return out;
}

function ascii(s: string): number[] {
  return Array.from(s, (c) => c.charCodeAt(0));
}

/** Splits lines into pages by height. */
function paginate(lines: readonly PdfLine[]): PdfLine[][] {
  const pages: PdfLine[][] = [[]];
  let y = PAGE_H - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 11;
    const step = size * 1.35 + (line.gapBefore ?? 0);
    if (y - step < MARGIN && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = PAGE_H - MARGIN;
    }
    pages.at(-1)!.push(line);
    y -= step;
  }
  return pages;
}

function contentStream(lines: readonly PdfLine[]): number[] {
  const out: number[] = [];
  let y = PAGE_H - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= size * 1.35 + (line.gapBefore ?? 0);
    out.push(...ascii(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(2)} Td `), ...pdfString(line.text), ...ascii(' Tj ET\n'));
  }
  return out;
}

/** A complete PDF file. */
export function buildTextPdf(lines: readonly PdfLine[], title = ''): Uint8Array {
  const pages = paginate(lines);
  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then per page: page, contents.
  const objects: number[][] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = ascii('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = ascii(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects[3] = ascii('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects[4] = ascii('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  objects[5] = [...ascii('<< /Producer (QUANTUM) /Title '), ...pdfString(title), ...ascii(' >>')];
  pages.forEach((page, i) => {
    const stream = contentStream(page);
    objects[pageIds[i]!] = ascii(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    objects[pageIds[i]! + 1] = [...ascii(`<< /Length ${stream.length} >>\nstream\n`), ...stream, ...ascii('\nendstream')];
  });

  const bytes: number[] = [...ascii('%PDF-1.4\n'), 0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a];
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = bytes.length;
    bytes.push(...ascii(`${id} 0 obj\n`), ...objects[id]!, ...ascii('\nendobj\n'));
  }
  const xref = bytes.length;
  bytes.push(...ascii(`xref\n0 ${objects.length}\n0000000000 65535 f \n`));
  for (let id = 1; id < objects.length; id++) bytes.push(...ascii(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`));
  bytes.push(...ascii(`trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return Uint8Array.from(bytes);
}
