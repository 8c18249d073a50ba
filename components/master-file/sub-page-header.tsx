import { ChevronRight } from '@/lib/icons';
import { getTranslations } from '@/i18n/translations';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

type Crumb = { label: string; href?: string };

/** The title of a page below the Master File (a lease, a form, a quotation): the menu path, linked, then the h1. */
export async function SubPageHeader({
  trail,
  title,
  description,
  actions,
}: {
  trail: Crumb[];
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const tn = await getTranslations('nav');
  const ts = await getTranslations('shell');
  const crumbs: Crumb[] = [{ label: tn('modules') }, { label: tn('masterFile'), href: '/master-file' }, ...trail];
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <nav aria-label={ts('breadcrumb')} className="mb-1">
          <ol className="flex flex-wrap items-center gap-1 text-[13px]">
            {crumbs.map((c, i) => (
              <li key={`${c.label}-${i}`} className="flex items-center gap-1">
                {i > 0 ? <ChevronRight className="size-3.5" aria-hidden="true" /> : null}
                {c.href ? (
                  <Link href={c.href} className="hover:text-primary-strong hover:underline">
                    {c.label}
                  </Link>
                ) : (
                  <span>{c.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="text-2xl leading-tight font-medium text-heading">{title}</h1>
        {description ? <p className="mt-1 text-[15px]">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </div>
  );
}
