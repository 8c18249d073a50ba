import { withAuth } from '@/services/api/handler';
import { toUserData } from '@/services/auth/user-data';

export const dynamic = 'force-dynamic';

/** GET /api/me — the signed-in user (session cookie or bearer token), with scopes. */
export const GET = withAuth({ scope: null }, ({ principal }) =>
  Response.json({ userData: toUserData(principal.user, principal.scopes), via: principal.via }),
);
