import { describe, expect, test } from 'vitest';
import { PORTFOLIO_MODULES as SCHEMA_MODULES } from '@/db/schema/portfolio';
import { LEASE_SORTS } from '@/db/queries/leases';
import { bodyOf, draftOf, emptyDraft } from '@/components/management/view-form';
import {
  MASTER_FILE_COLUMNS,
  MODULE_COLUMNS,
  MODULE_SORTS,
  PORTFOLIO_MODULES,
  TOTAL_CASH_FLOW_COLUMNS,
  checkModuleFields,
  compactFilters,
  createViewBody,
  listViewsQuery,
  updateViewBody,
  viewHref,
} from '@/lib/validations/portfolio-views';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.map(String).join('.') || '(root)');

describe('module column lists', () => {
  test('the modules are the schema’s', () => {
    expect([...PORTFOLIO_MODULES].sort()).toEqual([...SCHEMA_MODULES].sort());
  });

  test("every sortable Master File column can be sorted by the lease query, and the list is the screen's own", () => {
    // Outstanding principal is the book engine's figure at the cut-off, sorted from the engine (register-screen.ts), not by SQL.
    for (const c of MODULE_SORTS['master-file'].filter((c) => c !== 'outstandingPrincipal'))
      expect(Object.keys(LEASE_SORTS), c).toContain(c);
    expect(MODULE_SORTS['master-file']).toContain('outstandingPrincipal');
    expect(MASTER_FILE_COLUMNS).toContain('clientId');
    expect(MODULE_SORTS['master-file']).not.toContain('clientId');
  });

  test('the Total Cash Flow block of 61 monthly columns is a column but not a sort', () => {
    expect(TOTAL_CASH_FLOW_COLUMNS).toContain('cash');
    expect(MODULE_SORTS['total-cash-flow']).not.toContain('cash');
    expect(MODULE_SORTS['total-cash-flow']).toHaveLength(TOTAL_CASH_FLOW_COLUMNS.length - 1);
  });
});

describe('createViewBody', () => {
  const base = { module: 'master-file', name: 'EUR vehicles', columns: ['contractNumber', 'lessee', 'price'] };

  test('a view with filters parses and trims', () => {
    const r = createViewBody.parse({
      ...base,
      name: '  EUR vehicles ',
      filters: { q: ' alpine ', currency: ['EUR'], assetType: ['vehicle'], sort: 'price', dir: 'desc' },
    });
    expect(r).toEqual({ ...base, filters: { q: 'alpine', currency: ['EUR'], assetType: ['vehicle'], sort: 'price', dir: 'desc' } });
  });

  test('filters default to none', () => {
    expect(createViewBody.parse(base).filters).toEqual({});
  });

  test.each([
    [{ ...base, columns: ['contractNumber', 'npv'] }, ['columns.1']],
    [{ ...base, module: 'total-cash-flow' }, ['columns.0', 'columns.2']],
    [{ ...base, module: 'leases' }, ['module']],
    [{ ...base, columns: [] }, ['columns']],
    [{ ...base, columns: ['price', 'price'] }, ['columns.1']],
    [{ ...base, name: '   ' }, ['name']],
    [{ ...base, name: 'x'.repeat(81) }, ['name']],
    [{ ...base, filters: { sort: 'cash' } }, ['filters.sort']],
    [{ ...base, filters: { status: ['open'] } }, ['filters.status.0']],
    [{ ...base, filters: { currency: ['EUR', 'EUR'] } }, ['filters.currency']],
    [{ ...base, filters: { dir: 'up' } }, ['filters.dir']],
    [{ ...base, filters: { page: '2' } }, ['filters']],
    [{ ...base, owner: 3 }, ['(root)']],
  ])('%j fails on %j', (body, expected) => {
    expect(fields(createViewBody.safeParse(body))).toEqual(expected);
  });

  test('a Total Cash Flow view takes its own columns and sorts', () => {
    const r = createViewBody.safeParse({
      module: 'total-cash-flow',
      name: 'NPV',
      columns: ['id', 'lessee', 'npv', 'cash'],
      filters: { sort: 'npv', dir: 'asc' },
    });
    expect(r.success).toBe(true);
  });
});

describe('updateViewBody and the module check of a stored view', () => {
  test.each([
    [{}, false],
    [{ name: 'Renamed' }, true],
    [{ columns: ['lessee'] }, true],
    [{ filters: {} }, true],
    [{ module: 'total-cash-flow' }, false],
  ])('%j is valid: %s', (body, ok) => {
    expect(updateViewBody.safeParse(body).success).toBe(ok);
  });

  test.each([
    ['master-file', { columns: ['npv'] }, ['columns.0']],
    ['total-cash-flow', { columns: ['npv'] }, []],
    ['total-cash-flow', { filters: { sort: 'price' } }, ['filters.sort']],
    ['master-file', { name: 'only a name' }, []],
  ] as const)('%s with %j: issues at %j', (module, patch, expected) => {
    const issues: string[] = [];
    checkModuleFields(module, patch as { columns?: string[] }, { addIssue: (i) => issues.push(i.path.join('.')) });
    expect(issues).toEqual(expected);
  });
});

describe('helpers', () => {
  test('compactFilters drops empty values', () => {
    expect(compactFilters({ q: '', status: [], currency: ['GBP'], sort: 'price', dir: 'asc' })).toEqual({
      currency: ['GBP'],
      sort: 'price',
      dir: 'asc',
    });
  });

  test.each([
    ['master-file', 7, '/master-file', '7'],
    ['total-cash-flow', 12, '/portfolio/total-cash-flow', '12'],
  ] as const)('%s view %d opens at %s?view=%s', (module, id, pathname, view) => {
    expect(viewHref(module, id)).toEqual({ pathname, query: { view } });
  });

  test('listViewsQuery accepts a known module or none', () => {
    expect(listViewsQuery.parse({})).toEqual({});
    expect(listViewsQuery.parse({ module: 'total-cash-flow' })).toEqual({ module: 'total-cash-flow' });
    expect(listViewsQuery.safeParse({ module: 'x' }).success).toBe(false);
  });

  test('a draft round-trips through the form: columns in module order, direction only with a sort', () => {
    const draft = { ...emptyDraft('master-file'), name: ' Mine ', columns: ['price', 'contractNumber'], status: ['active'], dir: 'desc' };
    expect(bodyOf(draft)).toEqual({
      module: 'master-file',
      name: 'Mine',
      columns: ['contractNumber', 'price'],
      filters: { status: ['active'] },
    });
    const sorted = bodyOf({ ...draft, sort: 'price' });
    expect(sorted.filters).toEqual({ status: ['active'], sort: 'price', dir: 'desc' });
    const back = draftOf({ id: 1, module: 'master-file', name: 'Mine', columns: sorted.columns, filters: sorted.filters, updatedAt: 0 });
    expect(bodyOf(back)).toEqual(sorted);
    expect(createViewBody.safeParse(sorted).success).toBe(true);
  });

  test('a new draft starts with every column of its module', () => {
    for (const m of PORTFOLIO_MODULES) expect(emptyDraft(m).columns).toEqual([...MODULE_COLUMNS[m]]);
  });
});
