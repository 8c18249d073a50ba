'use client';

import { MessagesSquare, Send } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useFormatter } from '@/i18n/use-formatter';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import useSWR from 'swr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { formatTimestamp } from '@/lib/format';
import { postJson } from './post-json';

type Status = 'online' | 'busy' | 'away' | 'offline';
type Contact = { id: number; fullName: string; role: string; about: string; avatar: string; status: Status };
type Message = { message: string; time: string; senderId: number };
type ContactList = {
  chatsContacts: (Contact & { chat: { id: number; unseenMsgs: number; lastMessage: Message | null } })[];
  contacts: Contact[];
  profileUser: { id: number; fullName: string; status: Status };
};
type Conversation = { chat: { id: number; chat: Message[] } | null; contact: Contact };

type Props = {
  initialList: ContactList;
  openId: number | null;
  initialOpen: Conversation | null;
  /** How often the list and the open conversation are fetched again, so new messages appear without a reload. */
  pollMs?: number;
};

const STATUS_DOT: Record<Status, string> = {
  online: 'bg-success-text',
  busy: 'bg-danger-text',
  away: 'bg-warning-text',
  offline: 'bg-border-strong',
};

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

function Initials({ name, status, label }: { name: string; status: Status; label: string }) {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return (
    <span
      className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-[13px] font-medium text-primary-strong"
      aria-hidden="true"
    >
      {initials}
      <span
        className={cn('absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface', STATUS_DOT[status])}
        title={label}
      />
    </span>
  );
}

/** Chat: contacts with status and unseen counts, the open conversation and a send box; both are polled. */
export function ChatApp({ initialList, openId, initialOpen, pollMs = 3000 }: Props) {
  const t = useTranslations('workspace.chat');
  const format = useFormatter();
  const list = useSWR<ContactList>('/api/apps/chat/chats-and-contacts', fetchJson, { fallbackData: initialList, refreshInterval: pollMs });
  const conv = useSWR<Conversation>(openId ? `/api/apps/chat/get-chat?id=${openId}` : null, fetchJson, {
    fallbackData: initialOpen ?? undefined,
    refreshInterval: pollMs,
  });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  const data = list.data ?? initialList;
  const open = openId ? (conv.data ?? initialOpen) : null;
  const messages = open?.chat?.chat ?? [];
  const me = data.profileUser.id;
  const inChats = new Set(data.chatsContacts.map((c) => c.id));
  const others = data.contacts.filter((c) => !inChats.has(c.id));

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message || !open) return;
    setBusy(true);
    try {
      await postJson('/api/apps/chat/send-msg', { obj: { message, contact: { id: open.contact.id } } });
      setText('');
      await Promise.all([conv.mutate(), list.mutate()]);
    } catch {
      toast.error(t('sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  const contactLink = (c: Contact, extra?: React.ReactNode) => (
    <Link
      href={{ pathname: '/chat', query: { contact: c.id } }}
      aria-current={c.id === openId ? 'page' : undefined}
      className={cn(
        'flex min-h-12 items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
        c.id === openId && 'bg-primary-soft',
      )}
      data-testid="chat-contact"
    >
      <Initials name={c.fullName} status={c.status} label={t(`statuses.${c.status}`)} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-heading" title={c.fullName}>
          {c.fullName}
        </span>
        {extra}
      </span>
    </Link>
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <Card className="p-3">
        <nav aria-label={t('contactsNav')}>
          <h2 className="mb-1 px-3 text-[13px] font-medium tracking-wide text-heading uppercase">{t('chats')}</h2>
          <ul className="flex flex-col gap-0.5" data-testid="chat-chats">
            {data.chatsContacts.map((c) => (
              <li key={c.id}>
                {contactLink(
                  c,
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-[13px]" title={c.chat.lastMessage?.message}>
                      <span className="sr-only">{t(`statuses.${c.status}`)} · </span>
                      {c.chat.lastMessage?.message ?? ''}
                    </span>
                    {c.chat.unseenMsgs > 0 ? (
                      <Badge variant="danger" data-testid="chat-unseen">
                        {format.number(c.chat.unseenMsgs)}
                        <span className="sr-only"> {t('unseen', { count: c.chat.unseenMsgs })}</span>
                      </Badge>
                    ) : null}
                  </span>,
                )}
              </li>
            ))}
          </ul>
          <h2 className="mt-4 mb-1 px-3 text-[13px] font-medium tracking-wide text-heading uppercase">{t('contacts')}</h2>
          <ul className="flex flex-col gap-0.5">
            {others.map((c) => (
              <li key={c.id}>
                {contactLink(
                  c,
                  <span className="block truncate text-[13px]" title={c.role}>
                    <span className="sr-only">{t(`statuses.${c.status}`)} · </span>
                    {c.role}
                  </span>,
                )}
              </li>
            ))}
          </ul>
        </nav>
      </Card>

      {open ? (
        <Card className="flex min-w-0 flex-col" data-testid="chat-conversation">
          <div className="flex items-center gap-3 border-b border-border px-5 py-3">
            <Initials name={open.contact.fullName} status={open.contact.status} label={t(`statuses.${open.contact.status}`)} />
            <div className="min-w-0">
              <h2 className="truncate text-base font-medium text-heading" title={open.contact.fullName}>
                {open.contact.fullName}
              </h2>
              <p
                className="truncate text-[13px]"
                title={`${t(`statuses.${open.contact.status}`)}${open.contact.role ? ` · ${open.contact.role}` : ''}`}
              >
                {t(`statuses.${open.contact.status}`)}
                {open.contact.role ? ` · ${open.contact.role}` : ''}
              </p>
            </div>
          </div>
          <div
            ref={scroller}
            className="h-[26rem] overflow-y-auto bg-surface-muted/40 px-5 py-4"
            tabIndex={0}
            aria-label={t('conversation', { name: open.contact.fullName })}
          >
            {messages.length === 0 ? (
              <p className="text-sm">{t('noMessages')}</p>
            ) : (
              <ol className="flex flex-col gap-2" aria-live="polite" data-testid="chat-messages">
                {messages.map((m, i) => {
                  const mine = m.senderId === me;
                  return (
                    <li key={`${m.time}-${i}`} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                      <div
                        className={cn(
                          'max-w-[75%] rounded-md px-3 py-2 text-sm shadow-card',
                          mine ? 'bg-primary text-white' : 'bg-surface text-heading',
                        )}
                      >
                        <span className="sr-only">{mine ? t('you') : open.contact.fullName}: </span>
                        <p className="break-words whitespace-pre-line">{m.message}</p>
                        <time dateTime={m.time} className={cn('mt-1 block text-right text-[12px]', mine ? 'text-white' : 'text-body')}>
                          {formatTimestamp(format, Date.parse(m.time), { dateStyle: 'short', timeStyle: 'short' })}
                        </time>
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
          <form onSubmit={send} className="flex gap-2 border-t border-border px-5 py-3">
            <label htmlFor="chat-message" className="sr-only">
              {t('message')}
            </label>
            <Input
              id="chat-message"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('placeholder')}
              maxLength={2000}
              autoComplete="off"
              data-testid="chat-input"
            />
            <Button type="submit" disabled={busy || !text.trim()} data-testid="chat-send">
              <Send aria-hidden="true" />
              {t('send')}
            </Button>
          </form>
        </Card>
      ) : (
        <Card className="min-w-0 p-6">
          <EmptyState icon={MessagesSquare} title={t('pick')} />
        </Card>
      )}
    </div>
  );
}
