'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRouter } from '@/i18n/navigation';

type Props = {
  userId: number;
  name: string;
  funders: { id: number; name: string }[];
  assigned: number[];
  /** An admin sees every funder whatever is assigned. */
  allFunders: boolean;
};

/** The funders a user may see and change (domain.md §12): tick, then save the whole set (PUT /api/users/{id}/funders). */
export function UserFundersCard({ userId, name, funders, assigned, allFunders }: Props) {
  const t = useTranslations('access');
  const router = useRouter();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(assigned));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const dirty = chosen.size !== assigned.length || assigned.some((id) => !chosen.has(id));

  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(`/api/users/${userId}/funders`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ funderIds: [...chosen].sort((a, b) => a - b) }),
      });
      if (!res.ok) throw new Error(String(res.status));
      toast.success(t('saved', { name }));
      router.refresh();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="user-funders">
      <CardHeader>
        <CardTitle>{t('funders.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {allFunders ? <Alert variant="info">{t('funders.admin')}</Alert> : <p>{t('funders.hint')}</p>}
        {failed ? (
          <Alert variant="danger" role="alert">
            {t('errors.generic')}
          </Alert>
        ) : null}
        <fieldset className="flex flex-col gap-2" disabled={busy}>
          <legend className="sr-only">{t('funders.title')}</legend>
          {funders.map((f) => (
            <label key={f.id} className="flex items-center gap-2">
              <input type="checkbox" checked={chosen.has(f.id)} onChange={() => toggle(f.id)} className="size-4 accent-primary" />
              {f.name}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="button" onClick={save} disabled={busy || !dirty}>
            {t('funders.save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
