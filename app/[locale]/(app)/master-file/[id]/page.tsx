import { Download, Pencil } from '@/lib/icons';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { getLeaseOfFunder, getLeaseScheduleTotals, listLeaseHistory } from '@/db/queries/lease-register';
import { getLeaseSchedule } from '@/db/queries/leases';
import { scheduleOfLease } from '@/db/queries/lease-terms';
import { CashFlowChart } from '@/components/master-file/cash-flow-chart';
import { DeleteLeaseButton } from '@/components/master-file/delete-lease-button';
import { LeaseHistory, LeaseTermsCard, LeaseValuationCard, ScheduleTable } from '@/components/master-file/lease-detail';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { FollowUpLink } from '@/components/workspace/follow-up-link';
import { guardPage } from '@/app/[locale]/prelude';
import { AuditTable } from '@/components/access/audit-table';
import { leaseAuditHistory } from '@/services/audit/trail';
import { LeasePaymentsCard } from '@/components/servicing/lease-payments-card';
import { leaseServicing } from '@/services/servicing/lease-servicing';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import { valuationRow } from '@/lib/finance';
import { formatIsoDate } from '@/lib/format';
import { statusNotes } from '@/services/master-file/status-notes';
import { getLessee } from '@/db/queries/lessees';
import { shownStatuses } from '@/services/master-file/register-status';
import { canSee } from '@/lib/navigation';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { defaultCutOff, valueBook } from '@/services/portfolio/valuation';
import { idParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { todayIso } from '@/lib/clock';
import { formatDate } from '@/lib/finance/dates';
import { NO_EXIT } from '@/lib/finance/pool';

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
  const db = getDb();
  const funder = await getActiveFunder(db);
  const lease = getLeaseOfFunder(db, funder.id, id.data);
  if (!lease) notFound();

  const t = await getTranslations('masterFile');
  const ta = await getTranslations('access');
  const auditRows = leaseAuditHistory(db, lease.id);
  const format = await getFormatter();
  const canWrite = canSee(access.principal.scopes, 'write:funders');
  const cutOff = defaultCutOff();
  const book = valueBook(db, funder.id, cutOff);
  const index = book.indexById.get(lease.id);
  const valuation = index === undefined ? null : valuationRow(book.valuation, index);
  const rows = getLeaseSchedule(db, lease.id);
  const history = listLeaseHistory(db, lease.id);
  const servicing = leaseServicing(db, funder.id, lease.id, todayIso());
  const dpd = servicing.state ? servicing.state.dpd : null;
  // The derived credit status (defaulted since …, in probation until …, unlikely to pay, written off) or a hand-set one.
  const statusNote = statusNotes(db, funder.id, [{ id: lease.id, status: lease.status, dpd }], (key, values) => t(key, values), format).get(
    lease.id,
  );
  const totals = getLeaseScheduleTotals(db, lease.id);
  const { residualDueDate } = scheduleOfLease(lease, funder.rateConvention);
  const exportHref = (format: 'csv' | 'xlsx') =>
    `/api/leases/${lease.id}/schedule/export?funderId=${funder.id}&locale=${locale}&format=${format}`;

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
                <DeleteLeaseButton leaseId={lease.id} funderId={funder.id} contractNumber={lease.contractNumber} />
              </>
            ) : (
              <FollowUpLink target={{ leaseId: lease.id }} name={lease.contractNumber} />
            )
          }
        />
        <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
          <LeaseTermsCard
            lease={lease}
            shownStatus={shownStatuses(db, funder.id, [lease]).get(lease.id)!}
            statusNote={statusNote}
            lesseeKind={{ kind: getLessee(db, lease.lesseeId)?.kind ?? 'corporate', funderId: canWrite ? funder.id : null }}
          />
          <LeaseValuationCard
            lease={lease}
            valuation={valuation}
            cutOff={cutOff}
            purchasePrice={index === undefined ? null : book.purchasePrice[index]!}
            writtenOffOn={index === undefined || book.exitDay[index] === NO_EXIT ? null : formatDate(book.exitDay[index]!)}
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
            <ScheduleTable lease={lease} rows={rows} totals={totals} residualDueDate={residualDueDate} />
          </CardContent>
        </Card>
        <LeasePaymentsCard lease={lease} funderId={funder.id} canWrite={canWrite} {...servicing} />
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>{t('history.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <LeaseHistory entries={history} currency={lease.currency} />
          </CardContent>
        </Card>
        <Card className="mt-6" data-testid="lease-audit">
          <CardHeader>
            <CardTitle>{ta('audit.leaseHistory')}</CardTitle>
          </CardHeader>
          <CardContent>
            <AuditTable rows={auditRows} total={auditRows.length} page={1} perPage={auditRows.length || 1} compact />
          </CardContent>
        </Card>
      </>
    </ClientMessages>
  );
}
