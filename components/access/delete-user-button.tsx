'use client';

import { Trash2 } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/i18n/navigation';
import type { DirectoryUser } from '@/lib/validations/users';
import { readApiError } from './api-errors';
import { accessErrorKey, type AccessErrorKey } from './user-access-controls';

/**
 * Deletes a user after confirming in a modal dialog (the native <dialog>: focus moves into it, Escape
 * closes it). A refusal (the last active admin: 409) is reported through `onError`.
 */
export function DeleteUserButton({
  user,
  onError,
  afterDelete,
  iconOnly,
}: {
  user: DirectoryUser;
  onError: (key: AccessErrorKey | null) => void;
  afterDelete?: string;
  iconOnly?: boolean;
}) {
  const t = useTranslations('access');
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const name = user.fullName || user.username;

  const remove = async () => {
    setBusy(true);
    onError(null);
    try {
      const res = await fetch(`/api/apps/users/delete?id=${user.id}`, { method: 'DELETE' });
      dialog.current?.close();
      if (res.ok) {
        toast.success(t('delete.deleted', { name }));
        if (afterDelete) router.push(afterDelete);
        router.refresh();
        return;
      }
      onError(accessErrorKey(res.status, (await readApiError(res))?.code));
    } catch {
      dialog.current?.close();
      onError('generic');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant={iconOnly ? 'ghost' : 'outline'}
        size={iconOnly ? 'icon' : 'md'}
        onClick={() => dialog.current?.showModal()}
        aria-label={iconOnly ? t('row.delete', { name }) : undefined}
        data-testid={`delete-user-${user.id}`}
      >
        <Trash2 aria-hidden="true" />
        {iconOnly ? null : t('row.delete', { name })}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-md rounded-md border border-border bg-surface p-6 text-left whitespace-normal shadow-dropdown backdrop:bg-black/40"
      >
        <h2 id={titleId} className="text-lg font-medium text-heading">
          {t('delete.title')}
        </h2>
        <p className="mt-2 text-sm">{t('delete.body', { name, email: user.email })}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => dialog.current?.close()} autoFocus>
            {t('delete.cancel')}
          </Button>
          <Button variant="danger" onClick={remove} disabled={busy}>
            {t('delete.confirm')}
          </Button>
        </div>
      </dialog>
    </>
  );
}
