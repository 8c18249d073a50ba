import { describe, expect, test } from 'vitest';
import { bytesResponse, streamJsonRows } from '@/app/api/sqn/json-rows';

describe('bytesResponse (a cached body sent as it is)', () => {
  const bytes = new TextEncoder().encode('{"allData":[],"invoices":[{"id":1,"lessee":"Müller & Söhne"}],"total":1}');

  test('answers the bytes with the JSON content type and the extra headers, as often as it is asked', async () => {
    const length = bytes.byteLength;
    for (let i = 0; i < 3; i++) {
      const res = bytesResponse(bytes, { 'x-cut-off': '2026-11-01' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('x-cut-off')).toBe('2026-11-01');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    }
    // The kept bytes are still whole after being sent: not transferred, not emptied.
    expect(bytes.byteLength).toBe(length);
    expect(new TextDecoder().decode(bytes)).toContain('Müller & Söhne');
  });

  test('two answers of the same bytes are read side by side', async () => {
    const [a, b] = [bytesResponse(bytes), bytesResponse(bytes)];
    const [ta, tb] = await Promise.all([a.text(), b.text()]);
    expect(ta).toBe(tb);
    expect(JSON.parse(ta)).toEqual({ allData: [], invoices: [{ id: 1, lessee: 'Müller & Söhne' }], total: 1 });
  });
});

describe('streamJsonRows', () => {
  test('writes head, the rows as one array and tail, across chunks', async () => {
    const indices = Array.from({ length: 1234 }, (_, i) => i);
    const res = streamJsonRows('{"allData":', indices, (i) => `{"i":${i}}`, ',"total":1234}', { 'x-cut-off': '2026-11-01' });
    expect(res.headers.get('x-cut-off')).toBe('2026-11-01');
    const json = JSON.parse(await res.text()) as { allData: { i: number }[]; total: number };
    expect(json.total).toBe(1234);
    expect(json.allData.map((r) => r.i)).toEqual(indices);
  });

  test('an empty list is an empty array', async () => {
    expect(JSON.parse(await streamJsonRows('{"allData":', [], () => '', ',"total":0}').text())).toEqual({ allData: [], total: 0 });
  });
});
