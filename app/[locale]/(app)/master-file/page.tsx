import { Plus } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { LeaseTable } from '@/components/master-file/lease-table';
import { MasterFileTabs } from '@/components/master-file/master-file-tabs';
import { canSee } from '@/lib/navigation';
import { RegisterToolbar } from '@/components/master-file/register-toolbar';
import { parseRegisterParams, registerQueryString, viewQueryString } from '@/components/master-file/register-params';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Link, redirect } from '@/i18n/navigation';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { registerScreen, savedRegisterView } from '@/services/master-file/register-screen';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';
import { formatIsoDate } from '@/lib/format';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('masterFile');

/**
 * The lease register of the active funder: server-side search, filters, sort and paging, all in the
 * URL; column choice; per-currency totals of the whole filtered set; CSV/XLSX export of that set; the
 * user's saved views (`?view=<id>` applies one).
 */
export default async function MasterFilePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'masterFile');
  if (!access.ok) return access.forbidden;
  const clock = requestClock();

  const t = await getTranslations('masterFile');
  const db = getDb();
  const funder = await getActiveFunder(db);
  const state = parseRegisterParams(await searchParams);

  let missingView = false;
  if (state.viewId !== null) {
    const view = await savedRegisterView(db, access.principal, state.viewId);
    if (view) return redirect({ href: `/master-file${viewQueryString(view)}`, locale });
    missingView = true;
  }

  const { query, columns, filters } = state;
  // The page of leases with their status as shown today (derived, domain.md §8) and why, their outstanding principal at
  // the register's cut-off (the book engine's), the totals, the saved views.
  const format = await getFormatter();
  const screen = await registerScreen(db, access.principal, { ...query, funderId: funder.id }, clock, {
    t: (key, values) => t(key, values),
    format,
  });
  const { canWrite, views } = screen;
  const current = registerQueryString(filters, columns);
  const currentView = views.find((v) => viewQueryString(v) === current) ?? null;

  const exportQuery = new URLSearchParams({
    funderId: String(funder.id),
    locale,
    columns: columns.join(','),
    sort: query.sort,
    dir: query.dir,
  });
  if (query.q) exportQuery.set('q', query.q);
  if (filters.status) exportQuery.set('status', filters.status);
  if (filters.currency) exportQuery.set('currency', filters.currency);
  if (filters.assetType) exportQuery.set('assetType', filters.assetType);
  const exportHref = (format: 'csv' | 'xlsx') => `/api/leases/export?${exportQuery}&format=${format}`;

  return (
    <ClientMessages namespaces={['masterFile', 'onboarding.statuses']}>
      <>
        <PageHeader
          page="masterFile"
          description={t('register.description', { funder: funder.name })}
          actions={
            canWrite ? (
              <Link href="/master-file/new" className={buttonClasses()}>
                <Plus aria-hidden="true" />
                {t('register.newLease')}
              </Link>
            ) : null
          }
        />
        <MasterFileTabs active="register" canImport={canSee(access.principal.scopes, 'write:funders')} />
        {missingView ? (
          <Alert variant="warning" className="mb-4" role="status">
            {t('views.missing')}
          </Alert>
        ) : null}
        <p className="mb-3 text-[13px] text-body" data-testid="register-cut-off">
          {t('register.cutOff', { date: formatIsoDate(format, screen.cutOff, 'long'), today: formatIsoDate(format, screen.today, 'long') })}
        </p>
        <LeaseTable
          rows={screen.rows}
          total={screen.total}
          totals={screen.totals}
          page={query.page}
          perPage={query.perPage}
          sort={query.sort}
          dir={query.dir}
          exports={[
            { format: 'csv', label: t('export.csv'), href: exportHref('csv') },
            { format: 'xlsx', label: t('export.xlsx'), href: exportHref('xlsx') },
          ]}
          toolbar={
            <RegisterToolbar
              key={current}
              q={query.q}
              status={filters.status ?? ''}
              currency={filters.currency ?? ''}
              assetType={filters.assetType ?? ''}
              views={views.map((v) => ({ id: v.id, name: v.name }))}
              currentViewId={currentView?.id ?? null}
              columns={columns}
              filters={filters}
            />
          }
        />
      </>
    </ClientMessages>
  );
}
