import { FileDown, FileSpreadsheet, FlaskConical } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { CutOffForm } from '@/components/portfolio/cut-off-form';
import { ScenarioChart } from '@/components/scenarios/scenario-chart';
import { ScenarioManager } from '@/components/scenarios/scenario-manager';
import { ScenarioPeriodsTable } from '@/components/scenarios/scenario-periods-table';
import { ScenarioAssumptionsLine, ScenarioTotalsTable } from '@/components/scenarios/scenario-totals';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { hasScope } from '@/lib/auth/scopes';
import { formatIsoMonth } from '@/lib/format';
import { parseLenient, valuationParamsSchema } from '@/lib/portfolio/cash-flow-table';
import { scenarioParam } from '@/lib/validations/scenarios';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { scenariosScreen } from '@/services/portfolio/screens';
import { requestClock } from '@/lib/clock';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('scenarios');

const SCENARIOS_PATH = '/portfolio/scenarios';
const pageQuery = valuationParamsSchema.omit({ funderId: true }).extend({ scenario: scenarioParam });

/**
 * Portfolio CF → Scenarios (domain.md §10): the funder's named scenarios (list, create, edit, delete) and the
 * book under the chosen one (`scenario=<id>`, default the first) beside the contractual case: totals, price,
 * NPV, expected loss and the differences, a chart and the table by period, exportable.
 */
export default async function ScenariosPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'scenarios');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('scenarios');
  const format = await getFormatter();
  const db = getDb();
  const funder = await getActiveFunder(db);
  const { value: query } = parseLenient(pageQuery, await searchParams);
  // The funder's scenarios and the book under the chosen one (default the first) at the cut-off (the clock's month by default).
  const { cutOff, scenarios, chosen, comparison } = await scenariosScreen(db, funder.id, query, requestClock());
  const keep: Record<string, string> = { ...(query.cutOff ? { cutOff } : {}), ...(query.gross ? { gross: '1' } : {}) };
  const labels = comparison ? comparison.months.map((m) => formatIsoMonth(format, `${m}-01`)) : [];
  const exportHref = (f: 'csv' | 'xlsx') =>
    chosen
      ? `/api/scenarios/${chosen.id}/cash-flow/export?${new URLSearchParams({ format: f, cutOff, ...(query.gross ? { gross: '1' } : {}) })}`
      : '#';
  const canWrite = hasScope(access.principal.scopes, 'write:funders');

  return (
    <>
      <PageHeader
        help="scenarios"
        asOf={{ date: cutOff, kind: 'cutOff' }}
        page="scenarios"
        description={t('subtitle', { funder: funder.name })}
        actions={
          comparison ? (
            <>
              <a href={exportHref('csv')} download className={buttonClasses({ variant: 'outline' })} data-testid="scenario-export-csv">
                <FileDown aria-hidden="true" />
                {t('export.csv')}
              </a>
              <a href={exportHref('xlsx')} download className={buttonClasses({ variant: 'outline' })} data-testid="scenario-export-xlsx">
                <FileSpreadsheet aria-hidden="true" />
                {t('export.xlsx')}
              </a>
            </>
          ) : null
        }
      />
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('list.title')}</CardTitle>
            <CardDescription>{t('list.hint')}</CardDescription>
          </CardHeader>
          <div className="pb-4">
            <ClientMessages namespaces={['scenarios', 'numberInput']}>
              <ScenarioManager
                funderId={funder.id}
                scenarios={scenarios}
                selected={chosen?.id}
                canWrite={canWrite}
                query={keep}
                pathname={SCENARIOS_PATH}
              />
            </ClientMessages>
          </div>
        </Card>
        {comparison && chosen ? (
          <>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>{t('compare.title', { name: chosen.name })}</CardTitle>
                <CardDescription>
                  <ScenarioAssumptionsLine scenario={chosen} />
                </CardDescription>
              </CardHeader>
              <CardContent className="pt-0 pb-4">
                <CutOffForm pathname={SCENARIOS_PATH} cutOff={cutOff} gross={query.gross} keep={{ scenario: String(chosen.id) }} />
              </CardContent>
              <ScenarioTotalsTable comparison={comparison} />
            </Card>
            {comparison.currencies.map((c) => (
              <Card key={c.currency} className="min-w-0">
                <CardHeader>
                  <CardTitle>
                    {t('periods.title')} · {c.currency}
                  </CardTitle>
                  <CardDescription>{t('periods.hint')}</CardDescription>
                </CardHeader>
                <CardContent className="pb-4">
                  <ScenarioChart
                    id={`scenario-chart-${c.currency}`}
                    currency={c.currency}
                    contractual={c.contractual.cash.slice(0, labels.length)}
                    scenario={c.scenario.periods.cash.slice(0, labels.length)}
                    labels={labels}
                    text={{
                      title: `${t('chart.title')} (${c.currency})`,
                      summary: t('periods.hint'),
                      contractual: t('periods.contractual'),
                      scenario: t('periods.scenario'),
                    }}
                  />
                </CardContent>
                <ScenarioPeriodsTable data={c} labels={labels} />
              </Card>
            ))}
          </>
        ) : (
          <EmptyState icon={FlaskConical} title={t('none.title')}>
            {t('none.body')}
          </EmptyState>
        )}
      </div>
    </>
  );
}
