import { readFileSync } from 'node:fs';

export const dynamic = 'force-dynamic';

let body;

/** The bytes QUANTUM answered to GET /api/sqn/total-cash?perPage=50, captured by bench/ratio.ts (ANCHOR_BODY). */
export function GET() {
  body ??= readFileSync(process.env.ANCHOR_BODY);
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
