import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { Calculators } from '@/components/calculators/calculators';
import { evaluate } from '@/components/calculators/evaluate';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/app/[locale]/prelude';
import {
  CALCULATOR_FIELDS,
  completeQuery,
  firstOfNextMonth,
  parseTab,
  readCalculatorQuery,
  toDisplayValue,
  type CalculatorField,
} from '@/lib/calculators-query';
import { ClientMessages } from '@/app/[locale]/client-messages';
import { requestClock } from '@/lib/clock';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = metadataFor('calculators');

/**
 * Lease calculators. The inputs are the query string (lib/calculators-query.ts), so the first result is
 * computed here, on the server, with lib/calculators; the form and later results live in a client leaf.
 */
export default async function CalculatorsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'calculators');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('calculators');
  const search = await searchParams;
  const tab = parseTab(typeof search.tab === 'string' ? search.tab : undefined);
  const explicit = readCalculatorQuery(search);
  // The default first due date is the first day of next month, as of this request.
  const defaults = { firstDueDate: firstOfNextMonth(requestClock().today) };
  const query = completeQuery(explicit, defaults);
  const initial = evaluate(tab, query, defaults);
  const initialValues = Object.fromEntries(
    CALCULATOR_FIELDS.map((f) => [f, toDisplayValue(f, query[f], locale, query.currency)]),
  ) as Record<CalculatorField, string>;

  return (
    <ClientMessages namespaces={['numberInput', 'calculators']}>
      <>
        <PageHeader page="calculators" description={t('description')} />
        <Calculators
          key={locale}
          locale={locale}
          initialTab={tab}
          initialValues={initialValues}
          explicitFields={Object.keys(explicit) as CalculatorField[]}
          initial={initial}
          defaults={defaults}
        />
      </>
    </ClientMessages>
  );
}
