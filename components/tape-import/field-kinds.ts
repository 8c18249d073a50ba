import type { ImportField } from '@/lib/import/fields';

export type FieldKind = 'text' | 'money' | 'integer' | 'rate' | 'date' | 'enum';

/**
 * How the wizard shows and asks for a field's value: lib/import/fields.ts FIELD_KINDS, restated here so the browser's
 * bundle does not carry the import's server code (the header names, the Tape export's columns, the finance engine).
 * tests/unit/import-messages.test.ts fails when the two differ.
 */
export const FIELD_KIND: Record<ImportField, FieldKind> = {
  contractNumber: 'text',
  lesseeName: 'text',
  lesseeExternalId: 'text',
  lesseeTaxId: 'text',
  lesseeCountry: 'text',
  lesseeRegion: 'text',
  lesseeIndustry: 'text',
  assetType: 'enum',
  assetDescription: 'text',
  condition: 'enum',
  currency: 'text',
  price: 'money',
  downPayment: 'money',
  residual: 'money',
  term: 'integer',
  rate: 'rate',
  timing: 'enum',
  frequency: 'enum',
  firstDueDate: 'date',
  maturityDate: 'date',
  vatRate: 'rate',
  vatRegime: 'enum',
  fee: 'money',
  purchaseDate: 'date',
  purchasePrice: 'money',
  originationDate: 'date',
  status: 'enum',
  originalPrincipal: 'money',
  tapeInstalment: 'money',
  tapeOutstanding: 'money',
  tapeDate: 'date',
  arrearsBalance: 'money',
  daysInArrears: 'integer',
  instalmentsPastDue: 'integer',
  defaultDate: 'date',
  defaultAmount: 'money',
  cumulativeRecoveries: 'money',
  dateLastInArrears: 'date',
  instalmentsPaid: 'integer',
};
