import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { guardPage } from '@/app/[locale]/prelude';
import { HelpTopicView } from '@/components/help/help-topic-view';
import { findHelpTopic } from '@/components/help/topics';

type Props = { params: Promise<{ locale: string; topic: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, topic: slug } = await params;
  const topic = findHelpTopic(slug);
  if (!topic) return {};
  const t = await getTranslations({ locale, namespace: 'help' });
  return { title: t(`topics.${topic.key}.title`) };
}

/** A Help centre guide to one money screen (/help/<topic>): server-rendered from the topic's messages. */
export default async function HelpTopicPage({ params }: Props) {
  const { locale, topic: slug } = await params;
  setRequestLocale(locale);
  const topic = findHelpTopic(slug);
  if (!topic) notFound();
  const access = await guardPage(locale, 'help');
  if (!access.ok) return access.forbidden;
  return <HelpTopicView topic={topic} />;
}
