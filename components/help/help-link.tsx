import { getTranslations } from '@/i18n/translations';
import { Link } from '@/i18n/navigation';
import { findHelpTopic, helpHref, type HelpTopicSlug } from './topics';

/**
 * A "?" link to a screen's Help centre guide, for the screen's header (PageHeader `actions`). Its accessible name says
 * where it leads ("Help: Tape import"); the "?" itself is decoration. A server component: the guide title is a message
 * of the help namespace, which the client is never sent.
 */
export async function HelpLink({ topic }: { topic: HelpTopicSlug }) {
  const t = await getTranslations('help');
  const { key } = findHelpTopic(topic)!;
  const label = t('article.linkLabel', { topic: t(`topics.${key}.title`) });
  return (
    <Link
      href={helpHref(topic)}
      aria-label={label}
      title={label}
      data-testid={`help-link-${topic}`}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-sm font-semibold text-heading hover:border-primary hover:text-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <span aria-hidden="true">?</span>
    </Link>
  );
}
