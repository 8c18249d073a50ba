'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useId, useState } from 'react';
import { Input, Label } from '@/components/ui/input';
import { MethodBadge } from './method-badge';

export type IndexEntry = { id: string; method: string; path: string; summary: string; aliases: string[] };
export type IndexGroup = { tag: string; sectionId: string; entries: IndexEntry[] };

/** Does an operation match the filter text (method, path, aliases, summary; every word must match)? */
export function matchesFilter(entry: IndexEntry, tag: string, filter: string): boolean {
  const hay = `${entry.method} ${entry.path} ${entry.aliases.join(' ')} ${entry.summary} ${tag}`.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}

/**
 * The left index of the Develop page: tags → operations as anchor links, and a filter box that also
 * hides the operations (and emptied tag sections) of the server-rendered listing.
 */
export function DevelopIndex({ groups }: { groups: IndexGroup[] }) {
  const t = useTranslations('develop');
  const inputId = useId();
  const [filter, setFilter] = useState('');

  useEffect(() => {
    for (const g of groups) {
      let visible = 0;
      for (const e of g.entries) {
        const show = matchesFilter(e, g.tag, filter);
        if (show) visible++;
        const el = document.getElementById(e.id);
        if (el) el.hidden = !show;
      }
      const section = document.getElementById(g.sectionId);
      if (section) section.hidden = visible === 0;
    }
  }, [filter, groups]);

  const shown = groups
    .map((g) => ({ ...g, entries: g.entries.filter((e) => matchesFilter(e, g.tag, filter)) }))
    .filter((g) => g.entries.length > 0);
  const count = shown.reduce((n, g) => n + g.entries.length, 0);

  return (
    <nav aria-label={t('index')} className="flex flex-col gap-3">
      <div>
        <Label htmlFor={inputId}>{t('filterLabel')}</Label>
        <Input
          id={inputId}
          type="search"
          value={filter}
          placeholder={t('filterPlaceholder')}
          onChange={(e) => setFilter(e.target.value)}
          data-testid="develop-filter"
        />
        <p className="mt-1 text-[13px]" aria-live="polite">
          {t('operationCount', { count })}
        </p>
      </div>
      {shown.length === 0 ? <p className="text-sm">{t('noMatch')}</p> : null}
      {shown.map((g) => (
        <div key={g.tag}>
          <a href={`#${g.sectionId}`} className="text-[13px] font-semibold tracking-wide text-heading uppercase hover:text-primary-strong">
            {g.tag}
          </a>
          <ul className="mt-1 flex flex-col">
            {g.entries.map((e) => (
              <li key={e.id}>
                <a
                  href={`#${e.id}`}
                  className="flex min-h-8 items-center gap-2 rounded-sm px-1 py-0.5 text-[13px] hover:bg-surface-muted"
                  title={e.summary}
                >
                  <MethodBadge method={e.method} compact />
                  <span className="truncate font-mono" title={e.path}>
                    {e.path}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
