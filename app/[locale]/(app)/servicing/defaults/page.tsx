import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { Download, ShieldCheck } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import type { ReactNode } from 'react';
import { getDb } from '@/db';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { guardPage } from '@/app/[locale]/prelude';
import { DecideWriteOffButtons, ProposeWriteOffButton, RecoveryForm, UnflagButton, UtpFlagForm } from '@/components/credit/credit-actions';
import { FilterForm } from '@/components/portfolio/filter-form';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Amount } from '@/components/ui/amount';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label } from '@/components/ui/input';
import { Link } from '@/i18n/navigation';
import { creditNoteText, creditSettingsOf } from '@/lib/credit';
import { requestClock } from '@/lib/clock';
import { formatDecimal, formatIsoDate, formatMoney, formatPercent } from '@/lib/format';
import { bucketLabel } from '@/lib/servicing/view-keys';
import { isoDateParam } from '@/lib/validations/common';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { creditScreen } from '@/services/credit/screen';
import type { CreditTable } from '@/services/credit/export-columns';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('creditLosses');

const PATH = '/servicing/defaults';
const TH = 'px-3 py-2';
const TD = 'px-3 py-1';
const MEASURES = [
  'currency',
  'defaultedLeases',
  'defaultedExposure',
  'grossLoss',
  'recoveries',
  'netLoss',
  'recoveryRate',
  'severity',
  'cumulativeNetLoss',
];
/** Columns of numbers and money: right-aligned. */
const NUMERIC = new Set(['creditDpd', 'pastDue', 'exposure', 'amount', 'balance', 'leases', 'rate', 'ecl', ...MEASURES.slice(1)]);

/** Servicing → Defaults & losses (domain.md §8): defaults with their reason, flags, write-offs under four eyes, recoveries, the loss ledger, measures and the IFRS 9 ECL. */
export default async function DefaultsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'creditLosses');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('credit');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const sp = await searchParams;
  const parsed = isoDateParam.safeParse(typeof sp.asOf === 'string' ? sp.asOf : undefined);
  const asOf = parsed.success ? parsed.data : requestClock().today;
  const screen = await creditScreen(db, funder.id, asOf);
  const settings = creditSettingsOf(funder);
  const canWrite = access.principal.scopes.includes('write:funders');
  const me = access.principal.user.id;
  const tt = (key: string, values?: Record<string, string | number>) => t(key, values);
  const bucket = (k: string) => (k === 'default' ? t('buckets.default') : bucketLabel(k, t('buckets.current')));
  /** The column heads of a table, by `columns.*` message key. */
  const cols = (...keys: string[]): ListColumn[] =>
    keys.map((k) => ({ key: k, label: t(`columns.${k}`), className: NUMERIC.has(k) ? `${TH} text-right` : TH }));
  const pct = (v: number | null) => (v === null ? '—' : formatPercent(format, v));

  const exports = (table: CreditTable) => (
    <div className="flex gap-2">
      {(['csv', 'xlsx'] as const).map((f) => (
        <a
          key={f}
          href={`/api/credit/export?${new URLSearchParams({ funderId: String(funder.id), asOf, table, format: f, locale }).toString()}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          download
          data-testid={`export-${table}-${f}`}
        >
          <Download aria-hidden="true" />
          {t(`export.${f}`)}
        </a>
      ))}
    </div>
  );
  const section = (table: CreditTable, title: string, hint: string | null, body: ReactNode, extra?: ReactNode) => (
    <Card className="mb-6" data-testid={`credit-${table}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>{title}</CardTitle>
          {hint ? <CardDescription>{hint}</CardDescription> : null}
        </div>
        {exports(table)}
      </CardHeader>
      {extra ? <CardContent className="pb-4">{extra}</CardContent> : null}
      {body}
    </Card>
  );
  const empty = (text: string) => (
    <EmptyState icon={ShieldCheck} title={text}>
      {null}
    </EmptyState>
  );

  return (
    <ClientMessages namespaces={['credit', 'numberInput']}>
      <PageHeader
        help="defaults"
        asOf={{ date: asOf, kind: 'asOf' }}
        page="creditLosses"
        description={t('subtitle', { funder: funder.name, asOf: formatIsoDate(format, asOf, 'long') })}
      />
      <Card className="mb-6">
        <CardContent className="pt-5 pb-5">
          <FilterForm pathname={PATH} keep={{}} aria-label={t('asOf')} className="flex flex-wrap items-end gap-4">
            <div className="w-44">
              <Label htmlFor="asOf">{t('asOf')}</Label>
              <Input id="asOf" name="asOf" type="date" defaultValue={asOf} className="h-8.5 text-sm" />
            </div>
          </FilterForm>
        </CardContent>
      </Card>

      <div className="mb-6 grid gap-4 sm:grid-cols-2" data-testid="credit-tiles">
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-[15px]">{t('tiles.ecl')}</CardTitle>
            <CardDescription>{t('tiles.eclHint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1 text-[13px]">
            {screen.eclTotals.map((e) => (
              <div key={e.currency} className="flex justify-between gap-2" data-testid={`ecl-total-${e.currency}`}>
                <span>{e.currency}</span>
                <Amount minor={e.ecl} currency={e.currency} />
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-[15px]">{t('tiles.defaulted')}</CardTitle>
            <CardDescription>{t('tiles.defaultedHint', { count: screen.defaults.length })}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1 text-[13px]">
            {screen.measures
              .filter((m) => m.defaultedLeases > 0)
              .map((m) => (
                <div key={m.currency} className="flex justify-between gap-2">
                  <span>{m.currency}</span>
                  <Amount minor={m.defaultedExposure} currency={m.currency} />
                </div>
              ))}
          </CardContent>
        </Card>
      </div>

      {section(
        'defaults',
        t('defaults.title'),
        t('defaults.hint', {
          absolute: formatMoney(format, settings.absoluteRetail, funder.baseCurrency),
          absoluteOther: formatMoney(format, settings.absoluteOther, funder.baseCurrency),
          relative: formatPercent(format, settings.relative),
          months: settings.probationMonths,
        }),
        screen.defaults.length === 0 ? (
          empty(t('defaults.empty'))
        ) : (
          <ListTable
            columns={cols('contract', 'lessee', 'reason', 'creditDpd', 'pastDue', 'exposure', 'actions')}
            testId="defaults-table"
            region="max-h-[60vh] overflow-auto"
            hover
          >
            {screen.defaults.map((r) => (
              <tr key={r.leaseId} className="h-8 hover:bg-surface-muted" data-testid={`default-${r.contractNumber}`}>
                <td className={`${TD} whitespace-nowrap`}>
                  <Link href={`/master-file/${r.leaseId}`} className="text-primary-strong hover:underline focus-visible:underline">
                    {r.contractNumber}
                  </Link>
                </td>
                <td className={`${TD} max-w-56 truncate`} title={r.lesseeName}>
                  {r.lesseeName}
                </td>
                <td className={TD} data-testid="credit-note">
                  {creditNoteText(tt, format, r)}
                </td>
                <td className={`tabular ${TD} text-right`}>{formatDecimal(format, r.creditDpd)}</td>
                <td className={`${TD} text-right`}>
                  <Amount minor={r.pastDue} currency={r.currency} />
                </td>
                <td className={`${TD} text-right`}>
                  <Amount minor={r.exposure} currency={r.currency} />
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  {r.pendingWriteOffId !== null ? (
                    <span>{t('writeOffs.pending')}</span>
                  ) : canWrite ? (
                    <ProposeWriteOffButton
                      funderId={funder.id}
                      leaseId={r.leaseId}
                      contract={r.contractNumber}
                      exposure={r.exposure}
                      currency={r.currency}
                      asOf={asOf}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </ListTable>
        ),
      )}

      {section(
        'flags',
        t('flags.title'),
        null,
        screen.flags.length === 0 ? (
          empty(t('flags.empty'))
        ) : (
          <ListTable
            columns={cols('contract', 'lessee', 'flaggedOn', 'reason', 'flaggedBy', 'actions')}
            testId="flags-table"
            region="overflow-auto"
            hover
          >
            {screen.flags.map((f) => (
              <tr key={f.id} className="h-8" data-testid={`flag-${f.contractNumber}`}>
                <td className={`${TD} whitespace-nowrap`}>{f.contractNumber}</td>
                <td className={TD}>{f.lesseeName}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatIsoDate(format, f.flaggedOn)}</td>
                <td className={TD}>{f.kind === 'utp' ? f.reason : `${t('ecl.stage', { stage: 2 })}: ${f.reason}`}</td>
                <td className={TD}>{f.flaggedByEmail ?? '—'}</td>
                <td className={TD}>{canWrite && f.kind === 'utp' ? <UnflagButton funderId={funder.id} leaseId={f.leaseId} /> : null}</td>
              </tr>
            ))}
          </ListTable>
        ),
        canWrite ? <UtpFlagForm funderId={funder.id} /> : undefined,
      )}

      {section(
        'writeOffs',
        t('writeOffs.title'),
        t('writeOffs.hint'),
        screen.writeOffs.length === 0 ? (
          empty(t('writeOffs.empty'))
        ) : (
          <ListTable
            columns={cols('contract', 'date', 'amount', 'status', 'proposedBy', 'decidedBy', 'actions')}
            testId="write-offs-table"
            region="overflow-auto"
            hover
          >
            {screen.writeOffs.map((w) => (
              <tr key={w.id} className="h-8" data-testid={`write-off-${w.contractNumber}`}>
                <td className={`${TD} whitespace-nowrap`}>{w.contractNumber}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatIsoDate(format, w.writeOffOn)}</td>
                <td className={`${TD} text-right`}>
                  <Amount minor={w.amount} currency={w.currency} />
                </td>
                <td className={TD} data-testid="write-off-status">
                  {t(`writeOffStatus.${w.status}`)}
                </td>
                <td className={TD}>{w.proposedByEmail ?? '—'}</td>
                <td className={TD}>{w.decidedByEmail ?? '—'}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  {canWrite && w.status === 'proposed' ? (
                    <DecideWriteOffButtons
                      id={w.id}
                      mine={w.proposedBy === me}
                      contract={w.contractNumber}
                      amount={w.amount}
                      currency={w.currency}
                      writeOffOn={w.writeOffOn}
                      proposedBy={w.proposedByEmail}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </ListTable>
        ),
      )}

      {section(
        'recoveries',
        t('recoveries.title'),
        null,
        screen.recoveries.length === 0 ? (
          empty(t('recoveries.empty'))
        ) : (
          <ListTable
            columns={cols('contract', 'date', 'kind', 'amount', 'reference')}
            testId="recoveries-table"
            region="overflow-auto"
            hover
          >
            {screen.recoveries.map((r) => (
              <tr key={r.id} className="h-8">
                <td className={`${TD} whitespace-nowrap`}>{r.contractNumber}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatIsoDate(format, r.receivedOn)}</td>
                <td className={TD}>{t(`recoveryKind.${r.kind}`)}</td>
                <td className={`${TD} text-right`}>
                  <Amount minor={r.amount} currency={r.currency} />
                </td>
                <td className={TD}>{r.reference}</td>
              </tr>
            ))}
          </ListTable>
        ),
        canWrite ? <RecoveryForm funderId={funder.id} /> : undefined,
      )}

      {section(
        'ledger',
        t('ledger.title'),
        t('ledger.hint'),
        screen.ledger.length === 0 ? (
          empty(t('ledger.empty'))
        ) : (
          <ListTable
            columns={cols('date', 'entry', 'contract', 'amount', 'balance')}
            testId="ledger-table"
            region="max-h-[60vh] overflow-auto"
            hover
          >
            {screen.ledger.map((e) => (
              <tr key={`${e.kind}-${e.id}`} className="h-8">
                <td className={`${TD} whitespace-nowrap`}>{formatIsoDate(format, e.date)}</td>
                <td className={TD}>{t(`ledgerKind.${e.kind}`)}</td>
                <td className={`${TD} whitespace-nowrap`}>{e.contractNumber}</td>
                <td className={`${TD} text-right`}>
                  <Amount minor={e.kind === 'write_off' ? e.amount : -e.amount} currency={e.currency} inflow={e.kind === 'recovery'} />
                </td>
                <td className={`${TD} text-right`}>
                  <Amount minor={e.balance} currency={e.currency} />
                </td>
              </tr>
            ))}
          </ListTable>
        ),
      )}

      {section(
        'measures',
        t('measures.title'),
        t('measures.hint'),
        <ListTable columns={cols(...MEASURES)} testId="measures-table" region="overflow-auto" hover>
          {screen.measures.map((m) => (
            <tr key={m.currency} className="h-8" data-testid={`measures-${m.currency}`}>
              <td className={TD}>{m.currency}</td>
              <td className={`tabular ${TD} text-right`}>{formatDecimal(format, m.defaultedLeases)}</td>
              <td className={`${TD} text-right`}>
                <Amount minor={m.defaultedExposure} currency={m.currency} />
              </td>
              <td className={`${TD} text-right`}>
                <Amount minor={m.grossLoss} currency={m.currency} />
              </td>
              <td className={`${TD} text-right`}>
                <Amount minor={m.recoveries} currency={m.currency} />
              </td>
              <td className={`${TD} text-right`}>
                <Amount minor={m.netLoss} currency={m.currency} />
              </td>
              <td className={`tabular ${TD} text-right`}>{pct(m.recoveryRate)}</td>
              <td className={`tabular ${TD} text-right`}>{pct(m.severity)}</td>
              <td className={`tabular ${TD} text-right`}>{pct(m.cumulativeNetLossRate)}</td>
            </tr>
          ))}
        </ListTable>,
      )}

      {section(
        'ecl',
        t('ecl.title'),
        t('ecl.hint'),
        <ListTable
          columns={cols('currency', 'stage', 'bucket', 'leases', 'exposure', 'rate', 'ecl')}
          testId="ecl-table"
          region="overflow-auto"
          hover
          footer={screen.eclTotals.flatMap((e) => [
            <tr key={`total-${e.currency}`} className="h-8 font-medium">
              <th scope="row" colSpan={4} className={`${TD} text-left`}>
                {t('ecl.total', { currency: e.currency })}
              </th>
              <td className={`${TD} text-right`}>
                <Amount minor={e.exposure} currency={e.currency} />
              </td>
              <td className={TD} />
              <td className={`${TD} text-right`}>
                <Amount minor={e.ecl} currency={e.currency} />
              </td>
            </tr>,
            // The exposure reconciles to the pool (domain.md §14): its leases, outstanding principal and arrears net of VAT.
            <tr key={`pool-${e.currency}`} className="h-7 text-xs text-muted-foreground" data-testid="ecl-pool">
              <td colSpan={7} className={TD}>
                {e.partlyWrittenOff === 0
                  ? t('ecl.pool', {
                      count: e.leases,
                      outstanding: formatMoney(format, e.outstanding, e.currency),
                      arrears: formatMoney(format, e.arrearsNet, e.currency),
                      exposure: formatMoney(format, e.exposure, e.currency),
                    })
                  : t('ecl.poolPartlyWrittenOff', {
                      count: e.leases,
                      outstanding: formatMoney(format, e.outstanding, e.currency),
                      arrears: formatMoney(format, e.arrearsNet, e.currency),
                      writtenOff: formatMoney(format, e.partlyWrittenOff, e.currency),
                      exposure: formatMoney(format, e.exposure, e.currency),
                    })}
              </td>
            </tr>,
          ])}
        >
          {screen.ecl.map((r) => (
            <tr key={`${r.currency}-${r.stage}-${r.bucket}`} className="h-8">
              <td className={TD}>{r.currency}</td>
              <td className={TD}>{t('ecl.stage', { stage: r.stage })}</td>
              <td className={TD}>{bucket(r.bucket)}</td>
              <td className={`tabular ${TD} text-right`}>{formatDecimal(format, r.leases)}</td>
              <td className={`${TD} text-right`}>
                <Amount minor={r.exposure} currency={r.currency} />
              </td>
              <td className={`tabular ${TD} text-right`}>{formatPercent(format, r.rate, 1)}</td>
              <td className={`${TD} text-right`}>
                <Amount minor={r.ecl} currency={r.currency} />
              </td>
            </tr>
          ))}
        </ListTable>,
      )}
    </ClientMessages>
  );
}
