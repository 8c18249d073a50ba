import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { buildTextPdf, winAnsiText } from '@/lib/workspace/pdf';

async function textOf(pdf: Uint8Array): Promise<string> {
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
}

describe('text PDF (pdfkit)', () => {
  it('is a PDF whose text reads back, in order, with its title', async () => {
    const pdf = buildTextPdf(
      [{ text: 'Invoice #4987', size: 18, bold: true }, { text: 'Total due: 1.234,50 €', gapBefore: 12 }, { text: 'Lease (A) \\ B' }],
      'Invoice 4987',
    );
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
    expect(text).toContain('Invoice #4987');
    expect(text).toContain('Total due: 1.234,50 €');
    expect(text).toContain('Lease (A) \\ B');
    expect(text.indexOf('Invoice #4987')).toBeLessThan(text.indexOf('Total due'));
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
    expect(info.Title).toBe('Invoice 4987');
  });

  it('shows what the standard fonts cannot as ?, and Intl spaces as spaces', () => {
    expect(winAnsiText('漢 € 1\u202f234,50\u00a0€ – ok')).toBe('? € 1 234,50 € – ok');
  });

  it('runs onto new pages when the lines do not fit', async () => {
    const pdf = buildTextPdf(Array.from({ length: 120 }, (_, i) => ({ text: `line ${i}` })));
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    expect(doc.numPages).toBeGreaterThan(1);
    const text = await textOf(pdf);
    for (const i of [0, 59, 119]) expect(text).toContain(`line ${i}`);
  });

  it('is the same bytes for the same lines and creation date', () => {
    const at = new Date(Date.UTC(2026, 10, 1));
    expect(Buffer.from(buildTextPdf([{ text: 'x' }], 'T', at)).equals(Buffer.from(buildTextPdf([{ text: 'x' }], 'T', at)))).toBe(true);
  });
});
