import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { FollowUpLink } from '@/components/workspace/follow-up-link';
import { PaymentsTable } from '@/components/servicing/payments-table';
import { TrailHeader } from '@/components/shell/trail-header';
import { PaymentStrip, StripLegend } from '@/components/servicing/strip';
import { Amount } from '@/components/ui/amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import { isApiError } from '@/services/servicing/route-helpers';
import { canSee } from '@/lib/navigation';
import { formatDecimal, formatIsoDate, formatPercent } from '@/lib/format';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { lesseeBehaviourScreen } from '@/services/servicing/behaviour-screen';
import { idParam, isoDateParam } from '@/lib/validations/common';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';

type Props = {
  params: Promise<{ locale: string; lesseeId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'servicing' });
  return { title: t('lessee.metaTitle') };
}

/** One lessee's servicing: behaviour per currency with the strip, its leases' delinquency and its payments. */
export default async function LesseeServicingPage({ params, searchParams }: Props) {
  const { locale, lesseeId: rawId } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('servicing');
  const tn = await getTranslations('nav');
  const access = await guardPage(locale, { scope: 'read:funders', title: t('lessee.metaTitle') });
  if (!access.ok) return access.forbidden;
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  const sp = await searchParams;
  const asOfParsed = isoDateParam.safeParse(sp.asOf);
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  let data;
  try {
    data = await lesseeBehaviourScreen(db, funder.id, id.data, { asOf: asOfParsed.success ? asOfParsed.data : undefined }, requestClock());
  } catch (e) {
    if (isApiError(e, 'not_found')) notFound();
    throw e;
  }
  const canWrite = canSee(access.principal.scopes, 'write:funders');
  const current = t('buckets.current');
  const { lessee, asOf } = data;

  return (
    <ClientMessages namespaces={['servicing.reverse']}>
      <>
        <TrailHeader
          section={{ nav: 'servicing' }}
          trail={[{ label: tn('clientsBehavior'), href: '/servicing/clients-behavior' }, { label: lessee.name }]}
          title={lessee.name}
          description={t('lessee.subtitle', {
            idOdoo: lessee.idOdoo ?? '—',
            country: lessee.country,
            asOf: formatIsoDate(format, asOf, 'long'),
          })}
          actions={<FollowUpLink target={{ lesseeId: lessee.id }} name={lessee.name} />}
        />
        <div className="mb-6 grid gap-6 xl:grid-cols-2">
          {data.behaviour.map((b) => (
            <Card key={b.currency} data-testid={`behaviour-${b.currency}`}>
              <CardHeader>
                <CardTitle>{t('lessee.behaviourIn', { currency: b.currency })}</CardTitle>
                <CardDescription>{t('lessee.leasesCount', { count: b.leases, active: b.activeLeases })}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-[13px] sm:grid-cols-3">
                  {[
                    [t('columns.instalmentsDue'), formatDecimal(format, b.instalmentsDue)],
                    [t('columns.paidOnTime'), formatDecimal(format, b.paidOnTime)],
                    [t('columns.paidLate'), formatDecimal(format, b.paidLate)],
                    [t('columns.unpaidOverdue'), formatDecimal(format, b.unpaidOverdue)],
                    [t('columns.onTimeRate'), b.onTimeRate === null ? '—' : formatPercent(format, b.onTimeRate, 1)],
                    [t('columns.averageDaysLate'), b.averageDaysLate === null ? '—' : formatDecimal(format, b.averageDaysLate, 1)],
                    [t('columns.maxDaysLate'), formatDecimal(format, b.maxDaysLate)],
                    [t('columns.dpd'), formatDecimal(format, b.dpd)],
                    [t('columns.bucket'), bucketLabel(b.bucket, current)],
                    [t('columns.lastPayment'), b.lastPaymentDate ? formatIsoDate(format, b.lastPaymentDate) : '—'],
                  ].map(([k, v]) => (
                    <div key={k} className="flex justify-between gap-2 border-b border-border py-1">
                      <dt>{k}</dt>
                      <dd className="tabular text-heading">{v}</dd>
                    </div>
                  ))}
                  <div className="flex justify-between gap-2 border-b border-border py-1">
                    <dt>{t('columns.arrearsTotal')}</dt>
                    <dd>
                      <Amount minor={b.arrearsTotal} currency={b.currency} />
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2 border-b border-border py-1">
                    <dt>{t('columns.credit')}</dt>
                    <dd>
                      <Amount minor={b.credit} currency={b.currency} />
                    </dd>
                  </div>
                </dl>
                <div className="grid gap-2">
                  <PaymentStrip strip={b.strip} />
                  <StripLegend />
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
        <Card className="mb-6">
          <CardHeader>
            <CardTitle>{t('lessee.leases')}</CardTitle>
          </CardHeader>
          <div className="overflow-auto">
            <table className="w-full text-[13px]">
              <thead className="bg-surface shadow-[0_1px_0_var(--color-border)]">
                <tr className="text-left">
                  <th scope="col" className="px-3 py-2">
                    {t('columns.contract')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('columns.status')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('columns.dpd')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('columns.bucket')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('columns.arrearsNet')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('columns.arrearsVat')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('columns.arrearsTotal')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('columns.outstanding')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.leases.map((r) => (
                  <tr key={r.key} className="h-8 border-t border-border">
                    <td className="px-3 py-1">
                      <Link href={`/master-file/${r.leaseId}`} className="text-primary-strong hover:underline focus-visible:underline">
                        {r.contractNumber}
                      </Link>
                    </td>
                    <td className="px-3 py-1">{r.status ? t(`statuses.${r.status}`) : '—'}</td>
                    <td className="tabular px-3 py-1 text-right">{formatDecimal(format, r.dpd)}</td>
                    <td className="px-3 py-1">{bucketLabel(r.bucket, current)}</td>
                    <td className="px-3 py-1 text-right">
                      <Amount minor={r.arrearsNet} currency={r.currency} />
                    </td>
                    <td className="px-3 py-1 text-right">
                      <Amount minor={r.arrearsVat} currency={r.currency} />
                    </td>
                    <td className="px-3 py-1 text-right">
                      <Amount minor={r.arrearsTotal} currency={r.currency} />
                    </td>
                    <td className="px-3 py-1 text-right">
                      <Amount minor={r.outstandingPrincipal} currency={r.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('lessee.payments')}</CardTitle>
            <CardDescription>
              <Link
                href={{ pathname: '/servicing/payments', query: { lessee: String(lessee.id) } }}
                className="text-primary-strong hover:underline"
              >
                {t('lessee.allPayments')}
              </Link>
            </CardDescription>
          </CardHeader>
          <PaymentsTable rows={data.payments} funderId={funder.id} canWrite={canWrite} />
        </Card>
      </>
    </ClientMessages>
  );
}
