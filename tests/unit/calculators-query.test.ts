import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  amountToQuery,
  calculatorSearch,
  completeQuery,
  decimalToQuery,
  firstOfNextMonth,
  flowsToQuery,
  parseFlowsQuery,
  parseFlowsText,
  parseNpvQuery,
  parsePriceQuery,
  parseRateQuery,
  parseScheduleQuery,
  parseTab,
  percentToQuery,
  readCalculatorQuery,
  toDisplayValue,
  toNpvQuery,
  toPriceQuery,
  toQueryValue,
  toRateQuery,
  toScheduleQuery,
  type CalculatorQuery,
} from '@/lib/calculators-query';
import { leaseTermsInput, type LeaseTermsInput } from '@/lib/validations/calculators';

const RESEARCH = 'price=50000&downPayment=5000&residual=5000&term=60&rate=6&timing=advance&firstDueDate=2026-01-01';

const research: LeaseTermsInput = leaseTermsInput.parse({
  currency: 'EUR',
  price: 5_000_000,
  downPayment: 500_000,
  residual: 500_000,
  term: 60,
  rate: 0.06,
  timing: 'advance',
  firstDueDate: '2026-01-01',
});

function input<T>(r: { input: T } | { errors: unknown }): T {
  if (!('input' in r)) throw new Error(`expected input, got ${JSON.stringify(r.errors)}`);
  return r.input;
}

function errors(r: { input: unknown } | { errors: Record<string, string | undefined> }): Record<string, string | undefined> {
  if (!('errors' in r)) throw new Error('expected errors');
  return r.errors;
}

describe('parseScheduleQuery', () => {
  test('reads the research example from a URL query string', () => {
    expect(input(parseScheduleQuery(new URLSearchParams(RESEARCH)))).toEqual(research);
  });

  test('reads a Next.js searchParams object (first value of a repeated key) and ignores other parameters', () => {
    const r = parseScheduleQuery({
      price: ['50000', '1'],
      downPayment: '5000',
      residual: '5000',
      term: '60',
      rate: '6',
      firstDueDate: '2026-01-01',
      tab: 'npv',
      format: 'csv',
    });
    expect(input(r)).toEqual(research);
  });

  test('an empty query gives the defaults, with the first due date passed in', () => {
    expect(input(parseScheduleQuery({}, { firstDueDate: '2026-01-01' }))).toEqual(research);
  });

  test('an empty optional amount is zero, an empty required one is reported', () => {
    expect(input(parseScheduleQuery(new URLSearchParams(`${RESEARCH}&fee=&vatRate=`))).fee).toBe(0);
    expect(errors(parseScheduleQuery(new URLSearchParams(RESEARCH.replace('price=50000', 'price='))))).toEqual({ price: 'required' });
  });

  test.each([
    ['a negative term', 'term=-5', { term: 'termMin' }],
    ['a term above 600', 'term=601', { term: 'termMax' }],
    ['a fractional term', 'term=12.5', { term: 'wholeNumber' }],
    ['a residual above the price', 'residual=60000', { residual: 'residualTooHigh' }],
    ['a down payment equal to the price', 'downPayment=50000', { downPayment: 'downPaymentTooHigh', residual: 'residualTooHigh' }],
    ['a rate below −100 %', 'rate=-150', { rate: 'rateMin' }],
    ['a rate above 1000 %', 'rate=1001', { rate: 'rateMax' }],
    ['an unparseable number', 'price=12a', { price: 'invalidNumber' }],
    ['a localized number', 'price=50.000,00', { price: 'invalidNumber' }],
    ['a negative amount', 'fee=-1', { fee: 'negative' }],
    ['a huge amount', 'price=1e30', { price: 'invalidNumber' }],
    ['an amount above the limit', 'price=999999999999', { price: 'tooLarge' }],
    ['an impossible date', 'firstDueDate=2026-02-30', { firstDueDate: 'invalidDate' }],
    ['an empty date', 'firstDueDate=', { firstDueDate: 'required' }],
    ['an unknown currency', 'currency=XXX', { currency: 'invalidChoice' }],
    ['an unknown timing', 'timing=sometimes', { timing: 'invalidChoice' }],
    ['a VAT rate of 100 %', 'vatRate=100', { vatRate: 'vatMax' }],
    ['a bad boolean', 'feeFinanced=maybe', { feeFinanced: 'invalidChoice' }],
  ])('reports %s on its field', (_name, patch, expected) => {
    const params = new URLSearchParams(RESEARCH);
    for (const [k, v] of new URLSearchParams(patch)) params.set(k, v);
    expect(errors(parseScheduleQuery(params))).toEqual(expected);
  });

  test('a wrong price does not also blame the down payment and residual', () => {
    expect(errors(parseScheduleQuery(new URLSearchParams(RESEARCH.replace('price=50000', 'price=-1'))))).toEqual({ price: 'negative' });
  });

  test('JPY amounts have no minor digits', () => {
    const r = input(parseScheduleQuery(new URLSearchParams(`${RESEARCH}&currency=JPY`)));
    expect(r).toMatchObject({ currency: 'JPY', price: 50_000, downPayment: 5_000 });
  });
});

describe('round trips', () => {
  test.each<[string, Partial<LeaseTermsInput>]>([
    ['the research example', {}],
    ['arrears, quarterly, VAT, financed fee', { timing: 'arrears', frequency: 'quarterly', vatRate: 0.19, fee: 25_050, feeFinanced: true }],
    ['odd rates and cents', { rate: 0.0725, price: 1_234_567, downPayment: 1, residual: 99, vatRate: 0.077 }],
    ['a negative rate', { rate: -0.005 }],
    ['upfront VAT, effective rate', { vatRegime: 'upfront', vatRate: 0.23, rateConvention: 'effective' }],
    ['JPY', { currency: 'JPY', price: 5_000_000, downPayment: 0, residual: 1_000_000 }],
  ])('schedule: %s', (_name, patch) => {
    const terms = leaseTermsInput.parse({ ...research, ...patch });
    expect(input(parseScheduleQuery(toScheduleQuery(terms)))).toEqual(terms);
  });

  test('schedule: random leases survive the URL', () => {
    fc.assert(
      fc.property(
        fc.record({
          price: fc.integer({ min: 100_000, max: 1_000_000_000 }),
          downShare: fc.integer({ min: 0, max: 90 }),
          residualShare: fc.integer({ min: 0, max: 50 }),
          term: fc.integer({ min: 1, max: 600 }),
          ratePermille: fc.integer({ min: -50, max: 400 }),
          vatPermille: fc.integer({ min: 0, max: 300 }),
          advance: fc.boolean(),
        }),
        ({ price, downShare, residualShare, term, ratePermille, vatPermille, advance }) => {
          const downPayment = Math.floor((price * downShare) / 100);
          const terms = leaseTermsInput.parse({
            ...research,
            price,
            downPayment,
            residual: Math.floor(((price - downPayment) * residualShare) / 100),
            term,
            rate: ratePermille / 1000,
            vatRate: vatPermille / 1000,
            timing: advance ? 'advance' : 'arrears',
          });
          const search = calculatorSearch('schedule', toScheduleQuery(terms));
          expect(input(parseScheduleQuery(new URLSearchParams(search)))).toEqual(terms);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('rate: terms without the rate, and the instalment', () => {
    const { rate: _rate, ...terms } = research;
    const req = { terms, instalment: 79_434 };
    expect(toRateQuery(req)).not.toHaveProperty('rate');
    expect(input(parseRateQuery(new URLSearchParams(calculatorSearch('rate', toRateQuery(req)))))).toEqual(req);
  });

  test.each([
    ['with a reference rate', { discountRate: 0.055, convention: 'actual' as const }],
    ['at the contract rate', { convention: 'monthly' as const }],
  ])('price: %s', (_name, patch) => {
    const req = { terms: research, cutOff: '2026-03-01', buyRate: 0.05, ...patch };
    expect(input(parsePriceQuery(toPriceQuery(req)))).toEqual(req);
  });

  test.each([
    [
      'dated flows and a rate',
      {
        rate: 0.09,
        periodsPerYear: 12,
        flows: [
          { amount: -10000, date: '2008-01-01' },
          { amount: 2750.5, date: '2008-03-01' },
        ],
      },
    ],
    ['undated flows without a rate', { periodsPerYear: 4, flows: [{ amount: -100 }, { amount: 60 }, { amount: 60 }] }],
  ])('npv: %s', (_name, req) => {
    expect(input(parseNpvQuery(new URLSearchParams(calculatorSearch('npv', toNpvQuery(req)))))).toEqual(req);
  });
});

describe('the other calculators', () => {
  test('rate: the instalment defaults to the schedule instalment at the rate in the URL', () => {
    expect(input(parseRateQuery(new URLSearchParams(RESEARCH))).instalment).toBe(79_434);
  });

  test('rate: an instalment of zero is reported', () => {
    expect(errors(parseRateQuery(new URLSearchParams(`${RESEARCH}&instalment=0`)))).toEqual({ instalment: 'instalmentPositive' });
  });

  test('price: the cut-off defaults to the first due date, the reference rate to none (the contract rate)', () => {
    const r = input(parsePriceQuery(new URLSearchParams(RESEARCH)));
    expect(r).toMatchObject({ cutOff: '2026-01-01', buyRate: 0.05, convention: 'monthly' });
    expect(r.discountRate).toBeUndefined();
  });

  test.each([
    ['buyRate=-100', { buyRate: 'rateMin' }],
    ['cutOff=2026-13-01', { cutOff: 'invalidDate' }],
    ['discountRate=x', { discountRate: 'invalidNumber' }],
    ['convention=daily', { convention: 'invalidChoice' }],
  ])('price: %s is reported', (patch, expected) => {
    expect(errors(parsePriceQuery(new URLSearchParams(`${RESEARCH}&${patch}`)))).toEqual(expected);
  });

  test('npv: the default is the Excel XIRR example at 9 %', () => {
    const r = input(parseNpvQuery({}));
    expect(r.rate).toBe(0.09);
    expect(r.flows).toHaveLength(5);
    expect(r.flows[0]).toEqual({ amount: -10000, date: '2008-01-01' });
  });

  test.each([
    ['flows=1', { flows: 'flowsMin' }],
    ['flows=2008-01-01:x', { flows: 'flowsInvalid' }],
    ['flows=2008-02-30:1,2', { flows: 'flowsInvalid' }],
    ['npvRate=-100', { npvRate: 'rateMin' }],
    ['periodsPerYear=0', { periodsPerYear: 'periodsRange' }],
  ])('npv: %s is reported', (query, expected) => {
    expect(errors(parseNpvQuery(new URLSearchParams(query)))).toEqual(expected);
  });

  test('an empty npvRate means no rate', () => {
    expect(input(parseNpvQuery(new URLSearchParams('npvRate=&flows=-1,2'))).rate).toBeUndefined();
  });
});

describe('helpers', () => {
  test.each([
    [0.07, '7'],
    [0.065, '6.5'],
    [0.0725, '7.25'],
    [-0.005, '-0.5'],
    [1e-9, '0.0000001'],
  ])('percentToQuery(%d) → %s', (rate, expected) => {
    expect(percentToQuery(rate)).toBe(expected);
  });

  test.each([
    [5_000_000, 'EUR', '50000'],
    [79_434, 'EUR', '794.34'],
    [79_430, 'EUR', '794.3'],
    [-5, 'EUR', '-0.05'],
    [5000, 'JPY', '5000'],
  ])('amountToQuery(%d %s) → %s', (minor, currency, expected) => {
    expect(amountToQuery(minor, currency)).toBe(expected);
  });

  test('decimalToQuery never writes an exponent', () => {
    expect(decimalToQuery(1e21)).toBe('1000000000000000000000');
    expect(decimalToQuery(0.1 + 0.2)).toBe('0.3');
  });

  test.each([
    ['2026-01-15', '2026-02-01'],
    ['2026-12-31', '2027-01-01'],
  ])('firstOfNextMonth(%s) → %s', (today, expected) => {
    expect(firstOfNextMonth(today)).toBe(expected);
  });

  test.each([
    ['npv', 'npv'],
    ['price', 'price'],
    ['nonsense', 'schedule'],
    [null, 'schedule'],
  ])('parseTab(%s) → %s', (value, expected) => {
    expect(parseTab(value)).toBe(expected);
  });

  test('calculatorSearch writes the tab and its fields only, with readable flows', () => {
    const q: CalculatorQuery = { flows: '2008-01-01:-10000,2008-03-01:2750', npvRate: '9', periodsPerYear: '12', price: '1' };
    expect(calculatorSearch('npv', q)).toBe('tab=npv&flows=2008-01-01:-10000,2008-03-01:2750&npvRate=9&periodsPerYear=12');
    expect(calculatorSearch('schedule', { price: '1', flows: '1' })).toBe('price=1');
  });

  test('readCalculatorQuery keeps known fields only', () => {
    expect(readCalculatorQuery(new URLSearchParams('price=1&tab=npv&x=1'))).toEqual({ price: '1' });
  });

  test('completeQuery fills the dependent defaults', () => {
    const q = completeQuery({}, { firstDueDate: '2026-01-01' });
    expect(q).toMatchObject({ firstDueDate: '2026-01-01', cutOff: '2026-01-01', instalment: '794.34', price: '50000' });
  });

  test('flows round-trip through their query text', () => {
    const flows = [{ amount: -10000.5, date: '2008-01-01' }, { amount: 2750 }];
    expect(flowsToQuery(flows)).toBe('2008-01-01:-10000.5,2750');
    expect(parseFlowsQuery(flowsToQuery(flows))).toEqual(flows);
  });
});

describe('the form in the active locale', () => {
  test.each([
    ['price', '1.234,56', 'de', { value: '1234.56' }],
    ['price', '1,234.56', 'en', { value: '1234.56' }],
    ['price', '1 234,56', 'fr', { value: '1234.56' }],
    ['price', '12a', 'en', { error: 'invalidNumber' }],
    ['price', '', 'en', { value: '' }],
    ['rate', '6,5 %', 'de', { value: '6.5' }],
    ['rate', '6.5%', 'en', { value: '6.5' }],
    ['term', '-5', 'en', { value: '-5' }],
    ['timing', 'advance', 'de', { value: 'advance' }],
  ] as const)('%s %j (%s) → %j', (field, display, locale, expected) => {
    expect(toQueryValue(field, display, locale)).toEqual(expected);
  });

  test.each([
    ['price', '50000', 'de', 'EUR', '50.000,00'],
    ['price', '50000', 'en', 'JPY', '50,000'],
    ['rate', '6.5', 'de', 'EUR', '6,5'],
    ['term', '60', 'fr', 'EUR', '60'],
    ['term', 'abc', 'en', 'EUR', 'abc'],
    ['firstDueDate', '2026-01-01', 'de', 'EUR', '2026-01-01'],
  ] as const)('%s %s is shown in %s (%s) as %j', (field, value, locale, currency, expected) => {
    expect(toDisplayValue(field, value, locale, currency)).toBe(expected);
  });

  const XIRR_EXAMPLE = [
    { amount: -10000, date: '2008-01-01' },
    { amount: 2750, date: '2008-03-01' },
    { amount: 4250, date: '2008-10-30' },
  ];

  test.each([
    ['semicolons', 'en', '2008-01-01; -10000\n2008-03-01; 2750\n2008-10-30; 4250'],
    [
      'tabs pasted from a spreadsheet, with a header',
      'en',
      'Date\tAmount\n2008-01-01\t-10,000.00\n2008-03-01\t2,750.00\n2008-10-30\t4,250.00',
    ],
    ['amounts before dates', 'en', '-10000\t2008-01-01\n2750\t2008-03-01\n4250\t2008-10-30'],
    ['spaces after ISO dates', 'en', '2008-01-01 -10000\n2008-03-01   2750\n\n2008-10-30 4250\n'],
    ['German dates and amounts', 'de', '01.01.2008;-10.000,00\n01.03.2008;2.750\n30.10.2008;4.250'],
    ['US dates', 'en', '1/1/2008;-10000\n3/1/2008;2750\n10/30/2008;4250'],
    ['French spaces in amounts', 'fr', '01/01/2008 ; -10 000\n2008-03-01 2 750\n30/10/2008\t4\u202f250'],
  ])('parseFlowsText reads %s', (_name, locale, text) => {
    expect(parseFlowsText(text, locale)).toEqual({ ok: true, flows: XIRR_EXAMPLE });
  });

  test.each([
    ['undated amounts', 'en', '-100\n60\n60', [{ amount: -100 }, { amount: 60 }, { amount: 60 }]],
    ['a Windows paste', 'de', '-100,5\r\n60\r\n', [{ amount: -100.5 }, { amount: 60 }]],
  ])('parseFlowsText reads %s', (_name, locale, text, flows) => {
    expect(parseFlowsText(text, locale)).toEqual({ ok: true, flows });
  });

  test.each([
    ['garbage on line 2', '2008-01-01; -10000\nhello\n', 2],
    ['an impossible date', '2008-01-01; -10000\n2008-02-30; 5', 2],
    ['three fields', '2008-01-01; -10000; 3', 1],
    ['two amounts', '-10000; 3', 1],
  ])('parseFlowsText reports %s', (_name, text, line) => {
    expect(parseFlowsText(text, 'en')).toEqual({ ok: false, line });
  });

  test.each(['en', 'de', 'fr', 'pt'])('flows shown in %s read back', (locale) => {
    const query = '2008-01-01:-10000,2008-03-01:2750.25,1234567.5';
    const shown = toDisplayValue('flows', query, locale, 'EUR');
    expect(toQueryValue('flows', shown, locale)).toEqual({ value: query });
  });

  test.each(['en', 'de', 'fr', 'pt'])('every field shown in %s reads back to the same query', (locale) => {
    const q = completeQuery({ discountRate: '5.25', vatRate: '19' }, { firstDueDate: '2026-01-01' });
    for (const [field, value] of Object.entries(q) as [keyof typeof q, string][]) {
      const shown = toDisplayValue(field, value, locale, q.currency);
      expect(toQueryValue(field, shown, locale), field).toEqual({ value });
    }
  });
});
