/**
 * The QUANTUM fields a tape column can map to (domain.md §7), with the header names each is known by
 * in en/de/fr/pt, and the suggestion of a mapping for a file's headers: the source's saved mapping
 * first, then QUANTUM's own Tape export (derived from lib/reports/tape.ts's column definitions, so
 * an exported tape re-imports with no manual mapping), the ESMA LESL code, then the names.
 */
import { TAPE_COLUMNS, tapeHeader, type TapeRow } from '@/lib/reports/tape';

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

/** The fields that carry a lease's state at the tape's date (domain.md §7): with none mapped, every lease is taken as current. */
export const STATE_FIELDS: readonly ImportField[] = [
  'tapeOutstanding',
  'arrearsBalance',
  'daysInArrears',
  'instalmentsPastDue',
  'status',
  'defaultDate',
  'defaultAmount',
  'cumulativeRecoveries',
  'dateLastInArrears',
  'instalmentsPaid',
];
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * Fields (or alternatives) a file must give, by a column or by one value for every row (FixedValues): each inner list
 * needs at least one. The lessee is not required (a tape with anonymised obligors gives one anonymous lessee per
 * contract); the asset price may come from the financed amount; the timing, when not given, is read from the
 * origination and first due dates (in arrears otherwise).
 */
export const REQUIRED_FIELDS: readonly (readonly ImportField[])[] = [
  ['contractNumber'],
  ['assetType'],
  ['currency'],
  ['price', 'originalPrincipal'],
  ['term'],
  ['rate'],
  ['firstDueDate', 'originationDate'],
];

/** One value for every row of a field the file has no column for (domain.md §7), as a cell would write it. */
export type FixedValues = Partial<Record<ImportField, string>>;

/** How the value of a field is read. */
export const FIELD_KINDS: Record<ImportField, 'text' | 'money' | 'integer' | 'rate' | 'date' | 'enum'> = {
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

/**
 * The import field each Tape export column reads back into (absent: a figure the import recomputes,
 * e.g. NPV, or an identifier of the exporting book, e.g. the lease id).
 */
const FROM_TAPE: Partial<Record<keyof TapeRow, ImportField>> = {
  contractNumber: 'contractNumber',
  lesseeId: 'lesseeExternalId',
  cutOff: 'tapeDate',
  country: 'lesseeCountry',
  region: 'lesseeRegion',
  industry: 'lesseeIndustry',
  originationDate: 'originationDate',
  maturityDate: 'maturityDate',
  firstDueDate: 'firstDueDate',
  upfrontFee: 'fee',
  currency: 'currency',
  assetPrice: 'price',
  downPayment: 'downPayment',
  originalPrincipal: 'originalPrincipal',
  currentPrincipal: 'tapeOutstanding',
  timing: 'timing',
  frequency: 'frequency',
  instalments: 'term',
  residualValue: 'residual',
  interestRate: 'rate',
  vatRate: 'vatRate',
  vatRegime: 'vatRegime',
  assetType: 'assetType',
  condition: 'condition',
  accountStatus: 'status',
  purchaseDate: 'purchaseDate',
  purchasePrice: 'purchasePrice',
  arrearsBalance: 'arrearsBalance',
  daysInArrears: 'daysInArrears',
  defaultAmount: 'defaultAmount',
  defaultDate: 'defaultDate',
  cumulativeRecoveries: 'cumulativeRecoveries',
};

/** Header names per field in en/de/fr/pt (compared after normalising: case, accents, punctuation). */
const NAMES: Record<ImportField, string[]> = {
  contractNumber: [
    'contract number',
    'contract no',
    'contract',
    'contract id',
    'lease number',
    'agreement number',
    'vertragsnummer',
    'vertrag',
    'vertragsnr',
    'numéro de contrat',
    'n° de contrat',
    'contrat',
    'número do contrato',
    'contrato',
    'nº contrato',
  ],
  lesseeName: [
    'lessee',
    'lessee name',
    'customer',
    'customer name',
    'obligor name',
    'leasingnehmer',
    'kunde',
    'kundenname',
    'name leasingnehmer',
    'preneur',
    'locataire',
    'nom du locataire',
    'client',
    'locatário',
    'arrendatário',
    'cliente',
    'nome do cliente',
  ],
  lesseeExternalId: [
    'lessee id',
    'customer id',
    'customer number',
    'obligor id',
    'obligor identifier',
    'external id',
    'kundennummer',
    'kunden id',
    'kundennr',
    'identifiant client',
    'numéro client',
    'id client',
    'número de cliente',
    'id do cliente',
  ],
  lesseeTaxId: [
    'tax id',
    'vat number',
    'vat id',
    'tax number',
    'steuernummer',
    'ust-idnr',
    'ust id',
    'umsatzsteuer-id',
    'numéro de tva',
    'siren',
    'siret',
    'nif',
    'nipc',
    'contribuinte',
  ],
  lesseeCountry: ['country', 'lessee country', 'land', 'pays', 'país', 'pais'],
  lesseeRegion: ['region', 'bundesland', 'région', 'região'],
  lesseeIndustry: ['nace', 'nace code', 'industry', 'branche', 'wirtschaftszweig', 'secteur', 'code naf', 'setor', 'cae'],
  assetType: [
    'asset type',
    'asset class',
    'objektart',
    'objekttyp',
    'anlageart',
    "type d'actif",
    'type de bien',
    'tipo de ativo',
    'tipo de bem',
  ],
  assetDescription: [
    'description',
    'asset description',
    'objekt',
    'objektbeschreibung',
    'beschreibung',
    'désignation',
    'description du bien',
    'descrição',
    'descrição do bem',
  ],
  condition: ['new or used', 'new/used', 'condition', 'neu/gebraucht', 'zustand', 'neuf/occasion', 'état', 'novo/usado', 'estado'],
  currency: ['currency', 'ccy', 'währung', 'waehrung', 'devise', 'monnaie', 'moeda'],
  price: [
    'asset price',
    'price',
    'purchase price of asset',
    'cost',
    'anschaffungswert',
    'anschaffungskosten',
    'kaufpreis',
    'objektpreis',
    "prix d'achat",
    'prix',
    'valeur du bien',
    'preço',
    'preço do bem',
    'valor do bem',
  ],
  downPayment: [
    'down payment',
    'deposit',
    'anzahlung',
    'sonderzahlung',
    'mietsonderzahlung',
    'apport',
    'acompte',
    'premier loyer majoré',
    'entrada',
    'sinal',
  ],
  residual: ['residual', 'residual value', 'balloon', 'restwert', 'valeur résiduelle', 'valor residual'],
  term: [
    'term',
    'number of instalments',
    'instalments',
    'installments',
    'laufzeit',
    'anzahl raten',
    'ratenanzahl',
    'durée',
    'nombre de loyers',
    'prazo',
    'número de prestações',
  ],
  rate: [
    'rate',
    'interest rate',
    'nominal rate',
    'zinssatz',
    'zins',
    'nominalzins',
    "taux d'intérêt",
    'taux',
    'taxa de juro',
    'taxa',
    'taxa de juros',
  ],
  timing: [
    'timing',
    'payment timing',
    'advance/arrears',
    'zahlungsweise',
    'vorschüssig/nachschüssig',
    'terme',
    'échu/à échoir',
    'antecipado/postecipado',
    'vencimento',
  ],
  frequency: [
    'frequency',
    'payment frequency',
    'zahlungsintervall',
    'zahlungsrhythmus',
    'periodizität',
    'périodicité',
    'fréquence',
    'periodicidade',
    'frequência',
  ],
  firstDueDate: [
    'first due date',
    'first payment date',
    'first instalment date',
    'erste fälligkeit',
    'erste rate',
    'datum erste rate',
    'première échéance',
    'date de première échéance',
    'primeiro vencimento',
    'data do primeiro vencimento',
  ],
  maturityDate: [
    'maturity date',
    'end date',
    'vertragsende',
    'laufzeitende',
    "date d'échéance finale",
    'date de fin',
    'data de maturidade',
    'data de fim',
  ],
  vatRate: ['vat rate', 'vat', 'mwst', 'mwst-satz', 'umsatzsteuer', 'ust-satz', 'taux de tva', 'tva', 'taxa de iva', 'iva'],
  vatRegime: ['vat regime', 'mwst-regime', 'besteuerung', 'régime de tva', 'regime de iva'],
  fee: [
    'fee',
    'upfront fee',
    'arrangement fee',
    'bearbeitungsgebühr',
    'gebühr',
    'frais de dossier',
    'frais',
    'comissão',
    'comissão inicial',
  ],
  purchaseDate: [
    'purchase date',
    'funding date',
    'ankaufsdatum',
    'ankaufdatum',
    "date d'achat",
    'date de cession',
    'data de compra',
    'data de aquisição',
  ],
  purchasePrice: [
    'purchase price',
    'ankaufspreis',
    'kaufpreis forderung',
    'prix de cession',
    "prix d'achat de la créance",
    'preço de compra',
    'preço de aquisição',
  ],
  originationDate: [
    'origination date',
    'start date',
    'contract date',
    'vertragsbeginn',
    'vertragsdatum',
    'beginn',
    'date de début',
    'date du contrat',
    'data de início',
    'data do contrato',
  ],
  status: ['status', 'account status', 'vertragsstatus', 'statut', 'estado do contrato', 'situação'],
  originalPrincipal: ['original principal', 'financed amount', 'finanzierungsbetrag', 'montant financé', 'montante financiado'],
  tapeInstalment: [
    'instalment',
    'installment',
    'monthly payment',
    'payment',
    'rate (betrag)',
    'ratenbetrag',
    'leasingrate',
    'loyer',
    'montant du loyer',
    'prestação',
    'renda',
  ],
  tapeOutstanding: [
    'outstanding',
    'outstanding principal',
    'current balance',
    'restschuld',
    'restbuchwert',
    'offener saldo',
    'capital restant dû',
    'encours',
    'capital em dívida',
    'saldo em dívida',
  ],
  tapeDate: [
    'cut-off date',
    'cut off date',
    'as of date',
    'reporting date',
    'stichtag',
    "date d'arrêté",
    'date de référence',
    'data de referência',
    'data de corte',
  ],
  arrearsBalance: ['arrears balance', 'arrears', 'past due amount', 'rückstand', 'rückstände', 'impayés', 'montant impayé', 'valor em atraso'],
  daysInArrears: ['days in arrears', 'days past due', 'dpd', 'tage überfällig', 'verzugstage', 'jours de retard', 'dias de atraso'],
  instalmentsPastDue: ['instalments past due', 'installments past due', 'raten im rückstand', 'loyers impayés', 'prestações em atraso'],
  defaultDate: ['default date', 'ausfalldatum', 'date de défaut', 'data de incumprimento'],
  defaultAmount: ['default amount', 'ausfallbetrag', 'montant du défaut', 'montante em incumprimento'],
  cumulativeRecoveries: ['cumulative recoveries', 'recoveries', 'erlöse', 'verwertungserlöse', 'recouvrements', 'recuperações'],
  dateLastInArrears: ['date last in arrears', 'last arrears date', 'letzter rückstand', 'date du dernier impayé', 'data do último atraso'],
  instalmentsPaid: ['instalments paid', 'installments paid', 'bezahlte raten', 'loyers payés', 'prestações pagas'],
};

/** Lower case, accents off, every run of non-alphanumerics one space. */
export function normalizeHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const BY_NAME = new Map<string, ImportField>();
for (const f of IMPORT_FIELDS) for (const n of NAMES[f]) if (!BY_NAME.has(normalizeHeader(n))) BY_NAME.set(normalizeHeader(n), f);
const BY_TAPE_HEADER = new Map<string, ImportField>();
const BY_ESMA = new Map<string, ImportField>();
for (const c of TAPE_COLUMNS) {
  const f = FROM_TAPE[c.id];
  if (!f) continue;
  BY_TAPE_HEADER.set(normalizeHeader(tapeHeader(c)), f);
  BY_TAPE_HEADER.set(normalizeHeader(c.name), f);
  if (c.esma) BY_ESMA.set(c.esma.toUpperCase(), f);
}
/** Tape export headers whose column the import deliberately does not read (recomputed or the exporting book's ids). */
const TAPE_IGNORED = new Set(TAPE_COLUMNS.filter((c) => !FROM_TAPE[c.id]).map((c) => normalizeHeader(tapeHeader(c))));

export type MappingSource = 'saved' | 'tape' | 'esma' | 'name' | 'none';
export type ColumnMapping = Record<string, ImportField | null>;

/** The suggested field of one header and where the suggestion comes from. */
export function suggestField(header: string, saved?: ColumnMapping): { field: ImportField | null; from: MappingSource } {
  if (saved && header in saved) return { field: saved[header] ?? null, from: 'saved' };
  const n = normalizeHeader(header);
  const tape = BY_TAPE_HEADER.get(n);
  if (tape) return { field: tape, from: 'tape' };
  if (TAPE_IGNORED.has(n)) return { field: null, from: 'tape' };
  const code = /^(LESL\d+)\b/i.exec(header.trim())?.[1]?.toUpperCase();
  if (code && BY_ESMA.has(code)) return { field: BY_ESMA.get(code)!, from: 'esma' };
  const name = BY_NAME.get(n);
  return name ? { field: name, from: 'name' } : { field: null, from: 'none' };
}

/** A mapping of every header; a field claimed by two headers stays with the first. */
export function suggestMapping(
  headers: readonly string[],
  saved?: ColumnMapping,
): { mapping: ColumnMapping; from: Record<string, MappingSource> } {
  const mapping: ColumnMapping = {};
  const from: Record<string, MappingSource> = {};
  const taken = new Set<ImportField>();
  for (const h of headers) {
    const s = suggestField(h, saved);
    const field = s.field && !taken.has(s.field) ? s.field : null;
    if (field) taken.add(field);
    mapping[h] = field;
    from[h] = field ? s.from : s.from === 'saved' ? 'saved' : 'none';
  }
  return { mapping, from };
}

/** Required fields neither a column nor a fixed value gives (each group named by its first field). */
export function missingRequired(mapping: ColumnMapping, fixed: FixedValues = {}): ImportField[] {
  const given = new Set(Object.values(mapping).filter((f): f is ImportField => f !== null));
  for (const [f, v] of Object.entries(fixed)) if (v !== undefined && v.trim() !== '') given.add(f as ImportField);
  return REQUIRED_FIELDS.filter((group) => !group.some((f) => given.has(f))).map((group) => group[0]!);
}
