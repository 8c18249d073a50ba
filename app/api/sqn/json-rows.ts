import 'server-only';

/** Rows serialised per chunk: a 100,000-row answer is ~50 MB of JSON, so it is streamed rather than built as one string. */
const CHUNK = 500;

/**
 * A JSON response streamed chunk by chunk: `head`, then the rows of `indices` as one array
 * (each row's JSON text from `rowJson`), then `tail`. The stream pulls, so a slow client applies backpressure.
 */
export function streamJsonRows(
  head: string,
  indices: ArrayLike<number>,
  rowJson: (i: number) => string,
  tail: string,
  headers: Record<string, string> = {},
): Response {
  const encoder = new TextEncoder();
  let next = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${head}[`));
      }
      const end = Math.min(indices.length, next + CHUNK);
      const parts: string[] = [];
      for (let j = next; j < end; j++) parts.push(rowJson(indices[j]!));
      if (parts.length > 0) controller.enqueue(encoder.encode((next > 0 ? ',' : '') + parts.join(',')));
      next = end;
      if (next >= indices.length) {
        controller.enqueue(encoder.encode(`]${tail}`));
        controller.close();
      }
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}
