import { getDb } from '@/db';
import { chatsAndContacts } from '@/db/queries/compat/apps-chat';
import { withAuth } from '@/services/api/handler';

export const dynamic = 'force-dynamic';

/** GET /apps/chat/chats-and-contacts — 200 {chatsContacts, contacts, profileUser} (api-reference.md §3). */
export const GET = withAuth({ scope: null }, async ({ principal }) => Response.json(await chatsAndContacts(getDb(), principal.user)));
