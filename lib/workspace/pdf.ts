/**
 * Text documents as PDF (the invoice) through pdfkit, the maintained PDF library the facilities' certificates use:
 * A4, the standard Helvetica faces (nothing embedded), one line after another with pdfkit's own line breaking and
 * pages. The standard fonts carry WinAnsi only: characters outside it become '?', and the narrow and no-break
 * spaces of Intl number formats a plain space. Made synchronously: pdfkit writes the whole document into its
 * stream buffer on end(), which is read out at once.
 */
import PDFDocument from 'pdfkit';

export type PdfLine = { text: string; size?: number; bold?: boolean; gapBefore?: number };

const MARGIN = 56;

// Characters outside Latin-1 that WinAnsi (so the standard fonts) still carries.
const WIN_ANSI_EXTRA = new Set(['€', '‚', '„', '…', '‘', '’', '“', '”', '•', '–', '—']);

/** The text as the standard fonts can show it. */
export function winAnsiText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0x202f || code === 0x00a0) out += ' ';
    else if (WIN_ANSI_EXTRA.has(ch) || (code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0))) out += ch;
    else out += '?';
  }
  return out;
}

/**
 * A PDF of the lines: each in Helvetica (bold where asked) at its size (default 11 pt), `gapBefore` points of
 * space before it; long lines wrap and the document runs onto new pages as needed. `title` goes into its
 * information dictionary; `created` (default now) its creation date.
 */
export function buildTextPdf(lines: readonly PdfLine[], title = 'QUANTUM', created = new Date()): Uint8Array {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: winAnsiText(title), Producer: 'QUANTUM', Creator: 'QUANTUM', CreationDate: created },
  });
  for (const line of lines) {
    if (line.gapBefore) doc.y += line.gapBefore;
    doc
      .font(line.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(line.size ?? 11)
      .text(winAnsiText(line.text), { lineGap: 2 });
  }
  doc.end();
  const chunks: Buffer[] = [];
  for (let c = doc.read() as Buffer | null; c !== null; c = doc.read() as Buffer | null) chunks.push(c);
  return new Uint8Array(Buffer.concat(chunks));
}
