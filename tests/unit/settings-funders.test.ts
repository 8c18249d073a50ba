import { describe, expect, test } from 'vitest';
import { createFunder, getFunder, getFunderByName, updateFunder } from '@/db/queries/funders';
import {
  DEFAULT_ALLOCATION_ORDER,
  advanceRate,
  allocationOrder,
  bucketEdges,
  createFunderBody,
  funderFormValues,
  funderParams,
  funderSettingsForm,
  issueReason,
  newFunderForm,
  parseLocaleDecimal,
  parseLocaleNumber,
  percentToRate,
  toFunderColumns,
  toFunderSettings,
  updateFunderBody,
  type FunderFormValues,
  type FunderParams,
} from '@/lib/validations/funders';
import { createTestDb } from '../helpers/test-db';

const PARAMS: FunderParams = {
  name: 'Atlântico Capital Funding',
  baseCurrency: 'EUR',
  buyRate: 0.055,
  discountRate: null,
  discountConvention: 'monthly',
  rateConvention: 'nominal',
  facilityRate: 0.042,
  advanceRate: 0.9,
  vatDefault: 0.23,
  servicingFee: 0.005,
  allocationOrder: ['vat', 'fee', 'interest', 'principal'],
  bucketEdges: [30, 60, 90],
  materialityTolerance: 100,
  graceDays: 0,
  importInstalmentTolerance: 0.02,
};

/** The reasons of a failed parse, as "path: reason" (what the form translates). */
function reasons(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; code: string; params?: Record<string, unknown> }[] };
}): string[] {
  return (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${issueReason(i)}`);
}

describe('parseLocaleNumber', () => {
  test.each([
    ['5,5', 'de', 5.5],
    ['6,25', 'de', 6.25],
    ['1.234,5', 'de', 1234.5],
    ['6.25', 'en', 6.25],
    ['1,234.5', 'en', 1234.5],
    ['1 234,5', 'fr', 1234.5],
    ['1\u202f234,5', 'fr', 1234.5],
    ['1\u00a0234,5', 'fr', 1234.5],
    ['0,0625', 'pt', 0.0625],
    ['1.000', 'pt', 1000],
    ['  7 ', 'en', 7],
    ['5,5 %', 'de', 5.5],
    [',5', 'de', 0.5],
    ['-2,5', 'de', -2.5],
    ['\u22122.5', 'en', -2.5],
  ])('%j in %s is %d', (text, locale, expected) => {
    expect(parseLocaleNumber(text, locale)).toBe(expected);
  });

  test.each([
    // The other locale's decimal mark is refused, not misread as thousands (6,25 would otherwise become 625).
    ['6.25', 'de'],
    ['6,25', 'en'],
    ['12,34', 'en'],
    ['1.23.4', 'en'],
    ['1,2,3', 'de'],
    ['', 'en'],
    ['abc', 'en'],
    ['5e3', 'en'],
    ['0x10', 'en'],
    ['1 2', 'en'],
    ['.', 'en'],
    ['Infinity', 'en'],
  ])('%j in %s is not a number', (text, locale) => {
    expect(parseLocaleNumber(text, locale)).toBeNull();
  });

  test('counts the decimals typed', () => {
    expect(parseLocaleDecimal('5,1230', 'de')).toEqual({ value: 5.123, decimals: 4 });
  });
});

describe('percentToRate', () => {
  test.each([
    [6.25, 0.0625],
    [7.1, 0.071],
    [5.5, 0.055],
    [0.3, 0.003],
    [100, 1],
    [19.1234, 0.191234],
  ])('%d %% is %d exactly', (percent, rate) => {
    expect(percentToRate(percent)).toBe(rate);
  });
});

const formOf = (patch: Partial<FunderFormValues>, locale = 'de'): FunderFormValues => ({ ...funderFormValues(PARAMS, locale), ...patch });

describe('funderSettingsForm: percentages in the locale', () => {
  test.each([
    ['de', '6,25', 0.0625],
    ['de', '5,5', 0.055],
    ['de', '0', 0],
    ['de', '100', 1],
    ['en', '6.25', 0.0625],
    ['fr', '4,2', 0.042],
    ['pt', '7,1', 0.071],
    ['de', '6,25 %', 0.0625],
  ])('%s buy rate %j is stored as %d', (locale, text, expected) => {
    const r = funderSettingsForm(locale).safeParse(formOf({ buyRate: text }, locale));
    expect(r.success).toBe(true);
    expect(r.data?.buyRate).toBe(expected);
  });

  test.each([
    ['de', '', 'buyRate: required'],
    ['de', '6.25', 'buyRate: number'],
    ['en', '6,25', 'buyRate: number'],
    ['de', 'fünf', 'buyRate: number'],
    ['de', '5,12345', 'buyRate: percentDecimals'],
    ['de', '-1', 'buyRate: percentRange'],
    ['de', '100,01', 'buyRate: percentRange'],
  ])('%s buy rate %j fails with %s', (locale, text, expected) => {
    expect(reasons(funderSettingsForm(locale).safeParse(formOf({ buyRate: text }, locale)))).toEqual([expected]);
  });

  test('an empty discount rate means each lease’s contract rate (null)', () => {
    const r = funderSettingsForm('de').safeParse(formOf({ discountRate: '  ' }));
    expect(r.data?.discountRate).toBeNull();
    expect(funderSettingsForm('de').parse(formOf({ discountRate: '8,5' })).discountRate).toBe(0.085);
    expect(reasons(funderSettingsForm('de').safeParse(formOf({ discountRate: 'x' })))).toEqual(['discountRate: number']);
  });

  test('reports every invalid field at once', () => {
    const r = funderSettingsForm('de').safeParse(
      formOf({ name: ' ', buyRate: '6.25', advanceRate: '0', bucketEdges: '60, 30', graceDays: '1,5' }),
    );
    expect(reasons(r).sort()).toEqual([
      'advanceRate: advanceRange',
      'bucketEdges.1: bucketEdgesAscending',
      'buyRate: number',
      'graceDays: integer',
      'name: required',
    ]);
  });

  test.each(['en', 'de', 'fr', 'pt'])('the form shows stored values that read back unchanged (%s)', (locale) => {
    const stored: FunderParams = {
      ...PARAMS,
      buyRate: 0.0625,
      discountRate: 0.071,
      servicingFee: 0.000123,
      materialityTolerance: 123_456,
      graceDays: 5,
      importInstalmentTolerance: 0.0125,
    };
    const values = funderFormValues(stored, locale);
    expect(funderSettingsForm(locale).parse(values)).toEqual(stored);
  });

  test('German shows the stored buy rate 0.0625 as "6,25"', () => {
    expect(funderFormValues({ ...PARAMS, buyRate: 0.0625 }, 'de').buyRate).toBe('6,25');
    expect(funderFormValues({ ...PARAMS, buyRate: 0.0625 }, 'en').buyRate).toBe('6.25');
  });
});

describe('funderSettingsForm: materiality tolerance in the base currency', () => {
  test.each([
    ['EUR', '1,00', 100],
    ['EUR', '1.234,56', 123_456],
    ['EUR', '0', 0],
    ['JPY', '150', 150],
    ['GBP', '2,5', 250],
  ])('%s %j is %d minor units', (currency, text, minor) => {
    const r = funderSettingsForm('de').safeParse(formOf({ baseCurrency: currency, materialityTolerance: text }));
    expect(r.data?.materialityTolerance).toBe(minor);
  });

  test.each([
    ['EUR', '1,005', 'materialityTolerance: amountDecimals'],
    ['JPY', '1,5', 'materialityTolerance: amountDecimals'],
    ['EUR', '-1', 'materialityTolerance: amountRange'],
    ['EUR', '', 'materialityTolerance: required'],
  ])('%s %j fails with %s', (currency, text, expected) => {
    expect(reasons(funderSettingsForm('de').safeParse(formOf({ baseCurrency: currency, materialityTolerance: text })))).toEqual([expected]);
  });
});

describe('funderSettingsForm: tape import instalment tolerance as a percentage', () => {
  test.each([
    ['en', 0.02, '2'],
    ['de', 0.02, '2'],
    ['de', 0.025, '2,5'],
    ['fr', 0.025, '2,5'],
    ['pt', 0.0125, '1,25'],
    ['en', 0.0125, '1.25'],
    ['de', 0.5, '50'],
  ])('%s shows %d as %j', (locale, stored, text) => {
    expect(funderFormValues({ ...PARAMS, importInstalmentTolerance: stored }, locale).importInstalmentTolerance).toBe(text);
  });

  test.each([
    ['de', '2', 0.02],
    ['de', '2,0 %', 0.02],
    ['de', '2,5', 0.025],
    ['en', '2.5', 0.025],
    ['en', '2 %', 0.02],
    ['fr', '0,75', 0.0075],
    ['pt', '10', 0.1],
    ['de', '0', 0],
    ['de', '50', 0.5],
  ])('%s %j is stored as %d', (locale, text, rate) => {
    const r = funderSettingsForm(locale).safeParse(formOf({ importInstalmentTolerance: text }, locale));
    expect(r.success).toBe(true);
    expect(r.data?.importInstalmentTolerance).toBe(rate);
  });

  test.each([
    ['de', '', 'importInstalmentTolerance: required'],
    ['de', '2.5', 'importInstalmentTolerance: number'],
    ['en', '2,5', 'importInstalmentTolerance: number'],
    ['de', 'zwei', 'importInstalmentTolerance: number'],
    ['de', '2,12345', 'importInstalmentTolerance: percentDecimals'],
    ['de', '-1', 'importInstalmentTolerance: instalmentToleranceRange'],
    ['de', '50,01', 'importInstalmentTolerance: instalmentToleranceRange'],
    ['en', '100', 'importInstalmentTolerance: instalmentToleranceRange'],
  ])('%s %j fails with %s', (locale, text, expected) => {
    expect(reasons(funderSettingsForm(locale).safeParse(formOf({ importInstalmentTolerance: text }, locale)))).toEqual([expected]);
  });

  test('the API takes a decimal from 0 to 0.5', () => {
    expect(funderParams.shape.importInstalmentTolerance.safeParse(0).success).toBe(true);
    expect(funderParams.shape.importInstalmentTolerance.safeParse(0.5).success).toBe(true);
    expect(updateFunderBody.safeParse({ importInstalmentTolerance: 0.03 }).success).toBe(true);
    for (const bad of [-0.01, 0.51, 2, '2 %', null]) {
      const r = updateFunderBody.safeParse({ importInstalmentTolerance: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error!.issues.map((i) => `${i.path.join('.')}: ${issueReason(i)}`)).toEqual([
        'importInstalmentTolerance: instalmentToleranceRange',
      ]);
    }
  });
});

describe('bucket edges', () => {
  test.each([[[30, 60, 90]], [[1]], [[15, 30, 45, 60, 90, 120, 180, 270, 365, 3650]]])('%j is valid', (edges) => {
    expect(bucketEdges.safeParse(edges).success).toBe(true);
  });

  test.each([
    [[30, 30, 90], ['bucketEdges.1: bucketEdgesAscending']],
    [
      [90, 60, 30],
      ['bucketEdges.1: bucketEdgesAscending', 'bucketEdges.2: bucketEdgesAscending'],
    ],
    [[], ['bucketEdges: bucketEdgesCount']],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], ['bucketEdges: bucketEdgesCount']],
    [[0, 30], ['bucketEdges.0: bucketEdgesRange']],
    [[30, 3651], ['bucketEdges.1: bucketEdgesRange']],
    [[30.5, 60], ['bucketEdges.0: bucketEdgesFormat']],
  ])('%j fails with %j', (edges, expected) => {
    const r = funderParams.shape.bucketEdges.safeParse(edges);
    expect(r.success).toBe(false);
    expect(
      r.error!.issues.map(
        (i) => `bucketEdges${i.path.length ? `.${i.path.join('.')}` : ''}: ${issueReason({ ...i, path: ['bucketEdges', ...i.path] })}`,
      ),
    ).toEqual(expected);
  });

  test.each([
    ['30, 60, 90', [30, 60, 90]],
    ['30;60;90', [30, 60, 90]],
    [' 30  60 90 ', [30, 60, 90]],
    ['7', [7]],
  ])('the form reads %j as %j', (text, edges) => {
    expect(funderSettingsForm('en').parse(formOf({ bucketEdges: text }, 'en')).bucketEdges).toEqual(edges);
  });

  test.each([
    ['30, 60.5', 'bucketEdges: bucketEdgesFormat'],
    ['thirty', 'bucketEdges: bucketEdgesFormat'],
    ['', 'bucketEdges: required'],
    ['60, 30', 'bucketEdges.1: bucketEdgesAscending'],
  ])('the form refuses %j (%s)', (text, expected) => {
    expect(reasons(funderSettingsForm('en').safeParse(formOf({ bucketEdges: text }, 'en')))).toEqual([expected]);
  });
});

describe('allocation order', () => {
  const components = ['vat', 'fee', 'interest', 'principal'];
  const permutations = (xs: string[]): string[][] =>
    xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));

  test('every one of the 24 permutations of the four components is valid', () => {
    const all = permutations(components);
    expect(all).toHaveLength(24);
    for (const order of all) expect(allocationOrder.safeParse(order).success, order.join(',')).toBe(true);
  });

  test.each([
    [['vat', 'vat', 'interest', 'principal']],
    [['vat', 'fee', 'interest']],
    [['vat', 'fee', 'interest', 'principal', 'vat']],
    [[]],
    [['vat', 'fee', 'interest', 'penalty']],
    ['vat,fee,interest,principal'],
  ])('%j is refused', (order) => {
    const r = allocationOrder.safeParse(order);
    expect(r.success).toBe(false);
    expect(r.error!.issues.every((i) => issueReason({ ...i, path: ['allocationOrder', ...i.path] }) === 'allocationOrder')).toBe(true);
  });
});

describe('advance rate', () => {
  test.each([
    [0.0001, true],
    [0.5, true],
    [1, true],
    [0, false],
    [-0.1, false],
    [1.0001, false],
    [Number.NaN, false],
  ])('%d is valid: %s', (value, ok) => {
    expect(advanceRate.safeParse(value).success).toBe(ok);
  });

  test.each([
    ['100', 1],
    ['0,01', 0.0001],
    ['85', 0.85],
  ])('the form reads %j %% as %d', (text, rate) => {
    expect(funderSettingsForm('de').parse(formOf({ advanceRate: text })).advanceRate).toBe(rate);
  });

  test.each(['0', '100,5', '-5'])('the form refuses %j %%', (text) => {
    expect(reasons(funderSettingsForm('de').safeParse(formOf({ advanceRate: text })))).toEqual(['advanceRate: advanceRange']);
  });
});

describe('API bodies', () => {
  test('create: name, base currency, buy and facility rate suffice; the rest defaults', () => {
    const body = createFunderBody.parse({ name: ' Nova Funding ', baseCurrency: 'GBP', buyRate: 0.06, facilityRate: 0.05 });
    expect(body).toEqual({
      name: 'Nova Funding',
      baseCurrency: 'GBP',
      buyRate: 0.06,
      facilityRate: 0.05,
      discountRate: null,
      discountConvention: 'monthly',
      rateConvention: 'nominal',
      advanceRate: 1,
      vatDefault: 0,
      servicingFee: 0,
      allocationOrder: DEFAULT_ALLOCATION_ORDER,
      bucketEdges: [30, 60, 90],
      materialityTolerance: 100,
      graceDays: 0,
      importInstalmentTolerance: 0.02,
    });
  });

  test.each([
    [{}, ['name', 'baseCurrency', 'buyRate', 'facilityRate']],
    [{ name: 'X', baseCurrency: 'XXX', buyRate: 6.25, facilityRate: 0.05 }, ['baseCurrency', 'buyRate']],
    [{ name: 'X', baseCurrency: 'EUR', buyRate: 0.05, facilityRate: 0.05, buy_rate: 0.05 }, ['(root)']],
  ])('create %j fails on %j', (body, fields) => {
    const r = createFunderBody.safeParse(body);
    expect(r.error!.issues.map((i) => i.path.join('.') || '(root)')).toEqual(fields);
  });

  test.each([
    [{}, false],
    [{ buyRate: 0.0625 }, true],
    [{ discountRate: null }, true],
    [{ importInstalmentTolerance: 0.05 }, true],
    [{ dataVersion: 3 }, false],
    [{ id: 2 }, false],
    [{ buyRate: '6,25' }, false],
  ])('patch %j is valid: %s', (body, ok) => {
    expect(updateFunderBody.safeParse(body).success).toBe(ok);
  });

  test('the add-funder form reads German percentages', () => {
    const v = newFunderForm('de').parse({
      name: 'Neu',
      baseCurrency: 'CHF',
      buyRate: '5,75',
      facilityRate: '4',
      advanceRate: '90',
      vatDefault: '8,1',
      servicingFee: '0,25',
    });
    expect(v).toEqual({
      name: 'Neu',
      baseCurrency: 'CHF',
      buyRate: 0.0575,
      facilityRate: 0.04,
      advanceRate: 0.9,
      vatDefault: 0.081,
      servicingFee: 0.0025,
    });
    expect(createFunderBody.safeParse(v).success).toBe(true);
  });
});

describe('stored funders', () => {
  test('create, decode and patch round-trip through the columns', async () => {
    const db = createTestDb();
    const created = await createFunder(
      db,
      toFunderColumns({ ...PARAMS, allocationOrder: ['principal', 'interest', 'fee', 'vat'], bucketEdges: [15, 45] }),
      1_000,
    );
    expect(created.allocationOrder).toBe('principal,interest,fee,vat');
    expect(created.bucketEdges).toBe('[15,45]');
    expect(created.importInstalmentTolerance).toBe(0.02);
    const settings = toFunderSettings(created);
    expect(settings).toMatchObject({
      ...PARAMS,
      allocationOrder: ['principal', 'interest', 'fee', 'vat'],
      bucketEdges: [15, 45],
      dataVersion: 0,
    });

    const updated = (await updateFunder(
      db,
      created.id,
      toFunderColumns({ buyRate: 0.0625, bucketEdges: [30, 60], importInstalmentTolerance: 0.035 }),
    ))!;
    expect(toFunderSettings(updated)).toMatchObject({
      buyRate: 0.0625,
      importInstalmentTolerance: 0.035,
      bucketEdges: [30, 60],
      allocationOrder: ['principal', 'interest', 'fee', 'vat'],
      dataVersion: 1,
    });
  });

  test('a funder created without the instalment tolerance gets the column default of 2 %', async () => {
    const db = createTestDb();
    const { importInstalmentTolerance: _omitted, ...rest } = PARAMS;
    const f = await createFunder(db, toFunderColumns(rest));
    expect(toFunderSettings((await getFunder(db, f.id))!).importInstalmentTolerance).toBe(0.02);
  });

  test('finds a funder by name whatever the case', async () => {
    const db = createTestDb();
    const f = await createFunder(db, toFunderColumns(PARAMS));
    expect((await getFunderByName(db, 'atlântico capital funding'))?.id).toBe(f.id);
    expect((await getFunderByName(db, 'ATLÂNTICO CAPITAL FUNDING'))?.id).toBe(f.id);
    expect(await getFunderByName(db, 'Other')).toBeUndefined();
  });

  test('a damaged stored order or edge list decodes to the defaults instead of failing the page', async () => {
    const db = createTestDb();
    const f = await createFunder(db, { ...toFunderColumns(PARAMS), allocationOrder: 'vat,vat', bucketEdges: 'not json' });
    expect(toFunderSettings((await getFunder(db, f.id))!)).toMatchObject({
      allocationOrder: DEFAULT_ALLOCATION_ORDER,
      bucketEdges: [30, 60, 90],
    });
  });
});
