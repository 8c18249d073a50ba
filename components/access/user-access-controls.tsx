'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useRouter } from '@/i18n/navigation';
import type { DirectoryUser, UpdateUserBody } from '@/lib/validations/users';
import { AccessSelect } from './access-selects';
import { readApiError } from './api-errors';

export type AccessErrorKey = 'lastAdmin' | 'notFound' | 'invalid' | 'generic';

/** What a refused change means to the user: the API answers codes, the screen translates them. */
export function accessErrorKey(status: number, code: string | undefined): AccessErrorKey {
  if (status === 409 || code === 'conflict') return 'lastAdmin';
  if (status === 404) return 'notFound';
  if (status === 400) return 'invalid';
  return 'generic';
}

/** PATCH /api/users/user?id= with one change; resolves to an error key or null. */
export async function patchUser(id: number, patch: UpdateUserBody): Promise<AccessErrorKey | null> {
  try {
    const res = await fetch(`/api/users/user?id=${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(patch),
    });
    if (res.ok) return null;
    return accessErrorKey(res.status, (await readApiError(res))?.code);
  } catch {
    return 'generic';
  }
}

/**
 * A select changing one user's role or status. A refused change (the last active admin: 409) snaps back
 * and the reason goes to `onError`; a role change revokes the user's sessions on the server.
 */
export function UserFieldSelect({
  user,
  field,
  compact,
  onError,
}: {
  user: DirectoryUser;
  field: 'role' | 'status';
  compact?: boolean;
  onError: (key: AccessErrorKey | null) => void;
}) {
  const t = useTranslations('access');
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  // The select shows the chosen value while the request runs, and the stored one again if it is refused.
  const [pending, setPending] = useState<string | null>(null);
  const name = user.fullName || user.username;

  const change = async (value: string) => {
    setBusy(true);
    setPending(value);
    onError(null);
    const error = await patchUser(user.id, { [field]: value } as UpdateUserBody);
    setBusy(false);
    setPending(null);
    if (error) {
      onError(error);
      return;
    }
    toast.success(t('saved', { name }));
    router.refresh();
  };

  return (
    <AccessSelect
      id={id}
      kind={field}
      label={t(field === 'role' ? 'row.changeRole' : 'row.changeStatus', { name })}
      hideLabel
      compact={compact}
      value={pending ?? user[field]}
      disabled={busy}
      onChange={change}
      name={`${field}-${user.id}`}
    />
  );
}
