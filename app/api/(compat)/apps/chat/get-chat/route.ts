import { getDb } from '@/db';
import { getChat } from '@/db/queries/compat/apps-chat';
import { parseQuery, withAuth } from '@/services/api/handler';
import { getChatQuery } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** GET /apps/chat/get-chat?id=<contactId> — 200 {chat | null, contact}; marks the chat seen; 404 for an unknown contact. */
export const GET = withAuth({ scope: null }, async ({ req, principal }) => {
  const { id } = await parseQuery(req, getChatQuery);
  return Response.json(await getChat(getDb(), principal.user.id, id));
});
