/**
 * The QUANTUM fields a tape column can map to (domain.md §7), how each value is read, and the values an enumerated
 * field stores: no dependency beyond the domain's enumerations, so the import wizard in the browser reads them from
 * here without the import's server code (lib/import/fields.ts: the header names and QUANTUM's Tape export columns;
 * lib/import/enums.ts: the words lessors write, from every language's messages).
 */
import { ASSET_TYPES, CONDITIONS, FREQUENCIES, LEASE_STATUSES, TIMINGS, VAT_REGIMES } from '@/lib/domain/enums';

export const IMPORT_FIELDS = [
  'contractNumber',
  'lesseeName',
  'lesseeExternalId',
  'lesseeTaxId',
  'lesseeCountry',
  'lesseeRegion',
  'lesseeIndustry',
  'assetType',
  'assetDescription',
  'condition',
  'currency',
  'price',
  'downPayment',
  'residual',
  'term',
  'rate',
  'timing',
  'frequency',
  'firstDueDate',
  'maturityDate',
  'vatRate',
  'vatRegime',
  'fee',
  'purchaseDate',
  'purchasePrice',
  'originationDate',
  'status',
  'originalPrincipal',
  'tapeInstalment',
  'tapeOutstanding',
  'tapeDate',
  'arrearsBalance',
  'daysInArrears',
  'instalmentsPastDue',
  'defaultDate',
  'defaultAmount',
  'cumulativeRecoveries',
  'dateLastInArrears',
  'instalmentsPaid',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How the value of a field is read. */
export type FieldKind = 'text' | 'money' | 'integer' | 'rate' | 'date' | 'enum';

export const FIELD_KINDS: Record<ImportField, FieldKind> = {
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

/** The values an enumerated field stores (`status`: the lease statuses; readAccountStatus reads a tape's account state). */
export function enumValues(f: ImportField): readonly string[] {
  return f === 'assetType'
    ? ASSET_TYPES
    : f === 'condition'
      ? CONDITIONS
      : f === 'timing'
        ? TIMINGS
        : f === 'frequency'
          ? FREQUENCIES
          : f === 'vatRegime'
            ? VAT_REGIMES
            : LEASE_STATUSES;
}
