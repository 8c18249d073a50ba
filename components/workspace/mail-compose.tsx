'use client';

import { PenLine, Send, X } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useRouter } from '@/i18n/navigation';
import { postJson } from './post-json';

export type Recipient = { id: number; name: string; email: string };
export type DraftInput = { id: number; toEmail: string; subject: string; message: string };

type Props = { recipients: Recipient[]; draft?: DraftInput };

/** "Compose" (or "Edit draft"): a modal form that sends to another user of the product or saves a draft. */
export function MailCompose({ recipients, draft }: Props) {
  const t = useTranslations('workspace.mail');
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { to: useId(), subject: useId(), message: useId(), title: useId() };
  const [busy, setBusy] = useState(false);
  const initialTo = draft ? recipients.find((r) => r.email === draft.toEmail)?.id : undefined;

  const submit = async (e: FormEvent<HTMLFormElement>, send: boolean) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      await postJson('/api/workspace/mail', {
        toUserId: Number(form.get('to')),
        subject: String(form.get('subject') ?? ''),
        message: String(form.get('message') ?? ''),
        send,
        ...(draft ? { draftId: draft.id } : {}),
      });
      toast.success(send ? t('sent') : t('draftSaved'));
      dialog.current?.close();
      router.refresh();
    } catch {
      toast.error(t('sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        onClick={() => dialog.current?.showModal()}
        variant={draft ? 'outline' : 'primary'}
        data-testid={draft ? 'mail-edit-draft' : 'mail-compose'}
      >
        <PenLine aria-hidden="true" />
        {draft ? t('editDraft') : t('compose')}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={ids.title}
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-md bg-surface p-0 shadow-lg backdrop:bg-black/40"
      >
        <form
          onSubmit={(e) => submit(e, (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') !== 'draft')}
          className="flex flex-col gap-4 p-6"
        >
          <div className="flex items-center justify-between">
            <h2 id={ids.title} className="text-lg font-medium text-heading">
              {draft ? t('editDraft') : t('compose')}
            </h2>
            <Button variant="ghost" size="icon" onClick={() => dialog.current?.close()} aria-label={t('close')}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <div>
            <Label htmlFor={ids.to}>{t('to')}</Label>
            <select
              id={ids.to}
              name="to"
              required
              defaultValue={initialTo ?? ''}
              className="h-9.5 w-full rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none"
            >
              <option value="" disabled>
                {t('chooseRecipient')}
              </option>
              {recipients.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} &lt;{r.email}&gt;
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={ids.subject}>{t('subject')}</Label>
            <Input id={ids.subject} name="subject" required maxLength={200} defaultValue={draft?.subject} />
          </div>
          <div>
            <Label htmlFor={ids.message}>{t('message')}</Label>
            <textarea
              id={ids.message}
              name="message"
              rows={8}
              maxLength={20000}
              defaultValue={draft?.message}
              className="w-full rounded-md border border-border-strong bg-surface px-3.5 py-2 text-[15px] text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none"
            />
          </div>
          <div className="flex justify-end gap-3">
            <Button type="submit" variant="outline" value="draft" disabled={busy}>
              {t('saveDraft')}
            </Button>
            <Button type="submit" value="send" disabled={busy} data-testid="mail-send">
              <Send aria-hidden="true" />
              {t('send')}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
