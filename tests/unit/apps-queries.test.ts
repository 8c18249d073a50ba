import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
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
let db: Db;
let admin: number;
let analyst: number;

beforeEach(() => {
  db = createTestDb();
  seedDemoUsers(db);
  seedApps(db, { today: TODAY });
  admin = getUserByEmail(db, 'admin@quantum.demo')!.id;
  analyst = getUserByEmail(db, 'analyst@quantum.demo')!.id;
});

const emails = (owner: number, q: Record<string, string> = {}) => listEmails(db, owner, emailsQuery.parse(q));
const tasks = (owner: number, q: Record<string, string> = {}) => listTasks(db, owner, tasksQuery.parse(q));

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
  it('gives each demo user its own mail, chats, tasks and events, and is idempotent', () => {
    for (const owner of [admin, analyst]) {
      expect(emails(owner, { folder: '' }).total).toBeGreaterThan(8);
      expect(
        chatsAndContacts(db, getUserByEmail(db, owner === admin ? 'admin@quantum.demo' : 'analyst@quantum.demo')!).chatsContacts.length,
      ).toBeGreaterThan(2);
      expect(tasks(owner).total).toBeGreaterThan(8);
      expect(listEvents(db, owner, undefined).length).toBeGreaterThan(8);
    }
    const before = emails(admin, { folder: '' }).total;
    expect(seedApps(db, { today: TODAY })).toBe(0);
    expect(emails(admin, { folder: '' }).total).toBe(before);
  });

  it('is deterministic', () => {
    const other = createTestDb();
    seedDemoUsers(other);
    seedApps(other, { today: TODAY });
    const a = listEmails(other, admin, emailsQuery.parse({ folder: '' })).emails.map((e) => [e.subject, e.time]);
    expect(a).toEqual(emails(admin, { folder: '' }).emails.map((e) => [e.subject, e.time]));
  });
});

describe('emails', () => {
  it('folder semantics: inbox default, starred outside trash, empty = all but trash', () => {
    const all = emails(admin, { folder: '' }).emails;
    const trash = emails(admin, { folder: 'trash' }).emails;
    expect(all.every((e) => e.folder !== 'trash')).toBe(true);
    expect(trash.every((e) => e.folder === 'trash')).toBe(true);
    expect(emails(admin).emails.every((e) => e.folder === 'inbox')).toBe(true);
    updateEmails(db, admin, [trash[0]!.id, all.find((e) => e.folder === 'sent')!.id], { isStarred: true });
    const starred = emails(admin, { folder: 'starred' }).emails;
    expect(starred.some((e) => e.folder === 'sent')).toBe(true);
    expect(starred.every((e) => e.isStarred && e.folder !== 'trash')).toBe(true);
  });

  it('orders by id descending, q matches the subject only, total is the filtered count', () => {
    const list = emails(admin, { folder: '' });
    const ids = list.emails.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const q = emails(admin, { folder: '', q: 'ARREARS' });
    expect(q.emails.length).toBeGreaterThan(0);
    expect(q.emails.every((e) => e.subject.toLowerCase().includes('arrears'))).toBe(true);
    expect(q.total).toBe(q.emails.length);
    const page2 = emails(admin, { folder: '', perPage: '3', page: '2' });
    expect(page2.total).toBe(list.total);
    expect(page2.emails.map((e) => e.id)).toEqual(ids.slice(3, 6));
  });

  it('emailsMeta ignores the filters and counts unread inbox, all drafts, unread spam', () => {
    const all = [...emails(admin, { folder: '' }).emails, ...emails(admin, { folder: 'trash' }).emails];
    const expected = {
      inbox: all.filter((e) => e.folder === 'inbox' && !e.isRead).length,
      draft: all.filter((e) => e.folder === 'draft').length,
      spam: all.filter((e) => e.folder === 'spam' && !e.isRead).length,
    };
    expect(emailsMeta(db, admin)).toEqual(expected);
    expect(emails(admin, { folder: 'trash', q: 'zzz' }).emailsMeta).toEqual(expected);
  });

  it('a label toggled twice is back; toggling is per mail', () => {
    const [a, b] = emails(admin, { folder: '' }).emails;
    toggleEmailsLabel(db, admin, [a!.id, b!.id], 'private');
    expect(getEmail(db, admin, a!.id).labels.includes('private')).toBe(!a!.labels.includes('private'));
    toggleEmailsLabel(db, admin, [a!.id, b!.id], 'private');
    expect(getEmail(db, admin, a!.id).labels.sort()).toEqual([...a!.labels].sort());
    expect(getEmail(db, admin, b!.id).labels.sort()).toEqual([...b!.labels].sort());
  });

  it('paginate: previous(next(x)) = x, 404 past the ends and for another user’s mail', () => {
    const ids = emails(admin, { folder: '' }).emails.map((e) => e.id);
    const mid = ids[3]!;
    expect(emailNeighbour(db, admin, emailNeighbour(db, admin, mid, 'next').id, 'previous').id).toBe(mid);
    const trashIds = emails(admin, { folder: 'trash' }).emails.map((e) => e.id);
    const max = Math.max(...ids, ...trashIds);
    expect(() => emailNeighbour(db, admin, max, 'next')).toThrow(/no next/);
    expect(() => emailNeighbour(db, analyst, mid, 'next')).toThrow(/does not exist/);
  });

  it('update-emails is all or nothing and never touches another user’s mail', () => {
    const mine = emails(admin, { folder: '' }).emails[0]!;
    const theirs = emails(analyst, { folder: '' }).emails[0]!;
    expect(() => updateEmails(db, admin, [mine.id, theirs.id], { folder: 'trash' })).toThrow(/does not exist/);
    expect(getEmail(db, admin, mine.id).folder).toBe(mine.folder);
    expect(getEmail(db, analyst, theirs.id).folder).toBe(theirs.folder);
  });

  it('an id beyond the 64-bit range is simply not found', () => {
    expect(() => getEmail(db, admin, 1e20)).toThrow(/does not exist/);
    expect(() => softDeleteTask(db, admin, 1e20)).toThrow(/does not exist/);
  });

  it('rejects fields outside the whitelist', () => {
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: { id: 9 } }).success).toBe(false);
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: {} }).success).toBe(false);
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: { folder: 'archive' } }).success).toBe(false);
    expect(updateEmailsBody.safeParse({ emailIds: [1], dataToUpdate: { isRead: true } }).success).toBe(true);
  });
});

describe('tasks', () => {
  it.each([['latest', (a: { id: number }, b: { id: number }) => b.id - a.id]])('sortBy=%s', (sortBy, cmp) => {
    const list = tasks(admin, { sortBy }).tasks;
    expect(list).toEqual([...list].sort(cmp));
  });

  it('title-desc is the exact reverse of title-asc; assignee puts unassigned last; due-date ascending', () => {
    const asc = tasks(admin, { sortBy: 'title-asc' }).tasks.map((t) => t.id);
    expect(tasks(admin, { sortBy: 'title-desc' }).tasks.map((t) => t.id)).toEqual([...asc].reverse());
    const byAssignee = tasks(admin, { sortBy: 'assignee' }).tasks;
    const firstNull = byAssignee.findIndex((t) => t.assignee === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(byAssignee.slice(firstNull).every((t) => t.assignee === null)).toBe(true);
    const names = byAssignee.slice(0, firstNull).map((t) => t.assignee!.fullName);
    expect(names).toEqual([...names].sort());
    const due = tasks(admin, { sortBy: 'due-date' }).tasks.map((t) => t.dueDate!);
    expect(due).toEqual([...due].sort());
  });

  it('filters: default hides deleted; important/completed exclude deleted; deleted shows all deleted', () => {
    const id = addTask(
      db,
      admin,
      addTaskBody.parse({ task: { title: 'Deleted important task', isImportant: true, isCompleted: true } }).task,
    ).id;
    softDeleteTask(db, admin, id);
    softDeleteTask(db, admin, id); // idempotent
    expect(tasks(admin).tasks.some((t) => t.id === id)).toBe(false);
    expect(tasks(admin, { filter: 'important' }).tasks.some((t) => t.id === id)).toBe(false);
    expect(tasks(admin, { filter: 'completed' }).tasks.some((t) => t.id === id)).toBe(false);
    expect(tasks(admin, { filter: 'deleted' }).tasks.some((t) => t.id === id)).toBe(true);
    expect(tasks(admin, { filter: 'deleted' }).tasks.every((t) => t.isDeleted)).toBe(true);
    updateTask(db, admin, id, { isDeleted: false });
    expect(tasks(admin).tasks.some((t) => t.id === id)).toBe(true);
  });

  it('add-tasks applies the defaults; unknown sortBy/filter are invalid', () => {
    const t = addTask(db, admin, addTaskBody.parse({ task: { title: 'Call the facility agent' } }).task);
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

  it('another user’s task is not found', () => {
    const id = tasks(admin).tasks[0]!.id;
    expect(() => updateTask(db, analyst, id, { title: 'x' })).toThrow(/does not exist/);
    expect(() => softDeleteTask(db, analyst, id)).toThrow(/does not exist/);
  });
});

describe('chat', () => {
  it('send-msg creates the chat once (id = contact id); get-chat marks it seen', () => {
    const user = getUserByEmail(db, 'admin@quantum.demo')!;
    const { contacts, chatsContacts } = chatsAndContacts(db, user);
    const noChat = contacts.find((c) => !chatsContacts.some((cc) => cc.id === c.id));
    expect(noChat).toBeDefined();
    expect(getChat(db, admin, noChat!.id).chat).toBeNull();
    const first = sendMessage(db, admin, noChat!.id, 'Hello');
    expect(first.chat).toMatchObject({ id: noChat!.id, userId: noChat!.id, chat: [{ message: 'Hello', senderId: admin }] });
    expect(sendMessage(db, admin, noChat!.id, 'Again').chat).toBeUndefined();
    expect(getChat(db, admin, noChat!.id).chat!.chat.map((m) => m.message)).toEqual(['Hello', 'Again']);
    const unseen = chatsContacts.find((c) => c.chat.unseenMsgs > 0)!;
    expect(getChat(db, admin, unseen.id).chat!.unseenMsgs).toBe(0);
    expect(chatsAndContacts(db, user).chatsContacts.find((c) => c.id === unseen.id)!.chat.unseenMsgs).toBe(0);
    expect(() => getChat(db, analyst, unseen.id)).toThrow(/does not exist/);
    expect(() => sendMessage(db, analyst, unseen.id, 'hi')).toThrow(/does not exist/);
  });

  it('chatsContacts are sorted by the last message, newest first', () => {
    const list = chatsAndContacts(db, getUserByEmail(db, 'analyst@quantum.demo')!).chatsContacts.map((c) => c.chat.lastMessage!.time);
    expect(list).toEqual([...list].sort().reverse());
  });
});

describe('calendar', () => {
  it('calendars filter: absent = all, empty = none, list = membership', () => {
    const all = listEvents(db, admin, undefined);
    expect(listEvents(db, admin, [])).toEqual([]);
    const business = listEvents(db, admin, eventsQuery.parse({ 'calendars[]': ['Business'] }).calendars);
    expect(business.length).toBe(all.filter((e) => e.extendedProps.calendar === 'Business').length);
    const two = eventsQuery.parse({ calendars: 'Business,Family' }).calendars;
    expect(two).toEqual(['Business', 'Family']);
    expect(eventsQuery.safeParse({ calendars: 'Work' }).success).toBe(false);
  });

  it('add, update, remove; remove of an unknown id deletes nothing', () => {
    const e = addEvent(
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
    expect(updateEvent(db, admin, e.id, { title: 'Funding committee (moved)' }).title).toBe('Funding committee (moved)');
    expect(() => updateEvent(db, admin, e.id, { end: '2026-11-30' })).toThrow(/before it starts/);
    const before = listEvents(db, admin, undefined).length;
    expect(() => removeEvent(db, admin, 999_999)).toThrow(/does not exist/);
    expect(() => removeEvent(db, analyst, e.id)).toThrow(/does not exist/);
    expect(listEvents(db, admin, undefined).length).toBe(before);
    removeEvent(db, admin, e.id);
    expect(listEvents(db, admin, undefined).length).toBe(before - 1);
  });
});
