'use client';

import { Search, Star, X } from '@/lib/icons';
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { cn } from '@/components/ui/cn';
import { getNavItem, NAV_PAGE_KEYS, type NavPageKey } from '@/lib/navigation';
import type { BookmarksResponse } from '@/lib/validations/content';
import { SEARCH_MIN_RECORD_QUERY, type MainSearchResponse, type SearchPageHit, type SearchRecordHit } from '@/lib/validations/search';

const fetchJson = async <T,>(url: string): Promise<T> => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
};

function PageIcon({ target, className }: { target: string; className?: string }) {
  if (!(NAV_PAGE_KEYS as readonly string[]).includes(target)) return null;
  const Icon = getNavItem(target as NavPageKey).icon;
  return <Icon className={className} aria-hidden="true" />;
}

/** True when the key press happens while the user is typing somewhere ('/' must then stay a character). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

type Props = { funderId?: number };

/**
 * The navbar search (GET /api/main-search/data): Ctrl/⌘+K or '/' opens it, results come grouped by kind — pages (by
 * title or synonym), lessees, leases, facilities, covenants, certificates, write-offs, imports, report files — each
 * group with its count and each record naming its funder; the dialog says which funders were searched. ↓/↑ move
 * between results, Enter opens one, Esc closes. A record of another funder than the current one switches the funder
 * (POST /api/funders/active) before it opens. A page can be bookmarked with its star (POST /api/bookmarks/update);
 * bookmarked pages appear as quick links in the navbar.
 */
export function NavbarSearch({ funderId = 1 }: Props) {
  const t = useTranslations('navbarSearch');
  const locale = useLocale();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [toggling, setToggling] = useState<number | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);

  const bookmarksKey = `/api/bookmarks/data?locale=${locale}`;
  const searchKey = open ? `/api/main-search/data?locale=${locale}&funderId=${funderId}&q=${encodeURIComponent(query)}` : null;
  const { data: bookmarkData } = useSWR<BookmarksResponse>(bookmarksKey, fetchJson);
  const { data, error, isLoading } = useSWR<MainSearchResponse>(searchKey, fetchJson, { keepPreviousData: true });

  const openSearch = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    setOpen(true);
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const closeSearch = useCallback(() => {
    dialogRef.current?.close();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const combo = (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey);
      if (combo || (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target))) {
        e.preventDefault();
        openSearch();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openSearch]);

  const items = (): HTMLElement[] => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-search-item]') ?? []);

  const move = (from: HTMLElement | null, step: 1 | -1) => {
    const all = items();
    if (all.length === 0) return;
    const at = from ? all.indexOf(from) : -1;
    const next = at + step;
    if (next < 0) inputRef.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };

  const onInputKey = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(null, 1);
    } else if (e.key === 'Enter') {
      const first = items()[0];
      if (first instanceof HTMLAnchorElement) {
        e.preventDefault();
        first.click();
      }
    }
  };

  const onListKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (!target?.hasAttribute('data-search-item')) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(target, e.key === 'ArrowDown' ? 1 : -1);
    }
  };

  const toggleBookmark = async (page: SearchPageHit) => {
    setToggling(page.id);
    try {
      const res = await fetch('/api/bookmarks/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: page.id }),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await Promise.all([mutate(bookmarksKey), searchKey ? mutate(searchKey) : undefined]);
    } finally {
      setToggling(null);
    }
  };

  const total = useMemo(() => data?.searchArr.reduce((n, g) => n + g.data.length, 0) ?? 0, [data]);
  const go = (link: string) => {
    closeSearch();
    // A kept report of another kind than the servicing reports is a download, not a page.
    if (link.startsWith('/api/')) window.location.assign(link);
    else router.push(link);
  };

  /** A record of another funder: the funder switch first (every screen reads it), then a full load of the record's page. */
  const openRecord = async (item: SearchRecordHit) => {
    if (item.funderId === funderId) return go(item.link);
    setSwitchError(null);
    try {
      const res = await fetch('/api/funders/active', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ funderId: item.funderId }),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    } catch {
      setSwitchError(t('switchFailed', { funder: item.funderName }));
      return;
    }
    closeSearch();
    window.location.assign(item.link);
  };

  const scope = data?.scope;
  const scopeText = !scope
    ? null
    : scope.funders.length > 1
      ? t('scope.many', {
          count: scope.funders.length,
          funders: scope.funders.map((f) => (f.id === scope.currentFunderId ? t('scope.current', { funder: f.name }) : f.name)).join(', '),
        })
      : t('scope.one', { funder: scope.funders[0]?.name ?? '' });

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={openSearch}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        data-testid="navbar-search-open"
        className="flex h-9 items-center gap-2 rounded-md px-2 text-[15px] text-body hover:bg-surface-muted"
      >
        <Search className="size-5 text-heading" aria-hidden="true" />
        <span className="max-md:sr-only">{t('open')}</span>
        <kbd className="rounded border border-border px-1.5 text-xs text-body max-md:hidden" aria-hidden="true">
          Ctrl K
        </kbd>
      </button>

      {bookmarkData && bookmarkData.bookmarks.length > 0 ? (
        <nav aria-label={t('bookmarks')} className="flex items-center gap-0.5 max-sm:hidden" data-testid="navbar-bookmarks">
          {bookmarkData.bookmarks.map((b) => (
            <NextLink
              key={b.id}
              href={b.link}
              title={b.title}
              aria-label={b.title}
              className="flex size-9 items-center justify-center rounded-full text-heading hover:bg-surface-muted"
            >
              <PageIcon target={b.target} className="size-5" />
            </NextLink>
          ))}
        </nav>
      ) : null}

      <dialog
        ref={dialogRef}
        aria-labelledby={`${inputId}-label`}
        onClose={() => {
          setOpen(false);
          setSwitchError(null);
          triggerRef.current?.focus();
        }}
        onClick={(e) => {
          if (e.target === dialogRef.current) closeSearch();
        }}
        className="mx-auto mt-[10vh] w-[min(40rem,calc(100vw-2rem))] rounded-md bg-surface p-0 text-body shadow-xl backdrop:bg-[rgb(47_43_61/0.5)]"
        data-testid="navbar-search-dialog"
      >
        <div className="flex items-center gap-2 border-b border-border px-4">
          <Search className="size-5 shrink-0 text-heading" aria-hidden="true" />
          <label id={`${inputId}-label`} htmlFor={inputId} className="sr-only">
            {t('label')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onInputKey}
            placeholder={t('placeholder')}
            aria-describedby={hintId}
            autoComplete="off"
            className="h-13 w-full bg-transparent text-[15px] text-heading outline-none placeholder:text-[#8a8894]"
          />
          <button
            type="button"
            onClick={closeSearch}
            aria-label={t('close')}
            className="flex size-8 items-center justify-center rounded-full hover:bg-surface-muted"
          >
            <X className="size-4.5" aria-hidden="true" />
          </button>
        </div>
        <p id={hintId} className="sr-only">
          {t('hint')}
        </p>
        <p className="sr-only" role="status" aria-live="polite">
          {open && data ? t('resultCount', { count: total }) : ''}
        </p>
        {scopeText ? (
          <p className="border-b border-border px-4 py-1.5 text-[13px] text-body" data-testid="navbar-search-scope">
            {scopeText}
          </p>
        ) : null}
        <div ref={listRef} onKeyDown={onListKey} className="max-h-[60vh] overflow-y-auto py-2">
          {error ? <p className="px-4 py-3 text-danger-text">{t('error')}</p> : null}
          {switchError ? (
            <p className="px-4 py-3 text-danger-text" role="alert">
              {switchError}
            </p>
          ) : null}
          {!data && isLoading ? <p className="px-4 py-3">{t('loading')}</p> : null}
          {data?.tooShort ? (
            <p className="px-4 py-2 text-[13px]" data-testid="navbar-search-too-short">
              {t('tooShort', { min: SEARCH_MIN_RECORD_QUERY })}
            </p>
          ) : null}
          {data && total === 0 && !data.tooShort ? <p className="px-4 py-3">{t('noResults', { q: query })}</p> : null}
          {data?.searchArr.map((group) =>
            group.data.length === 0 ? null : (
              <section key={group.groupKey} aria-labelledby={`${inputId}-${group.groupKey}`} className="pb-1" data-group={group.groupKey}>
                <h2 className="flex items-baseline gap-2 px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-body uppercase">
                  <span id={`${inputId}-${group.groupKey}`}>{group.groupTitle}</span>
                  <span className="font-normal tracking-normal normal-case" data-testid={`navbar-search-count-${group.groupKey}`}>
                    {group.countCapped ? t('countCapped', { count: group.count }) : t('count', { count: group.count })}
                  </span>
                </h2>
                <ul>
                  {group.groupKey === 'pages'
                    ? group.data.map((page) => (
                        <li key={page.id} className="flex items-center pr-2">
                          <NextLink
                            href={page.link}
                            data-search-item=""
                            aria-describedby={page.matched ? `${inputId}-page-${page.id}-matched` : undefined}
                            onClick={(e) => {
                              e.preventDefault();
                              go(page.link);
                            }}
                            className={cn(
                              'flex min-h-8 flex-1 items-center gap-3 rounded-md px-4 py-1.5 text-heading hover:bg-surface-muted',
                              'focus-visible:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary',
                            )}
                          >
                            <PageIcon target={page.target} className="size-4.5 shrink-0" />
                            <span>{page.title}</span>
                          </NextLink>
                          {page.matched ? (
                            <span id={`${inputId}-page-${page.id}-matched`} className="truncate px-2 text-[13px] text-body">
                              {t('matched', { term: page.matched })}
                            </span>
                          ) : null}
                          <button
                            type="button"
                            aria-pressed={page.isBookmarked}
                            aria-label={page.isBookmarked ? t('unbookmark', { title: page.title }) : t('bookmark', { title: page.title })}
                            disabled={toggling === page.id}
                            onClick={() => void toggleBookmark(page)}
                            data-testid={`bookmark-${page.target}`}
                            className="flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-surface-muted disabled:opacity-60"
                          >
                            <Star
                              className={cn('size-4', page.isBookmarked ? 'fill-warning text-warning-text' : 'text-body')}
                              aria-hidden="true"
                            />
                          </button>
                        </li>
                      ))
                    : group.data.map((item) => {
                        const elsewhere = item.funderId !== funderId;
                        return (
                          <li key={item.key} className="pr-2">
                            <NextLink
                              href={item.link}
                              data-search-item=""
                              data-funder-id={item.funderId}
                              title={elsewhere ? t('otherFunder', { funder: item.funderName }) : undefined}
                              onClick={(e) => {
                                e.preventDefault();
                                void openRecord(item);
                              }}
                              className={cn(
                                'flex min-h-8 items-baseline gap-3 rounded-md px-4 py-1.5 text-heading hover:bg-surface-muted',
                                'focus-visible:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary',
                              )}
                            >
                              <span className="shrink-0 font-medium">{item.title}</span>
                              <span className="min-w-0 flex-1 truncate text-[13px] text-body">{item.subtitle}</span>
                              <span
                                className={cn(
                                  'max-w-[40%] shrink-0 truncate rounded px-1.5 text-xs',
                                  elsewhere ? 'bg-warning-soft text-warning-text' : 'bg-surface-muted text-body',
                                )}
                              >
                                <span aria-hidden={elsewhere ? true : undefined}>{item.funderName}</span>
                                {elsewhere ? <span className="sr-only">{t('otherFunder', { funder: item.funderName })}</span> : null}
                              </span>
                            </NextLink>
                          </li>
                        );
                      })}
                </ul>
              </section>
            ),
          )}
        </div>
      </dialog>
    </>
  );
}
