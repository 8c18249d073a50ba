import { ScrollText, UsersRound } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { FunderSettingsForm } from '@/components/settings/funder-settings-form';
import { CreditSettingsForm } from '@/components/settings/credit-settings-form';
import { DEFAULT_BUCKET, parseProvisionMatrix, provisionRate } from '@/lib/credit';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { bucketsFor } from '@/lib/servicing';
import { ErpCard } from '@/components/settings/erp-card';
import { FundersCard } from '@/components/settings/funders-card';
import { FunderProposalsCard } from '@/components/settings/funder-proposals-card';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { buttonClasses } from '@/components/ui/button';
import { getDb } from '@/db';
import { listFunders } from '@/db/queries/funders';
import { listFunderProposals } from '@/db/queries/funder-proposals';
import { lastQuotationSyncAt } from '@/db/queries/quotations';
import { ERP_ENV_VARS, odooConfigFromEnv } from '@/lib/connectors/erp';
import { testErpConnection } from './erp-actions';
import { Link } from '@/i18n/navigation';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { toFunderSettings } from '@/lib/validations/funders';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = metadataFor('settings');

/**
 * Settings (admin): the parameters of the active funder, the changes of them waiting for a second admin (four eyes),
 * and the list of funders with adding one.
 */
export default async function SettingsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'settings');
  if (!access.ok) return access.forbidden;

  const db = getDb();
  const active = toFunderSettings(await getActiveFunder(db));
  const funders = (await listFunders(db)).map(toFunderSettings);
  const t = await getTranslations('settings');
  const ta = await getTranslations('access');
  const tc = await getTranslations('credit');
  const odoo = odooConfigFromEnv();
  // Never the API key: only where the ERP is and as whom QUANTUM signs in.
  const erp = odoo ? { name: 'Odoo', host: new URL(odoo.url).host, database: odoo.db, user: odoo.user } : null;

  return (
    <ClientMessages namespaces={['numberInput', 'settings', 'credit']}>
      <>
        <PageHeader
          page="settings"
          description={t('subtitle', { funder: active.name })}
          actions={
            <div className="flex flex-wrap gap-2">
              <Link href="/settings/users" className={buttonClasses({ variant: 'outline' })}>
                <UsersRound aria-hidden="true" />
                {ta('settingsLink')}
              </Link>
              <Link href="/settings/audit" className={buttonClasses({ variant: 'outline' })}>
                <ScrollText aria-hidden="true" />
                {ta('audit.settingsLink')}
              </Link>
            </div>
          }
        />
        {/* A new data version (a save, or a change of the book) or another funder starts the form from the stored values. */}
        <FunderSettingsForm key={`${active.id}:${active.dataVersion}:${locale}`} funder={active} />
        <CreditSettingsForm
          key={`credit:${active.id}:${active.dataVersion}:${locale}`}
          funderId={active.id}
          currency={active.baseCurrency}
          values={{
            creditAbsRetail: active.creditAbsRetail,
            creditAbsOther: active.creditAbsOther,
            creditRelative: active.creditRelative,
            creditProbationMonths: active.creditProbationMonths,
            creditContagion: active.creditContagion,
            matrix: active.provisionMatrix,
            rates: [...bucketsFor(active.bucketEdges).map((b) => b.key), DEFAULT_BUCKET].map((key) => ({
              key,
              label: key === DEFAULT_BUCKET ? tc('buckets.default') : bucketLabel(key, tc('buckets.current')),
              rate: provisionRate(parseProvisionMatrix(JSON.stringify(active.provisionMatrix)), '*', key),
            })),
          }}
        />
        <div className="mt-8">
          <FunderProposalsCard
            proposals={await listFunderProposals(db, { funderId: active.id, status: 'pending' })}
            funderName={active.name}
            baseCurrency={active.baseCurrency}
            currentUserId={access.principal.user.id}
          />
        </div>
        <div className="mt-8">
          <FundersCard funders={funders} activeId={active.id} />
        </div>
        <div className="mt-8">
          <ErpCard
            connection={erp}
            envVars={ERP_ENV_VARS}
            lastSyncAt={await lastQuotationSyncAt(db, active.id)}
            onTest={testErpConnection}
          />
        </div>
      </>
    </ClientMessages>
  );
}
