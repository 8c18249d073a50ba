import { useTranslations } from '@/i18n/use-translations';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/i18n/navigation';
import type { ScenarioComparisonData } from '@/lib/portfolio/scenarios';
import type { ScenarioDto } from '@/lib/validations/scenarios';
import { ScenarioSelect } from './scenario-select';
import { ScenarioAssumptionsLine, ScenarioTotalsTable } from './scenario-totals';

export const SCENARIOS_PATH = '/portfolio/scenarios';

type Props = {
  /** The page the selector navigates (Total Cash Flow, Summary). */
  pathname: string;
  scenarios: ScenarioDto[];
  comparison: Pick<ScenarioComparisonData, 'scenario' | 'currencies'> | null;
  /** The page's parameters to keep when the scenario changes. */
  keep: Record<string, string | undefined>;
  /** The cut-off and gross parameters for the link to the Scenarios screen. */
  linkQuery: Record<string, string>;
};

/** The scenario selector of Total Cash Flow and Summary and, with one chosen, its comparison with the contractual case. */
export function ScenarioCard({ pathname, scenarios, comparison, keep, linkQuery }: Props) {
  const t = useTranslations('scenarios');
  const selected = comparison?.scenario.id;
  return (
    <Card className="mb-6 min-w-0" data-testid="scenario-card">
      <CardContent className="flex flex-wrap items-end justify-between gap-4 pt-5 pb-5">
        <ScenarioSelect pathname={pathname} scenarios={scenarios} selected={selected} keep={keep} />
        <Link
          href={{ pathname: SCENARIOS_PATH, query: { ...linkQuery, ...(selected ? { scenario: String(selected) } : {}) } }}
          className="rounded text-[13px] text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {selected ? t('compare.open') : t('select.manage')}
        </Link>
      </CardContent>
      {comparison ? (
        <>
          <CardHeader className="border-t border-border pt-4">
            <CardTitle>{t('compare.title', { name: comparison.scenario.name })}</CardTitle>
            <CardDescription>
              <ScenarioAssumptionsLine scenario={comparison.scenario} />
            </CardDescription>
          </CardHeader>
          <ScenarioTotalsTable comparison={comparison} />
        </>
      ) : null}
    </Card>
  );
}
