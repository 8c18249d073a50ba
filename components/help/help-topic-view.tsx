import { ArrowLeft, ArrowRight } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import { Link } from '@/i18n/navigation';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';
import { getNavItem } from '@/lib/navigation';
import { HELP_SECTIONS, type HelpTopic } from './topics';

/**
 * One guide of the Help centre: what the screen shows, how each figure is computed, what the user can do there and
 * what needs a second person, then links to the screen itself. Every text is a message of help.topics.<key>; a
 * section's paragraphs are the keys of its object, in the order the catalogue gives them.
 */
export async function HelpTopicView({ topic }: { topic: HelpTopic }) {
  const t = await getTranslations('help');
  const tn = await getTranslations('nav');
  const base = `topics.${topic.key}`;
  return (
    <article aria-labelledby="help-topic-title" data-testid={`help-topic-${topic.slug}`}>
      <div className="mb-6 min-w-0">
        <Link
          href="/help"
          className="mb-2 inline-flex items-center gap-1 rounded-sm text-[13px] hover:text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          <ArrowLeft className="size-3.5" aria-hidden="true" />
          {t('article.back')}
        </Link>
        <h1 id="help-topic-title" className="text-2xl leading-tight font-medium text-heading">
          {t(`${base}.title`)}
        </h1>
        <p className="mt-1 max-w-3xl text-[15px]">{t(`${base}.summary`)}</p>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          {HELP_SECTIONS.map((section) => {
            const paragraphs = Object.keys(t.raw(`${base}.body.${section}`) as Record<string, string>);
            return (
              <Card key={section} data-testid={`help-section-${section}`}>
                <CardHeader>
                  <CardTitle>{t(`article.${section}`)}</CardTitle>
                </CardHeader>
                <CardContent className="max-w-3xl space-y-3 text-[15px] leading-relaxed">
                  {paragraphs.map((p) => (
                    <p key={p}>{t(`${base}.body.${section}.${p}`)}</p>
                  ))}
                </CardContent>
              </Card>
            );
          })}
        </div>
        <aside aria-labelledby="help-screens-heading" className="min-w-0">
          <Card>
            <CardHeader>
              <CardTitle id="help-screens-heading">{t('article.screens')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2">
                {topic.screens.map((key) => (
                  <li key={key}>
                    <Link
                      href={getNavItem(key).href}
                      data-testid="help-screen-link"
                      className={buttonClasses({ variant: 'outline', size: 'sm', className: 'w-full justify-between' })}
                    >
                      {tn(key)}
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </article>
  );
}
