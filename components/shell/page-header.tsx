import { ChevronRight } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import type { ReactNode } from 'react';
import { navTrail, type NavPageKey } from '@/lib/navigation';
import { HelpLink } from '@/components/help/help-link';
import type { HelpTopicSlug } from '@/components/help/topics';
import { AsOfLine, type AsOf } from './as-of-line';

type PageHeaderProps = {
  /** The menu entry this page belongs to: gives the title (messages `pages.<key>`) and the breadcrumb. */
  page: NavPageKey;
  description?: ReactNode;
  /** Buttons on the right (export, create …). */
  actions?: ReactNode;
  /** The date every figure of the page is at, shown as one line under the title (figure-bearing pages). */
  asOf?: AsOf;
  /** The Help centre guide of a screen that handles money: a "?" beside the actions. */
  help?: HelpTopicSlug;
};

/** The page title (the page's only h1) with the menu path above it. */
export async function PageHeader({ page, description, actions, asOf, help }: PageHeaderProps) {
  const tn = await getTranslations('nav');
  const tp = await getTranslations('pages');
  const ts = await getTranslations('shell');
  const trail = navTrail(page);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {trail.length > 1 ? (
          <nav aria-label={ts('breadcrumb')} className="mb-1">
            <ol className="flex flex-wrap items-center gap-1 text-[13px]">
              {trail.map((node, i) => (
                <li key={node.key} className="flex items-center gap-1">
                  {i > 0 ? <ChevronRight className="size-3.5" aria-hidden="true" /> : null}
                  <span aria-current={i === trail.length - 1 ? 'page' : undefined}>{tn(node.key)}</span>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="text-2xl leading-tight font-medium text-heading">{tp(page)}</h1>
        {asOf ? <AsOfLine {...asOf} /> : null}
        {description ? <p className="mt-1 text-[15px]">{description}</p> : null}
      </div>
      {actions || help ? (
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          {help ? <HelpLink topic={help} /> : null}
        </div>
      ) : null}
    </div>
  );
}
