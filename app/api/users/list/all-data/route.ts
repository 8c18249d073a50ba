import { getDb } from '@/db';
import { listAllDirectoryUsers } from '@/db/queries/user-directory';
import { withAuth } from '@/services/api/handler';

export const dynamic = 'force-dynamic';

/** GET /api/users/list/all-data — the bare array of every user, newest first (admin: it is other users' data). */
export const GET = withAuth({ scope: 'admin' }, async () => Response.json(await listAllDirectoryUsers(getDb())));
