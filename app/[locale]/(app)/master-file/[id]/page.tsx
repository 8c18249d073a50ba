import { Download, Pencil } from '@/lib/icons';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { CashFlowChart } from '@/components/master-file/cash-flow-chart';
import { DeleteLeaseButton } from '@/components/master-file/delete-lease-button';
import { LeaseHistory, LeaseTermsCard, LeaseValuationCard, ScheduleTable } from '@/components/master-file/lease-detail';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { FollowUpLink } from '@/components/workspace/follow-up-link';
import { guardPage } from '@/app/[locale]/prelude';
import { AuditTable } from '@/components/access/audit-table';
import { LeasePaymentsCard } from '@/components/servicing/lease-payments-card';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import { formatIsoDate } from '@/lib/format';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { leaseScreen } from '@/services/master-file/lease-screen';
import { auditWordsOf, describeAuditEntries } from '@/services/audit/trail';
import { idParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'masterFile.lease' });
  return { title: t('metaTitle', { id }) };
}

/** One lease: terms, valuation at the default cut-off, cash-flow chart, full schedule and history. 404 for another funder's. */
export default async function LeasePage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'masterFile');
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const clock = requestClock();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const t = await getTranslations('masterFile');
  const format = await getFormatter();
  // The lease as its page shows it today: terms, status and why, valuation, schedule, servicing, history, audit.
  const screen = await leaseScreen(db, access.principal, { funderId: funder.id, id: id.data }, clock, {
    t: (key, values) => t(key, values),
    format,
  });
  if (!screen) notFound();
  const { lease, canWrite, schedule: rows, audit: auditRows } = screen;
  const ta = await getTranslations('access');
  // The lease's audit history in the viewer's words, by the Audit screen's formatter.
  const auditWords = auditWordsOf(await getTranslations({ locale, namespace: 'access.audit' }), format);
  const exportHref = (format: 'csv' | 'xlsx') =>
    `/api/leases/${lease.id}/schedule/export?funderId=${screen.funderId}&locale=${locale}&format=${format}`;

  return (
    <ClientMessages namespaces={['numberInput', 'masterFile.lease', 'servicing.methods', 'servicing.record', 'servicing.reverse']}>
      <>
        <SubPageHeader
          trail={[{ label: lease.contractNumber }]}
          title={t('lease.title', { contractNumber: lease.contractNumber })}
          description={`${lease.lesseeName} · ${t(`assetTypes.${lease.assetType}`)}${lease.assetDescription ? ` · ${lease.assetDescription}` : ''}`}
          actions={
            canWrite ? (
              <>
                <FollowUpLink target={{ leaseId: lease.id }} name={lease.contractNumber} />
                <Link href={`/master-file/${lease.id}/edit`} className={buttonClasses()}>
                  <Pencil aria-hidden="true" />
                  {t('lease.edit')}
                </Link>
                <a href="#payments" className={buttonClasses({ variant: 'outline' })}>
                  {(await getTranslations('servicing'))('record.title')}
                </a>
                <DeleteLeaseButton leaseId={lease.id} funderId={screen.funderId} contractNumber={lease.contractNumber} />
              </>
            ) : (
              <FollowUpLink target={{ leaseId: lease.id }} name={lease.contractNumber} />
            )
          }
        />
        <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
          <LeaseTermsCard
            lease={lease}
            shownStatus={screen.shownStatus}
            statusNote={screen.statusNote}
            lesseeKind={{ kind: screen.lesseeKind, funderId: canWrite ? screen.funderId : null }}
          />
          <LeaseValuationCard
            lease={lease}
            valuation={screen.valuation}
            cutOff={screen.cutOff}
            purchasePrice={screen.purchasePrice}
            writtenOffOn={screen.writtenOffOn}
          />
        </div>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>{t('chart.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <CashFlowChart
              points={rows.map((r) => ({ dueDate: r.dueDate, instalment: r.instalment, balance: r.balanceAfter }))}
              currency={lease.currency}
              labels={{
                instalment: t('chart.instalment'),
                balance: t('chart.balance'),
                caption: t('chart.caption', {
                  count: rows.length,
                  first: formatIsoDate(format, rows[0]?.dueDate ?? lease.firstDueDate),
                  last: formatIsoDate(format, rows.at(-1)?.dueDate ?? lease.firstDueDate),
                }),
              }}
            />
          </CardContent>
        </Card>
        <Card className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-3 px-6 pt-6 pb-4">
            <CardTitle>{t('schedule.title')}</CardTitle>
            <div className="flex gap-2">
              {(['csv', 'xlsx'] as const).map((f) => (
                <a key={f} href={exportHref(f)} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  <Download aria-hidden="true" />
                  {t(`export.${f}`)}
                </a>
              ))}
            </div>
          </div>
          <CardContent>
            <ScheduleTable
              lease={lease}
              rows={rows}
              totals={screen.scheduleTotals}
              residualDueDate={screen.residualDueDate}
              rebase={screen.rebase}
            />
          </CardContent>
        </Card>
        <LeasePaymentsCard lease={lease} funderId={screen.funderId} canWrite={canWrite} {...screen.servicing} />
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>{t('history.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <LeaseHistory entries={screen.history} currency={lease.currency} />
          </CardContent>
        </Card>
        <Card className="mt-6" data-testid="lease-audit">
          <CardHeader>
            <CardTitle>{ta('audit.leaseHistory')}</CardTitle>
          </CardHeader>
          <CardContent>
            <AuditTable
              rows={describeAuditEntries(auditRows, auditWords)}
              total={auditRows.length}
              page={1}
              perPage={auditRows.length || 1}
              compact
            />
          </CardContent>
        </Card>
      </>
    </ClientMessages>
  );
}
