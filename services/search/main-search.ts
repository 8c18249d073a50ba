import type { DbOrTx } from '@/db/client';
import { getFunder } from '@/db/queries/funders';
import {
  searchCertificateHits,
  searchCovenantHits,
  searchFacilityHits,
  searchImportHits,
  searchLeaseHits,
  searchLesseeHits,
  searchReportFileHits,
  searchWriteOffHits,
  type Counted,
  type RecordMatch,
} from '@/db/queries/search';
import { getTranslations } from '@/i18n/translations';
import { hasScope } from '@/lib/auth/scopes';
import { NotFound } from '@/lib/domain/errors';
import { COVENANT_METRICS } from '@/lib/domain/facilities';
import { formatIsoDate, formatIsoMonth, localeFormatter } from '@/lib/format';
import { isServicingReportKind, SERVICING_REPORT_KINDS, SERVICING_REPORT_PAGE } from '@/lib/navigation';
import type { SearchPageItem } from '@/lib/validations/content';
import {
  SEARCH_MIN_RECORD_QUERY,
  type MainSearchQuery,
  type MainSearchResponse,
  type SearchPageHit,
  type SearchRecordGroup,
  type SearchRecordHit,
  type SearchRecordKind,
} from '@/lib/validations/search';
import { assertFunderAccess, listAccessibleFunders } from '@/services/auth/funder-access';
import type { Principal } from '@/services/auth/principal';
import { firstMatch, matchesTerm, normalizeSearchText, splitTerms } from './match';

/**
 * The navbar search (GET /api/main-search/data): the menu pages the user may open, found by their title or one of
 * their synonyms in the user's language (messages navbarSearch.synonyms), and the records of every funder the user
 * may access — leases, lessees, facilities, covenants, borrowing-base certificates, write-offs, imports and kept
 * report files — the current funder's first, each naming its funder. A query that names a kind of record ("covenant",
 * "Abschreibung") lists that kind's records. A funder the user is not assigned is never searched.
 */

/** A kind is listed whole when the query names it with at least this many characters ("cov" → covenants). */
const KIND_QUERY_MIN = 3;

/**
 * Synonyms, covenant metrics and report names are matched only by a query of at least two letters or digits once
 * spaces and punctuation are set aside: "_L-" is not the letter "l".
 */
function isTermQuery(q: string): boolean {
  return normalizeSearchText(q).replace(/ /g, '').length >= SEARCH_MIN_RECORD_QUERY;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;
type Translator = Translate & { has: (key: string) => boolean };

async function translator(locale: string, namespace: string): Promise<Translator> {
  return (await getTranslations({ locale, namespace })) as unknown as Translator;
}

/** The terms a page is found by besides its title: its synonyms in the locale. */
function pageTerms(t: Translator, page: string): string[] {
  return t.has(`synonyms.${page}`) ? splitTerms(t(`synonyms.${page}`)) : [];
}

/** Page titles first, then pages found by a synonym, each in menu order; an empty query lists the menu. */
function matchPages(pages: readonly SearchPageItem[], q: string, t: Translator): SearchPageHit[] {
  if (!q) return [...pages];
  const byTitle: SearchPageHit[] = [];
  const bySynonym: SearchPageHit[] = [];
  for (const page of pages) {
    if (
      matchesTerm(page.title, q) ||
      normalizeSearchText(page.target).includes(normalizeSearchText(q)) ||
      fallbackContains(page.title, q)
    ) {
      byTitle.push(page);
      continue;
    }
    if (!isTermQuery(q)) continue;
    const matched = firstMatch(pageTerms(t, page.target), q);
    if (matched) bySynonym.push({ ...page, matched });
  }
  return [...byTitle, ...bySynonym];
}

/** A query of punctuation only normalises to nothing: it still finds a title that contains it as typed. */
function fallbackContains(text: string, q: string): boolean {
  return normalizeSearchText(q) === '' && text.toLocaleLowerCase().includes(q.toLocaleLowerCase());
}

/** Whether the query names the kind: its group title or one of its synonyms in the locale. */
function namesKind(t: Translator, kind: SearchRecordKind, q: string): boolean {
  if (normalizeSearchText(q).replace(/ /g, '').length < KIND_QUERY_MIN) return false;
  const terms = [t(`groups.${kind}`), ...(t.has(`kindSynonyms.${kind}`) ? splitTerms(t(`kindSynonyms.${kind}`)) : [])];
  return firstMatch(terms, q) !== undefined;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function mainSearchScreen(
  db: DbOrTx,
  principal: Principal,
  query: MainSearchQuery,
  /** The menu pages the user may open, labelled in the locale, with the user's bookmark flags (the bookmarks' page items). */
  pages: readonly SearchPageItem[],
): Promise<MainSearchResponse> {
  const { locale, q, limit, funderId } = query;
  const t = await translator(locale, 'navbarSearch');
  const tooShort = q.length > 0 && q.length < SEARCH_MIN_RECORD_QUERY;

  const pageHits = matchPages(pages, q, t);
  const searchArr: MainSearchResponse['searchArr'] = [];
  if (pageHits.length > 0) {
    searchArr.push({
      groupKey: 'pages',
      groupTitle: t('groups.pages'),
      searchLimit: limit,
      count: pageHits.length,
      countCapped: false,
      data: pageHits.slice(0, limit),
    });
  }
  // Without read:funders no funder data is served at all: pages only.
  if (!hasScope(principal.scopes, 'read:funders')) return { searchArr, scope: null, tooShort };

  if (!(await getFunder(db, funderId))) throw new NotFound(`Funder ${funderId} does not exist.`);
  await assertFunderAccess(principal, funderId, 'list');
  const accessible = await listAccessibleFunders(db, principal);
  const current = accessible.find((f) => f.id === funderId)!;
  const funders = [current, ...accessible.filter((f) => f.id !== funderId)];
  const funderName = new Map(funders.map((f) => [f.id, f.name]));
  const scope = { currentFunderId: funderId, funders: funders.map((f) => ({ id: f.id, name: f.name })) };

  const group = <T>(kind: SearchRecordKind, found: Counted<T>, hit: (row: T) => Omit<SearchRecordHit, 'funderName'>) => {
    if (found.rows.length === 0) return;
    const data = found.rows.map((row) => {
      const h = hit(row);
      return { ...h, funderName: funderName.get(h.funderId) ?? '' };
    });
    const g: SearchRecordGroup = {
      groupKey: kind,
      groupTitle: t(`groups.${kind}`),
      searchLimit: limit,
      count: found.count,
      countCapped: found.countCapped,
      data,
    };
    searchArr.push(g);
  };
  const lesseeHit = (r: { id: number; funderId: number; name: string; idOdoo: string | null; taxId: string }) => ({
    id: r.id,
    key: `lessee-${r.id}`,
    title: r.name,
    subtitle: r.idOdoo ?? r.taxId,
    link: `/${locale}/servicing/clients-behavior/${r.id}`,
    funderId: r.funderId,
  });
  const leaseHit = (r: { id: number; funderId: number; contractNumber: string; lesseeName: string }) => ({
    id: r.id,
    key: `lease-${r.id}`,
    title: r.contractNumber,
    subtitle: r.lesseeName,
    link: `/${locale}/master-file/${r.id}`,
    funderId: r.funderId,
  });

  // The dialog opens on an empty query: the current funder's first lessees and leases, as a starting point.
  if (!q) {
    group('lessees', await searchLesseeHits(db, [funderId], '', limit), lesseeHit);
    group('leases', await searchLeaseHits(db, [funderId], '', limit), leaseHit);
    return { searchArr, scope, tooShort };
  }
  if (tooShort) return { searchArr, scope, tooShort };

  const ids = funders.map((f) => f.id);
  const [tf, tc] = await Promise.all([translator(locale, 'facilities'), translator(locale, 'credit')]);
  const tn = await translator(locale, 'nav');
  const format = localeFormatter(locale);
  const date = (iso: string) => formatIsoDate(format, iso);
  const match = (kind: SearchRecordKind): RecordMatch => (namesKind(t, kind, q) ? 'all' : { text: q });

  group('lessees', await searchLesseeHits(db, ids, q, limit), lesseeHit);
  group('leases', await searchLeaseHits(db, ids, q, limit), leaseHit);

  group('facilities', await searchFacilityHits(db, ids, match('facilities'), limit), (r) => ({
    id: r.id,
    key: `facility-${r.id}`,
    title: r.name,
    subtitle: `${r.lender} · ${r.currency}`,
    link: `/${locale}/portfolio/facilities/${r.id}`,
    funderId: r.funderId,
  }));

  const metricLabel = (metric: string) => tf(`metrics.${metric}`);
  const covenantMatch = namesKind(t, 'covenants', q)
    ? ('all' as const)
    : { metrics: isTermQuery(q) ? COVENANT_METRICS.filter((m) => matchesTerm(metricLabel(m), q) || matchesTerm(m, q)) : [] };
  group('covenants', await searchCovenantHits(db, ids, covenantMatch, limit), (r) => ({
    id: r.id,
    key: `covenant-${r.id}`,
    title: metricLabel(r.metric),
    subtitle: r.facilityName,
    link: `/${locale}/portfolio/facilities/${r.facilityId}#cov-${r.id}`,
    funderId: r.funderId,
  }));

  group('certificates', await searchCertificateHits(db, ids, match('certificates'), limit), (r) => ({
    id: r.id,
    key: `certificate-${r.id}`,
    title: t('hits.certificate', { date: date(r.asOf) }),
    subtitle: `${r.facilityName} · ${tf(`certificates.${r.status}`)}`,
    link: `/${locale}/portfolio/facilities/${r.facilityId}`,
    funderId: r.funderId,
  }));

  // A write-off is shown on its lease's page (and listed on Defaults & losses).
  group('writeOffs', await searchWriteOffHits(db, ids, match('writeOffs'), limit), (r) => ({
    id: r.id,
    key: `write-off-${r.id}`,
    title: r.contractNumber,
    subtitle: t('hits.writeOff', { date: date(r.writeOffOn), status: tc(`writeOffStatus.${r.status}`) }),
    link: `/${locale}/master-file/${r.leaseId}`,
    funderId: r.funderId,
  }));

  group('imports', await searchImportHits(db, ids, match('imports'), limit), (r) =>
    r.source === 'tape'
      ? {
          id: r.id,
          key: `tape-import-${r.id}`,
          title: r.fileName,
          subtitle: t('hits.tapeImport', { source: r.sourceName, date: date(isoDay(r.createdAt)) }),
          link: `/${locale}/master-file/imports/${r.id}`,
          funderId: r.funderId,
        }
      : {
          id: r.id,
          key: `payment-import-${r.id}`,
          title: r.fileName,
          subtitle: t('hits.paymentImport', { date: date(isoDay(r.createdAt)) }),
          link: `/${locale}/servicing/payments/imports/${r.id}`,
          funderId: r.funderId,
        },
  );

  // Reports by their names (the servicing report pages' titles and synonyms), file name or period.
  const reportName = (kind: string) => (isServicingReportKind(kind) ? tn(SERVICING_REPORT_PAGE[kind]) : kind);
  const reportKinds = SERVICING_REPORT_KINDS.filter((kind) => {
    if (!isTermQuery(q)) return false;
    const page = SERVICING_REPORT_PAGE[kind];
    return firstMatch([tn(page), ...pageTerms(t, page)], q) !== undefined;
  });
  const reportMatch = namesKind(t, 'reports', q) ? ('all' as const) : { text: q, kinds: reportKinds };
  group('reports', await searchReportFileHits(db, ids, reportMatch, limit), (r) => ({
    id: r.id,
    key: `report-${r.id}`,
    title: r.period
      ? t('hits.report', { report: reportName(r.kind), period: formatIsoMonth(format, r.period, 'long') })
      : reportName(r.kind),
    subtitle: r.fileName,
    link: isServicingReportKind(r.kind)
      ? `/${locale}/servicing/reports/${r.kind}?${new URLSearchParams({ ...(r.period ? { month: r.period } : {}), file: String(r.id) }).toString()}`
      : `/api/reports/files/${r.id}?funderId=${r.funderId}`,
    funderId: r.funderId,
  }));

  return { searchArr, scope, tooShort };
}
