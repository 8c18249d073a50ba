import { getTranslations } from '@/i18n/translations';
import { todayIso } from '@/lib/clock';
import pkg from '@/package.json';

/** The static footer: copyright and the running version. */
export async function Footer() {
  const t = await getTranslations('shell');
  return (
    <footer className="px-4 pb-4 sm:px-6">
      <div className="flex flex-col gap-1 rounded-md px-1 py-3 text-[13px] sm:flex-row sm:items-center sm:justify-between">
        <p>{t('footer', { year: Number(todayIso().slice(0, 4)) })}</p>
        <p className="tabular">v{pkg.version}</p>
      </div>
    </footer>
  );
}
