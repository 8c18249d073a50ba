import { getDb } from '@/db';
import { valueOf } from '@/db/dialect';

export const dynamic = 'force-dynamic';

/** GET /api/health — 200 when the database answers, 503 when it does not. Public: it reveals nothing. */
export async function GET() {
  try {
    await valueOf(getDb(), 'select 1');
    return Response.json({ status: 'ok', database: 'ok' });
  } catch {
    return Response.json({ status: 'error', database: 'unreachable' }, { status: 503 });
  }
}
