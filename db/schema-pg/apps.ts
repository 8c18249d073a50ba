import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { EMAIL_FOLDERS, CALENDARS, CHAT_STATUSES } from '../../lib/domain/enums';

/**
 * See db/schema/apps.ts: the documented "apps" (e-mail, chat, to-do, calendar). Every row belongs to one user
 * (ownerId); list-like fields are JSON text; times are ISO-8601 text.
 */

/** See db/schema/apps.ts. */
export const appEmails = pgTable(
  'app_emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
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
    isStarred: boolean('is_starred').notNull().default(false),
    // JSON string[] of EMAIL_LABELS
    labels: text('labels').notNull().default('[]'),
    time: text('time').notNull(),
    // JSON array of email-like objects
    replies: text('replies').notNull().default('[]'),
    folder: text('folder', { enum: EMAIL_FOLDERS }).notNull().default('inbox'),
    isRead: boolean('is_read').notNull().default(false),
  },
  (t) => [index('app_emails_owner_folder_idx').on(t.ownerId, t.folder)],
);

/**
 * See db/schema/apps.ts: the chat profile of a user. The key is an identity only as the twin of SQLite's INTEGER
 * PRIMARY KEY (optional on insert); it is always given (the user's id).
 */
export const appChatProfiles = pgTable('app_chat_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .generatedByDefaultAsIdentity()
    .references(() => users.id, { onDelete: 'cascade' }),
  about: text('about').notNull().default(''),
  status: text('status', { enum: CHAT_STATUSES }).notNull().default('online'),
  isTwoStepAuthVerificationEnabled: boolean('is_two_step').notNull().default(false),
  isNotificationsOn: boolean('is_notifications_on').notNull().default(true),
});

/** See db/schema/apps.ts: a user's chat contacts. */
export const appChatContacts = pgTable(
  'app_chat_contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
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

/**
 * See db/schema/apps.ts: one chat per contact, the chat's id IS the contact's id. The key is an identity only as the
 * twin of SQLite's INTEGER PRIMARY KEY (optional on insert); it is always given (the contact's id).
 */
export const appChats = pgTable('app_chats', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .generatedByDefaultAsIdentity()
    .references(() => appChatContacts.id, { onDelete: 'cascade' }),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  unseenMsgs: bigint('unseen_msgs', { mode: 'number' }).notNull().default(0),
});

/** See db/schema/apps.ts. */
export const appChatMessages = pgTable(
  'app_chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => appChats.id, { onDelete: 'cascade' }),
    // true: sent by the owner (senderId = owner's user id); false: by the contact (senderId = contact id).
    fromOwner: boolean('from_owner').notNull(),
    message: text('message').notNull(),
    time: text('time').notNull(),
  },
  (t) => [index('app_chat_messages_chat_idx').on(t.chatId, t.id)],
);

/** See db/schema/apps.ts. */
export const appTasks = pgTable(
  'app_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueDate: text('due_date'),
    description: text('description').notNull().default(''),
    assigneeFullName: text('assignee_full_name'),
    assigneeAvatar: text('assignee_avatar'),
    // JSON string[] of TASK_TAGS
    tags: text('tags').notNull().default('[]'),
    isCompleted: boolean('is_completed').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    // A follow-up task may concern one lease or one lessee of the book (both optional). No foreign key: a task must
    // never block deleting a lease (db/schema/apps.ts).
    leaseId: bigint('lease_id', { mode: 'number' }),
    lesseeId: bigint('lessee_id', { mode: 'number' }),
  },
  (t) => [index('app_tasks_owner_idx').on(t.ownerId)],
);

/** See db/schema/apps.ts. */
export const appEvents = pgTable(
  'app_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // ISO-8601 date-time, or YYYY-MM-DD for all-day events
    start: text('start').notNull(),
    end: text('end').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    url: text('url').notNull().default(''),
    calendar: text('calendar', { enum: CALENDARS }).notNull(),
    // JSON array of guests (names/e-mails or {value, label, avatar})
    guests: text('guests').notNull().default('[]'),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [index('app_events_owner_idx').on(t.ownerId)],
);
