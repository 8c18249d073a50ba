import { sql } from 'drizzle-orm';
import { getDb } from '@/db';

export const dynamic = 'force-dynamic';

/** GET /api/health — 200 when the database answers, 503 when it does not. Public: it reveals nothing. */
export async function GET() {
  try {
    getDb().get(sql`select 1`);
    return Response.json({ status: 'ok', database: 'ok' });
  } catch {
    return Response.json({ status: 'error', database: 'unreachable' }, { status: 503 });
  }
}
