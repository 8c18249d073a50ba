import type { DbOrTx } from '@/db/client';
import { iterateAudit, pageAudit, type AuditFilter } from '@/db/queries/audit';
import { leaseCurrencyOf } from '@/db/queries/credit';
import { getFacility } from '@/db/queries/facilities';
import { getFunder } from '@/db/queries/funders';
import type { AuditRow } from '@/db/schema/access';
import type { ExportColumn } from '@/lib/exports';
import { APP_TIME_ZONE, formatIsoDate, formatMoney, formatTimestamp, parseIsoDate, type Formatter } from '@/lib/format';
import type { AuditQuery } from '@/lib/validations/access';

const DAY_MS = 86_400_000;

export type AuditEntryView = Omit<AuditRow, 'before' | 'after'> & {
  before: unknown;
  after: unknown;
  /**
   * The ISO code the record's money fields are in: the record's own `currency` (or a funder's `baseCurrency`), else
   * its lease's (a write-off, a recovery, a lease's flag or opening position), its facility's (a draw, a certificate)
   * or its funder's base currency; null when none applies (a user, a funder assignment).
   */
  currency: string | null;
};

/** One changed field, each side in words: `line` is what the screen and the export show. */
export type AuditChangeText = { field: string; label: string; before: string; after: string; line: string };

/** A row told for people in one locale: the screen, the lease page's history and the export show exactly these. */
export type AuditEntryText = { at: string; entity: string; action: string; changes: AuditChangeText[] };

export type DescribedAuditEntry = AuditEntryView & { text: AuditEntryText };

/**
 * What the trail is told in: the `access.audit` messages of a locale and that locale's formatter (lib/format: UTC).
 * Pages and route handlers build it with auditWordsOf; the words never reach the database layer.
 */
export type AuditWords = {
  t: (key: string, values?: Record<string, string | number>) => string;
  has: (key: string) => boolean;
  format: Formatter;
};

/** Any next-intl translator of the `access.audit` namespace (getTranslations, useTranslations, createTranslator). */
type AuditTranslator = { (key: never, values?: never): string; has(key: never): boolean };

export function auditWordsOf(t: AuditTranslator, format: Formatter): AuditWords {
  return { t: (key, values) => t(key as never, values as never), has: (key) => t.has(key as never), format };
}

/** Query filters to row filters: dates are whole UTC days, `to` inclusive. */
export function auditFilterOf(q: Omit<AuditQuery, 'page' | 'perPage'>): AuditFilter {
  return {
    userId: q.userId,
    entity: q.entity,
    entityId: q.entityId,
    funderId: q.funderId,
    from: q.from ? Date.parse(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? Date.parse(`${q.to}T00:00:00Z`) + DAY_MS : undefined,
  };
}

export function toAuditView(r: AuditRow, currency: string | null = null): AuditEntryView {
  return {
    ...r,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
    currency,
  };
}

// ---- currencies ------------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The currency a record states itself: a lease, quotation, payment, bank line, write-off, facility, funder. */
function ownCurrency(record: unknown): string | null {
  if (!isRecord(record)) return null;
  for (const key of ['currency', 'baseCurrency']) {
    const c = record[key];
    if (typeof c === 'string' && CURRENCY_CODE.test(c)) return c;
  }
  return null;
}

function idOf(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Bounds the remembered lease, facility and funder currencies of one export (a book of 100,000 leases). */
const MAX_KNOWN_CURRENCIES = 10_000;

/**
 * The currency of each row's money fields (AuditEntryView.currency), reading each lease's, facility's and funder's
 * once for the page or the export that asks.
 */
function currencyResolver(db: DbOrTx): (v: Omit<AuditEntryView, 'currency'>) => Promise<string | null> {
  const known = new Map<string, string | null>();
  const kept = async (key: string, read: () => string | undefined | Promise<string | undefined>): Promise<string | null> => {
    let c = known.get(key);
    if (c === undefined) {
      if (known.size >= MAX_KNOWN_CURRENCIES) known.clear();
      known.set(key, (c = (await read()) ?? null));
    }
    return c;
  };
  return async (v) => {
    const own = ownCurrency(v.after) ?? ownCurrency(v.before);
    if (own) return own;
    const field = (name: string) =>
      idOf(isRecord(v.after) ? v.after[name] : undefined) ?? idOf(isRecord(v.before) ? v.before[name] : undefined);
    const leaseId = field('leaseId') ?? (v.entity === 'lease' ? idOf(v.entityId) : null);
    const ofLease = leaseId === null ? null : await kept(`lease:${leaseId}`, () => leaseCurrencyOf(db, leaseId));
    if (ofLease) return ofLease;
    const facilityId = field('facilityId') ?? (v.entity === 'facility' ? idOf(v.entityId) : null);
    const ofFacility =
      facilityId === null ? null : await kept(`facility:${facilityId}`, async () => (await getFacility(db, facilityId))?.currency);
    if (ofFacility) return ofFacility;
    const funderId = v.funderId;
    return funderId === null ? null : await kept(`funder:${funderId}`, async () => (await getFunder(db, funderId))?.baseCurrency);
  };
}

async function viewsOf(rows: readonly AuditRow[], currencyOf: ReturnType<typeof currencyResolver>): Promise<AuditEntryView[]> {
  const views: AuditEntryView[] = [];
  for (const r of rows) {
    const v = toAuditView(r);
    v.currency = await currencyOf(v);
    views.push(v);
  }
  return views;
}

// ---- the one formatter -----------------------------------------------------------------------

/** Amounts in integer minor units (db/schema): the record's currency applies. */
const MONEY_FIELDS = new Set([
  'amount',
  'price',
  'downPayment',
  'residual',
  'fee',
  'instalment',
  'principal',
  'agreedPurchasePrice',
  'rebasedBalance',
  'commitment',
  'reserves',
  'materialityTolerance',
  'creditAbsRetail',
  'creditAbsOther',
  'arrears',
  'arrearsVat',
  'arrearsFee',
  'arrearsInterest',
  'arrearsPrincipal',
]);

/** Rates and shares stored as decimals (0.055), shown as percentages. */
const RATE_FIELDS = new Set([
  'rate',
  'vatRate',
  'buyRate',
  'discountRate',
  'facilityRate',
  'advanceRate',
  'vatDefault',
  'servicingFee',
  'importInstalmentTolerance',
  'creditRelative',
  'creditContagion',
  'provisionMatrix',
  'cpr',
  'cdr',
  'severity',
]);

/** Epoch milliseconds that do not end in `At`. */
const TIMESTAMP_FIELDS = new Set(['at']);

/** Identifiers and counters shown as they are (no grouping: lease 12345 is not "12,345"). */
const ID_FIELDS = new Set(['id', 'version', 'dataVersion', 'lineNo', 'funderIds']);

/** Bookkeeping every update changes: not a change a person made. */
const HIDDEN_FIELDS = new Set(['updatedAt', 'version']);

/** Nested records (opening-position arrears, proposal changes, facility criteria) are told to this depth. */
const MAX_DEPTH = 4;

type ValueKind = 'money' | 'rate' | 'timestamp' | 'id' | 'plain';

function kindOfName(name: string): ValueKind | null {
  if (MONEY_FIELDS.has(name)) return 'money';
  if (RATE_FIELDS.has(name)) return 'rate';
  if (TIMESTAMP_FIELDS.has(name) || /[a-z]At$/.test(name)) return 'timestamp';
  if (ID_FIELDS.has(name) || /[a-z](Id|Ids|By)$/.test(name)) return 'id';
  return null;
}

/** The kind of a nested value is its nearest named field's: arrears.vat is money, changes.buyRate.after a rate. */
function kindOfPath(path: readonly string[]): ValueKind {
  for (let i = path.length - 1; i >= 0; i--) {
    const kind = kindOfName(path[i]!);
    if (kind) return kind;
  }
  return 'plain';
}

const MESSAGE_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A code or a field name as words when no message names it: "decidedAt" → "decided at", "roll_forward" → "roll forward". */
export function readableName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((w) => w !== '')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
}

function message(words: AuditWords, keys: readonly string[], fallback: string): string {
  for (const key of keys) if (words.has(key)) return words.t(key);
  return fallback;
}

const known = (...parts: string[]) => parts.every((p) => MESSAGE_KEY.test(p));

export function auditEntityLabel(entity: string, words: AuditWords): string {
  return message(words, known(entity) ? [`entities.${entity}`] : [], readableName(entity));
}

/** An action in words; a few read differently by entity (a write-off's approve is not a settings change's). */
export function auditActionLabel(entity: string, action: string, words: AuditWords): string {
  const keys = [...(known(entity, action) ? [`actionsByEntity.${entity}.${action}`] : []), ...(known(action) ? [`actions.${action}`] : [])];
  return message(words, keys, readableName(action));
}

/** A field's label; a nested one names its path ("Arrears › VAT"), an array item its position ("#2"). */
export function auditFieldLabel(path: readonly string[], words: AuditWords): string {
  if (path.length === 0) return words.t('fields.value');
  return path.map((name) => message(words, known(name) ? [`fields.${name}`] : [], readableName(name))).join(' › ');
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A percentage with the digits the rate has (6.125 %), at least two. */
function formatRate(format: Formatter, rate: number): string {
  return format.number(rate, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 4 });
}

function formatScalar(value: unknown, kind: ValueKind, currency: string | null, words: AuditWords): string {
  const { format } = words;
  if (isEmpty(value)) return words.t('values.none');
  if (typeof value === 'boolean') return words.t(value ? 'values.yes' : 'values.no');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    switch (kind) {
      case 'money':
        // Without a currency the digits are unknown: the stored number is shown rather than a guessed amount.
        return currency && Number.isInteger(value) ? formatMoney(format, value, currency) : format.number(value);
      case 'rate':
        return formatRate(format, value);
      case 'timestamp':
        return formatTimestamp(format, value, { dateStyle: 'medium', timeStyle: 'long', timeZone: APP_TIME_ZONE });
      case 'id':
        return String(value);
      default:
        return format.number(value, { maximumFractionDigits: 6 });
    }
  }
  if (typeof value === 'string') return parseIsoDate(value) ? formatIsoDate(format, value, 'medium') : value;
  return JSON.stringify(value);
}

/** One value of a field in words: money, rates, moments, dates, yes/no, lists; nothing as the locale's "(none)". */
export function formatAuditValue(path: readonly string[], value: unknown, currency: string | null, words: AuditWords): string {
  const kind = kindOfPath(path);
  if (Array.isArray(value) && value.length > 0) return value.map((v) => formatScalar(v, kind, currency, words)).join(', ');
  return formatScalar(value, kind, currency, words);
}

type Leaf = { path: string[]; value: unknown };

/** A record's values by field path; nested records and arrays of records are walked, arrays of values kept whole. */
function leavesOf(record: unknown): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const walk = (value: unknown, path: string[]) => {
    if (path.length < MAX_DEPTH && isRecord(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    } else if (path.length < MAX_DEPTH && Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
      value.forEach((v, i) => walk(v, [...path, `#${i + 1}`]));
    } else {
      out.set(path.join('\u0000'), { path, value });
    }
  };
  if (record !== null && record !== undefined) walk(record, []);
  return out;
}

/** The "When" of a row, as the screen's first column shows it (UTC). */
export function formatAuditTime(at: number, words: AuditWords): string {
  return words.format.dateTime(new Date(at), { dateStyle: 'short', timeStyle: 'medium', timeZone: APP_TIME_ZONE });
}

export type AuditDescribable = Pick<AuditEntryView, 'at' | 'entity' | 'action' | 'before' | 'after' | 'currency'>;

/**
 * The one formatter of the trail: the Audit screen, the lease page's history and the export all tell a row with it.
 * Every field whose value differs between before and after (all of a created or deleted record's), labelled in the
 * locale, each side formatted by its kind.
 */
export function describeAuditEntry(row: AuditDescribable, words: AuditWords): AuditEntryText {
  const before = leavesOf(row.before);
  const after = leavesOf(row.after);
  // A record that changed currency tells each side in its own.
  const beforeCurrency = ownCurrency(row.before) ?? row.currency;
  const afterCurrency = ownCurrency(row.after) ?? row.currency;
  const changes: AuditChangeText[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(key);
    const a = after.get(key);
    const path = (b ?? a)!.path;
    if (path.length > 0 && HIDDEN_FIELDS.has(path[0]!)) continue;
    if (JSON.stringify(b?.value) === JSON.stringify(a?.value) || (isEmpty(b?.value) && isEmpty(a?.value))) continue;
    const label = auditFieldLabel(path, words);
    const from = formatAuditValue(path, b?.value, beforeCurrency, words);
    const to = formatAuditValue(path, a?.value, afterCurrency, words);
    changes.push({ field: path.join('.'), label, before: from, after: to, line: `${label}: ${from} → ${to}` });
  }
  return {
    at: formatAuditTime(row.at, words),
    entity: auditEntityLabel(row.entity, words),
    action: auditActionLabel(row.entity, row.action, words),
    changes,
  };
}

export function describeAuditEntries<R extends AuditDescribable>(rows: readonly R[], words: AuditWords): (R & { text: AuditEntryText })[] {
  return rows.map((r) => ({ ...r, text: describeAuditEntry(r, words) }));
}

// ---- screens and jobs ------------------------------------------------------------------------

/** GET /api/audit: one page, newest first, codes and stored values (the UI tells them in words). */
export async function auditPage(
  db: DbOrTx,
  q: AuditQuery,
): Promise<{ rows: AuditEntryView[]; total: number; page: number; perPage: number }> {
  const { rows, total } = await pageAudit(db, auditFilterOf(q), q.page, q.perPage);
  return { rows: await viewsOf(rows, currencyResolver(db)), total, page: q.page, perPage: q.perPage };
}

/** The Audit screen: auditPage's rows told in the viewer's words. */
export async function auditScreen(
  db: DbOrTx,
  q: AuditQuery,
  words: AuditWords,
): Promise<{ rows: DescribedAuditEntry[]; total: number; page: number; perPage: number }> {
  const page = await auditPage(db, q);
  return { ...page, rows: describeAuditEntries(page.rows, words) };
}

/** Every matching row, in batches, told in the requester's words (the export). */
export async function* auditBatches(
  db: DbOrTx,
  q: Omit<AuditQuery, 'page' | 'perPage'>,
  words: AuditWords,
): AsyncGenerator<DescribedAuditEntry[]> {
  const currencyOf = currencyResolver(db);
  for await (const rows of iterateAudit(db, auditFilterOf(q))) yield describeAuditEntries(await viewsOf(rows, currencyOf), words);
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * The export's columns: first what the screen shows, in the same words (when, user, entity, action, the changes one
 * per line), then the stored codes and records for machines.
 */
export function auditExportColumns(words: AuditWords): ExportColumn<DescribedAuditEntry>[] {
  const col = (
    id: string,
    header: string,
    kind: ExportColumn<DescribedAuditEntry>['kind'],
    value: ExportColumn<DescribedAuditEntry>['value'],
    width = 16,
  ): ExportColumn<DescribedAuditEntry> => ({ id, header, kind, value, width });
  const { t } = words;
  return [
    col('id', t('columns.id'), 'integer', (r) => r.id, 8),
    col('at', t('columns.at'), 'text', (r) => r.text.at, 20),
    col('userEmail', t('columns.userEmail'), 'text', (r) => r.userEmail, 28),
    col('funderId', t('columns.funderId'), 'integer', (r) => r.funderId, 8),
    col('entity', t('columns.entity'), 'text', (r) => r.text.entity, 20),
    col('entityId', t('columns.entityId'), 'text', (r) => r.entityId, 10),
    col('action', t('columns.action'), 'text', (r) => r.text.action, 28),
    col('changes', t('changes'), 'text', (r) => r.text.changes.map((c) => c.line).join('\n'), 80),
    col('atIso', t('columns.atIso'), 'text', (r) => new Date(r.at).toISOString(), 24),
    col('entityCode', t('columns.entityCode'), 'text', (r) => r.entity),
    col('actionCode', t('columns.actionCode'), 'text', (r) => r.action),
    col('before', t('columns.before'), 'text', (r) => json(r.before), 60),
    col('after', t('columns.after'), 'text', (r) => json(r.after), 60),
  ];
}

/** A lease's own history from the trail (the lease page), newest first; describeAuditEntries tells it in words. */
export async function leaseAuditHistory(db: DbOrTx, leaseId: number, limit = 50): Promise<AuditEntryView[]> {
  return await viewsOf((await pageAudit(db, { entity: 'lease', entityId: String(leaseId) }, 1, limit)).rows, currencyResolver(db));
}
