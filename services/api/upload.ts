import type { NextRequest } from 'next/server';
import { Invalid, TooLarge } from '@/lib/domain/errors';

/** Room for the multipart envelope (boundaries, the other fields) above the file's own limit. */
const ENVELOPE = 256 * 1024;

/**
 * Reads a multipart/form-data upload with a hard cap: a declared length over the cap answers 413 before
 * reading, and a body that grows past it (chunked, or a lying Content-Length) is cut off and answers
 * 413 too. The JSON wrapper's 1 MiB limit does not apply here; `maxFileBytes` does.
 */
export async function readMultipart(req: NextRequest, maxFileBytes: number): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new Invalid('The body must be multipart/form-data with a `file` field.');
  const cap = maxFileBytes + ENVELOPE;
  const tooLarge = () => new TooLarge(`The file is larger than the limit of ${Math.floor(maxFileBytes / 1024 / 1024)} MiB.`);
  if (Number(req.headers.get('content-length') ?? '0') > cap) throw tooLarge();
  if (!req.body) throw new Invalid('The body is empty.', [{ field: 'file', message: 'required' }]);
  let seen = 0;
  let over = false;
  const capped = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > cap) {
          over = true;
          controller.error(new Error('too large'));
        } else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Request('http://upload.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: capped,
      duplex: 'half',
    } as RequestInit).formData();
  } catch {
    if (over) throw tooLarge();
    throw new Invalid('The multipart body could not be read.');
  }
}
