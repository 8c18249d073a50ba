import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTokens, postJson, uniqueIp } from '../helpers/http';

/** The documented apps endpoints (api-reference.md §2–§5), answered from SQLite per signed-in user. */
const baseURL = inject('baseURL');
const tokens: Record<string, string> = {};
type Who = 'admin' | 'analyst' | 'newbie';

beforeAll(async () => {
  Object.assign(tokens, await demoTokens(baseURL, ['admin', 'analyst'] as const));
  const stamp = Date.now().toString(36);
  const res = await postJson(
    baseURL,
    '/jwt/register',
    { email: `apps-${stamp}@example.com`, password: 'a-long-password', username: `apps_${stamp}` },
    { 'x-forwarded-for': uniqueIp() },
  );
  expect(res.status).toBe(201);
  tokens.newbie = ((await res.json()) as { accessToken: string }).accessToken;
});

async function call(method: string, path: string, who: Who | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as any };
}
const get = (path: string, who: Who | null = 'admin') => call('GET', path, who);
const post = (path: string, body: unknown, who: Who | null = 'admin') => call('POST', path, who, body);
const fieldsOf = (json: { error?: { issues?: { field: string }[] } }) => (json.error?.issues ?? []).map((i) => i.field);

type Email = { id: number; subject: string; folder: string; isStarred: boolean; isRead: boolean; labels: string[] };
type Task = {
  id: number;
  title: string;
  isDeleted: boolean;
  isImportant: boolean;
  isCompleted: boolean;
  tags: string[];
  assignee: { fullName: string } | null;
  dueDate: string | null;
};

describe('every apps endpoint requires a credential (401)', () => {
  it.each([
    ['GET', '/apps/email/emails'],
    ['POST', '/apps/email/update-emails'],
    ['POST', '/apps/email/update-emails-label'],
    ['GET', '/apps/email/get-email?id=1'],
    ['GET', '/apps/email/paginate-email?dir=next&emailId=1'],
    ['GET', '/apps/chat/chats-and-contacts'],
    ['GET', '/apps/chat/users/profile-user'],
    ['GET', '/apps/chat/get-chat?id=1001'],
    ['POST', '/apps/chat/send-msg'],
    ['GET', '/apps/todo/tasks'],
    ['POST', '/apps/todo/add-tasks'],
    ['POST', '/apps/todo/update-task'],
    ['DELETE', '/apps/todo/delete-task?taskId=1'],
    ['GET', '/apps/calendar/events'],
    ['POST', '/apps/calendar/add-event'],
    ['POST', '/apps/calendar/update-event'],
    ['DELETE', '/apps/calendar/remove-event?id=1'],
    ['GET', '/api/apps/todo/tasks'],
  ])('%s %s', async (method, path) => {
    const res = await call(method, path, null, method === 'POST' ? {} : undefined);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });
});

describe('a newly registered user starts empty', () => {
  it('has no mail, chats, tasks or events, and a default profile', async () => {
    const mail = await get('/apps/email/emails?folder=', 'newbie');
    expect(mail.json).toEqual({ emails: [], emailsMeta: { inbox: 0, draft: 0, spam: 0 }, total: 0 });
    expect((await get('/apps/chat/chats-and-contacts', 'newbie')).json).toMatchObject({ chatsContacts: [], contacts: [] });
    expect((await get('/apps/todo/tasks', 'newbie')).json).toEqual([]);
    expect((await get('/apps/calendar/events', 'newbie')).json).toEqual([]);
    const profile = await get('/apps/chat/users/profile-user', 'newbie');
    expect(profile.json).toMatchObject({
      status: 'online',
      settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
    });
  });
});

describe('email', () => {
  it('GET /apps/email/emails: inbox by default, id descending, filtered total, meta independent of filters', async () => {
    const inbox = await get('/apps/email/emails');
    expect(inbox.status).toBe(200);
    const emails = inbox.json.emails as Email[];
    expect(emails.length).toBeGreaterThan(3);
    expect(emails.every((e) => e.folder === 'inbox')).toBe(true);
    expect(emails.map((e) => e.id)).toEqual(emails.map((e) => e.id).sort((a, b) => b - a));
    expect(inbox.json.total).toBe(emails.length);
    expect(inbox.json.emailsMeta.inbox).toBe(emails.filter((e) => !e.isRead).length);
    const other = await get('/apps/email/emails?folder=trash&q=zzzz-nothing');
    expect(other.json).toMatchObject({ emails: [], total: 0, emailsMeta: inbox.json.emailsMeta });
  });

  it('GET emails under /api/ answers the same as the documented path', async () => {
    expect((await get('/api/apps/email/emails?folder=sent')).json).toEqual((await get('/apps/email/emails?folder=sent')).json);
  });

  it('folder="" = all but trash; q matches the subject only, case-insensitively; label is exact', async () => {
    const all = (await get('/apps/email/emails?folder=')).json.emails as Email[];
    expect(new Set(all.map((e) => e.folder)).has('trash')).toBe(false);
    expect(new Set(all.map((e) => e.folder)).size).toBeGreaterThan(2);
    const q = (await get('/apps/email/emails?folder=&q=DATA%20TAPE')).json;
    expect(q.emails.length).toBeGreaterThan(0);
    expect((q.emails as Email[]).every((e) => e.subject.toLowerCase().includes('data tape'))).toBe(true);
    expect(q.total).toBe(all.filter((e) => e.subject.toLowerCase().includes('data tape')).length);
    const company = (await get('/apps/email/emails?folder=&label=company')).json;
    expect(company.total).toBe(all.filter((e) => e.labels.includes('company')).length);
  });

  it('paging math: total is the filtered count, pages partition the list, a page past the end is empty', async () => {
    const all = (await get('/apps/email/emails?folder=')).json;
    const p1 = (await get('/apps/email/emails?folder=&perPage=4&page=1')).json;
    const p2 = (await get('/apps/email/emails?folder=&perPage=4&page=2')).json;
    expect(p1.total).toBe(all.total);
    expect([...p1.emails, ...p2.emails].map((e: Email) => e.id)).toEqual(all.emails.slice(0, 8).map((e: Email) => e.id));
    expect((await get('/apps/email/emails?folder=&perPage=4&page=99')).json).toMatchObject({ emails: [], total: all.total });
  });

  it.each([
    ['/apps/email/emails?folder=archive', 'folder'],
    ['/apps/email/emails?label=Company', 'label'],
    ['/apps/email/emails?perPage=101', 'perPage'],
    ['/apps/email/emails?page=abc', 'page'],
    [`/apps/email/emails?q=${'x'.repeat(201)}`, 'q'],
    ['/apps/email/get-email?id=abc', 'id'],
    ['/apps/email/get-email', 'id'],
    ['/apps/email/paginate-email?dir=sideways&emailId=1', 'dir'],
    ['/apps/email/paginate-email?dir=next&emailId=x', 'emailId'],
  ])('GET %s answers 400 naming %s', async (path, field) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.json)).toContain(field);
  });

  it('starred: toggling isStarred moves a sent mail into the starred view, trash never shows there', async () => {
    const sent = (await get('/apps/email/emails?folder=sent')).json.emails as Email[];
    const target = sent.find((e) => !e.isStarred)!;
    expect((await post('/apps/email/update-emails', { emailIds: [target.id], dataToUpdate: { isStarred: true } })).json).toEqual({
      updated: 1,
    });
    const starred = (await get('/apps/email/emails?folder=starred')).json.emails as Email[];
    expect(starred.map((e) => e.id)).toContain(target.id);
    expect(starred.every((e) => e.isStarred && e.folder !== 'trash')).toBe(true);
    await post('/apps/email/update-emails', { emailIds: [target.id], dataToUpdate: { folder: 'trash' } });
    expect(((await get('/apps/email/emails?folder=starred')).json.emails as Email[]).map((e) => e.id)).not.toContain(target.id);
    expect(((await get('/apps/email/emails?folder=trash')).json.emails as Email[]).map((e) => e.id)).toContain(target.id);
    await post('/apps/email/update-emails', { emailIds: [target.id], dataToUpdate: { folder: 'sent', isStarred: false } });
  });

  it('reading a mail lowers the unread inbox count', async () => {
    const before = (await get('/apps/email/emails')).json;
    const unread = (before.emails as Email[]).find((e) => !e.isRead)!;
    await post('/apps/email/update-emails', { emailIds: [unread.id], dataToUpdate: { isRead: true } });
    expect((await get('/apps/email/emails')).json.emailsMeta.inbox).toBe(before.emailsMeta.inbox - 1);
    expect((await get(`/apps/email/get-email?id=${unread.id}`)).json.isRead).toBe(true);
  });

  it.each([
    [{ emailIds: [1], dataToUpdate: { id: 99 } }, 'dataToUpdate'],
    [{ emailIds: [1], dataToUpdate: { folder: 'archive' } }, 'dataToUpdate.folder'],
    [{ emailIds: [], dataToUpdate: { isRead: true } }, 'emailIds'],
    [{ emailIds: ['x'], dataToUpdate: { isRead: true } }, 'emailIds.0'],
    [{ dataToUpdate: { isRead: true } }, 'emailIds'],
  ])('POST update-emails %j answers 400 naming %s', async (body, field) => {
    const res = await post('/apps/email/update-emails', body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.json)).toContain(field);
  });

  it('a label toggled twice is back', async () => {
    const [a, b] = (await get('/apps/email/emails?folder=')).json.emails as Email[];
    const ids = [a!.id, b!.id];
    expect((await post('/apps/email/update-emails-label', { emailIds: ids, label: 'private' })).json).toEqual({ updated: 2 });
    const once = (await get(`/apps/email/get-email?id=${a!.id}`)).json as Email;
    expect(once.labels.includes('private')).toBe(!a!.labels.includes('private'));
    await post('/apps/email/update-emails-label', { emailIds: ids, label: 'private' });
    expect(((await get(`/apps/email/get-email?id=${a!.id}`)).json as Email).labels.sort()).toEqual([...a!.labels].sort());
    expect(((await get(`/apps/email/get-email?id=${b!.id}`)).json as Email).labels.sort()).toEqual([...b!.labels].sort());
    expect((await post('/apps/email/update-emails-label', { emailIds: ids, label: 'urgent' })).status).toBe(400);
  });

  it('paginate-email: previous(next(x)) = x; 404 past the end; 404 for an unknown id', async () => {
    const all = [
      ...(await get('/apps/email/emails?folder=')).json.emails,
      ...(await get('/apps/email/emails?folder=trash')).json.emails,
    ] as Email[];
    const ids = all.map((e) => e.id).sort((x, y) => x - y);
    const x = ids[2]!;
    const next = await get(`/apps/email/paginate-email?dir=next&emailId=${x}`);
    expect(next.json.id).toBe(ids[3]);
    expect((await get(`/apps/email/paginate-email?dir=previous&emailId=${next.json.id}`)).json.id).toBe(x);
    expect((await get(`/apps/email/paginate-email?dir=next&emailId=${ids.at(-1)}`)).status).toBe(404);
    expect((await get(`/apps/email/paginate-email?dir=previous&emailId=${ids[0]}`)).status).toBe(404);
    expect((await get('/apps/email/paginate-email?dir=next&emailId=99999999')).status).toBe(404);
    expect((await get('/apps/email/get-email?id=99999999')).status).toBe(404);
  });

  it('per-user isolation: the analyst neither sees nor changes the admin’s mail', async () => {
    const mine = ((await get('/apps/email/emails?folder=')).json.emails as Email[])[0]!;
    const theirs = ((await get('/apps/email/emails?folder=', 'analyst')).json.emails as Email[]).map((e) => e.id);
    expect(theirs).not.toContain(mine.id);
    expect((await get(`/apps/email/get-email?id=${mine.id}`, 'analyst')).status).toBe(404);
    expect((await get(`/apps/email/paginate-email?dir=next&emailId=${mine.id}`, 'analyst')).status).toBe(404);
    const res = await post('/apps/email/update-emails', { emailIds: [theirs[0], mine.id], dataToUpdate: { folder: 'spam' } }, 'analyst');
    expect(res.status).toBe(404);
    expect((await post('/apps/email/update-emails-label', { emailIds: [mine.id], label: 'personal' }, 'analyst')).status).toBe(404);
    expect(((await get(`/apps/email/get-email?id=${mine.id}`)).json as Email).folder).toBe(mine.folder);
    expect(((await get(`/apps/email/get-email?id=${theirs[0]}`, 'analyst')).json as Email).folder).not.toBe('spam');
  });

  it('bodies: 413 over 1 MiB, 400 for malformed JSON', async () => {
    const big = JSON.stringify({ emailIds: [1], dataToUpdate: { isRead: true }, pad: 'x'.repeat(1024 * 1024) });
    expect((await post('/apps/email/update-emails', big)).status).toBe(413);
    expect((await post('/apps/email/update-emails', '{"emailIds":')).status).toBe(400);
  });
});

describe('chat', () => {
  it('chats-and-contacts: chats newest first, each with {id, unseenMsgs, lastMessage}; reduced profile', async () => {
    const res = await get('/apps/chat/chats-and-contacts');
    expect(res.status).toBe(200);
    const { chatsContacts, contacts, profileUser } = res.json;
    expect(chatsContacts.length).toBeGreaterThan(1);
    const times = chatsContacts.map((c: { chat: { lastMessage: { time: string } } }) => c.chat.lastMessage.time);
    expect(times).toEqual([...times].sort().reverse());
    for (const c of chatsContacts) expect(c.chat.id).toBe(c.id);
    expect(contacts.length).toBeGreaterThanOrEqual(chatsContacts.length);
    expect(Object.keys(profileUser).sort()).toEqual(['avatar', 'fullName', 'id', 'status']);
    const full = (await get('/apps/chat/users/profile-user')).json;
    expect(full).toMatchObject({ id: profileUser.id, fullName: 'Alex Admin', role: 'admin' });
    expect(full.settings).toHaveProperty('isNotificationsOn');
  });

  it('get-chat marks the chat as seen; 404 for unknown or another user’s contact; 400 for a bad id', async () => {
    const { chatsContacts } = (await get('/apps/chat/chats-and-contacts')).json;
    const unseen = chatsContacts.find((c: { chat: { unseenMsgs: number } }) => c.chat.unseenMsgs > 0);
    expect(unseen).toBeDefined();
    const chat = await get(`/apps/chat/get-chat?id=${unseen.id}`);
    expect(chat.status).toBe(200);
    expect(chat.json.contact.id).toBe(unseen.id);
    expect(chat.json.chat).toMatchObject({ id: unseen.id, userId: unseen.id, unseenMsgs: 0 });
    expect(chat.json.chat.chat.at(-1)).toEqual(unseen.chat.lastMessage);
    const after = (await get('/apps/chat/chats-and-contacts')).json.chatsContacts.find((c: { id: number }) => c.id === unseen.id);
    expect(after.chat.unseenMsgs).toBe(0);
    expect((await get(`/apps/chat/get-chat?id=${unseen.id}`, 'analyst')).status).toBe(404);
    expect((await get('/apps/chat/get-chat?id=99999999')).status).toBe(404);
    expect(fieldsOf((await get('/apps/chat/get-chat?id=abc')).json)).toContain('id');
  });

  it('send-msg: 201 wrapped in response; chat only when it starts the chat; senderId = the profile user', async () => {
    const { chatsContacts, contacts, profileUser } = (await get('/apps/chat/chats-and-contacts')).json;
    const fresh = contacts.find((c: { id: number }) => !chatsContacts.some((cc: { id: number }) => cc.id === c.id));
    expect(fresh).toBeDefined();
    expect((await get(`/apps/chat/get-chat?id=${fresh.id}`)).json).toEqual({ chat: null, contact: fresh });
    const first = await post('/apps/chat/send-msg', { obj: { message: 'Could you send me the signed side letter?', contact: fresh } });
    expect(first.status).toBe(201);
    expect(first.json.response).toMatchObject({
      id: fresh.id,
      newMessageData: { message: 'Could you send me the signed side letter?', senderId: profileUser.id },
    });
    expect(first.json.response.chat).toMatchObject({ id: fresh.id, userId: fresh.id, unseenMsgs: 0 });
    const second = await post('/apps/chat/send-msg', { obj: { message: 'Thanks!', contact: { id: fresh.id } } });
    expect(second.status).toBe(201);
    expect(second.json.response).not.toHaveProperty('chat');
    expect((await get(`/apps/chat/get-chat?id=${fresh.id}`)).json.chat.chat.map((m: { message: string }) => m.message)).toEqual([
      'Could you send me the signed side letter?',
      'Thanks!',
    ]);
    const top = (await get('/apps/chat/chats-and-contacts')).json.chatsContacts[0];
    expect(top.id).toBe(fresh.id);
  });

  it.each([
    [{ obj: { message: '   ', contact: { id: 1001 } } }, 'obj.message'],
    [{ obj: { message: 'x'.repeat(5001), contact: { id: 1001 } } }, 'obj.message'],
    [{ obj: { message: 'hello' } }, 'obj.contact'],
    [{}, 'obj'],
  ])('send-msg %j answers 400 naming %s', async (body, field) => {
    const res = await post('/apps/chat/send-msg', body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.json)).toContain(field);
  });

  it('send-msg to an unknown or another user’s contact is 404 and creates nothing', async () => {
    const adminContact = (await get('/apps/chat/chats-and-contacts')).json.contacts[0];
    expect((await post('/apps/chat/send-msg', { obj: { message: 'hi', contact: { id: adminContact.id } } }, 'analyst')).status).toBe(404);
    expect((await post('/apps/chat/send-msg', { obj: { message: 'hi', contact: { id: 99999999 } } })).status).toBe(404);
  });
});

describe('to-do', () => {
  const tasks = async (query = '', who: Who = 'admin') => (await get(`/apps/todo/tasks${query}`, who)).json as Task[];

  it('GET tasks: a bare array, latest first, not deleted; X-Total-Count is the filtered count', async () => {
    const res = await get('/apps/todo/tasks');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const list = res.json as Task[];
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((t) => !t.isDeleted)).toBe(true);
    expect(list.map((t) => t.id)).toEqual(list.map((t) => t.id).sort((a, b) => b - a));
    expect(res.headers.get('x-total-count')).toBe(String(list.length));
    const paged = await get('/apps/todo/tasks?perPage=3&page=2');
    expect((paged.json as Task[]).map((t) => t.id)).toEqual(list.slice(3, 6).map((t) => t.id));
    expect(paged.headers.get('x-total-count')).toBe(String(list.length));
  });

  it('sorts: title-desc is the reverse of title-asc, assignee puts unassigned last, due-date ascending', async () => {
    const asc = (await tasks('?sortBy=title-asc')).map((t) => t.id);
    expect((await tasks('?sortBy=title-desc')).map((t) => t.id)).toEqual([...asc].reverse());
    const byAssignee = await tasks('?sortBy=assignee');
    const firstNull = byAssignee.findIndex((t) => !t.assignee);
    expect(firstNull).toBeGreaterThan(0);
    expect(byAssignee.slice(firstNull).every((t) => !t.assignee)).toBe(true);
    const names = byAssignee.slice(0, firstNull).map((t) => t.assignee!.fullName);
    expect(names).toEqual([...names].sort());
    const due = (await tasks('?sortBy=due-date')).map((t) => t.dueDate!);
    expect(due).toEqual([...due].sort());
  });

  it('filters and tag: q on the title, important/completed exclude deleted, tag exact', async () => {
    const all = await tasks();
    expect((await tasks('?filter=important')).map((t) => t.id)).toEqual(all.filter((t) => t.isImportant).map((t) => t.id));
    expect((await tasks('?filter=completed')).map((t) => t.id)).toEqual(all.filter((t) => t.isCompleted).map((t) => t.id));
    expect((await tasks('?tag=high')).map((t) => t.id)).toEqual(all.filter((t) => t.tags.includes('high')).map((t) => t.id));
    const q = await get('/apps/todo/tasks?q=ARREARS');
    expect((q.json as Task[]).map((t) => t.id)).toEqual(all.filter((t) => t.title.toLowerCase().includes('arrears')).map((t) => t.id));
    expect(q.headers.get('x-total-count')).toBe(String((q.json as Task[]).length));
  });

  it.each([
    ['?sortBy=oldest', 'sortBy'],
    ['?filter=archived', 'filter'],
    ['?tag=urgent', 'tag'],
    ['?perPage=500', 'perPage'],
  ])('GET tasks%s answers 400 naming %s', async (query, field) => {
    const res = await get(`/apps/todo/tasks${query}`);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.json)).toContain(field);
  });

  it('add, update, soft delete (shows under filter=deleted, idempotent), restore', async () => {
    const add = await post('/apps/todo/add-tasks', {
      task: { title: 'Send data tape to the rating agency (Q4)', isImportant: true, tags: ['high'] },
    });
    expect(add.status).toBe(201);
    const task = add.json.task as Task;
    expect(task).toMatchObject({ isImportant: true, isCompleted: false, isDeleted: false, assignee: null, dueDate: null, tags: ['high'] });
    const upd = await post('/apps/todo/update-task', { task: { id: task.id, isCompleted: true, assignee: { fullName: 'Jonas Becker' } } });
    expect(upd.status).toBe(200);
    expect(upd.json.task).toMatchObject({
      id: task.id,
      isCompleted: true,
      isImportant: true,
      title: task.title,
      assignee: { fullName: 'Jonas Becker', avatar: '' },
    });
    const del = await call('DELETE', `/apps/todo/delete-task?taskId=${task.id}`, 'admin');
    expect(del).toMatchObject({ status: 200, json: { deleted: task.id } });
    expect((await call('DELETE', '/apps/todo/delete-task', 'admin', { taskId: task.id })).status).toBe(200);
    expect((await tasks()).map((t) => t.id)).not.toContain(task.id);
    expect((await tasks('?filter=important')).map((t) => t.id)).not.toContain(task.id);
    expect((await tasks('?filter=completed')).map((t) => t.id)).not.toContain(task.id);
    const deleted = await tasks('?filter=deleted');
    expect(deleted.map((t) => t.id)).toContain(task.id);
    expect(deleted.every((t) => t.isDeleted)).toBe(true);
    await post('/apps/todo/update-task', { task: { id: task.id, isDeleted: false } });
    expect((await tasks()).map((t) => t.id)).toContain(task.id);
  });

  it.each([
    ['/apps/todo/add-tasks', { task: {} }, 'task.title'],
    ['/apps/todo/add-tasks', { task: { title: 'x'.repeat(201) } }, 'task.title'],
    ['/apps/todo/add-tasks', { task: { title: 'ok', dueDate: '2026-02-30' } }, 'task.dueDate'],
    ['/apps/todo/add-tasks', { task: { title: 'ok', tags: ['urgent'] } }, 'task.tags.0'],
    ['/apps/todo/add-tasks', {}, 'task'],
    ['/apps/todo/update-task', { task: { title: 'no id' } }, 'task.id'],
    ['/apps/todo/update-task', { task: { id: 'abc' } }, 'task.id'],
  ])('POST %s %j answers 400 naming %s', async (path, body, field) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.json)).toContain(field);
  });

  it('404s and isolation: unknown or another user’s task', async () => {
    const mine = (await tasks())[0]!;
    expect((await tasks('', 'analyst')).map((t) => t.id)).not.toContain(mine.id);
    expect((await post('/apps/todo/update-task', { task: { id: mine.id, title: 'hijack' } }, 'analyst')).status).toBe(404);
    expect((await call('DELETE', `/apps/todo/delete-task?taskId=${mine.id}`, 'analyst')).status).toBe(404);
    expect((await post('/apps/todo/update-task', { task: { id: 99999999, title: 'x' } })).status).toBe(404);
    expect((await call('DELETE', '/apps/todo/delete-task?taskId=99999999', 'admin')).status).toBe(404);
    expect((await call('DELETE', '/apps/todo/delete-task?taskId=abc', 'admin')).status).toBe(400);
    expect((await call('DELETE', '/apps/todo/delete-task', 'admin')).status).toBe(400);
    const still = (await tasks()).find((t) => t.id === mine.id)!;
    expect(still.title).toBe(mine.title);
    expect(still.isDeleted).toBe(false);
  });
});

describe('calendar', () => {
  type Ev = { id: number; title: string; start: string; end: string; extendedProps: { calendar: string } };
  const events = async (query = '', who: Who = 'admin') => (await get(`/apps/calendar/events${query}`, who)).json as Ev[];

  it('events: all without calendars; calendars[]=, repeated and comma forms filter exactly; empty gives none', async () => {
    const all = await events();
    expect(all.length).toBeGreaterThan(5);
    const cals = new Set(all.map((e) => e.extendedProps.calendar));
    expect(cals.has('Business')).toBe(true);
    const business = all.filter((e) => e.extendedProps.calendar === 'Business').map((e) => e.id);
    expect((await events('?calendars[]=Business')).map((e) => e.id)).toEqual(business);
    const two = all.filter((e) => ['Business', 'Holiday'].includes(e.extendedProps.calendar)).map((e) => e.id);
    expect((await events('?calendars%5B%5D=Business&calendars%5B%5D=Holiday')).map((e) => e.id)).toEqual(two);
    expect((await events('?calendars=Business&calendars=Holiday')).map((e) => e.id)).toEqual(two);
    expect((await events('?calendars=Business,Holiday')).map((e) => e.id)).toEqual(two);
    expect(await events('?calendars=')).toEqual([]);
    const bad = await get('/apps/calendar/events?calendars=business');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.json)[0]).toMatch(/^calendars/);
  });

  it('add (201), update (200), remove (hard); an unknown id deletes nothing', async () => {
    const add = await post('/apps/calendar/add-event', {
      event: {
        title: 'Investor call',
        start: '2026-12-03T15:00:00.000Z',
        end: '2026-12-03T16:00:00.000Z',
        allDay: false,
        display: 'block',
        extendedProps: { calendar: 'Business', guests: ['sophie.laurent@quantum.demo'], desc: 'Q4 update' },
      },
    });
    expect(add.status).toBe(201);
    const ev = add.json.event;
    expect(ev).toMatchObject({
      title: 'Investor call',
      allDay: false,
      url: '',
      extendedProps: { calendar: 'Business', guests: ['sophie.laurent@quantum.demo'], desc: 'Q4 update' },
    });
    const upd = await post('/apps/calendar/update-event', {
      event: { id: ev.id, extendedProps: { calendar: 'ETC' }, url: 'https://meet.example/x' },
    });
    expect(upd.status).toBe(200);
    expect(upd.json.event).toMatchObject({
      id: ev.id,
      title: 'Investor call',
      url: 'https://meet.example/x',
      extendedProps: { calendar: 'ETC', url: 'https://meet.example/x' },
    });
    const before = (await events()).length;
    expect((await call('DELETE', '/apps/calendar/remove-event?id=99999999', 'admin')).status).toBe(404);
    expect((await call('DELETE', `/apps/calendar/remove-event?id=${ev.id}`, 'analyst')).status).toBe(404);
    expect((await events()).length).toBe(before);
    expect((await call('DELETE', '/apps/calendar/remove-event', 'admin', { id: ev.id })).json).toEqual({ deleted: ev.id });
    expect((await events()).map((e) => e.id)).not.toContain(ev.id);
    expect((await call('DELETE', `/apps/calendar/remove-event?id=${ev.id}`, 'admin')).status).toBe(404);
  });

  it.each([
    [
      '/apps/calendar/add-event',
      { event: { start: '2026-12-01', end: '2026-12-01', extendedProps: { calendar: 'Business' } } },
      'event.title',
    ],
    [
      '/apps/calendar/add-event',
      { event: { title: 'x', start: '2026-12-02', end: '2026-12-01', extendedProps: { calendar: 'Business' } } },
      'event.end',
    ],
    [
      '/apps/calendar/add-event',
      { event: { title: 'x', start: 'tomorrow', end: '2026-12-01', extendedProps: { calendar: 'Business' } } },
      'event.start',
    ],
    [
      '/apps/calendar/add-event',
      { event: { title: 'x', start: '2026-12-01', end: '2026-12-01', extendedProps: { calendar: 'Work' } } },
      'event.extendedProps.calendar',
    ],
    ['/apps/calendar/add-event', { event: { title: 'x', start: '2026-12-01', end: '2026-12-01' } }, 'event.extendedProps'],
    ['/apps/calendar/update-event', { event: { title: 'no id' } }, 'event.id'],
  ])('POST %s %j answers 400 naming %s', async (path, body, field) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.json)).toContain(field);
  });

  it('update-event: 404 for another user’s event; 400 when it would end before it starts', async () => {
    const mine = (await events())[0]!;
    expect((await events('', 'analyst')).map((e) => e.id)).not.toContain(mine.id);
    expect((await post('/apps/calendar/update-event', { event: { id: mine.id, title: 'hijack' } }, 'analyst')).status).toBe(404);
    expect((await post('/apps/calendar/update-event', { event: { id: 99999999, title: 'x' } })).status).toBe(404);
    const bad = await post('/apps/calendar/update-event', { event: { id: mine.id, end: '2000-01-01' } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.json)).toContain('event.end');
    expect((await events()).find((e) => e.id === mine.id)).toEqual(mine);
  });
});
