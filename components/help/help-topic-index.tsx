import { ArrowRight } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { Link } from '@/i18n/navigation';
import { Card } from '@/components/ui/card';
import { HELP_TOPICS, helpHref } from './topics';

/** The Help centre's list of guides to the money screens: each guide's title (a link to it) and what it covers. */
export async function HelpTopicIndex() {
  const t = await getTranslations('help');
  return (
    <section aria-labelledby="guides-heading" className="mb-6" data-testid="help-guides">
      <h2 id="guides-heading" className="mb-1 text-lg font-medium text-heading">
        {t('index.title')}
      </h2>
      <p className="mb-3 text-sm">{t('index.intro')}</p>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {HELP_TOPICS.map((topic) => (
          <li key={topic.slug}>
            <Card className="h-full p-4">
              <Link
                href={helpHref(topic.slug)}
                data-testid="help-guide-link"
                className="inline-flex items-center gap-1 rounded-sm font-medium text-heading hover:text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {t(`topics.${topic.key}.title`)}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <p className="mt-1 text-sm">{t(`topics.${topic.key}.summary`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
