import { describe, expect, it } from 'vitest';
import { buildTextPdf } from '@/lib/workspace/pdf';

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

/** The text shown by the content streams: every (…) Tj operand, unescaped. */
function shownText(pdf: string): string[] {
  return [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

describe('text PDF', () => {
  it('is a PDF 1.4 file whose xref points at every object and whose startxref points at the xref', () => {
    const pdf = latin1(buildTextPdf([{ text: 'Invoice #4987', size: 18, bold: true }, { text: 'Total due: 1.234,50 €' }], 'Invoice 4987'));
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const [, count] = /xref\n0 (\d+)\n/.exec(pdf)!;
    const entries = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(Number(count) - 1);
    entries.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it('reads its text back, escapes parentheses and maps € to WinAnsi', () => {
    const pdf = latin1(buildTextPdf([{ text: 'Lease (A) \\ B' }, { text: '€ 5' }, { text: '漢' }]));
    expect(shownText(pdf)).toEqual(['Lease (A) \\ B', '\x80 5', '?']);
  });

  it('stream lengths match their content', () => {
    const pdf = latin1(buildTextPdf([{ text: 'x' }]));
    const m = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf)!;
    expect(m[2]!.length).toBe(Number(m[1]));
  });

  it('starts a new page when the lines do not fit', () => {
    const pdf = latin1(buildTextPdf(Array.from({ length: 120 }, (_, i) => ({ text: `line ${i}` }))));
    expect(Number(/\/Count (\d+)/.exec(pdf)![1])).toBeGreaterThan(1);
    expect(shownText(pdf)).toHaveLength(120);
  });
});
