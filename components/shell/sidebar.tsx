'use client';

import { ChevronRight, Circle, CircleDot, X } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useId, useState, useSyncExternalStore, type RefObject } from 'react';
import { cn } from '@/components/ui/cn';
import { Link, usePathname } from '@/i18n/navigation';
import type { Scope } from '@/lib/auth/scopes';
import { activeGroupKeys, activePageHref, containsActive, filterNav, type NavGroupKey, type NavNode } from '@/lib/navigation';
import { LogoMark } from './logo';
import { readMenuCollapsed, subscribeMenuCollapsed, writeMenuCollapsed } from './menu-collapse';

type SidebarProps = {
  scopes: Scope[];
  /** The off-canvas drawer (small screens) is open. */
  drawerOpen: boolean;
  /** The drawer's close button. */
  onCloseDrawer: () => void;
  /** A menu link was followed. */
  onNavigate: () => void;
  closeButtonRef: RefObject<HTMLButtonElement | null>;
};

/** The vertical menu: every entry the user's scopes allow; collapsible to icons on wide screens, a drawer on small ones. */
export function Sidebar({ scopes, drawerOpen, onCloseDrawer, onNavigate, closeButtonRef }: SidebarProps) {
  const t = useTranslations('nav');
  const ts = useTranslations('shell');
  const tc = useTranslations('common');
  const pathname = usePathname();
  const collapsed = useSyncExternalStore(subscribeMenuCollapsed, readMenuCollapsed, () => false);
  const tree = filterNav(scopes);

  // Groups containing the current page open by themselves; the user may open or close any group.
  const [openGroups, setOpenGroups] = useState<ReadonlySet<NavGroupKey>>(() => new Set(activeGroupKeys(pathname)));
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const active = activeGroupKeys(pathname);
    if (active.some((k) => !openGroups.has(k))) setOpenGroups(new Set([...openGroups, ...active]));
  }

  const toggleGroup = (key: NavGroupKey) => {
    const next = new Set(openGroups);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpenGroups(next);
  };

  return (
    <aside
      id="sidebar"
      data-sidebar=""
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label={t('mainMenu')}
      className={cn(
        'group/sidebar fixed inset-y-0 left-0 z-40 flex w-sidebar flex-col bg-surface shadow-menu duration-200 ease-out',
        'menu-mini:w-sidebar-mini',
        // Opening shows the drawer at once (so focus can move into it); closing hides it after the slide.
        drawerOpen
          ? 'transition-[width,translate] max-lg:visible max-lg:translate-x-0'
          : 'transition-[width,translate,visibility] max-lg:invisible max-lg:-translate-x-full',
      )}
    >
      <div className="flex h-16 shrink-0 items-center gap-2.5 pr-3 pl-5.5">
        <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-md" onClick={onNavigate}>
          <LogoMark />
          <span className="truncate text-[22px] font-semibold tracking-tight text-heading menu-mini:sr-only">{tc('appName')}</span>
        </Link>
        <button
          type="button"
          data-testid="menu-collapse"
          aria-pressed={collapsed}
          aria-controls="sidebar"
          aria-label={ts('collapseMenu')}
          title={ts('collapseMenu')}
          onClick={() => writeMenuCollapsed(!collapsed)}
          className="ml-auto hidden size-8 items-center justify-center rounded-full text-heading hover:bg-surface-muted menu-mini:hidden lg:flex"
        >
          {collapsed ? <Circle className="size-5" aria-hidden="true" /> : <CircleDot className="size-5" aria-hidden="true" />}
        </button>
        <button
          ref={closeButtonRef}
          type="button"
          aria-label={ts('closeMenu')}
          onClick={onCloseDrawer}
          className="ml-auto flex size-8 items-center justify-center rounded-full text-heading hover:bg-surface-muted lg:hidden"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t('mainMenu')} className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto pt-2 pb-6 [scrollbar-width:thin]">
        <MenuList
          nodes={tree}
          depth={0}
          pathname={pathname}
          activeHref={activePageHref(pathname)}
          openGroups={openGroups}
          onToggleGroup={toggleGroup}
          onNavigate={onNavigate}
          label={(key) => t(key)}
        />
      </nav>
    </aside>
  );
}

type MenuListProps = {
  nodes: readonly NavNode[];
  depth: number;
  pathname: string;
  /** The menu page the path belongs to (activePageHref): computed once per render, not per link. */
  activeHref: string | undefined;
  openGroups: ReadonlySet<NavGroupKey>;
  onToggleGroup: (key: NavGroupKey) => void;
  onNavigate: () => void;
  label: (key: NavNode['key']) => string;
  id?: string;
  hidden?: boolean;
};

function MenuList({ nodes, depth, id, hidden, ...rest }: MenuListProps) {
  return (
    <ul id={id} hidden={hidden} className={cn('flex flex-col gap-1', depth > 0 && 'mt-1 menu-mini:hidden')}>
      {nodes.map((node) => (
        <li key={node.key} className={depth === 0 ? 'px-3.5' : undefined}>
          {node.kind === 'item' ? <MenuLink node={node} depth={depth} {...rest} /> : <MenuGroup node={node} depth={depth} {...rest} />}
        </li>
      ))}
    </ul>
  );
}

const rowBase =
  'flex min-h-9.5 w-full items-center gap-2.5 rounded-md py-1.5 pr-3 text-left text-[15px] leading-snug transition-colors duration-150 menu-mini:justify-center menu-mini:px-0';

/**
 * The active (violet) item. The global focus ring is violet too (1.3:1 against this fill), so the active item draws
 * its own: a white ring inside (≥ 4.7:1 against the violet) and the dark heading colour outside (10:1 against the
 * white menu), both well over WCAG's 3:1 for a focus indicator.
 */
export const ACTIVE_ROW =
  'bg-linear-72 from-[#5f55de] to-[#6a5fe8] font-medium text-white shadow-primary focus-visible:outline-heading focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-inset';

function indent(depth: number): string {
  return depth === 0 ? 'pl-4' : depth === 1 ? 'pl-5' : 'pl-9';
}

function MenuLink({
  node,
  depth,
  activeHref,
  onNavigate,
  label,
}: Omit<MenuListProps, 'nodes' | 'id' | 'hidden'> & { node: Extract<NavNode, { kind: 'item' }> }) {
  const active = activeHref === node.href;
  const Icon = node.icon;
  const text = label(node.key);
  return (
    <Link
      href={node.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      title={text}
      className={cn(rowBase, indent(depth), active ? ACTIVE_ROW : 'text-heading hover:bg-surface-muted')}
    >
      {depth === 0 ? (
        <Icon className="size-5.5 shrink-0" aria-hidden="true" />
      ) : (
        <Circle className={cn('size-2.5 shrink-0', active && 'fill-current')} aria-hidden="true" />
      )}
      <span className="min-w-0 flex-1 break-words menu-mini:sr-only">{text}</span>
    </Link>
  );
}

function MenuGroup({
  node,
  depth,
  pathname,
  openGroups,
  onToggleGroup,
  ...rest
}: Omit<MenuListProps, 'nodes' | 'id' | 'hidden'> & { node: Extract<NavNode, { kind: 'group' }> }) {
  const listId = useId();
  const open = openGroups.has(node.key);
  const hasActive = containsActive(node, pathname);
  const Icon = node.icon;
  const text = rest.label(node.key);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        title={text}
        onClick={() => onToggleGroup(node.key)}
        className={cn(
          rowBase,
          indent(depth),
          'text-heading hover:bg-surface-muted',
          (open || hasActive) && 'bg-surface-muted',
          hasActive && 'font-medium',
        )}
      >
        {depth === 0 ? (
          <Icon className="size-5.5 shrink-0" aria-hidden="true" />
        ) : (
          <Circle className="size-2.5 shrink-0" aria-hidden="true" />
        )}
        <span className="min-w-0 flex-1 break-words menu-mini:sr-only">{text}</span>
        <ChevronRight
          className={cn('ml-auto size-4.5 shrink-0 transition-transform duration-200 menu-mini:hidden', open && 'rotate-90')}
          aria-hidden="true"
        />
      </button>
      {/* A closed group's entries are rendered when it opens: most of the menu is closed on any page, and its links were
          a noticeable share of every server render (the list stays, empty, for aria-controls). */}
      <MenuList
        id={listId}
        hidden={!open}
        nodes={open ? node.children : []}
        depth={depth + 1}
        pathname={pathname}
        openGroups={openGroups}
        onToggleGroup={onToggleGroup}
        {...rest}
      />
    </>
  );
}
