import { ChevronLeft, ChevronRight, Inbox, Mail, Search, Send, Star, Trash2, FileText, ShieldAlert } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { z } from 'zod';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { MailActions } from '@/components/workspace/mail-actions';
import { MailCompose } from '@/components/workspace/mail-compose';
import { Link } from '@/i18n/navigation';
import { EMAIL_LABELS } from '@/lib/domain/enums';
import { formatTimestamp } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import { EMAIL_FOLDER_FILTERS, emailsQuery } from '@/lib/validations/apps';
import { idParam } from '@/lib/validations/common';
import { MAIL_PAGE_SIZE, mailScreen } from '@/services/workspace/mail';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('mail');

// 'all' (every folder but trash, as the API's empty folder): a form drops empty values.
const pageQuery = emailsQuery.extend({
  folder: z.enum([...EMAIL_FOLDER_FILTERS, 'all']).default('inbox'),
  id: idParam.optional(),
  page: z.coerce.number().int().min(1).default(1),
});
const FOLDERS = [
  { key: 'inbox', icon: Inbox },
  { key: 'sent', icon: Send },
  { key: 'draft', icon: FileText },
  { key: 'starred', icon: Star },
  { key: 'spam', icon: ShieldAlert },
  { key: 'trash', icon: Trash2 },
] as const;
const LABEL_DOT: Record<string, string> = {
  personal: 'bg-success-text',
  company: 'bg-primary',
  important: 'bg-warning-text',
  private: 'bg-danger-text',
};

/** Mail shows HTML from the seed; the read view shows its text only. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Workspace → Mail: folders with counts, labels, search, the list and the read view; compose to another user. */
export default async function MailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'mail');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.mail');
  const format = await getFormatter();
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const screen = await mailScreen(
    getDb(),
    access.principal.user.id,
    { ...q, folder: q.folder === 'all' ? '' : q.folder, perPage: MAIL_PAGE_SIZE },
    q.id ?? null,
  );
  const pageCount = Math.max(1, Math.ceil(screen.total / MAIL_PAGE_SIZE));
  const base = { folder: q.folder, ...(q.label ? { label: q.label } : {}), ...(q.q ? { q: q.q } : {}) };
  const hrefWith = (extra: Record<string, string | number>) => ({ pathname: '/mail', query: { ...base, ...extra } });
  // Who a message is with: its recipients in the sent and draft folders, its sender elsewhere.
  const correspondent = (m: (typeof screen.emails)[number]) =>
    q.folder === 'sent' || q.folder === 'draft' ? m.to.map((p) => p.name).join(', ') : m.from.name;
  const counts: Partial<Record<string, number>> = { inbox: screen.meta.inbox, draft: screen.meta.draft, spam: screen.meta.spam };
  const sel = screen.selected;

  return (
    <ClientMessages namespaces={['workspace.mail']}>
      <>
        <PageHeader page="mail" description={t('subtitle')} actions={<MailCompose recipients={screen.recipients} />} />
        <div className="grid items-start gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <Card className="p-3">
            <nav aria-label={t('folders')}>
              <ul className="flex flex-col gap-0.5">
                {FOLDERS.map(({ key, icon: Icon }) => {
                  const active = q.folder === key && !q.label;
                  return (
                    <li key={key}>
                      <Link
                        href={{ pathname: '/mail', query: { folder: key } }}
                        aria-current={active ? 'page' : undefined}
                        className={cn(
                          'flex h-9 items-center gap-2 rounded-md px-3 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary',
                          active && 'bg-primary-soft font-medium text-primary-strong',
                        )}
                        data-testid={`mail-folder-${key}`}
                      >
                        <Icon className="size-4" aria-hidden="true" />
                        <span className="flex-1">{t(`folderNames.${key}`)}</span>
                        {counts[key] ? (
                          <Badge variant={key === 'inbox' ? 'primary' : 'secondary'}>{format.number(counts[key])}</Badge>
                        ) : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
              <h2 className="mt-4 mb-1 px-3 text-[13px] font-medium tracking-wide text-heading uppercase">{t('labels')}</h2>
              <ul className="flex flex-col gap-0.5">
                {EMAIL_LABELS.map((l) => (
                  <li key={l}>
                    <Link
                      href={{ pathname: '/mail', query: { folder: 'all', label: l } }}
                      aria-current={q.label === l ? 'page' : undefined}
                      className={cn(
                        'flex h-8 items-center gap-2 rounded-md px-3 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary',
                        q.label === l && 'bg-primary-soft font-medium text-primary-strong',
                      )}
                    >
                      <span className={cn('size-2 rounded-full', LABEL_DOT[l])} aria-hidden="true" />
                      {t(`labelNames.${l}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Card>

          {sel ? (
            <Card className="min-w-0" data-testid="mail-read">
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-5 py-3">
                <Link href={hrefWith({})} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  <ChevronLeft aria-hidden="true" />
                  {t('backToList')}
                </Link>
                <div className="flex gap-2">
                  {screen.previousId ? (
                    <Link
                      href={hrefWith({ id: screen.previousId })}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                      aria-label={t('previous')}
                    >
                      <ChevronLeft aria-hidden="true" />
                      {t('previous')}
                    </Link>
                  ) : null}
                  {screen.nextId ? (
                    <Link
                      href={hrefWith({ id: screen.nextId })}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                      aria-label={t('next')}
                    >
                      {t('next')}
                      <ChevronRight aria-hidden="true" />
                    </Link>
                  ) : null}
                </div>
              </div>
              <article className="px-5 py-4">
                <h2 className="text-xl font-medium text-heading">{sel.subject}</h2>
                <p className="mt-2 text-sm">
                  {t('fromLine', { name: sel.from.name, email: sel.from.email })}
                  {sel.to.length ? ` · ${t('toLine', { names: sel.to.map((p) => p.name || p.email).join(', ') })}` : null}
                </p>
                <p className="text-[13px]">
                  <time dateTime={sel.time}>
                    {formatTimestamp(format, Date.parse(sel.time), { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                  {' · '}
                  {t(`folderNames.${sel.folder}`)}
                </p>
                <div className="my-4">
                  <MailActions id={sel.id} isStarred={sel.isStarred} isRead={sel.isRead} labels={sel.labels} folder={sel.folder} />
                </div>
                {sel.folder === 'draft' ? (
                  <div className="mb-4">
                    <MailCompose
                      recipients={screen.recipients}
                      draft={{ id: sel.id, toEmail: sel.to[0]?.email ?? '', subject: sel.subject, message: plainText(sel.message) }}
                    />
                  </div>
                ) : null}
                <p className="text-[15px] leading-relaxed whitespace-pre-line text-heading">{plainText(sel.message)}</p>
              </article>
            </Card>
          ) : (
            <Card className="min-w-0">
              <form action="" method="get" role="search" className="flex gap-2 border-b border-border px-4 py-3">
                <input type="hidden" name="folder" value={q.folder} />
                {q.label ? <input type="hidden" name="label" value={q.label} /> : null}
                <label className="sr-only" htmlFor="mail-q">
                  {t('search')}
                </label>
                <Input id="mail-q" name="q" type="search" defaultValue={q.q} placeholder={t('search')} />
                <button type="submit" className={buttonClasses({ variant: 'outline' })}>
                  <Search aria-hidden="true" />
                  {t('searchButton')}
                </button>
              </form>
              {screen.emails.length === 0 ? (
                <EmptyState icon={Mail} title={t('empty')} className="m-4" />
              ) : (
                <ul className="divide-y divide-border" data-testid="mail-list">
                  {screen.emails.map((m) => (
                    <li key={m.id}>
                      <Link
                        href={hrefWith({ id: m.id })}
                        className={cn(
                          'flex min-h-11 items-center gap-3 px-4 py-2 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
                          !m.isRead && 'bg-primary-soft/40 font-medium text-heading',
                        )}
                      >
                        <Star
                          aria-label={m.isStarred ? t('starred') : undefined}
                          aria-hidden={m.isStarred ? undefined : true}
                          className={cn('size-4 shrink-0', m.isStarred ? 'fill-warning-text text-warning-text' : 'text-border-strong')}
                        />
                        <span className="w-40 shrink-0 truncate" title={correspondent(m)}>
                          {correspondent(m)}
                        </span>
                        <span className="min-w-0 flex-1 truncate" title={m.subject}>
                          {m.subject}
                          {m.isRead ? null : <span className="sr-only"> ({t('unread')})</span>}
                        </span>
                        {m.labels.map((l) => (
                          <span
                            key={l}
                            className={cn('size-2 shrink-0 rounded-full', LABEL_DOT[l])}
                            title={t(`labelNames.${l}`)}
                            aria-label={t(`labelNames.${l}`)}
                            role="img"
                          />
                        ))}
                        <time dateTime={m.time} className="shrink-0 text-[13px] tabular-nums">
                          {formatTimestamp(format, Date.parse(m.time), { dateStyle: 'short' })}
                        </time>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {pageCount > 1 ? (
                <nav aria-label={t('paging')} className="flex items-center justify-end gap-2 border-t border-border px-4 py-2 text-sm">
                  {q.page > 1 ? (
                    <Link href={hrefWith({ page: q.page - 1 })} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                      {t('previous')}
                    </Link>
                  ) : null}
                  <span>{t('pageOf', { page: q.page, count: pageCount })}</span>
                  {q.page < pageCount ? (
                    <Link href={hrefWith({ page: q.page + 1 })} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                      {t('next')}
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </Card>
          )}
        </div>
      </>
    </ClientMessages>
  );
}
