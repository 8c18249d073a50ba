import { Check } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatMoney } from '@/lib/format';
import { pricingScreen } from '@/services/workspace/content';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = metadataFor('pricing');

/** Pricing: the plans as cards (monthly price, the yearly alternative, benefits); the signed-in user's plan is marked. */
export default async function PricingPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'pricing');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.pricing');
  const format = await getFormatter();
  const screen = await pricingScreen(getDb(), locale);
  // Prices are stored in whole euros.
  const money = (euros: number) => formatMoney(format, euros * 100, 'EUR', { wholeUnits: euros % 1 === 0 });
  const current = access.principal.user.currentPlan as string;

  return (
    <>
      <PageHeader page="pricing" description={t('subtitle')} />
      <div className="mb-6 grid gap-4 md:grid-cols-3">
        {screen.plans.map((plan) => {
          const isCurrent = plan.key === current;
          return (
            <Card
              key={plan.key}
              className={cn('flex min-w-0 flex-col p-5', (isCurrent || plan.popular) && 'border-2 border-primary')}
              data-testid="pricing-plan"
              aria-current={isCurrent ? 'true' : undefined}
            >
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-xl font-medium text-heading">{plan.title}</h2>
                <div className="flex flex-wrap gap-1">
                  {isCurrent ? (
                    <Badge variant="success" data-testid="current-plan">
                      {t('currentPlan')}
                    </Badge>
                  ) : null}
                  {plan.popular ? <Badge variant="primary">{t('popular')}</Badge> : null}
                </div>
              </div>
              <p className="mb-4 text-sm">{plan.subtitle}</p>
              <p className="text-heading">
                <span className="text-3xl font-semibold tabular" data-testid="plan-price">
                  {money(plan.monthlyPrice)}
                </span>
                <span className="text-sm"> {t('perMonth')}</span>
              </p>
              {plan.yearlyPlan.totalAnnual > 0 ? (
                <p className="mt-1 text-[13px]">
                  {t('yearly', { amount: money(plan.yearlyPlan.perMonth), total: money(plan.yearlyPlan.totalAnnual) })}
                </p>
              ) : null}
              <h3 className="mt-4 mb-2 text-sm font-medium text-heading">{t('included')}</h3>
              <ul className="space-y-1.5 text-sm">
                {plan.planBenefits.map((b) => (
                  <li key={b} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    <span>{b}</span>
                  </li>
                ))}
              </ul>
            </Card>
          );
        })}
      </div>
      {screen.qandA.length > 0 ? (
        <Card className="min-w-0 p-4">
          <h2 className="mb-2 text-lg font-medium text-heading">{t('questions')}</h2>
          <ul className="divide-y divide-border">
            {screen.qandA.map((e) => (
              <li key={e.question}>
                <details className="py-1">
                  <summary className="cursor-pointer rounded-md px-1 py-2 font-medium text-heading focus-visible:outline-2 focus-visible:outline-primary">
                    {e.question}
                  </summary>
                  <p className="px-1 pb-2 text-sm">{e.ans}</p>
                </details>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}
