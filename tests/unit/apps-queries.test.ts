import { beforeEach, describe, expect, it } from 'vitest';
import type { Conn } from '@/db/client';
import { addEvent, listEvents, removeEvent, updateEvent } from '@/db/queries/compat/apps-calendar';
import { chatsAndContacts, getChat, sendMessage } from '@/db/queries/compat/apps-chat';
import { emailNeighbour, emailsMeta, getEmail, listEmails, toggleEmailsLabel, updateEmails } from '@/db/queries/compat/apps-email';
import { paginate, pageWindow, toggleInList } from '@/db/queries/compat/apps-paging';
import { addTask, listTasks, softDeleteTask, updateTask } from '@/db/queries/compat/apps-todo';
import { getUserByEmail } from '@/db/queries/users';
import { seedApps } from '@/db/seed/apps';
import { seedDemoUsers } from '@/db/seed/users';
import { addEventBody, addTaskBody, emailsQuery, eventsQuery, tasksQuery, updateEmailsBody } from '@/lib/validations/apps';
import { createTestDb } from '../helpers/test-db';

const TODAY = '2026-11-21';
let db: Conn;
let admin: number;
let analyst: number;

beforeEach(async () => {
  db = createTestDb();
  seedDemoUsers(db);
  seedApps(db, { today: TODAY });
  admin = (await getUserByEmail(db, 'admin@quantum.demo'))!.id;
  analyst = (await getUserByEmail(db, 'analyst@quantum.demo'))!.id;
});

const emails = async (owner: number, q: Record<string, string> = {}) => await listEmails(db, owner, emailsQuery.parse(q));
const tasks = async (owner: number, q: Record<string, string> = {}) => await listTasks(db, owner, tasksQuery.parse(q));

describe('paging helpers', () => {
  it.each([
    [{}, null],
    [{ perPage: 10 }, { limit: 10, offset: 0 }],
    [
      { page: 3, perPage: 7 },
      { limit: 7, offset: 14 },
    ],
  ])('pageWindow(%j) = %j', (req, expected) => {
    expect(pageWindow(req)).toEqual(expected);
  });

  it.each([
    [{ page: 1, perPage: 2 }, [1, 2]],
    [{ page: 3, perPage: 2 }, [5]],
    [{ page: 4, perPage: 2 }, []],
    [{}, [1, 2, 3, 4, 5]],
  ])('paginate([1..5], %j) = %j', (req, expected) => {
    expect(paginate([1, 2, 3, 4, 5], req)).toEqual(expected);
  });

  it('toggleInList twice restores the list', () => {
    expect(toggleInList(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleInList(toggleInList(['a', 'b'], 'a'), 'a')).toEqual(['b', 'a']);
    expect(toggleInList(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('seed', () => {
  it('gives each demo user its own mail, chats, tasks and events, and is idempotent', async () => {
    for (const owner of [admin, analyst]) {
      expect((await emails(owner, { folder: '' })).total).toBeGreaterThan(8);
      expect(
        (await chatsAndContacts(db, (await getUserByEmail(db, owner === admin ? 'admin@quantum.demo' : 'analyst@quantum.demo'))!))
          .chatsContacts.length,
      ).toBeGreaterThan(2);
      expect((await tasks(owner)).total).toBeGreaterThan(8);
      expect((await listEvents(db, owner, undefined)).length).toBeGreaterThan(8);
    }
    const before = (await emails(admin, { folder: '' })).total;
    expect(seedApps(db, { today: TODAY })).toBe(0);
    expect((await emails(admin, { folder: '' })).total).toBe(before);
  });

  it('is deterministic', async () => {
    const other = createTestDb();
    seedDemoUsers(other);
    seedApps(other, { today: TODAY });
    const a = (await listEmails(other, admin, emailsQuery.parse({ folder: '' }))).emails.map((e) => [e.subject, e.time]);
    expect(a).toEqual((await emails(admin, { folder: '' })).emails.map((e) => [e.subject, e.time]));
  });
});

describe('emails', () => {
  it('folder semantics: inbox default, starred outside trash, empty = all but trash', async () => {
    const all = (await emails(admin, { folder: '' })).emails;
    const trash = (await emails(admin, { folder: 'trash' })).emails;
    expect(all.every((e) => e.folder !== 'trash')).toBe(true);
    expect(trash.every((e) => e.folder === 'trash')).toBe(true);
    expect((await emails(admin)).emails.every((e) => e.folder === 'inbox')).toBe(true);
    await updateEmails(db, admin, [trash[0]!.id, all.find((e) => e.folder === 'sent')!.id], { isStarred: true });
    const starred = (await emails(admin, { folder: 'starred' })).emails;
    expect(starred.some((e) => e.folder === 'sent')).toBe(true);
    expect(starred.every((e) => e.isStarred && e.folder !== 'trash')).toBe(true);
  });

  it('orders by id descending, q matches the subject only, total is the filtered count', async () => {
    const list = await emails(admin, { folder: '' });
    const ids = list.emails.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const q = await emails(admin, { folder: '', q: 'ARREARS' });
    expect(q.emails.length).toBeGreaterThan(0);
    expect(q.emails.every((e) => e.subject.toLowerCase().includes('arrears'))).toBe(true);
    expect(q.total).toBe(q.emails.length);
    const page2 = await emails(admin, { folder: '', perPage: '3', page: '2' });
    expect(page2.total).toBe(list.total);
    expect(page2.emails.map((e) => e.id)).toEqual(ids.slice(3, 6));
  });

  it('emailsMeta ignores the filters and counts unread inbox, all drafts, unread spam', async () => {
    const all = [...(await emails(admin, { folder: '' })).emails, ...(await emails(admin, { folder: 'trash' })).emails];
    const expected = {
      inbox: all.filter((e) => e.folder === 'inbox' && !e.isRead).length,
      draft: all.filter((e) => e.folder === 'draft').length,
      spam: all.filter((e) => e.folder === 'spam' && !e.isRead).length,
    };
    expect(await emailsMeta(db, admin)).toEqual(expected);
    expect((await emails(admin, { folder: 'trash', q: 'zzz' })).emailsMeta).toEqual(expected);
  });

  it('a label toggled twice is back; toggling is per mail', async () => {
    const [a, b] = (await emails(admin, { folder: '' })).emails;
    await toggleEmailsLabel(db, admin, [a!.id, b!.id], 'private');
    expect((await getEmail(db, admin, a!.id)).labels.includes('private')).toBe(!a!.labels.includes('private'));
    await toggleEmailsLabel(db, admin, [a!.id, b!.id], 'private');
    expect((await getEmail(db, admin, a!.id)).labels.sort()).toEqual([...a!.labels].sort());
    expect((await getEmail(db, admin, b!.id)).labels.sort()).toEqual([...b!.labels].sort());
  });

  it('paginate: previous(next(x)) = x, 404 past the ends and for another user’s mail', async () => {
    const ids = (await emails(admin, { folder: '' })).emails.map((e) => e.id);
    const mid = ids[3]!;
    expect((await emailNeighbour(db, admin, (await emailNeighbour(db, admin, mid, 'next')).id, 'previous')).id).toBe(mid);
    const trashIds = (await emails(admin, { folder: 'trash' })).emails.map((e) => e.id);
    const max = Math.max(...ids, ...trashIds);
    await expect(async () => await emailNeighbour(db, admin, max, 'next')).rejects.toThrow(/no next/);
    await expect(async () => await emailNeighbour(db, analyst, mid, 'next')).rejects.toThrow(/does not exist/);
  });

  it('update-emails is all or nothing and never touches another user’s mail', async () => {
    const mine = (await emails(admin, { folder: '' })).emails[0]!;
    const theirs = (await emails(analyst, { folder: '' })).emails[0]!;
    await expect(async () => await updateEmails(db, admin, [mine.id, theirs.id], { folder: 'trash' })).rejects.toThrow(/does not exist/);
    expect((await getEmail(db, admin, mine.id)).folder).toBe(mine.folder);
    expect((await getEmail(db, analyst, theirs.id)).folder).toBe(theirs.folder);
  });

  it('an id beyond the 64-bit range is simply not found', async () => {
    await expect(async () => await getEmail(db, admin, 1e20)).rejects.toThrow(/does not exist/);
    await expect(async () => await softDeleteTask(db, admin, 1e20)).rejects.toThrow(/does not exist/);
  });

  it('rejects fields outside the whitelist', () => {
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: { id: 9 } }).success).toBe(false);
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: {} }).success).toBe(false);
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: { folder: 'archive' } }).success).toBe(false);
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: { isRead: true } }).success).toBe(true);
  });
});

describe('tasks', () => {
  it.each([['latest', (a: { id: number }, b: { id: number }) => b.id - a.id]])('sortBy=%s', async (sortBy, cmp) => {
    const list = (await tasks(admin, { sortBy })).tasks;
    expect(list).toEqual([...list].sort(cmp));
  });

  it('title-desc is the exact reverse of title-asc; assignee puts unassigned last; due-date ascending', async () => {
    const asc = (await tasks(admin, { sortBy: 'title-asc' })).tasks.map((t) => t.id);
    expect((await tasks(admin, { sortBy: 'title-desc' })).tasks.map((t) => t.id)).toEqual([...asc].reverse());
    const byAssignee = (await tasks(admin, { sortBy: 'assignee' })).tasks;
    const firstNull = byAssignee.findIndex((t) => t.assignee === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(byAssignee.slice(firstNull).every((t) => t.assignee === null)).toBe(true);
    const names = byAssignee.slice(0, firstNull).map((t) => t.assignee!.fullName);
    expect(names).toEqual([...names].sort());
    const due = (await tasks(admin, { sortBy: 'due-date' })).tasks.map((t) => t.dueDate!);
    expect(due).toEqual([...due].sort());
  });

  it('filters: default hides deleted; important/completed exclude deleted; deleted shows all deleted', async () => {
    const id = (
      await addTask(db, admin, addTaskBody.parse({ task: { title: 'Deleted important task', isImportant: true, isCompleted: true } }).task)
    ).id;
    await softDeleteTask(db, admin, id);
    await softDeleteTask(db, admin, id); // idempotent
    expect((await tasks(admin)).tasks.some((t) => t.id === id)).toBe(false);
    expect((await tasks(admin, { filter: 'important' })).tasks.some((t) => t.id === id)).toBe(false);
    expect((await tasks(admin, { filter: 'completed' })).tasks.some((t) => t.id === id)).toBe(false);
    expect((await tasks(admin, { filter: 'deleted' })).tasks.some((t) => t.id === id)).toBe(true);
    expect((await tasks(admin, { filter: 'deleted' })).tasks.every((t) => t.isDeleted)).toBe(true);
    await updateTask(db, admin, id, { isDeleted: false });
    expect((await tasks(admin)).tasks.some((t) => t.id === id)).toBe(true);
  });

  it('add-tasks applies the defaults; unknown sortBy/filter are invalid', async () => {
    const t = await addTask(db, admin, addTaskBody.parse({ task: { title: 'Call the facility agent' } }).task);
    expect(t).toMatchObject({
      title: 'Call the facility agent',
      tags: [],
      assignee: null,
      isCompleted: false,
      isDeleted: false,
      isImportant: false,
      dueDate: null,
    });
    expect(tasksQuery.safeParse({ sortBy: 'oldest' }).success).toBe(false);
    expect(tasksQuery.safeParse({ filter: 'archived' }).success).toBe(false);
    expect(tasksQuery.safeParse({ filter: '' }).success).toBe(true);
  });

  it('another user’s task is not found', async () => {
    const id = (await tasks(admin)).tasks[0]!.id;
    await expect(async () => await updateTask(db, analyst, id, { title: 'x' })).rejects.toThrow(/does not exist/);
    await expect(async () => await softDeleteTask(db, analyst, id)).rejects.toThrow(/does not exist/);
  });
});

describe('chat', () => {
  it('send-msg creates the chat once (id = contact id); get-chat marks it seen', async () => {
    const user = (await getUserByEmail(db, 'admin@quantum.demo'))!;
    const { contacts, chatsContacts } = await chatsAndContacts(db, user);
    const noChat = contacts.find((c) => !chatsContacts.some((cc) => cc.id === c.id));
    expect(noChat).toBeDefined();
    expect((await getChat(db, admin, noChat!.id)).chat).toBeNull();
    const first = await sendMessage(db, admin, noChat!.id, 'Hello');
    expect(first.chat).toMatchObject({ id: noChat!.id, userId: noChat!.id, chat: [{ message: 'Hello', senderId: admin }] });
    expect((await sendMessage(db, admin, noChat!.id, 'Again')).chat).toBeUndefined();
    expect((await getChat(db, admin, noChat!.id)).chat!.chat.map((m) => m.message)).toEqual(['Hello', 'Again']);
    const unseen = chatsContacts.find((c) => c.chat.unseenMsgs > 0)!;
    expect((await getChat(db, admin, unseen.id)).chat!.unseenMsgs).toBe(0);
    expect((await chatsAndContacts(db, user)).chatsContacts.find((c) => c.id === unseen.id)!.chat.unseenMsgs).toBe(0);
    await expect(async () => await getChat(db, analyst, unseen.id)).rejects.toThrow(/does not exist/);
    await expect(async () => await sendMessage(db, analyst, unseen.id, 'hi')).rejects.toThrow(/does not exist/);
  });

  it('chatsContacts are sorted by the last message, newest first', async () => {
    const list = (await chatsAndContacts(db, (await getUserByEmail(db, 'analyst@quantum.demo'))!)).chatsContacts.map(
      (c) => c.chat.lastMessage!.time,
    );
    expect(list).toEqual([...list].sort().reverse());
  });
});

describe('calendar', () => {
  it('calendars filter: absent = all, empty = none, list = membership', async () => {
    const all = await listEvents(db, admin, undefined);
    expect(await listEvents(db, admin, [])).toEqual([]);
    const business = await listEvents(db, admin, eventsQuery.parse({ 'calendars[]': ['Business'] }).calendars);
    expect(business.length).toBe(all.filter((e) => e.extendedProps.calendar === 'Business').length);
    const two = eventsQuery.parse({ calendars: 'Business,Family' }).calendars;
    expect(two).toEqual(['Business', 'Family']);
    expect(eventsQuery.safeParse({ calendars: 'Work' }).success).toBe(false);
  });

  it('add, update, remove; remove of an unknown id deletes nothing', async () => {
    const e = await addEvent(
      db,
      admin,
      addEventBody.parse({
        event: {
          title: 'Funding committee',
          start: '2026-12-01T09:00:00Z',
          end: '2026-12-01T11:00:00Z',
          allDay: false,
          display: 'block',
          extendedProps: { calendar: 'Business', location: 'Board room' },
        },
      }).event,
    );
    expect(e.extendedProps).toEqual({ calendar: 'Business', location: 'Board room' });
    expect(e.start).toBe('2026-12-01T09:00:00.000Z');
    expect((await updateEvent(db, admin, e.id, { title: 'Funding committee (moved)' })).title).toBe('Funding committee (moved)');
    await expect(async () => await updateEvent(db, admin, e.id, { end: '2026-11-30' })).rejects.toThrow(/before it starts/);
    const before = (await listEvents(db, admin, undefined)).length;
    await expect(async () => await removeEvent(db, admin, 999_999)).rejects.toThrow(/does not exist/);
    await expect(async () => await removeEvent(db, analyst, e.id)).rejects.toThrow(/does not exist/);
    expect((await listEvents(db, admin, undefined)).length).toBe(before);
    await removeEvent(db, admin, e.id);
    expect((await listEvents(db, admin, undefined)).length).toBe(before - 1);
  });
});
