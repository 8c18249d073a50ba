import { z } from 'zod';
import { CALENDARS, CHAT_STATUSES, EMAIL_FOLDERS, EMAIL_LABELS, TASK_TAGS } from '@/lib/domain/enums';
import { isValidDate } from '@/lib/finance/dates';
import { bodyIdSchema, idParam, qParam } from './common';

/**
 * Request and response schemas of the documented apps endpoints (api-reference.md §2–§5). Query values
 * arrive as text and are coerced here; an unknown enum value (folder, label, filter, tag, sortBy,
 * calendar) is a 400, not a silent fallback.
 */

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** An empty value means "no filter", as in the original. */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(['', ...values] as unknown as readonly [string, ...string[]], { error: `must be one of ${values.join(', ')} (or empty)` })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (v as T[number])));
/** Optional paging: without perPage the whole filtered list is returned. */
const optionalPage = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional();
const optionalPerPage = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100')
  .optional();

// ---------------------------------------------------------------------------------------------- email

export const EMAIL_FOLDER_FILTERS = [...EMAIL_FOLDERS, 'starred'] as const;
export const emailFolderSchema = z.enum(EMAIL_FOLDERS, { error: `must be one of ${EMAIL_FOLDERS.join(', ')}` });
export const emailLabelSchema = z.enum(EMAIL_LABELS, { error: `must be one of ${EMAIL_LABELS.join(', ')}` });

export const emailsQuery = z.object({
  q: qParam,
  // Absent = inbox; '' = every folder except trash; 'starred' = starred mails outside trash.
  folder: z.enum(['', ...EMAIL_FOLDER_FILTERS], { error: `must be one of ${EMAIL_FOLDER_FILTERS.join(', ')} (or empty)` }).default('inbox'),
  label: optionalEnum(EMAIL_LABELS),
  page: optionalPage,
  perPage: optionalPerPage,
});
export type EmailsQuery = z.infer<typeof emailsQuery>;

const person = z.object({ name: z.string(), email: z.string() });
export const emailAttachmentSchema = z.object({ fileName: z.string(), thumbnail: z.string(), url: z.string(), size: z.string() });
const emailCore = z.object({
  from: z.object({ email: z.string(), name: z.string(), avatar: z.string() }),
  to: z.array(person),
  cc: z.array(person),
  bcc: z.array(person),
  subject: z.string(),
  message: z.string().describe('HTML'),
  attachments: z.array(emailAttachmentSchema),
  time: z.string().describe('ISO-8601'),
});
export const emailResponse = emailCore.extend({
  id: z.number().int(),
  isStarred: z.boolean(),
  labels: z.array(emailLabelSchema),
  replies: z.array(emailCore),
  folder: emailFolderSchema,
  isRead: z.boolean(),
});
export type EmailDto = z.infer<typeof emailResponse>;

export const emailsResponse = z.object({
  emails: z.array(emailResponse),
  emailsMeta: z.object({
    inbox: z.number().int().describe('unread mails in the inbox'),
    draft: z.number().int().describe('all drafts'),
    spam: z.number().int().describe('unread spam'),
  }),
  total: z.number().int().describe('number of mails matching q, folder and label (before paging)'),
});

const emailIds = z
  .array(bodyIdSchema, { error: 'must be a list of ids' })
  .min(1, 'name at least one mail')
  .max(1000, 'must be at most 1000 ids');

export const updateEmailsBody = z.object({
  emailIds,
  dataToUpdate: z
    .strictObject(
      {
        isStarred: z.boolean().optional(),
        isRead: z.boolean().optional(),
        folder: emailFolderSchema.optional(),
        labels: z.array(emailLabelSchema).max(EMAIL_LABELS.length).optional(),
      },
      { error: (iss) => (iss.code === 'unrecognized_keys' ? 'only isStarred, isRead, folder and labels can be changed' : undefined) },
    )
    .refine((d) => Object.keys(d).length > 0, 'name at least one field to change'),
});
export const updateEmailsLabelBody = z.object({ emailIds, label: emailLabelSchema });
export const updatedResponse = z.object({ updated: z.number().int().describe('number of mails changed') });

export const getEmailQuery = z.object({ id: idParam });
export const paginateEmailQuery = z.object({
  dir: z.enum(['previous', 'next'], { error: 'must be previous or next' }),
  emailId: idParam,
});

export const composeEmailBody = z.object({
  toUserId: bodyIdSchema.describe('the recipient: a user of the product'),
  subject: requiredText(200),
  message: text(20000).default(''),
  send: z.boolean().describe("true: deliver to the recipient's inbox and keep a copy in sent; false: save a draft"),
  draftId: bodyIdSchema.optional().describe('the draft this replaces'),
});
export type ComposeEmailBody = z.infer<typeof composeEmailBody>;
export const composeEmailResponse = z.object({ id: z.number().int().describe("the id of the sender's copy") });

// ----------------------------------------------------------------------------------------------- chat

export const chatStatusSchema = z.enum(CHAT_STATUSES);
export const chatMessageResponse = z.object({
  message: z.string(),
  time: z.string().describe('ISO-8601'),
  senderId: z.number().int().describe("the profile user's id for own messages, else the contact's id"),
});
export const chatResponse = z.object({
  id: z.number().int().describe("the contact's id"),
  userId: z.number().int().describe("the contact's id"),
  unseenMsgs: z.number().int(),
  chat: z.array(chatMessageResponse),
});
export const chatContactResponse = z.object({
  id: z.number().int(),
  fullName: z.string(),
  role: z.string(),
  about: z.string(),
  avatar: z.string(),
  status: chatStatusSchema,
});
export const chatsAndContactsResponse = z.object({
  chatsContacts: z.array(
    chatContactResponse.extend({
      chat: z.object({ id: z.number().int(), unseenMsgs: z.number().int(), lastMessage: chatMessageResponse.nullable() }),
    }),
  ),
  contacts: z.array(chatContactResponse),
  profileUser: z.object({ id: z.number().int(), avatar: z.string(), fullName: z.string(), status: chatStatusSchema }),
});
export const profileUserResponse = z.object({
  id: z.number().int(),
  avatar: z.string(),
  fullName: z.string(),
  role: z.string(),
  about: z.string(),
  status: chatStatusSchema,
  settings: z.object({ isTwoStepAuthVerificationEnabled: z.boolean(), isNotificationsOn: z.boolean() }),
});
export const getChatQuery = z.object({ id: idParam });
export const getChatResponse = z.object({ chat: chatResponse.nullable(), contact: chatContactResponse });
export const sendMsgBody = z.object({
  obj: z.object({
    message: requiredText(5000),
    contact: z.looseObject({ id: bodyIdSchema }),
  }),
});
export const sendMsgResponse = z.object({
  response: z.object({
    newMessageData: chatMessageResponse,
    id: z.number().int().describe("the contact's id (= the chat's id)"),
    chat: chatResponse.optional().describe('only when this message started the chat'),
  }),
});

// ----------------------------------------------------------------------------------------------- todo

export const TASK_FILTERS = ['important', 'completed', 'deleted'] as const;
export const TASK_SORTS = ['latest', 'title-asc', 'title-desc', 'assignee', 'due-date'] as const;
export const taskTagSchema = z.enum(TASK_TAGS, { error: `must be one of ${TASK_TAGS.join(', ')}` });

export const tasksQuery = z.object({
  q: qParam,
  filter: optionalEnum(TASK_FILTERS),
  tag: optionalEnum(TASK_TAGS),
  sortBy: z.enum(TASK_SORTS, { error: `must be one of ${TASK_SORTS.join(', ')}` }).default('latest'),
  page: optionalPage,
  perPage: optionalPerPage,
});
export type TasksQuery = z.infer<typeof tasksQuery>;

const assigneeSchema = z.object({ fullName: requiredText(100), avatar: text(500).default('') });
const isoDay = z.string().refine(isValidDate, 'must be a real date as YYYY-MM-DD');
const taskFields = {
  title: requiredText(200),
  dueDate: isoDay.nullable(),
  description: text(5000),
  assignee: assigneeSchema.nullable(),
  tags: z.array(taskTagSchema).max(TASK_TAGS.length, `must have at most ${TASK_TAGS.length} tags`),
  isCompleted: z.boolean(),
  isDeleted: z.boolean(),
  isImportant: z.boolean(),
  leaseId: bodyIdSchema.nullable(),
  lesseeId: bodyIdSchema.nullable(),
};
export const addTaskBody = z.object({
  task: z.object({
    title: taskFields.title,
    dueDate: taskFields.dueDate.default(null),
    description: taskFields.description.default(''),
    assignee: taskFields.assignee.default(null),
    tags: taskFields.tags.default([]),
    isCompleted: taskFields.isCompleted.default(false),
    isDeleted: taskFields.isDeleted.default(false),
    isImportant: taskFields.isImportant.default(false),
    leaseId: taskFields.leaseId.default(null).describe('the lease this task follows up'),
    lesseeId: taskFields.lesseeId.default(null).describe('the lessee this task follows up'),
  }),
});
export type NewTask = z.infer<typeof addTaskBody>['task'];
export const updateTaskBody = z.object({
  task: z.object({
    id: bodyIdSchema,
    title: taskFields.title.optional(),
    dueDate: taskFields.dueDate.optional(),
    description: taskFields.description.optional(),
    assignee: taskFields.assignee.optional(),
    tags: taskFields.tags.optional(),
    isCompleted: taskFields.isCompleted.optional(),
    isDeleted: taskFields.isDeleted.optional(),
    isImportant: taskFields.isImportant.optional(),
    leaseId: taskFields.leaseId.optional(),
    lesseeId: taskFields.lesseeId.optional(),
  }),
});
export type TaskPatch = Omit<z.infer<typeof updateTaskBody>['task'], 'id'>;
export const deleteTaskQuery = z.object({ taskId: idParam.optional() });
export const deleteTaskBody = z.object({ taskId: bodyIdSchema });

export const taskResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  dueDate: z.string().nullable(),
  description: z.string(),
  assignee: z.object({ fullName: z.string(), avatar: z.string() }).nullable(),
  tags: z.array(taskTagSchema),
  isCompleted: z.boolean(),
  isDeleted: z.boolean(),
  isImportant: z.boolean(),
  leaseId: z.number().int().nullable().describe('the linked lease, if any'),
  lesseeId: z.number().int().nullable().describe('the linked lessee, if any'),
});
export type TaskDto = z.infer<typeof taskResponse>;
export const tasksResponse = z.array(taskResponse);
export const taskEnvelope = z.object({ task: taskResponse });
export const deletedResponse = z.object({ deleted: z.number().int() });

// ------------------------------------------------------------------------------------------- calendar

export const calendarSchema = z.enum(CALENDARS, { error: `must be one of ${CALENDARS.join(', ')}` });
/** `calendars[]=A&calendars[]=B`, `calendars=A&calendars=B` or `calendars=A,B`; absent = every calendar; empty = none. */
const calendarList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(calendarSchema));
export const eventsQuery = z.object({ calendars: calendarList.optional(), 'calendars[]': calendarList.optional() }).transform((q) => ({
  calendars:
    q.calendars === undefined && q['calendars[]'] === undefined ? undefined : [...(q.calendars ?? []), ...(q['calendars[]'] ?? [])],
}));

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** A date (YYYY-MM-DD) or an ISO date-time; date-times are stored in UTC (toISOString). */
export const eventTime = z
  .string()
  .regex(DATE_TIME, 'must be YYYY-MM-DD or an ISO-8601 date-time')
  .refine((s) => (s.length === 10 ? isValidDate(s) : !Number.isNaN(Date.parse(s))), 'must be a real date')
  .transform((s) => (s.length === 10 ? s : new Date(s).toISOString()));
const guestSchema = z.union([text(200), z.object({ value: text(200), label: text(200).optional(), avatar: text(500).optional() })]);
const extendedPropsIn = z.object({
  calendar: calendarSchema,
  url: text(2000).optional(),
  guests: z.array(guestSchema).max(50, 'must have at most 50 guests').optional(),
  location: text(500).optional(),
  desc: text(5000).optional(),
});
const eventFieldsIn = {
  title: requiredText(200),
  start: eventTime,
  end: eventTime,
  allDay: z.boolean(),
  url: text(2000),
};
const endNotBeforeStart = (e: { start?: string; end?: string }) => !e.start || !e.end || e.end >= e.start;
export const addEventBody = z.object({
  event: z
    .object({
      title: eventFieldsIn.title,
      start: eventFieldsIn.start,
      end: eventFieldsIn.end,
      allDay: eventFieldsIn.allDay.default(false),
      url: eventFieldsIn.url.default(''),
      extendedProps: extendedPropsIn,
    })
    .refine(endNotBeforeStart, { message: 'must not be before start', path: ['end'] }),
});
export type NewEvent = z.infer<typeof addEventBody>['event'];
export const updateEventBody = z.object({
  event: z.object({
    id: bodyIdSchema,
    title: eventFieldsIn.title.optional(),
    start: eventFieldsIn.start.optional(),
    end: eventFieldsIn.end.optional(),
    allDay: eventFieldsIn.allDay.optional(),
    url: eventFieldsIn.url.optional(),
    extendedProps: extendedPropsIn.partial().optional(),
  }),
});
export type EventPatch = Omit<z.infer<typeof updateEventBody>['event'], 'id'>;
export const removeEventQuery = z.object({ id: idParam.optional() });
export const removeEventBody = z.object({ id: bodyIdSchema });

export const eventResponse = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  extendedProps: z.object({
    calendar: calendarSchema,
    url: z.string().optional(),
    guests: z.array(guestSchema).optional(),
    location: z.string().optional(),
    desc: z.string().optional(),
  }),
});
export type EventDto = z.infer<typeof eventResponse>;
export const eventsResponse = z.array(eventResponse);
export const eventEnvelope = z.object({ event: eventResponse });
