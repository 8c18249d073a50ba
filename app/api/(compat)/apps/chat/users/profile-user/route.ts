import { getDb } from '@/db';
import { chatProfile } from '@/db/queries/compat/apps-chat';
import { withAuth } from '@/services/api/handler';

export const dynamic = 'force-dynamic';

/** GET /apps/chat/users/profile-user — 200 the signed-in user's full chat profile. */
export const GET = withAuth({ scope: null }, async ({ principal }) => Response.json(await chatProfile(getDb(), principal.user)));
