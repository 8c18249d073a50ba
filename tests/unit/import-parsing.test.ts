import { describe, expect, test } from 'vitest';
import { detectDateFormat, excelSerialToIso, parseDate } from '@/lib/import/dates';
import { decimalToMinor, detectDecimalSeparator, parseRate } from '@/lib/import/decimal';
import { suggestField, suggestMapping } from '@/lib/import/fields';
import { deriveFirstDueDate } from '@/lib/import/rows';
import { csvRecords, detectDelimiter, detectEncoding, uniqueHeaders } from '@/lib/import/text';
import { TAPE_HEADERS } from '@/lib/reports/tape';

describe('decimalToMinor: decimal text → minor units by string arithmetic', () => {
  test.each([
    ['1.234,56', ',', 2, 123456],
    ['1234,5', ',', 2, 123450],
    ['1,234.56', '.', 2, 123456],
    ['0.1', '.', 2, 10],
    ['0,005', ',', 2, 1],
    ['-12,345', ',', 2, -1235],
    ['(12.00)', '.', 2, -1200],
    ['1 234 567,89', ',', 2, 123456789],
    ['1234', '.', 0, 1234],
    ['1234.5', '.', 0, 1235],
    ['90071992547409.92', '.', 2, null],
    ['12.50,00', ',', 2, null],
    ['1,2,3', ',', 2, null],
    ['abc', '.', 2, null],
    ['', '.', 2, null],
  ] as const)('%s with %s (%i decimals) → %s', (text, sep, digits, expected) => {
    expect(decimalToMinor(text, sep, digits)).toBe(expected);
  });

  test('never through a float: 0.1 + 0.2 style values are exact', () => {
    expect(decimalToMinor('1000000000.07', '.', 2)).toBe(100000000007);
  });
});

describe('detectDecimalSeparator', () => {
  test.each([
    [['1.234,56', '12,5'], ','],
    [['1,234.56', '12.5'], '.'],
    [['1.250', '2.500'], 'ambiguous'],
    [['1.250', '3,75'], ','],
    [['01.03.2025', '100'], '.'],
    [['abc'], '.'],
  ] as const)('%j → %s', (values, expected) => {
    expect(detectDecimalSeparator(values)).toBe(expected);
  });
});

describe('parseRate', () => {
  test.each([
    ['4,9 %', ',', 0.049],
    ['0.065', '.', 0.065],
    ['6.5%', '.', 0.065],
    ['x', '.', null],
  ] as const)('%s → %s', (text, sep, expected) => {
    expect(parseRate(text, sep)).toBe(expected);
  });
});

describe('dates', () => {
  test.each([
    [['2025-01-31'], 'iso'],
    [['31.01.2025', '01.02.2025'], 'dmy-dot'],
    [['31/01/2025', '01/02/2025'], 'dmy-slash'],
    [['01/31/2025', '02/01/2025'], 'mdy-slash'],
    [['01/02/2025', '03/04/2025'], 'ambiguous'],
  ] as const)('%j → %s', (values, expected) => {
    expect(detectDateFormat(values)).toBe(expected);
  });

  test.each([
    ['31.02.2025', 'dmy-dot', null],
    ['29.02.2024', 'dmy-dot', '2024-02-29'],
    ['2025-13-01', 'iso', null],
    ['12/31/2025', 'mdy-slash', '2025-12-31'],
    ['31/12/2025', 'dmy-slash', '2025-12-31'],
  ] as const)('%s as %s → %s', (text, format, expected) => {
    expect(parseDate(text, format)).toBe(expected);
  });

  test.each([
    [45658, '2025-01-01'],
    [59, '1900-02-28'],
    [60, null],
    [61, '1900-03-01'],
  ])('Excel serial %i → %s', (serial, expected) => {
    expect(excelSerialToIso(serial)).toBe(expected);
  });

  test.each([
    ['2025-02-28', 'arrears', 6, 5, '2027-02-28', '2025-08-28'],
    ['2025-02-28', 'arrears', 1, 3, '2025-05-31', '2025-03-31'],
    ['2025-03-15', 'advance', 1, 12, undefined, '2025-03-15'],
  ] as const)(
    'first due date from origination %s (%s, every %i months, %i instalments, maturity %s) → %s',
    (orig, timing, months, term, maturity, expected) => {
      expect(deriveFirstDueDate(orig, timing, months, term, maturity)).toBe(expected);
    },
  );
});

describe('text', () => {
  test('encoding: BOM, valid UTF-8, else Windows-1252', () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: 'utf-8', bom: true });
    expect(detectEncoding(new TextEncoder().encode('Währung'))).toEqual({ encoding: 'utf-8', bom: false });
    expect(detectEncoding(new Uint8Array(Buffer.from('Währung', 'latin1')))).toEqual({ encoding: 'windows-1252', bom: false });
  });

  test.each([
    ['a;b;c\n1;2;3', ';'],
    ['a,b,c', ','],
    ['a\tb', '\t'],
    ['"a;b",c,d', ','],
  ])('delimiter of %j is %j', (text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });

  test('CSV records: quotes, doubled quotes, newlines inside quotes, blank lines', () => {
    expect([...csvRecords('a,"b ""x""",c\r\n\r\n"multi\nline",2,3\n', ',')]).toEqual([
      ['a', 'b "x"', 'c'],
      ['multi\nline', '2', '3'],
    ]);
  });

  test('duplicate and blank headers', () => {
    expect(uniqueHeaders(['A', 'B', 'A', '', 'A'])).toEqual({ headers: ['A', 'B', 'A (2)', 'Column 4', 'A (3)'], duplicates: ['A'] });
  });
});

describe('mapping suggestions', () => {
  test('every column of QUANTUM’s own tape export maps or is deliberately ignored', () => {
    const { mapping, from } = suggestMapping(TAPE_HEADERS);
    expect(Object.values(from).every((f) => f === 'tape' || f === 'none')).toBe(true);
    expect(mapping['LESL2 Original Underlying Exposure Identifier']).toBe('contractNumber');
    expect(mapping['First Instalment Date']).toBe('firstDueDate');
  });

  test.each([
    ['Vertragsnummer', 'contractNumber', 'name'],
    ['Numéro de contrat', 'contractNumber', 'name'],
    ['Número do contrato', 'contractNumber', 'name'],
    ['LESL36', 'rate', 'esma'],
    ['Währung', 'currency', 'name'],
    ['Something else', null, 'none'],
  ] as const)('%s → %s (%s)', (header, field, from) => {
    expect(suggestField(header)).toEqual({ field, from });
  });

  test('a saved mapping wins', () => {
    expect(suggestField('Vertragsnummer', { Vertragsnummer: null })).toEqual({ field: null, from: 'saved' });
  });
});
