import { z } from 'zod';
import {
  addEventBody,
  addTaskBody,
  chatsAndContactsResponse,
  deletedResponse,
  deleteTaskBody,
  deleteTaskQuery,
  emailResponse,
  emailsQuery,
  emailsResponse,
  eventEnvelope,
  eventsQuery,
  eventsResponse,
  getChatQuery,
  getChatResponse,
  getEmailQuery,
  paginateEmailQuery,
  profileUserResponse,
  removeEventBody,
  removeEventQuery,
  sendMsgBody,
  sendMsgResponse,
  taskEnvelope,
  tasksQuery,
  tasksResponse,
  updatedResponse,
  updateEmailsBody,
  updateEmailsLabelBody,
  updateEventBody,
  updateTaskBody,
} from '@/lib/validations/apps';
import { defineRoutes, type ResponseDoc, type RouteDoc } from '../registry';

/** RouteDocs of the apps routes (see lib/openapi/registry.ts): e-mail, chat, to-do and calendar (api-reference.md §2–§5). */

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
const err = (description: string): ResponseDoc => ({ description, schema: errorSchema });
const E400 = err('Invalid query or body: `issues` names each field with a message.');
const E401 = err('No valid session or bearer token.');
const E403 = err('Cross-site write refused.');
const E404 = err('Unknown id, or an id that belongs to another user.');
const E413 = err('Body larger than 1 MiB.');
const reads = { 400: E400, 401: E401 };
const writes = { 400: E400, 401: E401, 403: E403, 404: E404, 413: E413 };

const OWNERSHIP =
  'Everything belongs to the signed-in user: another user never sees or changes it (their ids answer 404). Each demo user has its own seeded set; a newly registered user starts empty.';

function route(doc: Omit<RouteDoc, 'path' | 'aliases' | 'auth'> & { at: string }): RouteDoc {
  const { at, ...rest } = doc;
  return { ...rest, path: `/api/apps/${at}`, aliases: [`/apps/${at}`], auth: null };
}

export const appsRoutes = defineRoutes([
  // ------------------------------------------------------------------------------------------ Email
  route({
    method: 'get',
    at: 'email/emails',
    tag: 'Email',
    summary: 'List mails of a folder',
    description: `q matches the subject (case-insensitive substring). folder: absent = inbox; trash; starred = starred mails in any folder but trash; empty = every folder but trash. label: exact. Newest id first; total = the filtered count; page/perPage optional (without perPage the whole list). emailsMeta ignores the filters: unread inbox, all drafts, unread spam. ${OWNERSHIP}`,
    query: emailsQuery,
    responses: { 200: { description: 'Mails, counters and the filtered total.', schema: emailsResponse }, ...reads },
    example: { query: { folder: 'inbox', q: 'lease' } },
  }),
  route({
    method: 'post',
    at: 'email/update-emails',
    tag: 'Email',
    summary: 'Change flags or folder of mails',
    description:
      'Only isStarred, isRead, folder and labels can be changed. All or nothing: an id that is not one of your mails answers 404 and nothing changes. Move to trash = {folder: "trash"}.',
    body: updateEmailsBody,
    responses: { 200: { description: 'Number of mails changed.', schema: updatedResponse }, ...writes },
    example: { body: { emailIds: [1], dataToUpdate: { isRead: true } } },
  }),
  route({
    method: 'post',
    at: 'email/update-emails-label',
    tag: 'Email',
    summary: 'Toggle a label on mails',
    description: 'Each mail toggles on its own (added when absent, removed when present); toggling twice restores the labels.',
    body: updateEmailsLabelBody,
    responses: { 200: { description: 'Number of mails toggled.', schema: updatedResponse }, ...writes },
    example: { body: { emailIds: [1], label: 'important' } },
  }),
  route({
    method: 'get',
    at: 'email/get-email',
    tag: 'Email',
    summary: 'One mail',
    query: getEmailQuery,
    responses: { 200: { description: 'The mail (no wrapper).', schema: emailResponse }, ...reads, 404: E404 },
    example: { query: { id: '1' } },
  }),
  route({
    method: 'get',
    at: 'email/paginate-email',
    tag: 'Email',
    summary: 'The previous or next mail',
    description:
      'Among all of your mails in id order (the folder is ignored, as in the original): next = the smallest greater id (newer), previous = the largest smaller id. 404 past either end.',
    query: paginateEmailQuery,
    responses: { 200: { description: 'The neighbouring mail.', schema: emailResponse }, ...reads, 404: E404 },
    example: { query: { dir: 'previous', emailId: '2' } },
  }),
  // ------------------------------------------------------------------------------------------- Chat
  route({
    method: 'get',
    at: 'chat/chats-and-contacts',
    tag: 'Chat',
    summary: 'Chats, contacts and the profile',
    description: `chatsContacts: contacts with a chat, latest message first, each with chat {id, unseenMsgs, lastMessage}; contacts: all contacts by name; profileUser: the reduced profile. ${OWNERSHIP}`,
    responses: { 200: { description: 'Chats and contacts.', schema: chatsAndContactsResponse }, 401: E401 },
  }),
  route({
    method: 'get',
    at: 'chat/users/profile-user',
    tag: 'Chat',
    summary: 'The chat profile of the signed-in user',
    responses: { 200: { description: 'The full profile.', schema: profileUserResponse }, 401: E401 },
  }),
  route({
    method: 'get',
    at: 'chat/get-chat',
    tag: 'Chat',
    summary: 'The chat with a contact',
    description: 'id is the contact id (= the chat id). Marks the chat as seen. chat is null while nothing has been sent.',
    query: getChatQuery,
    responses: { 200: { description: 'The chat and the contact.', schema: getChatResponse }, ...reads, 404: E404 },
    example: { query: { id: '1001' } },
  }),
  route({
    method: 'post',
    at: 'chat/send-msg',
    tag: 'Chat',
    summary: 'Send a message to a contact',
    description:
      'Appends to the chat with the contact, creating it (id = contact id) if needed; `chat` is in the response only then. senderId = your user id.',
    body: sendMsgBody,
    responses: { 201: { description: 'The message, wrapped in response.', schema: sendMsgResponse }, ...writes },
    example: { body: { obj: { message: 'Is the data tape ready?', contact: { id: 1001 } } } },
  }),
  // ------------------------------------------------------------------------------------------ To-do
  route({
    method: 'get',
    at: 'todo/tasks',
    tag: 'To-do',
    summary: 'List tasks',
    description: `q matches the title. filter: important/completed exclude deleted tasks, deleted = every deleted task, none = not deleted. tag: exact. sortBy: latest (id descending, default), title-asc, title-desc, assignee (unassigned last), due-date (ascending). A bare array; the header X-Total-Count carries the filtered count; page/perPage optional. ${OWNERSHIP}`,
    query: tasksQuery,
    responses: { 200: { description: 'The tasks (bare array).', schema: tasksResponse }, ...reads },
    example: { query: { filter: 'important', sortBy: 'due-date' } },
  }),
  route({
    method: 'post',
    at: 'todo/add-tasks',
    tag: 'To-do',
    summary: 'Add a task',
    description: 'title is required; isCompleted/isDeleted/isImportant default to false, tags to [], assignee and dueDate to null.',
    body: addTaskBody,
    responses: { 201: { description: 'The new task.', schema: taskEnvelope }, ...writes },
    example: { body: { task: { title: 'Send data tape to the rating agency', dueDate: '2026-12-15', tags: ['high'], isImportant: true } } },
  }),
  route({
    method: 'post',
    at: 'todo/update-task',
    tag: 'To-do',
    summary: 'Change a task',
    description: 'Only the fields given change. Restore a deleted task with isDeleted: false.',
    body: updateTaskBody,
    responses: { 200: { description: 'The task.', schema: taskEnvelope }, ...writes },
    example: { body: { task: { id: 1, isCompleted: true } } },
  }),
  route({
    method: 'delete',
    at: 'todo/delete-task',
    tag: 'To-do',
    summary: 'Delete a task (soft)',
    description: 'taskId from the query string or the JSON body. Soft delete: the task stays under filter=deleted; deleting again is 200.',
    query: deleteTaskQuery,
    body: deleteTaskBody,
    responses: { 200: { description: 'The deleted task id.', schema: deletedResponse }, ...writes },
    example: { query: { taskId: '1' } },
  }),
  // --------------------------------------------------------------------------------------- Calendar
  route({
    method: 'get',
    at: 'calendar/events',
    tag: 'Calendar',
    summary: 'List events of calendars',
    description: `calendars as calendars[]=A&calendars[]=B, calendars=A&calendars=B or calendars=A,B (Personal, Business, Family, Holiday, ETC; exact). No calendars parameter = every calendar; an empty one = none. Storage order. ${OWNERSHIP}`,
    query: eventsQuery,
    responses: { 200: { description: 'The events (bare array).', schema: eventsResponse }, ...reads },
    example: { query: { calendars: 'Business,Holiday' } },
  }),
  route({
    method: 'post',
    at: 'calendar/add-event',
    tag: 'Calendar',
    summary: 'Add an event',
    description: 'start/end: YYYY-MM-DD or ISO-8601 date-times (stored in UTC); end must not be before start.',
    body: addEventBody,
    responses: { 201: { description: 'The new event.', schema: eventEnvelope }, ...writes },
    example: {
      body: {
        event: {
          title: 'Funding committee',
          start: '2026-12-03T09:00:00.000Z',
          end: '2026-12-03T11:00:00.000Z',
          allDay: false,
          extendedProps: { calendar: 'Business', location: 'Board room', guests: ['marta.oliveira@quantum.demo'] },
        },
      },
    },
  }),
  route({
    method: 'post',
    at: 'calendar/update-event',
    tag: 'Calendar',
    summary: 'Change an event',
    body: updateEventBody,
    responses: { 200: { description: 'The event.', schema: eventEnvelope }, ...writes },
    example: { body: { event: { id: 1, title: 'Funding committee (moved)' } } },
  }),
  route({
    method: 'delete',
    at: 'calendar/remove-event',
    tag: 'Calendar',
    summary: 'Remove an event',
    description:
      'id from the query string or the JSON body. Hard delete of that event only; an unknown id answers 404 and nothing is deleted.',
    query: removeEventQuery,
    body: removeEventBody,
    responses: { 200: { description: 'The removed event id.', schema: deletedResponse }, ...writes },
    example: { query: { id: '1' } },
  }),
]);
