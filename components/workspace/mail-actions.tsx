'use client';

import { Mail, Star, Tag, Trash2 } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useRouter } from '@/i18n/navigation';
import { EMAIL_LABELS } from '@/lib/domain/enums';
import { postJson } from './post-json';

type Props = { id: number; isStarred: boolean; isRead: boolean; labels: string[]; folder: string };

/** The open mail's actions: star, labels, mark unread, move to trash; opening an unread mail marks it read. */
export function MailActions({ id, isStarred, isRead, labels, folder }: Props) {
  const t = useTranslations('workspace.mail');
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const run = async (url: string, body: unknown, done?: string) => {
    setBusy(true);
    try {
      await postJson(url, body);
      if (done) toast.success(done);
      router.refresh();
    } catch {
      toast.error(t('actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  const update = (dataToUpdate: Record<string, unknown>, done?: string) =>
    run('/api/apps/email/update-emails', { emailIds: [id], dataToUpdate }, done);

  useEffect(() => {
    if (!isRead)
      void postJson('/api/apps/email/update-emails', { emailIds: [id], dataToUpdate: { isRead: true } }).then(
        () => router.refresh(),
        () => undefined,
      );
  }, [id, isRead, router]);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        aria-pressed={isStarred}
        onClick={() => update({ isStarred: !isStarred })}
        data-testid="mail-star"
      >
        <Star aria-hidden="true" className={cn(isStarred && 'fill-warning-text text-warning-text')} />
        {isStarred ? t('unstar') : t('star')}
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={() => update({ isRead: false }, t('markedUnread'))}>
        <Mail aria-hidden="true" />
        {t('markUnread')}
      </Button>
      {folder !== 'trash' ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => update({ folder: 'trash' }, t('movedToTrash'))}
          data-testid="mail-trash"
        >
          <Trash2 aria-hidden="true" />
          {t('moveToTrash')}
        </Button>
      ) : (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => update({ folder: 'inbox' }, t('restored'))}>
          {t('restore')}
        </Button>
      )}
      <span className="ml-2 flex items-center gap-1 text-[13px]" role="group" aria-label={t('labels')}>
        <Tag aria-hidden="true" className="size-4" />
        {EMAIL_LABELS.map((l) => (
          <Button
            key={l}
            variant={labels.includes(l) ? 'secondary' : 'outline'}
            size="sm"
            disabled={busy}
            aria-pressed={labels.includes(l)}
            onClick={() => run('/api/apps/email/update-emails-label', { emailIds: [id], label: l })}
          >
            {t(`labelNames.${l}`)}
          </Button>
        ))}
      </span>
    </div>
  );
}
