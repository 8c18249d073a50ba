import { Download } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { buttonClasses } from '@/components/ui/button';

/** CSV and XLSX download links of an export endpoint (the session cookie authenticates them); `testId`-csv / -xlsx name them for tests. */
export async function ExportLinks({
  endpoint,
  query,
  testId = 'export',
}: {
  endpoint: string;
  query: Record<string, string>;
  testId?: string;
}) {
  const t = await getTranslations('reports');
  const href = (format: string) => `${endpoint}?${new URLSearchParams({ ...query, format }).toString()}`;
  return (
    <div className="flex gap-2">
      {(['csv', 'xlsx'] as const).map((f) => (
        <a key={f} href={href(f)} download className={buttonClasses({ variant: 'outline', size: 'sm' })} data-testid={`${testId}-${f}`}>
          <Download aria-hidden="true" />
          {t(`export.${f}`)}
        </a>
      ))}
    </div>
  );
}
