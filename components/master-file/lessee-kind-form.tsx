'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/i18n/navigation';
import { LESSEE_KIND_VALUES, type LesseeKind } from '@/lib/validations/leases';

const selectClasses = 'h-8 rounded-md border border-border-strong bg-surface px-2 text-sm text-heading';

/**
 * The lessee's kind (retail or non-retail: the absolute materiality threshold of its leases, domain.md §8), changed
 * through PATCH /api/lessees/[id]; the page then shows the credit status recomputed with the new threshold.
 */
export function LesseeKindForm({
  funderId,
  lesseeId,
  lesseeName,
  kind,
}: {
  funderId: number;
  lesseeId: number;
  lesseeName: string;
  kind: LesseeKind;
}) {
  const t = useTranslations('masterFile.lease.lesseeKind');
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState<LesseeKind>(kind);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/lessees/${lesseeId}?funderId=${funderId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: value }),
      });
      if (res.ok) {
        toast.success(t('saved', { lessee: lesseeName, kind: t(`kinds.${value}`) }));
        router.refresh();
      } else toast.error(t('failed'));
    } catch {
      toast.error(t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-wrap items-center gap-2"
      data-testid="lessee-kind-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <select id={id} className={selectClasses} value={value} onChange={(e) => setValue(e.target.value as LesseeKind)}>
        {LESSEE_KIND_VALUES.map((k) => (
          <option key={k} value={k}>
            {t(`kinds.${k}`)}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={busy || value === kind}>
        {t('save')}
      </Button>
    </form>
  );
}
