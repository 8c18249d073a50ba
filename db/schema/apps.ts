import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { EMAIL_FOLDERS, CALENDARS, CHAT_STATUSES } from '../../lib/domain/enums';
export { EMAIL_FOLDERS, EMAIL_LABELS, TASK_TAGS, CALENDARS, CHAT_STATUSES } from '../../lib/domain/enums';

/**
 * The documented "apps" (api-reference.md §2–§5): e-mail, chat, to-do and calendar, answered from
 * SQLite instead of the original in-memory mock. Every row belongs to one user (ownerId) and is
 * deleted with that user; another user's row is reported as not found. List-like fields (recipients,
 * labels, tags, guests, attachments, replies) are JSON text; times are ISO-8601 text.
 */

export const appEmails = sqliteTable(
  'app_emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromEmail: text('from_email').notNull(),
    fromName: text('from_name').notNull(),
    fromAvatar: text('from_avatar').notNull().default(''),
    // JSON [{name, email}]
    to: text('to').notNull().default('[]'),
    cc: text('cc').notNull().default('[]'),
    bcc: text('bcc').notNull().default('[]'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    // JSON [{fileName, thumbnail, url, size}]
    attachments: text('attachments').notNull().default('[]'),
    isStarred: integer('is_starred', { mode: 'boolean' }).notNull().default(false),
    // JSON string[] of EMAIL_LABELS
    labels: text('labels').notNull().default('[]'),
    time: text('time').notNull(),
    // JSON array of email-like objects
    replies: text('replies').notNull().default('[]'),
    folder: text('folder', { enum: EMAIL_FOLDERS }).notNull().default('inbox'),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('app_emails_owner_folder_idx').on(t.ownerId, t.folder)],
);

/** The chat profile of a user (status, about, settings); users without one get the defaults. */
export const appChatProfiles = sqliteTable('app_chat_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  about: text('about').notNull().default(''),
  status: text('status', { enum: CHAT_STATUSES }).notNull().default('online'),
  isTwoStepAuthVerificationEnabled: integer('is_two_step', { mode: 'boolean' }).notNull().default(false),
  isNotificationsOn: integer('is_notifications_on', { mode: 'boolean' }).notNull().default(true),
});

/** A user's chat contacts (address book). */
export const appChatContacts = sqliteTable(
  'app_chat_contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    role: text('role').notNull().default(''),
    about: text('about').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('offline'),
  },
  (t) => [index('app_chat_contacts_owner_idx').on(t.ownerId)],
);

/** One chat per contact: as in the original, the chat's id IS the contact's id. */
export const appChats = sqliteTable('app_chats', {
  id: integer('id')
    .primaryKey()
    .references(() => appChatContacts.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  unseenMsgs: integer('unseen_msgs').notNull().default(0),
});

export const appChatMessages = sqliteTable(
  'app_chat_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => appChats.id, { onDelete: 'cascade' }),
    // true: sent by the owner (senderId = owner's user id); false: by the contact (senderId = contact id).
    fromOwner: integer('from_owner', { mode: 'boolean' }).notNull(),
    message: text('message').notNull(),
    time: text('time').notNull(),
  },
  (t) => [index('app_chat_messages_chat_idx').on(t.chatId, t.id)],
);

export const appTasks = sqliteTable(
  'app_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueDate: text('due_date'),
    description: text('description').notNull().default(''),
    assigneeFullName: text('assignee_full_name'),
    assigneeAvatar: text('assignee_avatar'),
    // JSON string[] of TASK_TAGS
    tags: text('tags').notNull().default('[]'),
    isCompleted: integer('is_completed', { mode: 'boolean' }).notNull().default(false),
    isDeleted: integer('is_deleted', { mode: 'boolean' }).notNull().default(false),
    isImportant: integer('is_important', { mode: 'boolean' }).notNull().default(false),
    // A follow-up task may concern one lease or one lessee of the book (both optional). No foreign key:
    // a task must never block deleting a lease, and SQLite cannot add ON DELETE SET NULL by ALTER TABLE.
    leaseId: integer('lease_id'),
    lesseeId: integer('lessee_id'),
  },
  (t) => [index('app_tasks_owner_idx').on(t.ownerId)],
);

export const appEvents = sqliteTable(
  'app_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // ISO-8601 date-time, or YYYY-MM-DD for all-day events
    start: text('start').notNull(),
    end: text('end').notNull(),
    allDay: integer('all_day', { mode: 'boolean' }).notNull().default(false),
    url: text('url').notNull().default(''),
    calendar: text('calendar', { enum: CALENDARS }).notNull(),
    // JSON array of guests (names/e-mails or {value, label, avatar})
    guests: text('guests').notNull().default('[]'),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [index('app_events_owner_idx').on(t.ownerId)],
);

export type AppEmail = typeof appEmails.$inferSelect;
export type AppChatContact = typeof appChatContacts.$inferSelect;
export type AppTask = typeof appTasks.$inferSelect;
export type AppEvent = typeof appEvents.$inferSelect;
