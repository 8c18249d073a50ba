import { Pencil } from '@/lib/icons';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { QuotationActions } from '@/components/master-file/quotation-actions';
import { QuotationStatusBadge } from '@/components/master-file/status-badges';
import { SubPageHeader } from '@/components/master-file/sub-page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { Amount } from '@/components/ui/amount';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import { formatIsoDate, formatPercent, formatTimestamp } from '@/lib/format';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { quotationScreen } from '@/services/master-file/lease-screen';
import { idParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'onboarding' });
  return { title: t('number', { id }) };
}

/** A quotation: its terms, status, the allowed status moves, the ERP push and every status change with who and when. */
export default async function QuotationPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'masterFile');
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const screen = await quotationScreen(db, access.principal, { funderId: funder.id, id: id.data });
  if (!screen) notFound();
  const { quotation: q, history, canWrite } = screen;
  const t = await getTranslations('onboarding');
  const tm = await getTranslations('masterFile');
  const format = await getFormatter();
  const m = (minor: number) => <Amount minor={minor} currency={q.currency} />;
  const facts = [
    { label: tm('fields.lessee'), value: q.lesseeName },
    { label: tm('fields.assetType'), value: tm(`assetTypes.${q.assetType}`) },
    { label: tm('fields.condition'), value: tm(`conditions.${q.condition}`) },
    { label: tm('fields.assetDescription'), value: q.assetDescription || '—' },
    { label: tm('fields.price'), value: m(q.price) },
    { label: tm('fields.downPayment'), value: m(q.downPayment) },
    { label: tm('fields.residual'), value: m(q.residual) },
    { label: tm('fields.term'), value: tm('lease.termValue', { term: q.term, frequency: tm(`frequencies.${q.frequency}`) }) },
    { label: tm('fields.rate'), value: formatPercent(format, q.rate, 3) },
    { label: tm('fields.timing'), value: tm(`timings.${q.timing}`) },
    { label: tm('fields.instalment'), value: m(q.instalment) },
    { label: tm('fields.firstDueDate'), value: formatIsoDate(format, q.firstDueDate) },
    { label: tm('fields.vatRate'), value: `${formatPercent(format, q.vatRate, 1)} · ${tm(`vatRegimes.${q.vatRegime}`)}` },
    {
      label: tm('fields.fee'),
      value: (
        <>
          {m(q.fee)}
          {q.fee > 0 ? ` · ${q.feeFinanced ? tm('lease.feeFinanced') : tm('lease.feeUpfront')}` : ''}
        </>
      ),
    },
    {
      label: t('externalId'),
      value: q.externalId ? `${q.externalId} · ${formatTimestamp(format, q.lastSyncAt ?? q.updatedAt)}` : t('notSynced'),
    },
  ];

  return (
    <ClientMessages namespaces={['onboarding']}>
      <>
        <SubPageHeader
          trail={[{ label: t('title'), href: '/master-file/onboarding' }, { label: t('number', { id: q.id }) }]}
          title={
            <span className="flex flex-wrap items-center gap-3">
              {t('number', { id: q.id })} <QuotationStatusBadge status={q.status} />
            </span>
          }
          description={q.lesseeName}
          actions={
            canWrite && q.status === 'draft' ? (
              <Link href={`/master-file/onboarding/${q.id}/edit`} className={buttonClasses()}>
                <Pencil aria-hidden="true" />
                {t('edit')}
              </Link>
            ) : null
          }
        />
        <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
          <Card>
            <CardHeader>
              <CardTitle>{tm('lease.terms')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 sm:grid-cols-2">
                {facts.map((f) => (
                  <div key={f.label} className="grid grid-cols-[minmax(8rem,45%)_1fr] gap-3 border-b border-border py-2">
                    <dt className="font-medium text-heading">{f.label}</dt>
                    <dd className="min-w-0 break-words text-heading">{f.value}</dd>
                  </div>
                ))}
              </dl>
              {q.leaseId && q.leaseContractNumber ? (
                <p className="mt-4" data-testid="converted-lease">
                  {t('convertedTo')}{' '}
                  <Link href={`/master-file/${q.leaseId}`} className="font-medium text-primary-strong underline">
                    {q.leaseContractNumber}
                  </Link>
                </p>
              ) : null}
            </CardContent>
          </Card>
          <div className="flex flex-col gap-6">
            {canWrite ? (
              <Card>
                <CardHeader>
                  <CardTitle>{t('workflow')}</CardTitle>
                </CardHeader>
                <CardContent>
                  <QuotationActions
                    key={`${q.status}-${q.version}`}
                    quotationId={q.id}
                    funderId={funder.id}
                    status={q.status}
                    canWrite={canWrite}
                    erpConfigured={screen.erpConfigured}
                  />
                </CardContent>
              </Card>
            ) : null}
            <Card>
              <CardHeader>
                <CardTitle>{t('history')}</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="flex flex-col gap-3" data-testid="quotation-history">
                  {history.map((h) => (
                    <li key={h.id} className="rounded-md border border-border px-4 py-3">
                      <p className="text-heading">
                        <span className="font-medium">
                          {h.fromStatus
                            ? t('historyMove', { from: t(`statuses.${h.fromStatus}`), to: t(`statuses.${h.toStatus}`) })
                            : t('historyCreated')}
                        </span>
                      </p>
                      <p className="text-[13px]">
                        {tm('history.by', { name: h.userName ?? tm('history.system') })} ·{' '}
                        <time dateTime={new Date(h.at).toISOString()}>{formatTimestamp(format, h.at)}</time>
                      </p>
                      {h.note ? <p className="mt-1 text-[13px] text-heading">{h.note}</p> : null}
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </div>
        </div>
      </>
    </ClientMessages>
  );
}
