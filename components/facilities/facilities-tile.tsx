import { Landmark } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { CovenantBadge } from '@/components/facilities/covenant-badge';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import type { CovenantStatus } from '@/lib/domain/facilities';

type Item = { id: number; name: string; currency: string; availability: number; status: CovenantStatus | null };

/** Dashboard: availability per facility and the number of covenants in Warning or Breach (nothing when the funder has no facility). */
export async function FacilitiesTile({ items, alerts }: { items: Item[]; alerts: number }) {
  if (items.length === 0) return null;
  const t = await getTranslations('facilities');
  return (
    <Card className="mt-6" data-testid="facilities-tile">
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <Landmark className="size-4" aria-hidden="true" />
            {t('dashboard.title')}
          </span>
        </CardTitle>
        <CardDescription data-testid="facilities-alerts">{t('dashboard.alerts', { count: alerts })}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-[13px] sm:grid-cols-2 xl:grid-cols-3">
          {items.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-3">
              <Link href={`/portfolio/facilities/${i.id}`} className="text-primary underline-offset-2 hover:underline">
                {i.name}
              </Link>
              <span className="flex items-center gap-2">
                <Amount minor={i.availability} currency={i.currency} />
                <CovenantBadge status={i.status} label={t(`status.${i.status ?? 'none'}`)} />
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
