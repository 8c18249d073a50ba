import { transaction } from '../../transaction';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { EmailDto, EmailsQuery } from '@/lib/validations/apps';
import type { DbOrTx } from '@/db/client';
import { users, appEmails } from '@/db/tables';
import { type AppEmail, type EMAIL_FOLDERS, type EMAIL_LABELS } from '@/db/schema/apps';
import { containsText, jsonArrayHas } from '@/db/dialect';
import { pageWindow, parseJsonList, toggleInList } from '@/db/queries/compat/apps-paging';

type Folder = (typeof EMAIL_FOLDERS)[number];
type Label = (typeof EMAIL_LABELS)[number];

export function emailDto(r: AppEmail): EmailDto {
  return {
    id: r.id,
    from: { email: r.fromEmail, name: r.fromName, avatar: r.fromAvatar },
    to: parseJsonList(r.to),
    cc: parseJsonList(r.cc),
    bcc: parseJsonList(r.bcc),
    subject: r.subject,
    message: r.message,
    attachments: parseJsonList(r.attachments),
    isStarred: r.isStarred,
    labels: parseJsonList(r.labels),
    time: r.time,
    replies: parseJsonList(r.replies),
    folder: r.folder,
    isRead: r.isRead,
  };
}

/** The folder filter of GET emails (api-reference.md §2): trash; starred outside trash; '' every folder but trash. */
function folderWhere(folder: EmailsQuery['folder']): SQL {
  if (folder === 'trash') return eq(appEmails.folder, 'trash');
  if (folder === 'starred') return and(eq(appEmails.isStarred, true), ne(appEmails.folder, 'trash'))!;
  if (folder === '') return ne(appEmails.folder, 'trash');
  return eq(appEmails.folder, folder);
}

export function hasLabel(label: string): SQL {
  return jsonArrayHas(appEmails.labels, label);
}

/**
 * GET emails: the user's mails matching q (subject, case-insensitive substring), folder and label,
 * newest id first; `total` is the filtered count; `emailsMeta` ignores the filters.
 */
export async function listEmails(db: DbOrTx, ownerId: number, query: EmailsQuery) {
  const conds: SQL[] = [eq(appEmails.ownerId, ownerId), folderWhere(query.folder)];
  if (query.q) conds.push(containsText(appEmails.subject, query.q));
  if (query.label) conds.push(hasLabel(query.label));
  const where = and(...conds);
  const total = (await db.select({ n: count() }).from(appEmails).where(where).limit(1))[0]?.n ?? 0;
  const window = pageWindow(query);
  const base = db.select().from(appEmails).where(where).orderBy(desc(appEmails.id));
  const rows = window ? await base.limit(window.limit).offset(window.offset) : await base;
  return { emails: rows.map(emailDto), emailsMeta: await emailsMeta(db, ownerId), total };
}

export async function emailsMeta(db: DbOrTx, ownerId: number): Promise<{ inbox: number; draft: number; spam: number }> {
  const r = (
    await db
      .select({
        inbox: sql<number>`coalesce(sum(case when ${appEmails.folder} = 'inbox' and not ${appEmails.isRead} then 1 else 0 end), 0)`,
        draft: sql<number>`coalesce(sum(case when ${appEmails.folder} = 'draft' then 1 else 0 end), 0)`,
        spam: sql<number>`coalesce(sum(case when ${appEmails.folder} = 'spam' and not ${appEmails.isRead} then 1 else 0 end), 0)`,
      })
      .from(appEmails)
      .where(eq(appEmails.ownerId, ownerId))
      .limit(1)
  )[0];
  return { inbox: Number(r?.inbox ?? 0), draft: Number(r?.draft ?? 0), spam: Number(r?.spam ?? 0) };
}

async function ownedEmail(db: DbOrTx, ownerId: number, id: number): Promise<AppEmail | undefined> {
  return (
    await db
      .select()
      .from(appEmails)
      .where(and(eq(appEmails.id, id), eq(appEmails.ownerId, ownerId)))
      .limit(1)
  )[0];
}

export async function getEmail(db: DbOrTx, ownerId: number, id: number): Promise<EmailDto> {
  const r = await ownedEmail(db, ownerId, id);
  if (!r) throw new NotFound(`Mail ${id} does not exist.`);
  return emailDto(r);
}

/**
 * The neighbour of a mail among ALL of the user's mails in id order (as the original; the folder is
 * ignored): next = the smallest greater id (newer), previous = the largest smaller id. 404 at either end.
 */
export async function emailNeighbour(db: DbOrTx, ownerId: number, id: number, dir: 'previous' | 'next'): Promise<EmailDto> {
  if (!(await ownedEmail(db, ownerId, id))) throw new NotFound(`Mail ${id} does not exist.`);
  const r = (
    await db
      .select()
      .from(appEmails)
      .where(and(eq(appEmails.ownerId, ownerId), dir === 'next' ? gt(appEmails.id, id) : lt(appEmails.id, id)))
      .orderBy(dir === 'next' ? asc(appEmails.id) : desc(appEmails.id))
      .limit(1)
  )[0];
  if (!r) throw new NotFound(`Mail ${id} has no ${dir} mail.`);
  return emailDto(r);
}

/** 404 naming the ids that are not the user's mails (nothing is changed then). */
async function assertOwned(db: DbOrTx, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = new Set(
    (
      await db
        .select({ id: appEmails.id })
        .from(appEmails)
        .where(and(eq(appEmails.ownerId, ownerId), inArray(appEmails.id, unique)))
    ).map((r) => r.id),
  );
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) {
    throw new NotFound(`Mail ${missing.join(', ')} does not exist.`, [{ field: 'emailIds', message: `unknown: ${missing.join(', ')}` }]);
  }
  return unique;
}

export type EmailChange = Partial<{ isStarred: boolean; isRead: boolean; folder: Folder; labels: Label[] }>;

/** POST update-emails: the whitelisted fields on every named mail, all or nothing. */
export async function updateEmails(db: DbOrTx, ownerId: number, ids: readonly number[], change: EmailChange): Promise<number> {
  return await transaction(db, async (tx) => {
    const unique = await assertOwned(tx, ownerId, ids);
    const { labels, ...rest } = change;
    await tx
      .update(appEmails)
      .set({ ...rest, ...(labels ? { labels: JSON.stringify([...new Set(labels)]) } : {}) })
      .where(and(eq(appEmails.ownerId, ownerId), inArray(appEmails.id, unique)));
    return unique.length;
  });
}

/** POST update-emails-label: toggles the label on each mail on its own (added when absent, removed when present). */
export async function toggleEmailsLabel(db: DbOrTx, ownerId: number, ids: readonly number[], label: Label): Promise<number> {
  return await transaction(db, async (tx) => {
    const unique = await assertOwned(tx, ownerId, ids);
    const rows = await tx
      .select({ id: appEmails.id, labels: appEmails.labels })
      .from(appEmails)
      .where(and(eq(appEmails.ownerId, ownerId), inArray(appEmails.id, unique)));
    for (const r of rows) {
      const next = toggleInList(parseJsonList<string>(r.labels), label);
      await tx
        .update(appEmails)
        .set({ labels: JSON.stringify(next) })
        .where(eq(appEmails.id, r.id));
    }
    return rows.length;
  });
}

export type MailParty = { id: number; name: string; email: string };

/**
 * Composes a mail from one user of the product to another: saved as a draft in the sender's mailbox, or
 * sent — a copy in the sender's `sent` folder and one in the recipient's `inbox`, in one transaction.
 * Sending a draft (draftId) replaces that draft. Returns the id of the sender's copy.
 */
export async function composeEmail(
  db: DbOrTx,
  sender: MailParty,
  recipient: MailParty,
  input: { subject: string; message: string; send: boolean; draftId?: number },
  now = new Date(),
): Promise<number> {
  const base = {
    fromEmail: sender.email,
    fromName: sender.name,
    to: JSON.stringify([{ name: recipient.name, email: recipient.email }]),
    subject: input.subject,
    message: input.message,
    time: now.toISOString(),
  };
  return await transaction(db, async (tx) => {
    if (input.draftId !== undefined) {
      const draft = await ownedEmail(tx, sender.id, input.draftId);
      if (!draft || draft.folder !== 'draft') throw new NotFound(`Draft ${input.draftId} does not exist.`);
      await tx.delete(appEmails).where(eq(appEmails.id, draft.id));
    }
    const own = (
      await tx
        .insert(appEmails)
        .values({ ...base, ownerId: sender.id, folder: input.send ? 'sent' : 'draft', isRead: true })
        .returning({ id: appEmails.id })
    )[0]!;
    if (input.send) await tx.insert(appEmails).values({ ...base, ownerId: recipient.id, folder: 'inbox', isRead: false });
    return own.id;
  });
}

/** The users one may write to (everyone but oneself), by name. */
export async function listMailRecipients(db: DbOrTx, selfId: number): Promise<MailParty[]> {
  return (
    await db
      .select({ id: users.id, fullName: users.fullName, username: users.username, email: users.email })
      .from(users)
      .where(ne(users.id, selfId))
      .orderBy(asc(users.username))
  ).map((u) => ({ id: u.id, name: u.fullName || u.username, email: u.email }));
}
