/**
 * Mapping that fits real tapes (domain.md §7): header suggestions from the names lessors use (en/de/fr/pt, ESMA
 * Annex VIII codes and names, SEC Reg AB II), the German "Rate" resolved from the file, a saved mapping first; month
 * dates and dash dates; rates read as decimals or percent per column; enumerations in QUANTUM's own labels and the
 * ESMA / Reg AB codes; the account status of a seasoned lease.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DATE_FORMATS, dayOfMonth, detectDateFormat, isMonthOnly, parseDate } from '@/lib/import/dates';
import { detectRateReading, parseRate } from '@/lib/import/decimal';
import { ACCOUNT_STATES, readAccountStatus, readEnum } from '@/lib/import/enums';
import { missingRequired, normalizeHeader, suggestField, suggestMapping, type ImportField } from '@/lib/import/fields';
import { csvRecords, decodeText, detectDelimiter, detectEncoding } from '@/lib/import/text';
import masterFileDe from '@/messages/masterFile/de.json';
import masterFileEn from '@/messages/masterFile/en.json';
import masterFileFr from '@/messages/masterFile/fr.json';
import masterFilePt from '@/messages/masterFile/pt.json';

const GERMAN = 'Vertragsnummer;Leasingnehmer;Anschaffungswert;Rate;Laufzeit;Beginn;Zinssatz'.split(';');

describe('header suggestions', () => {
  test('the lessor’s German tape maps with no manual step: "Rate" is the instalment, "Zinssatz" the rate', () => {
    const { mapping, from } = suggestMapping(GERMAN);
    expect(mapping).toEqual({
      Vertragsnummer: 'contractNumber',
      Leasingnehmer: 'lesseeName',
      Anschaffungswert: 'price',
      Rate: 'tapeInstalment',
      Laufzeit: 'term',
      Beginn: 'originationDate',
      Zinssatz: 'rate',
    });
    expect(Object.values(from).every((f) => f === 'name')).toBe(true);
    expect(missingRequired(mapping)).toEqual(['assetType', 'currency']);
  });

  test('every column of the German fixture tape maps, each to its own field', () => {
    const bytes = new Uint8Array(readFileSync(path.join(process.cwd(), 'tests/fixtures/tape-de-muster-leasing.csv')));
    const text = decodeText(bytes, detectEncoding(bytes).encoding);
    const [headers = []] = csvRecords(text, detectDelimiter(text));
    const { mapping } = suggestMapping(headers);
    expect(headers.filter((h) => mapping[h] === null)).toEqual([]);
    expect(mapping['Leasingrate']).toBe('tapeInstalment');
    expect(mapping['Erste Fälligkeit']).toBe('firstDueDate');
    expect(missingRequired(mapping)).toEqual([]);
  });

  test.each([
    [['Vertragsnummer', 'Rate', 'Laufzeit', 'Beginn'], 'tapeInstalment'],
    [['Contract number', 'Rate', 'Term', 'Start date'], 'rate'],
    [['Contract', 'Rate', 'Interest rate'], 'tapeInstalment'],
    [['Contract', 'Rate', 'Instalment'], 'rate'],
    [['Vertragsnummer', 'Rate (%)', 'Laufzeit'], 'rate'],
    [['Contract number', 'Rate €', 'Term'], 'tapeInstalment'],
    [['Rate'], 'rate'],
  ] as const)('"Rate" among %j is %s', (headers, field) => {
    const rate = headers.find((h) => h.startsWith('Rate'))!;
    expect(suggestMapping(headers).mapping[rate]).toBe(field);
  });

  test('a Reg AB II automobile-loan header row maps every required field but currency and asset type', () => {
    const headers = [
      'assetNumber',
      'reportingPeriodEndingDate',
      'originationDate',
      'originalLoanAmount',
      'originalLoanTerm',
      'originalInterestRatePercentage',
      'originalFirstPaymentDate',
      'reportingPeriodScheduledPaymentAmount',
      'reportingPeriodActualEndBalanceAmount',
      'currentDelinquencyStatus',
      'vehicleNewUsedCode',
      'obligorGeographicLocation',
      'vehicleValueAmount',
    ];
    const { mapping } = suggestMapping(headers);
    expect(mapping).toEqual({
      assetNumber: 'contractNumber',
      reportingPeriodEndingDate: 'tapeDate',
      originationDate: 'originationDate',
      originalLoanAmount: 'originalPrincipal',
      originalLoanTerm: 'term',
      originalInterestRatePercentage: 'rate',
      originalFirstPaymentDate: 'firstDueDate',
      reportingPeriodScheduledPaymentAmount: 'tapeInstalment',
      reportingPeriodActualEndBalanceAmount: 'tapeOutstanding',
      currentDelinquencyStatus: 'daysInArrears',
      vehicleNewUsedCode: 'condition',
      obligorGeographicLocation: 'lesseeRegion',
      // The vehicle's value is not the price financed.
      vehicleValueAmount: null,
    });
    expect(missingRequired(mapping)).toEqual(['assetType', 'currency']);
  });

  test('Reg AB II automobile-lease fields', () => {
    const { mapping } = suggestMapping([
      'assetNumber',
      'reportingPeriodEndDate',
      'acquisitionCost',
      'originalLeaseTermNumber',
      'scheduledTerminationDate',
      'baseResidualValue',
      'contractResidualValue',
      'vehicleValueAmount',
      'lesseeGeographicLocation',
      'securitizationDiscountRate',
      'chargedOffAmount',
      'recoveredAmount',
    ]);
    expect(mapping).toMatchObject({
      reportingPeriodEndDate: 'tapeDate',
      acquisitionCost: 'price',
      originalLeaseTermNumber: 'term',
      scheduledTerminationDate: 'maturityDate',
      baseResidualValue: 'residual',
      contractResidualValue: null,
      vehicleValueAmount: null,
      lesseeGeographicLocation: 'lesseeRegion',
      securitizationDiscountRate: null,
      chargedOffAmount: null,
      recoveredAmount: 'cumulativeRecoveries',
    });
    expect(suggestField('originalLeaseTerm').field).toBe('term');
    expect(suggestField('leaseMaturityDate').field).toBe('maturityDate');
    expect(suggestField('loanMaturityDate').field).toBe('maturityDate');
    expect(suggestField('scheduledPaymentAmount').field).toBe('tapeInstalment');
    expect(suggestField('chargedoffPrincipalAmount').field).toBeNull();
  });

  test('camelCase headers are split into words', () => {
    expect(normalizeHeader('originalLoanAmount')).toBe('original loan amount');
    expect(normalizeHeader('reportingPeriodActualEndBalanceAmount')).toBe('reporting period actual end balance amount');
    expect(normalizeHeader('LESL2 Original')).toBe('lesl2 original');
    expect(suggestField('USt-IdNr').field).toBe('lesseeTaxId');
    expect(suggestField('contractNumber').field).toBe('contractNumber');
  });

  test.each([
    ['LESL2', 'contractNumber'],
    ['LESL4', 'lesseeExternalId'],
    ['LESL7', 'purchaseDate'],
    ['LESL26', 'currency'],
    ['LESL33', 'frequency'],
    ['LESL54', 'dateLastInArrears'],
    ['LESL57', 'status'],
    ['LESL69', 'condition'],
    ['LESL70', 'residual'],
    ['LESL71', 'assetType'],
    ['lesl71_collateral_type', 'assetType'],
    ['LESL54_date_last_in_arrears', 'dateLastInArrears'],
    ['Account status (LESL57)', 'status'],
  ] as const)('ESMA code %s → %s', (header, field) => {
    expect(suggestField(header)).toEqual({ field, from: 'esma' });
  });

  test('LESL29 (a fraction of par) and LESL3 (the exporting book’s id) stay unmapped', () => {
    expect(suggestField('LESL29').field).toBeNull();
    expect(suggestField('LESL3').field).toBeNull();
  });

  test.each([
    ['original_underlying_exposure_identifier', 'contractNumber'],
    ['Original Underlying Exposure Identifier', 'contractNumber'],
    ['original_obligor_identifier', 'lesseeExternalId'],
    ['number_of_days_in_arrears', 'daysInArrears'],
    ['account_status', 'status'],
    ['current_principal_balance', 'tapeOutstanding'],
    ['arrears_balance', 'arrearsBalance'],
    ['default_date', 'defaultDate'],
    ['default_amount', 'defaultAmount'],
    ['cumulative_recoveries', 'cumulativeRecoveries'],
    ['data_cut_off_date', 'tapeDate'],
    ['pool_addition_date', 'purchaseDate'],
    ['origination_date', 'originationDate'],
    ['maturity_date', 'maturityDate'],
    ['original_principal_balance', 'originalPrincipal'],
    ['current_interest_rate', 'rate'],
    ['original_valuation_amount', 'price'],
    ['new_or_used', 'condition'],
    ['collateral_type', 'assetType'],
    ['scheduled_principal_payment_frequency', 'frequency'],
    ['date_last_in_arrears', 'dateLastInArrears'],
    ['down_payment_amount', 'downPayment'],
  ] as const)('ESMA name %s → %s', (header, field) => {
    expect(suggestField(header).field).toBe(field);
  });

  test.each([
    ['arrearsBalance', ['Arrears balance', 'Rückstand', 'Montant impayé', 'Valor em atraso']],
    ['daysInArrears', ['Days past due', 'Verzugstage', 'Jours de retard', 'Dias de atraso']],
    ['instalmentsPastDue', ['Instalments past due', 'Rückständige Raten', 'Loyers impayés', 'Prestações em atraso']],
    ['defaultDate', ['Default date', 'Ausfalldatum', 'Date de défaut', 'Data de incumprimento']],
    ['defaultAmount', ['Default amount', 'Ausfallbetrag', 'Montant du défaut', 'Montante em incumprimento']],
    ['cumulativeRecoveries', ['Cumulative recoveries', 'Verwertungserlöse', 'Recouvrements', 'Recuperações']],
    ['dateLastInArrears', ['Date last in arrears', 'Datum letzter Rückstand', 'Date du dernier impayé', 'Data do último atraso']],
    ['instalmentsPaid', ['Instalments paid', 'Gezahlte Raten', 'Loyers payés', 'Prestações pagas']],
    ['status', ['Account status', 'Vertragsstatus', 'Statut', 'Estado do contrato']],
  ] as const)('state field %s in en/de/fr/pt', (field, names) => {
    for (const n of names) expect(suggestField(n).field, n).toBe(field);
  });

  test('a saved mapping wins over every suggestion and claims its field first', () => {
    const saved = { Zinssatz: null, Rate: 'rate' as ImportField };
    const { mapping, from } = suggestMapping(GERMAN, saved);
    expect({ rate: mapping['Rate'], zins: mapping['Zinssatz'], from: from['Rate'] }).toEqual({ rate: 'rate', zins: null, from: 'saved' });
    // A later header's saved field is not lost to an earlier header's suggestion.
    const later = suggestMapping(['Vertragsnummer', 'Ref'], { Ref: 'contractNumber' }).mapping;
    expect(later).toEqual({ Vertragsnummer: null, Ref: 'contractNumber' });
  });

  test('a saved mapping matches a header re-spelt next month; a field no longer known is ignored', () => {
    expect(suggestField('ZINSSATZ ', { Zinssatz: 'tapeInstalment' })).toEqual({ field: 'tapeInstalment', from: 'saved' });
    expect(suggestField('Zinssatz', { Zinssatz: 'nominalRate' as ImportField })).toEqual({ field: 'rate', from: 'name' });
  });
});

describe('dates', () => {
  test('a month alone (MM/YYYY) reads in every format as YYYY-MM', () => {
    for (const f of DATE_FORMATS) {
      expect(parseDate('03/2019', f), f).toBe('2019-03');
      expect(parseDate('3/2019', f), f).toBe('2019-03');
      expect(parseDate('13/2019', f), f).toBeNull();
    }
    expect(parseDate('2019-03', 'iso')).toBe('2019-03');
    expect(isMonthOnly('2019-03')).toBe(true);
    expect(isMonthOnly('2019-03-01')).toBe(false);
  });

  test.each([
    ['2019-02', 31, '2019-02-28'],
    ['2020-02', 31, '2020-02-29'],
    ['2019-04', 31, '2019-04-30'],
    ['2019-04', 15, '2019-04-15'],
    ['2019-12', 1, '2019-12-01'],
  ] as const)('day %i of %s → %s', (month, day, expected) => {
    expect(dayOfMonth(month, day)).toBe(expected);
  });

  test.each([
    ['01-31-2024', 'mdy-dash', '2024-01-31'],
    ['31-01-2024', 'dmy-dash', '2024-01-31'],
    ['31-01-2024', 'mdy-dash', null],
    ['02-30-2024', 'mdy-dash', null],
    ['01/31/2024', 'mdy-dash', null],
    ['01-31-2024', 'mdy-slash', null],
  ] as const)('%s as %s → %s', (text, format, expected) => {
    expect(parseDate(text, format)).toBe(expected);
  });

  test.each([
    [['01-31-2024', '02-01-2024'], 'mdy-dash'],
    [['31-01-2024', '01-02-2024'], 'dmy-dash'],
    [['01-02-2024', '03-04-2024'], 'ambiguous'],
    [['13-01-2024', '01-13-2024'], 'ambiguous'],
    // Month-only values never vote: the day format is what the full dates show.
    [['03/2019', '04/2019', '05/2019', '2024-01-31'], 'iso'],
    [['03/2019', '04/2019', '05/2019', '31.01.2024'], 'dmy-dot'],
    [['03/2019', '12/2019', '01/31/2024'], 'mdy-slash'],
  ] as const)('%j → %s', (values, expected) => {
    expect(detectDateFormat(values)).toBe(expected);
  });
});

describe('rates: decimals or percent by the column', () => {
  test.each([
    [['0.049', '0.0625', '1'], '.', 'decimal'],
    [['4,9', '6,25'], ',', 'percent'],
    [['5.9', '0.5'], '.', 'percent'],
    // A column written with percent signs is in percent.
    [['5,9 %', '6,25 %'], ',', 'percent'],
    [['', 'n/a'], '.', 'decimal'],
  ] as const)('%j (%s) is %s', (values, sep, reading) => {
    expect(detectRateReading(values, sep)).toBe(reading);
  });

  test.each([
    ['5,9', ',', 'percent', 0.059],
    ['5.9', '.', 'percent', 0.059],
    ['5,9 %', ',', 'decimal', 0.059],
    ['5,9 %', ',', 'percent', 0.059],
    ['6.5', '.', 'percent', 0.065],
    ['4.35', '.', 'percent', 0.0435],
    ['0.059', '.', 'decimal', 0.059],
    ['0,059', ',', 'decimal', 0.059],
    ['x', '.', 'percent', null],
  ] as const)('%s (%s, %s) → %s', (text, sep, reading, expected) => {
    expect(parseRate(text, sep, reading)).toBe(expected);
  });
});

describe('enumerations', () => {
  test('QUANTUM’s own labels in all four languages read as their values', () => {
    const groups = [
      ['assetType', 'assetTypes'],
      ['condition', 'conditions'],
      ['timing', 'timings'],
      ['frequency', 'frequencies'],
      ['vatRegime', 'vatRegimes'],
    ] as const;
    for (const m of [masterFileEn, masterFileDe, masterFileFr, masterFilePt])
      for (const [field, group] of groups)
        for (const [value, label] of Object.entries(m[group] as Record<string, string>)) expect(readEnum(field, label), label).toBe(value);
  });

  test.each([
    ['assetType', 'IT-Ausstattung', 'it'],
    ['assetType', 'Matériel informatique', 'it'],
    ['assetType', 'Equipamento médico', 'medical'],
    ['assetType', 'Fahrzeuge', 'vehicle'],
    ['timing', 'Vorschüssig', 'advance'],
    ['timing', 'Terme à échoir', 'advance'],
    ['timing', 'Postecipado', 'arrears'],
    ['frequency', 'Halbjährlich', 'semi-annual'],
    ['frequency', 'Half-yearly', 'semi-annual'],
    ['vatRegime', 'MwSt. auf jede Rate', 'per-instalment'],
    ['condition', 'Gebraucht', 'used'],
    ['condition', 'Occasion', 'used'],
  ] as const)('%s %s → %s', (field, text, value) => {
    expect(readEnum(field, text)).toBe(value);
  });

  test.each([
    ['assetType', 'CARX', 'vehicle'],
    ['assetType', 'CMTR', 'vehicle'],
    ['assetType', 'ITEQ', 'it'],
    ['assetType', 'OFEQ', 'it'],
    ['assetType', 'MDEQ', 'medical'],
    ['assetType', 'INDE', 'machinery'],
    ['assetType', 'MCHT', 'machinery'],
    ['assetType', 'ENEQ', 'machinery'],
    ['assetType', 'CBLD', undefined],
    ['condition', 'NEWX', 'new'],
    ['condition', 'USED', 'used'],
    ['condition', 'DEMO', 'used'],
    ['condition', '1', 'new'],
    ['condition', '2', 'used'],
    ['timing', '1', 'advance'],
    ['timing', '2', undefined],
    ['frequency', 'MNTH', 'monthly'],
    ['frequency', 'QUTR', 'quarterly'],
    ['frequency', 'SEMI', 'semi-annual'],
    ['frequency', 'YEAR', 'annual'],
  ] as const)('code %s %s → %s', (field, text, value) => {
    expect(readEnum(field, text)).toBe(value);
  });
});

describe('account status', () => {
  test.each([
    ...(['PERF', 'NDFT', 'RNAR', 'OTHR'] as const).map((c) => [c, 'performing'] as const),
    ...(['ARRE', 'ARRR', 'RARR'] as const).map((c) => [c, 'arrears'] as const),
    ...(['DFLT', 'DTCR', 'DADB'] as const).map((c) => [c, 'defaulted'] as const),
    ['RDMD', 'redeemed'],
    ...(['REBR', 'REDF', 'REOT', 'RERE', 'RESS'] as const).map((c) => [c, 'repurchased'] as const),
    ['TERM', 'terminated'],
  ] as const)('ESMA LESL57 %s → %s', (code, state) => {
    expect(readAccountStatus(code)).toBe(state);
  });

  test.each([
    ['performing', ['active', 'Aktiv', 'actif', 'ativo', 'current', 'Performing', 'laufend']],
    ['arrears', ['in arrears', 'rückständig', 'en retard', 'em atraso']],
    ['defaulted', ['defaulted', 'default', 'ausgefallen', 'notleidend', 'en défaut', 'incumprimento']],
    ['redeemed', ['redeemed', 'repaid', 'closed', 'getilgt', 'beendet', 'soldé', 'liquidado']],
    ['repurchased', ['repurchased', 'zurückgekauft', 'racheté', 'recomprado']],
    ['terminated', ['terminated', 'gekündigt', 'résilié', 'rescindido']],
  ] as const)('the servicer’s words for %s', (state, words) => {
    for (const w of words) expect(readAccountStatus(w), w).toBe(state);
  });

  test.each([
    ['Vertragsgemäß', 'performing'],
    ['Abgeschlossen', 'redeemed'],
    ['Clôturé', 'redeemed'],
    ['Encerrado', 'redeemed'],
    ['Em incumprimento', 'defaulted'],
    ['Gekündigt', 'terminated'],
    ['Rescindido', 'terminated'],
  ] as const)('QUANTUM’s lease status label %s → %s', (label, state) => {
    expect(readAccountStatus(label)).toBe(state);
  });

  test('every state reads as itself; other text is none', () => {
    for (const s of ACCOUNT_STATES) expect(readAccountStatus(s)).toBe(s);
    expect(readAccountStatus('maybe')).toBeUndefined();
    expect(readAccountStatus('')).toBeUndefined();
  });

  test('readEnum keeps the lease status of an account state (a default is derived, never typed)', () => {
    expect(['PERF', 'ARRR', 'DFLT', 'RDMD', 'REBR', 'TERM', 'defaulted'].map((v) => readEnum('status', v))).toEqual([
      'active',
      'active',
      'active',
      'closed',
      // Repurchased: out of the pool, as the import takes it in (one mapping, lib/import/enums.ts leaseStatusOfAccount).
      'terminated',
      'terminated',
      'defaulted',
    ]);
  });
});
