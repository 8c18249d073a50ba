import type { DbOrTx } from '@/db/client';
import type { User } from '@/db/schema/auth';
import { chatsAndContacts, getChat, type ChatDto, type ContactDto } from '@/db/queries/workspace/chat';
import { NotFound } from '@/lib/domain/errors';

export type ChatContacts = Awaited<ReturnType<typeof chatsAndContacts>>;
export type ChatConversation = { chat: ChatDto | null; contact: ContactDto };
export type ChatScreen = ChatContacts & { open: ChatConversation | null };

/**
 * The Chat page: the user's chats (latest first, with unseen counts), every contact, their profile and, when a
 * contact of theirs is chosen, that conversation (opening it marks it seen, so it is read first and the list after).
 * Another user's or an unknown contact id opens nothing.
 */
export async function chatScreen(db: DbOrTx, user: User, contactId: number | null): Promise<ChatScreen> {
  let open: ChatConversation | null = null;
  if (contactId !== null) {
    try {
      open = await getChat(db, user.id, contactId);
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
    }
  }
  return { ...(await chatsAndContacts(db, user)), open };
}
