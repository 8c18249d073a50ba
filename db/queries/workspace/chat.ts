import { transaction } from '../../transaction';
import { and, asc, eq } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { DbOrTx } from '@/db/client';
import type { User } from '@/db/schema/auth';
import { type AppChatContact } from '@/db/schema/apps';
import { appChatContacts, appChatMessages, appChatProfiles, appChats } from '@/db/tables';

export type ChatMessage = { message: string; time: string; senderId: number };
export type ChatDto = { id: number; userId: number; unseenMsgs: number; chat: ChatMessage[] };
export type ContactDto = Pick<AppChatContact, 'id' | 'fullName' | 'role' | 'about' | 'avatar' | 'status'>;

function contactDto(c: AppChatContact): ContactDto {
  return { id: c.id, fullName: c.fullName, role: c.role, about: c.about, avatar: c.avatar, status: c.status };
}

/** The full chat profile of a user: identity from the user, status/about/settings from app_chat_profiles (defaults when absent). */
export async function chatProfile(db: DbOrTx, user: User) {
  const p = (await db.select().from(appChatProfiles).where(eq(appChatProfiles.userId, user.id)).limit(1))[0];
  return {
    id: user.id,
    avatar: user.avatar ?? '',
    fullName: user.fullName || user.username,
    role: user.role,
    about: p?.about ?? '',
    status: p?.status ?? 'online',
    settings: {
      isTwoStepAuthVerificationEnabled: p?.isTwoStepAuthVerificationEnabled ?? false,
      isNotificationsOn: p?.isNotificationsOn ?? true,
    },
  };
}

async function messagesOf(db: DbOrTx, ownerId: number, chatId: number): Promise<ChatMessage[]> {
  return (await db.select().from(appChatMessages).where(eq(appChatMessages.chatId, chatId)).orderBy(asc(appChatMessages.id))).map((m) => ({
    message: m.message,
    time: m.time,
    senderId: m.fromOwner ? ownerId : chatId,
  }));
}

async function ownedContact(db: DbOrTx, ownerId: number, id: number): Promise<AppChatContact> {
  const c = (
    await db
      .select()
      .from(appChatContacts)
      .where(and(eq(appChatContacts.id, id), eq(appChatContacts.ownerId, ownerId)))
      .limit(1)
  )[0];
  if (!c) throw new NotFound(`Contact ${id} does not exist.`);
  return c;
}

/**
 * GET chats-and-contacts: every contact of the user that has a chat, with {id, unseenMsgs, lastMessage},
 * latest message first; all contacts by name; the reduced profile.
 */
export async function chatsAndContacts(db: DbOrTx, user: User) {
  const contacts = await db
    .select()
    .from(appChatContacts)
    .where(eq(appChatContacts.ownerId, user.id))
    .orderBy(asc(appChatContacts.fullName), asc(appChatContacts.id));
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const chats = await db.select().from(appChats).where(eq(appChats.ownerId, user.id));
  const chatsContacts = (
    await Promise.all(
      chats.map(async (chat) => {
        const last = (
          await db.select().from(appChatMessages).where(eq(appChatMessages.chatId, chat.id)).orderBy(asc(appChatMessages.id))
        ).at(-1);
        const lastMessage = last ? { message: last.message, time: last.time, senderId: last.fromOwner ? user.id : chat.id } : null;
        return { ...contactDto(byId.get(chat.id)!), chat: { id: chat.id, unseenMsgs: chat.unseenMsgs, lastMessage } };
      }),
    )
  ).sort((a, b) => (b.chat.lastMessage?.time ?? '').localeCompare(a.chat.lastMessage?.time ?? '') || a.id - b.id);
  const p = await chatProfile(db, user);
  return {
    chatsContacts,
    contacts: contacts.map(contactDto),
    profileUser: { id: p.id, avatar: p.avatar, fullName: p.fullName, status: p.status },
  };
}

/** GET get-chat?id=<contactId>: the chat (null if none yet) and the contact; marks the chat as seen. */
export async function getChat(db: DbOrTx, ownerId: number, contactId: number): Promise<{ chat: ChatDto | null; contact: ContactDto }> {
  return await transaction(db, async (tx) => {
    const contact = await ownedContact(tx, ownerId, contactId);
    const chat = (await tx.select().from(appChats).where(eq(appChats.id, contactId)).limit(1))[0];
    if (!chat) return { chat: null, contact: contactDto(contact) };
    if (chat.unseenMsgs !== 0) await tx.update(appChats).set({ unseenMsgs: 0 }).where(eq(appChats.id, chat.id));
    return {
      chat: { id: chat.id, userId: chat.id, unseenMsgs: 0, chat: await messagesOf(tx, ownerId, chat.id) },
      contact: contactDto(contact),
    };
  });
}

/** POST send-msg: appends the user's message to the contact's chat, creating the chat (id = contact id) if needed. */
export async function sendMessage(db: DbOrTx, ownerId: number, contactId: number, message: string, now = new Date()) {
  return await transaction(db, async (tx) => {
    await ownedContact(tx, ownerId, contactId);
    const existing = (await tx.select().from(appChats).where(eq(appChats.id, contactId)).limit(1))[0];
    if (!existing) await tx.insert(appChats).values({ id: contactId, ownerId, unseenMsgs: 0 });
    const time = now.toISOString();
    await tx.insert(appChatMessages).values({ chatId: contactId, fromOwner: true, message, time });
    const newMessageData: ChatMessage = { message, time, senderId: ownerId };
    const chat: ChatDto | undefined = existing ? undefined : { id: contactId, userId: contactId, unseenMsgs: 0, chat: [newMessageData] };
    return { newMessageData, id: contactId, ...(chat ? { chat } : {}) };
  });
}
