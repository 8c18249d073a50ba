import {
  Activity,
  ArrowDownToLine,
  Banknote,
  Boxes,
  Briefcase,
  Building2,
  Calculator,
  CalendarDays,
  ChartColumn,
  ChartLine,
  ChartPie,
  ChartSpline,
  CircleUser,
  Code,
  CreditCard,
  FileSpreadsheet,
  FileText,
  FilePen,
  FileUp,
  FlaskConical,
  HandCoins,
  Headset,
  Landmark,
  LayoutDashboard,
  ListTodo,
  Layers,
  LifeBuoy,
  Mail,
  MessagesSquare,
  Newspaper,
  Percent,
  Receipt,
  Scale,
  Settings,
  SlidersHorizontal,
  Table2,
  Tag,
  TrendingUp,
  TriangleAlert,
  UserCog,
  ScrollText,
  ShoppingCart,
  ShieldAlert,
  Users,
  Wallet,
  type IconComponent,
} from '@/lib/icons';
import type { Scope } from '@/lib/auth/scopes';

/**
 * The one definition of QUANTUM's menu: labels come from messages `nav.<key>`, page titles from
 * `pages.<key>`, and every page looks its required scope up here (see components/shell/require-scope.tsx).
 * Hrefs are locale-relative: next-intl's Link adds `/{locale}`.
 */

export type NavItem = {
  kind: 'item';
  key: NavPageKey;
  href: `/${string}`;
  icon: IconComponent;
  /** null: every signed-in user may open it. */
  scope: Scope | null;
};

export type NavGroup = {
  kind: 'group';
  key: NavGroupKey;
  icon: IconComponent;
  children: readonly NavNode[];
};

export type NavNode = NavItem | NavGroup;

export const NAV_PAGE_KEYS = [
  'dashboard',
  'masterFile',
  'management',
  'portfolioSummary',
  'totalCashFlow',
  'liabilityPrincipal',
  'liabilityInterest',
  'liabilityVat',
  'stratification',
  'tape',
  'customers',
  'settings',
  'develop',
  'calculators',
  'clientsBehavior',
  'delinquency',
  'reportDraws',
  'reportDistributions',
  'reportCollections',
  'reportLiability',
  'reportVat',
  'reportTotalCf',
  'account',
  // Appended, never inserted: a page's search/bookmark id is its position here (db/queries/compat/content-navbar.ts).
  'onboarding',
  'payments',
  'users',
  'tapeImports',
  'mail',
  'tasks',
  'calendar',
  'invoices',
  'audit',
  'help',
  'pricing',
  'news',
  'scenarios',
  'chat',
  'catalogue',
  'creditLosses',
  'performance',
  'vintages',
  'facilities',
] as const;
export type NavPageKey = (typeof NAV_PAGE_KEYS)[number];

export const NAV_GROUP_KEYS = ['modules', 'portfolio', 'liability', 'reports', 'servicing', 'servicingReports', 'workspace'] as const;
export type NavGroupKey = (typeof NAV_GROUP_KEYS)[number];

const FUNDERS: Scope = 'read:funders';

function item(key: NavPageKey, href: `/${string}`, icon: IconComponent, scope: Scope | null = FUNDERS): NavItem {
  return { kind: 'item', key, href, icon, scope };
}

function group(key: NavGroupKey, icon: IconComponent, children: NavNode[]): NavGroup {
  return { kind: 'group', key, icon, children };
}

/** Kinds of the liability cash-flow pages, in menu order: `/portfolio/liability/{kind}`. */
export const LIABILITY_KINDS = ['principal', 'interest', 'vat'] as const;
export type LiabilityKind = (typeof LIABILITY_KINDS)[number];

/** Kinds of the servicing reports, in menu order: `/servicing/reports/{kind}`. */
export const SERVICING_REPORT_KINDS = ['draws', 'distributions', 'collections', 'liability', 'vat', 'total-cf'] as const;
export type ServicingReportKind = (typeof SERVICING_REPORT_KINDS)[number];

export const LIABILITY_PAGE: Record<LiabilityKind, NavPageKey> = {
  principal: 'liabilityPrincipal',
  interest: 'liabilityInterest',
  vat: 'liabilityVat',
};

export const SERVICING_REPORT_PAGE: Record<ServicingReportKind, NavPageKey> = {
  draws: 'reportDraws',
  distributions: 'reportDistributions',
  collections: 'reportCollections',
  liability: 'reportLiability',
  vat: 'reportVat',
  'total-cf': 'reportTotalCf',
};

export const NAV_TREE: readonly NavNode[] = [
  item('dashboard', '/dashboard', LayoutDashboard),
  group('modules', Boxes, [
    item('masterFile', '/master-file', FileText),
    item('onboarding', '/master-file/onboarding', FilePen),
    item('tapeImports', '/master-file/imports', FileUp),
    item('management', '/management', SlidersHorizontal),
  ]),
  group('portfolio', ChartPie, [
    item('portfolioSummary', '/portfolio/summary', Layers),
    item('totalCashFlow', '/portfolio/total-cash-flow', TrendingUp),
    item('scenarios', '/portfolio/scenarios', FlaskConical),
    item('facilities', '/portfolio/facilities', Building2),
    group('liability', Landmark, [
      item('liabilityPrincipal', '/portfolio/liability/principal', Banknote),
      item('liabilityInterest', '/portfolio/liability/interest', Percent),
      item('liabilityVat', '/portfolio/liability/vat', Receipt),
    ]),
  ]),
  group('reports', ChartColumn, [
    item('stratification', '/reports/stratification', Scale),
    item('tape', '/reports/tape', Table2),
    item('customers', '/reports/customers', Users),
    item('performance', '/reports/performance', ChartLine),
    item('vintages', '/reports/vintages', ChartSpline),
  ]),
  item('settings', '/settings', Settings, 'admin'),
  item('users', '/settings/users', UserCog, 'admin'),
  item('audit', '/settings/audit', ScrollText, 'admin'),
  item('develop', '/develop', Code),
  item('calculators', '/calculators', Calculator),
  group('servicing', Headset, [
    item('clientsBehavior', '/servicing/clients-behavior', Activity),
    item('delinquency', '/servicing/delinquency', TriangleAlert),
    item('creditLosses', '/servicing/defaults', ShieldAlert),
    item('payments', '/servicing/payments', CreditCard),
    group('servicingReports', FileSpreadsheet, [
      item('reportDraws', '/servicing/reports/draws', ArrowDownToLine),
      item('reportDistributions', '/servicing/reports/distributions', HandCoins),
      item('reportCollections', '/servicing/reports/collections', Wallet),
      item('reportLiability', '/servicing/reports/liability', Landmark),
      item('reportVat', '/servicing/reports/vat', Receipt),
      item('reportTotalCf', '/servicing/reports/total-cf', TrendingUp),
    ]),
  ]),
  group('workspace', Briefcase, [
    item('mail', '/mail', Mail, null),
    item('chat', '/chat', MessagesSquare, null),
    item('tasks', '/tasks', ListTodo, null),
    item('calendar', '/calendar', CalendarDays, null),
    item('invoices', '/invoices', FileText),
    item('catalogue', '/catalogue', ShoppingCart),
  ]),
  item('account', '/account', CircleUser, null),
  item('help', '/help', LifeBuoy, null),
  item('pricing', '/pricing', Tag, null),
  item('news', '/news', Newspaper, null),
];

export function canSee(scopes: readonly string[], scope: Scope | null): boolean {
  return scope === null || scopes.includes(scope);
}

/** The menu as a user with these scopes sees it: forbidden items dropped, then groups left empty. */
export function filterNav(scopes: readonly string[], tree: readonly NavNode[] = NAV_TREE): NavNode[] {
  const out: NavNode[] = [];
  for (const node of tree) {
    if (node.kind === 'item') {
      if (canSee(scopes, node.scope)) out.push(node);
    } else {
      const children = filterNav(scopes, node.children);
      if (children.length > 0) out.push({ ...node, children });
    }
  }
  return out;
}

/** The chain of groups leading to a page, ending with the page itself (for breadcrumbs); [] if unknown. */
export function navTrail(key: NavPageKey, tree: readonly NavNode[] = NAV_TREE): NavNode[] {
  for (const node of tree) {
    if (node.kind === 'item') {
      if (node.key === key) return [node];
    } else {
      const inner = navTrail(key, node.children);
      if (inner.length > 0) return [node, ...inner];
    }
  }
  return [];
}

export function getNavItem(key: NavPageKey): NavItem {
  const found = navTrail(key).at(-1);
  if (!found || found.kind !== 'item') throw new Error(`Unknown menu page: ${key}`);
  return found;
}

/** True when `pathname` (locale-relative, as next-intl's usePathname returns it) is `href` or below it. */
export function isActiveHref(pathname: string, href: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === href || path.startsWith(`${href}/`);
}

/** Every page of a menu tree, depth first in menu order. */
export function flattenNav(tree: readonly NavNode[] = NAV_TREE): NavItem[] {
  return tree.flatMap((node) => (node.kind === 'item' ? [node] : flattenNav(node.children)));
}

/**
 * The href of the menu page `pathname` belongs to: the longest matching href, so that
 * `/master-file/onboarding/3` marks Onboarding and not also Master File. Undefined when no page matches.
 */
export function activePageHref(pathname: string, tree: readonly NavNode[] = NAV_TREE): string | undefined {
  let best: string | undefined;
  for (const page of flattenNav(tree)) {
    if (isActiveHref(pathname, page.href) && (best === undefined || page.href.length > best.length)) best = page.href;
  }
  return best;
}

/** Whether a node is, or contains, the page at `pathname`. */
export function containsActive(node: NavNode, pathname: string): boolean {
  if (node.kind === 'item') return isActiveHref(pathname, node.href);
  return node.children.some((child) => containsActive(child, pathname));
}

/** Keys of the groups that contain the page at `pathname`, outermost first. */
export function activeGroupKeys(pathname: string, tree: readonly NavNode[] = NAV_TREE): NavGroupKey[] {
  for (const node of tree) {
    if (node.kind === 'group' && containsActive(node, pathname)) {
      return [node.key, ...activeGroupKeys(pathname, node.children)];
    }
  }
  return [];
}

export function isLiabilityKind(value: string): value is LiabilityKind {
  return (LIABILITY_KINDS as readonly string[]).includes(value);
}

export function isServicingReportKind(value: string): value is ServicingReportKind {
  return (SERVICING_REPORT_KINDS as readonly string[]).includes(value);
}
