import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { describe, expect, it, test } from 'vitest';
import { recordAudit } from '@/db/queries/audit';
import { createFacility, decideDraw, requestDraw } from '@/db/queries/facilities';
import { seedPortfolio } from '@/db/seed/portfolio';
import { seedDemoUsers } from '@/db/seed/users';
import { csvText } from '@/lib/exports';
import { APP_TIME_ZONE, localeFormatter } from '@/lib/format';
import { auditQuery } from '@/lib/validations/access';
import { createFacilityBody } from '@/lib/validations/facilities';
import {
  auditBatches,
  auditExportColumns,
  auditScreen,
  auditWordsOf,
  describeAuditEntry,
  leaseAuditHistory,
  type AuditDescribable,
  type AuditWords,
} from '@/services/audit/trail';
import { createTestDb } from '../helpers/test-db';
import { collectBatches } from '../helpers/batches';

type Locale = 'en' | 'de' | 'fr' | 'pt';

/** The `access.audit` words of a locale, as a page or the export builds them (UTC, whatever the machine's zone). */
function wordsOf(locale: Locale): AuditWords {
  const access = JSON.parse(readFileSync(path.join(process.cwd(), 'messages', 'access', `${locale}.json`), 'utf8')) as object;
  const t = createTranslator({ locale, messages: { access }, namespace: 'access.audit', timeZone: APP_TIME_ZONE } as Parameters<
    typeof createTranslator
  >[0]);
  return auditWordsOf(t, localeFormatter(locale));
}

/** Intl puts no-break spaces in amounts and times ("50.000,00 €"); the tests compare the words. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const row = (over: Partial<AuditDescribable>): AuditDescribable => ({
  at: Date.UTC(2026, 10, 21, 9, 30, 5),
  entity: 'facility',
  action: 'update',
  before: null,
  after: null,
  currency: null,
  ...over,
});

function change(r: AuditDescribable, locale: Locale, field: string) {
  const c = describeAuditEntry(r, wordsOf(locale)).changes.find((x) => x.field === field);
  if (!c) throw new Error(`no change of ${field}`);
  return { label: c.label, before: plain(c.before), after: plain(c.after), line: plain(c.line) };
}

const DECIDED_AT = 1_796_163_332_542; // 2026-12-01T22:15:32.542Z

describe('the trail in words: one formatter for the screen, the lease history and the export', () => {
  test.each([
    ['en', 'Amount', '(none)', '€50,000.00', '11/21/26, 9:30:05 AM'],
    ['de', 'Betrag', '(leer)', '50.000,00 €', '21.11.26, 09:30:05'],
    ['fr', 'Montant', '(vide)', '50 000,00 €', '21/11/2026 09:30:05'],
    ['pt', 'Montante', '(vazio)', '€ 50.000,00', '21/11/2026, 09:30:05'],
  ] as const)(
    '%s: a draw of 5000000 EUR minor units is money in the locale, an absent field the none word',
    (locale, label, none, money, when) => {
      const r = row({
        action: 'request_draw',
        after: { facilityId: 3, type: 'draw', amount: 5_000_000, decidedAt: null },
        currency: 'EUR',
      });
      expect(change(r, locale, 'amount')).toEqual({ label, before: none, after: money, line: `${label}: ${none} → ${money}` });
      // The row's own time, as the screen's first column and the export's "When (UTC)" show it.
      expect(plain(describeAuditEntry(r, wordsOf(locale)).at)).toBe(when);
    },
  );

  test.each([
    ['en', 'Decided at', '(none)', 'Dec 1, 2026, 10:15:32 PM UTC'],
    ['de', 'Entschieden am', '(leer)', '01.12.2026, 22:15:32 UTC'],
  ] as const)('%s: decidedAt null → epoch milliseconds is the none word → a UTC date-time', (locale, label, none, when) => {
    const r = row({
      action: 'approve_draw',
      before: { status: 'pending', decidedAt: null },
      after: { status: 'approved', decidedAt: DECIDED_AT },
    });
    expect(change(r, locale, 'decidedAt')).toMatchObject({ label, before: none, after: when });
  });

  test.each([
    ['en', 'request_draw', 'Draw requested'],
    ['de', 'request_draw', 'Ziehung beantragt'],
    ['fr', 'request_draw', 'Tirage demandé'],
    ['pt', 'request_draw', 'Utilização pedida'],
    ['en', 'issue_certificate', 'Borrowing-base certificate issued'],
    ['de', 'issue_certificate', 'Borrowing-Base-Bescheinigung ausgestellt'],
    ['en', 'roll_forward_accept', 'Roll-forward break accepted'],
    ['de', 'opening_position', 'Anfangsposition festgelegt'],
  ] as const)('%s: the action %s is words', (locale, action, words) => {
    expect(describeAuditEntry(row({ action }), wordsOf(locale)).action).toBe(words);
  });

  test.each([
    ['en', 'Write-off approved', 'Change approved'],
    ['de', 'Abschreibung genehmigt', 'Änderung freigegeben'],
  ] as const)("%s: a write-off's approve reads as such, a funder settings change's as before", (locale, writeOff, settings) => {
    expect(describeAuditEntry(row({ entity: 'write_off', action: 'approve' }), wordsOf(locale)).action).toBe(writeOff);
    expect(describeAuditEntry(row({ entity: 'funder', action: 'approve' }), wordsOf(locale)).action).toBe(settings);
  });

  test.each([
    ['en', 'tape_import', 'Tape import'],
    ['de', 'tape_import', 'Tape-Import'],
    ['en', 'lessee', 'Lessee'],
    ['de', 'news', 'Neuigkeit'],
  ] as const)('%s: the entity %s is words', (locale, entity, words) => {
    expect(describeAuditEntry(row({ entity }), wordsOf(locale)).entity).toBe(words);
  });

  test.each([
    ['en', 'someNewField', 'some new field'],
    ['de', 'someNewField', 'some new field'],
    ['en', 'legacy_flag_code', 'legacy flag code'],
    ['de', 'importedFromERP', 'imported from ERP'],
  ] as const)('%s: an unknown field %s falls back to a readable name, never the code', (locale, field, label) => {
    expect(change(row({ before: { [field]: 'a' }, after: { [field]: 'b' } }), locale, field)).toMatchObject({
      label,
      before: 'a',
      after: 'b',
    });
  });

  test('an unknown action falls back to a readable name, never the code', () => {
    expect(describeAuditEntry(row({ action: 'archive_batch' }), wordsOf('en')).action).toBe('archive batch');
  });

  test.each([
    ['en', 'Fee is financed', 'No', 'Yes'],
    ['de', 'Gebühr wird mitfinanziert', 'Nein', 'Ja'],
    ['fr', 'Frais financés', 'Non', 'Oui'],
    ['pt', 'Comissão financiada', 'Não', 'Sim'],
  ] as const)('%s: a boolean is yes or no', (locale, label, no, yes) => {
    expect(
      change(row({ entity: 'lease', before: { feeFinanced: false }, after: { feeFinanced: true } }), locale, 'feeFinanced'),
    ).toMatchObject({
      label,
      before: no,
      after: yes,
    });
  });

  test.each([
    ['en', 'Annual interest rate', '5.50%', '6.125%'],
    ['de', 'Jahreszinssatz', '5,50 %', '6,125 %'],
  ] as const)('%s: a rate is a percentage', (locale, label, from, to) => {
    expect(change(row({ entity: 'lease', before: { rate: 0.055 }, after: { rate: 0.06125 } }), locale, 'rate')).toMatchObject({
      label,
      before: from,
      after: to,
    });
  });

  test.each([
    ['en', 'Value date', 'Jan 15, 2027'],
    ['de', 'Valuta', '15.01.2027'],
  ] as const)('%s: an ISO date is a date in the locale', (locale, label, date) => {
    expect(change(row({ after: { valueDate: '2027-01-15' } }), locale, 'valueDate')).toMatchObject({ label, after: date });
  });

  test.each([
    ['en', 'Arrears › VAT', '€1,234.56'],
    ['de', 'Rückstände › MwSt.', '1.234,56 €'],
  ] as const)('%s: a nested amount is labelled by its path and is money', (locale, label, money) => {
    const r = row({ entity: 'lease', action: 'opening_position', after: { arrears: { vat: 123_456, fee: 0 } }, currency: 'EUR' });
    expect(change(r, locale, 'arrears.vat')).toMatchObject({ label, after: money });
  });

  test('identifiers are not grouped, bookkeeping fields are left out, unchanged and both-empty fields too', () => {
    const text = describeAuditEntry(
      row({
        entity: 'lease',
        before: { leaseId: 12345, note: 'same', updatedAt: 1, version: 1, decidedAt: null },
        after: { leaseId: 12346, note: 'same', updatedAt: 2, version: 2 },
      }),
      wordsOf('en'),
    );
    expect(text.changes.map((c) => c.line)).toEqual(['Lease: 12345 → 12346']);
  });

  test.each([
    ['en', 'Funders: (none) → 2, 3'],
    ['de', 'Finanzierer: (leer) → 2, 3'],
  ] as const)('%s: a list of ids is listed, an empty list is the none word', (locale, line) => {
    const r = row({ entity: 'funder_assignment', before: { funderIds: [] }, after: { funderIds: [2, 3] } });
    expect(change(r, locale, 'funderIds').line).toBe(line);
  });

  test('a record that changed currency tells each side in its own', () => {
    const r = row({
      entity: 'lease',
      before: { currency: 'EUR', price: 100_000 },
      after: { currency: 'JPY', price: 150_000 },
      currency: 'JPY',
    });
    expect(change(r, 'en', 'price')).toMatchObject({ before: '€1,000.00', after: '¥150,000' });
  });
});

describe('the trail from the database: currencies, the screen, the lease history and the export agree', () => {
  function seeded() {
    const db = createTestDb();
    seedDemoUsers(db);
    seedPortfolio(db, { leases: 4, today: '2026-11-21', seed: 5 });
    return db;
  }
  type TestDb = ReturnType<typeof seeded>;
  const actor = (db: TestDb, who: string) => {
    const email = `${who}@quantum.demo`;
    return { userId: db.$client.prepare('select id from users where email = ?').pluck().get(email) as number, email };
  };

  async function drawn(db: TestDb) {
    const f = await createFacility(
      db,
      createFacilityBody.parse({
        funderId: 1,
        name: 'Senior A',
        lender: 'Bank',
        currency: 'EUR',
        commitment: 1_000_000_000_00,
        advanceRate: 0.85,
        reserves: 0,
        startDate: '2025-01-15',
        maturityDate: '2029-01-15',
        criteria: [],
        limits: [],
        covenants: [],
      }),
      actor(db, 'analyst'),
    );
    const draw = await requestDraw(
      db,
      f.id,
      { type: 'draw', amount: 5_000_000, valueDate: '2026-11-20', note: '' },
      1e15,
      actor(db, 'analyst'),
    );
    await decideDraw(db, f.id, draw.id, 'approved', 1e15, actor(db, 'admin'), DECIDED_AT);
    return f;
  }

  test.each([
    [
      'en',
      'Draw requested',
      'Amount: (none) → €50,000.00',
      'Draw or repayment approved',
      'Decided at: (none) → Dec 1, 2026, 10:15:32 PM UTC',
    ],
    [
      'de',
      'Ziehung beantragt',
      'Betrag: (leer) → 50.000,00 €',
      'Ziehung oder Rückzahlung genehmigt',
      'Entschieden am: (leer) → 01.12.2026, 22:15:32 UTC',
    ],
  ] as const)(
    "%s: a draw's amount is in its facility's currency, its decision a date-time",
    async (locale, requested, amount, approved, decided) => {
      const db = seeded();
      const f = await drawn(db);
      const { rows } = await auditScreen(db, auditQuery.parse({ entity: 'facility', entityId: String(f.id) }), wordsOf(locale));
      const request = rows.find((r) => r.action === 'request_draw');
      const decision = rows.find((r) => r.action === 'approve_draw');
      expect(request!.currency).toBe('EUR');
      expect(request!.text.action).toBe(requested);
      expect(request!.text.changes.map((c) => plain(c.line))).toContain(amount);
      expect(decision!.text.action).toBe(approved);
      expect(decision!.text.changes.map((c) => plain(c.line))).toContain(decided);
    },
  );

  test.each(['en', 'de'] as const)("%s: the export's human columns are the screen's words; the codes stay beside them", async (locale) => {
    const db = seeded();
    const f = await drawn(db);
    const words = wordsOf(locale);
    const filter = { entity: 'facility', entityId: String(f.id) } as const;
    const screen = (await auditScreen(db, auditQuery.parse(filter), words)).rows;
    const exported = (await collectBatches(auditBatches(db, filter, words))).flat();
    const columns = auditExportColumns(words);
    const cell = (id: string, i: number) => columns.find((c) => c.id === id)!.value(exported[i]!);
    expect(exported.map((r) => r.id)).toEqual(screen.map((r) => r.id));
    screen.forEach((r, i) => {
      expect(cell('action', i)).toBe(r.text.action);
      expect(cell('entity', i)).toBe(r.text.entity);
      expect(cell('at', i)).toBe(r.text.at);
      expect(cell('changes', i)).toBe(r.text.changes.map((c) => c.line).join('\n'));
      expect(cell('actionCode', i)).toBe(r.action);
    });
    const csv = plain(csvText(columns, exported));
    expect(csv).toContain(locale === 'en' ? 'Draw requested' : 'Ziehung beantragt');
    expect(csv).toContain(locale === 'en' ? '€50,000.00' : '50.000,00 €');
    expect(csv).toContain('request_draw');
  });

  it("tells a lease's history and a write-off in the lease's currency", async () => {
    const db = seeded();
    const lease = db.$client.prepare('select id, currency from leases order by id limit 1').get() as { id: number; currency: string };
    await recordAudit(db, {
      actor: null,
      funderId: 1,
      entity: 'lease',
      entityId: lease.id,
      action: 'update',
      before: { rebasedBalance: null },
      after: { rebasedBalance: 100 },
    });
    await recordAudit(db, {
      actor: null,
      funderId: 1,
      entity: 'write_off',
      entityId: 9,
      action: 'approve',
      after: { leaseId: lease.id, amount: 100 },
    });
    const history = await leaseAuditHistory(db, lease.id);
    expect(history[0]!.currency).toBe(lease.currency);
    const writeOff = (await auditScreen(db, auditQuery.parse({ entity: 'write_off' }), wordsOf('en'))).rows[0]!;
    expect(writeOff.currency).toBe(lease.currency);
    expect(writeOff.text.action).toBe('Write-off approved');
  });
});
