import type { NavPageKey } from '@/lib/navigation';

/**
 * The Help centre's guides to the screens that handle money, in the order the index lists them: the URL slug
 * (/help/<slug>), the messages key (help.topics.<key>) and the menu pages the guide explains (their hrefs come from
 * lib/navigation.ts NAV_TREE, so a guide's links move with the menu).
 */
export const HELP_TOPICS = [
  { slug: 'tape-import', key: 'tapeImport', screens: ['tapeImports'] },
  { slug: 'servicing', key: 'servicing', screens: ['payments', 'delinquency', 'clientsBehavior', 'reportCollections'] },
  { slug: 'defaults', key: 'defaults', screens: ['creditLosses'] },
  { slug: 'ecl', key: 'ecl', screens: ['creditLosses'] },
  { slug: 'performance', key: 'performance', screens: ['performance'] },
  { slug: 'vintages', key: 'vintages', screens: ['vintages'] },
  { slug: 'scenarios', key: 'scenarios', screens: ['scenarios'] },
  { slug: 'facilities', key: 'facilities', screens: ['facilities'] },
  { slug: 'certificates', key: 'certificates', screens: ['facilities'] },
] as const satisfies readonly { slug: string; key: string; screens: readonly NavPageKey[] }[];

export type HelpTopic = (typeof HELP_TOPICS)[number];
export type HelpTopicSlug = HelpTopic['slug'];

/** The sections of every guide, in reading order: help.topics.<key>.body.<section> holds its paragraphs. */
export const HELP_SECTIONS = ['shows', 'figures', 'actions', 'fourEyes'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

export function findHelpTopic(slug: string): HelpTopic | undefined {
  return HELP_TOPICS.find((t) => t.slug === slug);
}

/** The guide's locale-relative href (next-intl's Link adds the locale). */
export function helpHref(slug: HelpTopicSlug): `/help/${HelpTopicSlug}` {
  return `/help/${slug}`;
}
