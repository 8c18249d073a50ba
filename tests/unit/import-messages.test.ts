/**
 * Tape import messages (domain.md §7): every field and rule has its words in en/de/fr/pt; an exception's amounts read
 * as money in the reader's locale (never minor units), its fractions as percentages, a file-level exception says
 * "file"; the wizard's field kinds follow the import's; a source's name is printable text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS } from '@/lib/import/fields';
import { IMPORT_RULES } from '@/lib/import/rows';
import { importCreateForm, importSourceParams } from '@/lib/validations/imports';
import {
  exceptionMessage,
  exceptionRowText,
  fractionText,
  moneyText,
  rateText,
  type ImportExceptionText,
  type TapeImportTranslate,
} from '@/components/tape-import/exception-message';

const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
type Locale = (typeof LOCALES)[number];
type Messages = { [key: string]: string | Messages };

const catalog = (locale: Locale) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'messages/tapeImport', `${locale}.json`), 'utf8')) as Messages;

function translator(locale: Locale, errors: string[] = []): TapeImportTranslate {
  const t = createTranslator({
    locale,
    messages: { tapeImport: catalog(locale) },
    namespace: 'tapeImport',
    timeZone: 'UTC',
    onError: (e) => errors.push(e.message),
  } as Parameters<typeof createTranslator>[0]);
  return t as unknown as TapeImportTranslate;
}

const exception = (rule: string, params: Record<string, string>, over: Partial<ImportExceptionText> = {}): ImportExceptionText => ({
  row: 4,
  column: 'Rate',
  field: 'tapeInstalment',
  value: '1.388,00',
  rule,
  params,
  ...over,
});

/** Non-breaking and narrow spaces as plain ones, so expectations read as text. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('tape import catalogues', () => {
  it.each(LOCALES)('%s labels every import field and names and words every rule', (locale) => {
    const m = catalog(locale);
    const group = (k: string) => m[k] as Record<string, string>;
    expect(IMPORT_FIELDS.filter((f) => !group('fields')[f]?.trim())).toEqual([]);
    expect(IMPORT_RULES.filter((r) => !group('rules')[r]?.trim())).toEqual([]);
    expect(IMPORT_RULES.filter((r) => !group('ruleNames')[r]?.trim())).toEqual([]);
  });

  it('the state fields have their names, and the status is the account status', () => {
    const en = catalog('en').fields as Record<string, string>;
    expect(en).toMatchObject({
      arrearsBalance: 'Arrears balance',
      daysInArrears: 'Days in arrears',
      instalmentsPastDue: 'Instalments past due',
      defaultDate: 'Default date',
      defaultAmount: 'Default amount',
      cumulativeRecoveries: 'Cumulative recoveries',
      dateLastInArrears: 'Date last in arrears',
      instalmentsPaid: 'Instalments paid',
      status: 'Account status',
    });
  });

  it.each(LOCALES)('%s words every rule with every param the code gives, without an error', (locale) => {
    const errors: string[] = [];
    const t = translator(locale, errors);
    const params = {
      expected: '136026',
      tape: '136100',
      currency: 'EUR',
      diff: '0.025',
      tolerance: '0.02',
      date: '2026-06-30',
      origination: '2026-01-15',
      format: 'dmy-dot',
      allowed: 'vehicle, machinery',
      row: '3',
    };
    for (const rule of IMPORT_RULES) {
      const text = exceptionMessage(t, locale, exception(rule, params));
      expect(text, rule).not.toMatch(/tapeImport\.|\{|\}/);
    }
    expect(errors).toEqual([]);
  });
});

describe('exception messages', () => {
  it('amounts are money in the reader’s locale, never minor units', () => {
    const e = exception('instalmentMismatch', { expected: '136026', currency: 'EUR', diff: '0.025', tolerance: '0.02' });
    const en = plain(exceptionMessage(translator('en'), 'en', e));
    expect(en).toBe('The tape’s instalment differs from the annuity €1,360.26 by +2.5% (tolerance 2%).');
    const de = plain(exceptionMessage(translator('de'), 'de', e));
    expect(de).toContain('1.360,26 €');
    expect(de).toContain('+2,5 %');
    expect(de).not.toContain('136026');
  });

  it('the outstanding check names both balances as money and the date in the locale', () => {
    const e = exception('outstandingMismatch', { expected: '1250000', tape: '1249000', currency: 'EUR', date: '2026-06-30' });
    expect(plain(exceptionMessage(translator('en'), 'en', e))).toBe(
      'The schedule’s outstanding principal on Jun 30, 2026 is €12,500.00; the tape’s is €12,490.00.',
    );
    const fr = plain(exceptionMessage(translator('fr'), 'fr', e));
    expect(fr).toContain('12 500,00 €');
    expect(fr).toContain('12 490,00 €');
  });

  it('a re-base to the tape names both balances and the signed adjustment as money', () => {
    const e = exception('outstandingRebased', {
      expected: '1250000',
      tape: '1220000',
      adjustment: '-30000',
      currency: 'EUR',
      date: '2026-06-30',
    });
    expect(plain(exceptionMessage(translator('en'), 'en', e))).toBe(
      'The schedule’s outstanding principal on Jun 30, 2026 is €12,500.00; the tape’s is €12,200.00, and it wins: the schedule is re-based from that date (adjustment -€300.00).',
    );
    const de = plain(exceptionMessage(translator('de'), 'de', e));
    expect(de).toContain('-300,00 €');
    expect(de).not.toContain('-30000');
  });

  it('a currency without minor units keeps its whole amount; a missing currency leaves the text as it is', () => {
    expect(moneyText('en', '136026', 'JPY')).toBe('¥136,026');
    expect(moneyText('en', '136026', undefined)).toBe('136026');
    expect(moneyText('en', 'n/a', 'EUR')).toBe('n/a');
  });

  it('a required field no column gives is a problem of the file, not of "row 0"', () => {
    const e = exception('required', { missingColumn: 'currency' }, { row: 0, column: '', field: 'currency', value: '' });
    expect(exceptionMessage(translator('en'), 'en', e)).toBe('No column gives Currency: map one, or set a value for every row.');
    expect(exceptionRowText(translator('en'), 0)).toBe('File');
    expect(exceptionRowText(translator('de'), 0)).toBe('Datei');
    expect(exceptionRowText(translator('en'), 7)).toBe('7');
  });

  it('the new rules read their params', () => {
    const t = translator('en');
    expect(exceptionMessage(t, 'en', exception('negative', {}, { field: 'arrearsBalance' }))).toBe('Arrears balance cannot be below zero.');
    expect(exceptionMessage(t, 'en', exception('defaultDateMissing', { date: '2026-06-30' }))).toBe(
      'Reported in default with no default date: taken as in default from the tape’s date Jun 30, 2026.',
    );
  });
});

describe('rates and fractions', () => {
  it('a rate shows as a percentage as the user wrote it, never as a rounded decimal', () => {
    expect(plain(rateText('en', 0.0625))).toBe('6.25%');
    expect(plain(rateText('de', 0.0625))).toBe('6,25 %');
    expect(plain(rateText('en', 0.059))).toBe('5.9%');
    expect(plain(rateText('en', 0.04875))).toBe('4.875%');
  });

  it('fractions are percentages, signed when asked', () => {
    expect(plain(fractionText('en', 0.0125, true, 1))).toBe('+1.25%');
    expect(plain(fractionText('en', -0.005, true, 1))).toBe('-0.5%');
    expect(plain(fractionText('de', '0.02'))).toBe('2 %');
    expect(fractionText('en', 'abc')).toBe('abc');
  });
});

describe('source names', () => {
  it.each(['Muster Leasing GmbH', 'Société Générale Equipment Finance', '10% Leasing', 'A. B. & Co'])('%s is a name', (name) => {
    expect(importSourceParams.safeParse({ source: name }).success).toBe(true);
  });

  it.each(['\u0000', 'a\u0007b', 'x\u001b[31m', '../', '..', 'a/b', 'a\\b', '%2e%2e%2f', 'evil\u202egnp', 'line\nbreak', '', '   '])(
    '%j is refused with the field `source`',
    (name) => {
      const parsed = importSourceParams.safeParse({ source: name });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(['source']);
    },
  );

  it('the upload form refuses the same names', () => {
    expect(importCreateForm.safeParse({ source: '../etc' }).success).toBe(false);
    expect(importCreateForm.safeParse({ source: 'Muster Leasing GmbH' }).success).toBe(true);
  });
});
