import { getDb } from '@/db';
import { pageDirectoryUsers } from '@/db/queries/user-directory';
import { parseQuery, withAuth } from '@/services/api/handler';
import { usersListQuery } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/list/data — `{ users, total }`: one page (perPage default 10) of the users, newest first;
 * q matches username or full name, role / currentPlan / status are exact; `total` is the filtered count.
 */
export const GET = withAuth({ scope: 'admin' }, async ({ req }) => Response.json(await pageDirectoryUsers(getDb(), await parseQuery(req, usersListQuery))));
