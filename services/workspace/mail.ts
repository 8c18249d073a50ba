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

function neighbourId(db: DbOrTx, userId: number, id: number, dir: 'previous' | 'next'): number | null {
  try {
    return emailNeighbour(db, userId, id, dir).id;
  } catch (e) {
    if (e instanceof NotFound) return null;
    throw e;
  }
}

/** Everything the Mail page shows: the folder's page of mails, the counts, the open mail and its neighbours. */
export function mailScreen(db: DbOrTx, userId: number, query: EmailsQuery, openId: number | null): MailScreen {
  const { emails, emailsMeta, total } = listEmails(db, userId, { ...query, perPage: query.perPage ?? MAIL_PAGE_SIZE });
  let selected: EmailDto | null = null;
  if (openId !== null) {
    try {
      selected = getEmail(db, userId, openId);
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
    }
  }
  return {
    emails,
    total,
    meta: emailsMeta,
    selected,
    previousId: selected ? neighbourId(db, userId, selected.id, 'previous') : null,
    nextId: selected ? neighbourId(db, userId, selected.id, 'next') : null,
    recipients: listMailRecipients(db, userId),
  };
}
