import { beforeEach, describe, expect, it } from 'vitest';
import type { Conn } from '@/db/client';
import { composeEmail, listEmails, listMailRecipients } from '@/db/queries/workspace/mail';
import { addTask, updateTask } from '@/db/queries/workspace/tasks';
import { getUserByEmail } from '@/db/queries/users';
import { seedApps } from '@/db/seed/apps';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { NotFound } from '@/lib/domain/errors';
import { addTaskBody, composeEmailBody, emailsQuery, tasksQuery } from '@/lib/validations/apps';
import { mailScreen } from '@/services/workspace/mail';
import { tasksScreen } from '@/services/workspace/tasks';
import { createTestDb } from '../helpers/test-db';

let db: Conn;
let analyst: { id: number; name: string; email: string };
let viewer: { id: number; name: string; email: string };

beforeEach(async () => {
  db = createTestDb();
  seedDemoUsers(db);
  seedApps(db, { today: '2026-11-21' });
  const party = async (email: string) => {
    const u = (await getUserByEmail(db, email))!;
    return { id: u.id, name: u.fullName || u.username, email: u.email };
  };
  analyst = await party('analyst@quantum.demo');
  viewer = await party('viewer@quantum.demo');
});

const inbox = async (owner: number) => await listEmails(db, owner, emailsQuery.parse({}));

describe('compose mail', () => {
  it('sending puts a copy in the sender’s sent folder and an unread one in the recipient’s inbox', async () => {
    const before = (await inbox(viewer.id)).emailsMeta.inbox;
    const id = await composeEmail(db, analyst, viewer, { subject: 'Lease 1042', message: 'Check the schedule.', send: true });
    const sent = (await listEmails(db, analyst.id, emailsQuery.parse({ folder: 'sent' }))).emails;
    expect(sent[0]).toMatchObject({ id, subject: 'Lease 1042', folder: 'sent', to: [{ email: viewer.email }] });
    const got = await inbox(viewer.id);
    expect(got.emails[0]).toMatchObject({ subject: 'Lease 1042', isRead: false, from: { email: analyst.email } });
    expect(got.emailsMeta.inbox).toBe(before + 1);
  });

  it('a draft stays with the sender; sending it replaces the draft', async () => {
    const draftId = await composeEmail(db, analyst, viewer, { subject: 'Draft', message: '', send: false });
    expect((await listEmails(db, analyst.id, emailsQuery.parse({ folder: 'draft' }))).emails[0]).toMatchObject({
      id: draftId,
      folder: 'draft',
    });
    expect((await inbox(viewer.id)).emails.some((m) => m.subject === 'Draft')).toBe(false);
    await composeEmail(db, analyst, viewer, { subject: 'Draft', message: 'now', send: true, draftId });
    expect((await listEmails(db, analyst.id, emailsQuery.parse({ folder: 'draft' }))).emails.some((m) => m.id === draftId)).toBe(false);
    expect((await inbox(viewer.id)).emails[0]!.subject).toBe('Draft');
  });

  it.each([
    ['another user’s mail', async () => (await inbox(viewer.id)).emails[0]!.id],
    ['a mail that is not a draft', async () => (await inbox(analyst.id)).emails[0]!.id],
  ])('refuses to send %s as a draft, changing nothing', async (_, idOf) => {
    const draftId = await idOf();
    const total = (await listEmails(db, analyst.id, emailsQuery.parse({ folder: '' }))).total;
    await expect(async () => await composeEmail(db, analyst, viewer, { subject: 'x', message: '', send: true, draftId })).rejects.toThrow(
      NotFound,
    );
    expect((await listEmails(db, analyst.id, emailsQuery.parse({ folder: '' }))).total).toBe(total);
  });

  it.each([
    [{ toUserId: 2, subject: '', send: true }, false],
    [{ toUserId: 2, subject: 'Hi', send: true }, true],
    [{ toUserId: '2', subject: 'Hi', send: false, draftId: 7 }, true],
    [{ subject: 'Hi', send: true }, false],
  ])('compose body %j valid: %s', (body, ok) => {
    expect(composeEmailBody.safeParse(body).success).toBe(ok);
  });

  it('recipients are everyone but oneself; the screen opens a mail with its neighbours', async () => {
    expect((await listMailRecipients(db, analyst.id)).map((r) => r.id)).not.toContain(analyst.id);
    const first = (await inbox(analyst.id)).emails[1]!;
    const screen = await mailScreen(db, analyst.id, emailsQuery.parse({}), first.id);
    expect(screen.selected?.id).toBe(first.id);
    expect(screen.nextId === null || screen.nextId > first.id).toBe(true);
    expect((await mailScreen(db, analyst.id, emailsQuery.parse({}), 999_999)).selected).toBeNull();
  });
});

describe('task links', () => {
  beforeEach(() => {
    seedPortfolio(db, { leases: 5, today: '2026-11-21', seed: 5 });
  });

  it('a task keeps its lease or lessee link, names it for readers of the book only, and an edit can clear it', async () => {
    const task = await addTask(db, analyst.id, addTaskBody.parse({ task: { title: 'Call about arrears', leaseId: 1 } }).task);
    expect(task).toMatchObject({ leaseId: 1, lesseeId: null });
    const q = tasksQuery.parse({ q: 'Call about' });
    const withBook = await tasksScreen(db, analyst.id, q, 1, { leaseId: null, lesseeId: 1 });
    expect(withBook.tasks[0]!.leaseId).toBe(1);
    expect(Object.keys(withBook.links.leases)).toEqual(['1']);
    expect(withBook.prefillName).toBeTruthy();
    expect((await tasksScreen(db, analyst.id, q, null)).links).toEqual({ leases: {}, lessees: {} });
    expect((await updateTask(db, analyst.id, task.id, { leaseId: null })).leaseId).toBeNull();
  });
});
