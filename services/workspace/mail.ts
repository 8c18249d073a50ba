import type { DbOrTx } from '@/db/client';
import { emailNeighbour, getEmail, listEmails, listMailRecipients, type MailParty } from '@/db/queries/workspace/mail';
import { NotFound } from '@/lib/domain/errors';
import type { EmailDto, EmailsQuery } from '@/lib/validations/apps';

export const MAIL_PAGE_SIZE = 20;

export type MailScreen = {
  emails: EmailDto[];
  total: number;
  meta: { inbox: number; draft: number; spam: number };
  selected: EmailDto | null;
  previousId: number | null;
  nextId: number | null;
  recipients: MailParty[];
};

async function neighbourId(db: DbOrTx, userId: number, id: number, dir: 'previous' | 'next'): Promise<number | null> {
  try {
    return (await emailNeighbour(db, userId, id, dir)).id;
  } catch (e) {
    if (e instanceof NotFound) return null;
    throw e;
  }
}

/** Everything the Mail page shows: the folder's page of mails, the counts, the open mail and its neighbours. */
export async function mailScreen(db: DbOrTx, userId: number, query: EmailsQuery, openId: number | null): Promise<MailScreen> {
  const { emails, emailsMeta, total } = await listEmails(db, userId, { ...query, perPage: query.perPage ?? MAIL_PAGE_SIZE });
  let selected: EmailDto | null = null;
  if (openId !== null) {
    try {
      selected = await getEmail(db, userId, openId);
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
    }
  }
  return {
    emails,
    total,
    meta: emailsMeta,
    selected,
    previousId: selected ? await neighbourId(db, userId, selected.id, 'previous') : null,
    nextId: selected ? await neighbourId(db, userId, selected.id, 'next') : null,
    recipients: await listMailRecipients(db, userId),
  };
}
