/**
 * The QUANTUM fields a tape column can map to (domain.md §7), with the header names each is known by, and the
 * suggestion of a mapping for a file's headers: the source's saved mapping first (a user's correction is what the
 * source suggests next time), then QUANTUM's own Tape export (derived from lib/reports/tape.ts's column definitions,
 * so an exported tape re-imports with no manual mapping), the ESMA Annex VIII LESL code, then the names: ESMA's,
 * SEC Reg AB II's (automobile loans and leases) and the usual ones in en/de/fr/pt. A name whose meaning depends on
 * the file (German "Rate" is the instalment, English "rate" the interest rate) is resolved from its other headers.
 */
import { TAPE_COLUMNS, tapeHeader, type TapeRow } from '@/lib/reports/tape';
import { IMPORT_FIELDS, type ImportField } from './field-list';

export { FIELD_KINDS, IMPORT_FIELDS, type FieldKind, type ImportField } from './field-list';

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

/**
 * The import field each Tape export column reads back into (absent: a figure the import recomputes,
 * e.g. NPV, or an identifier of the exporting book, e.g. the lease id).
 */
const FROM_TAPE: Partial<Record<keyof TapeRow, ImportField>> = {
  contractNumber: 'contractNumber',
  lesseeId: 'lesseeExternalId',
  cutOff: 'tapeDate',
  poolAdditionDate: 'purchaseDate',
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

type Lang = 'en' | 'de' | 'fr' | 'pt';

/**
 * Header names per field in en/de/fr/pt (compared after normalising: case, accents, punctuation, spaces, camelCase).
 * "Rate" is not here: German for the instalment, English for the interest rate (resolved per file, below).
 */
const NAMES: Record<ImportField, Partial<Record<Lang, readonly string[]>>> = {
  contractNumber: {
    en: [
      'contract number',
      'contract no',
      'contract',
      'contract id',
      'lease number',
      'lease id',
      'agreement number',
      'loan number',
      'account number',
    ],
    de: ['vertragsnummer', 'vertrag', 'vertragsnr', 'vertrags-nr', 'leasingvertrag', 'leasingvertragsnummer'],
    fr: ['numéro de contrat', 'n° de contrat', 'n° contrat', 'contrat', 'référence contrat', 'référence du contrat'],
    pt: ['número do contrato', 'número de contrato', 'contrato', 'nº contrato', 'nº do contrato'],
  },
  lesseeName: {
    en: ['lessee', 'lessee name', 'customer', 'customer name', 'obligor name', 'borrower name', 'debtor name'],
    de: ['leasingnehmer', 'kunde', 'kundenname', 'name leasingnehmer', 'name des leasingnehmers', 'firma', 'schuldner'],
    fr: ['preneur', 'locataire', 'nom du locataire', 'client', 'nom du client', 'raison sociale'],
    pt: ['locatário', 'arrendatário', 'cliente', 'nome do cliente', 'nome do locatário'],
  },
  lesseeExternalId: {
    en: ['lessee id', 'customer id', 'customer number', 'obligor id', 'obligor identifier', 'borrower id', 'external id'],
    de: ['kundennummer', 'kunden id', 'kunden-id', 'kundennr', 'kunden-nr', 'leasingnehmer-nr', 'leasingnehmernummer'],
    fr: ['identifiant client', 'numéro client', 'numéro de client', 'id client', 'code client'],
    pt: ['número de cliente', 'número do cliente', 'id do cliente', 'código de cliente'],
  },
  lesseeTaxId: {
    en: ['tax id', 'vat number', 'vat id', 'tax number'],
    de: ['steuernummer', 'ust-idnr', 'ust id', 'umsatzsteuer-id', 'ust-id'],
    fr: ['numéro de tva', 'siren', 'siret'],
    pt: ['nif', 'nipc', 'contribuinte', 'número de contribuinte'],
  },
  lesseeCountry: {
    en: ['country', 'lessee country', 'obligor country', 'country code'],
    de: ['land', 'länderkennzeichen', 'sitzland'],
    fr: ['pays'],
    pt: ['país', 'pais'],
  },
  lesseeRegion: {
    en: ['region', 'obligor region', 'geographic region'],
    de: ['bundesland', 'region'],
    fr: ['région', 'département'],
    pt: ['região', 'distrito'],
  },
  lesseeIndustry: {
    en: ['nace', 'nace code', 'industry', 'industry code', 'sector'],
    de: ['branche', 'wirtschaftszweig', 'branchenschlüssel'],
    fr: ['secteur', "secteur d'activité", 'code naf', 'code ape'],
    pt: ['setor', 'setor de atividade', 'cae'],
  },
  assetType: {
    en: ['asset type', 'asset class', 'asset category', 'equipment type', 'object type'],
    de: ['objektart', 'objekttyp', 'anlageart', 'objektgruppe', 'objektkategorie'],
    fr: ["type d'actif", 'type de bien', 'nature du bien', 'catégorie de bien'],
    pt: ['tipo de ativo', 'tipo de bem', 'categoria do bem'],
  },
  assetDescription: {
    en: ['description', 'asset description', 'equipment description', 'object'],
    de: ['objekt', 'objektbeschreibung', 'beschreibung', 'objektbezeichnung', 'bezeichnung'],
    fr: ['désignation', 'description du bien', 'libellé du bien'],
    pt: ['descrição', 'descrição do bem'],
  },
  condition: {
    en: ['new or used', 'new/used', 'condition', 'asset condition', 'vehicle condition'],
    de: ['neu/gebraucht', 'zustand', 'neu oder gebraucht', 'objektzustand'],
    fr: ['neuf/occasion', 'état', 'neuf ou occasion', 'état du bien'],
    pt: ['novo/usado', 'estado', 'novo ou usado', 'estado do bem'],
  },
  currency: {
    en: ['currency', 'ccy', 'currency code'],
    de: ['währung', 'waehrung', 'währungscode'],
    fr: ['devise', 'monnaie'],
    pt: ['moeda'],
  },
  price: {
    en: ['asset price', 'price', 'purchase price of asset', 'cost', 'asset cost', 'acquisition cost', 'equipment cost', 'asset value'],
    de: ['anschaffungswert', 'anschaffungskosten', 'anschaffungspreis', 'kaufpreis', 'objektpreis', 'objektwert', 'investitionssumme'],
    fr: ["prix d'achat", 'prix', 'valeur du bien', 'prix du bien', "valeur d'achat", "montant de l'investissement"],
    pt: ['preço', 'preço do bem', 'valor do bem', 'valor de aquisição do bem'],
  },
  downPayment: {
    en: ['down payment', 'deposit', 'down payment amount'],
    de: ['anzahlung', 'sonderzahlung', 'mietsonderzahlung', 'leasingsonderzahlung'],
    fr: ['apport', 'acompte', 'premier loyer majoré'],
    pt: ['entrada', 'sinal', 'valor de entrada'],
  },
  residual: {
    en: ['residual', 'residual value', 'balloon', 'balloon payment'],
    de: ['restwert', 'kalkulierter restwert'],
    fr: ['valeur résiduelle'],
    pt: ['valor residual'],
  },
  term: {
    en: [
      'term',
      'number of instalments',
      'instalments',
      'installments',
      'number of installments',
      'term months',
      'term in months',
      'lease term',
      'loan term',
      'original term',
    ],
    de: ['laufzeit', 'anzahl raten', 'ratenanzahl', 'laufzeit monate', 'laufzeit in monaten', 'vertragslaufzeit'],
    fr: ['durée', 'nombre de loyers', 'durée en mois', 'durée du contrat', "nombre d'échéances"],
    pt: ['prazo', 'número de prestações', 'prazo em meses', 'prazo do contrato', 'número de rendas'],
  },
  rate: {
    en: ['interest rate', 'nominal rate', 'contract rate', 'customer rate', 'apr', 'rate in %'],
    de: ['zinssatz', 'zins', 'nominalzins', 'sollzins', 'sollzinssatz', 'nominalzinssatz', 'kundenzins'],
    fr: ["taux d'intérêt", 'taux', 'taux nominal', 'taux client'],
    pt: ['taxa de juro', 'taxa', 'taxa de juros', 'taxa nominal'],
  },
  timing: {
    en: ['timing', 'payment timing', 'advance/arrears', 'in advance/in arrears'],
    de: ['zahlungsweise', 'vorschüssig/nachschüssig'],
    fr: ['terme', 'échu/à échoir', 'terme échu/à échoir'],
    pt: ['antecipado/postecipado'],
  },
  frequency: {
    en: ['frequency', 'payment frequency', 'periodicity'],
    de: ['zahlungsintervall', 'zahlungsrhythmus', 'periodizität', 'zahlungsperiode'],
    fr: ['périodicité', 'fréquence'],
    pt: ['periodicidade', 'frequência'],
  },
  firstDueDate: {
    en: ['first due date', 'first payment date', 'first instalment date', 'first installment date'],
    de: ['erste fälligkeit', 'erste rate', 'datum erste rate', 'fälligkeit erste rate'],
    fr: ['première échéance', 'date de première échéance', 'date du premier loyer'],
    pt: ['primeiro vencimento', 'data do primeiro vencimento', 'data da primeira prestação'],
  },
  maturityDate: {
    en: ['maturity date', 'end date', 'maturity', 'final payment date', 'last payment date'],
    de: ['vertragsende', 'laufzeitende', 'enddatum', 'letzte fälligkeit'],
    fr: ["date d'échéance finale", 'date de fin', 'date de fin de contrat', 'dernière échéance'],
    pt: ['data de maturidade', 'data de fim', 'data de vencimento final', 'data do último vencimento'],
  },
  vatRate: {
    en: ['vat rate', 'vat', 'tax rate'],
    de: ['mwst', 'mwst-satz', 'umsatzsteuer', 'ust-satz', 'mehrwertsteuer', 'steuersatz'],
    fr: ['taux de tva', 'tva'],
    pt: ['taxa de iva', 'iva'],
  },
  vatRegime: {
    en: ['vat regime', 'vat treatment'],
    de: ['mwst-regime', 'besteuerung'],
    fr: ['régime de tva'],
    pt: ['regime de iva'],
  },
  fee: {
    en: ['fee', 'upfront fee', 'arrangement fee', 'origination fee', 'handling fee'],
    de: ['bearbeitungsgebühr', 'gebühr', 'abschlussgebühr'],
    fr: ['frais de dossier', 'frais'],
    pt: ['comissão', 'comissão inicial', 'comissão de abertura'],
  },
  purchaseDate: {
    en: ['purchase date', 'funding date', 'pool addition date', 'transfer date'],
    de: ['ankaufsdatum', 'ankaufdatum', 'übertragungsdatum', 'kaufdatum forderung'],
    fr: ["date d'achat", 'date de cession', "date d'acquisition"],
    pt: ['data de compra', 'data de aquisição', 'data de cessão'],
  },
  purchasePrice: {
    en: ['purchase price', 'funder purchase price'],
    de: ['ankaufspreis', 'kaufpreis forderung'],
    fr: ['prix de cession', "prix d'achat de la créance"],
    pt: ['preço de compra', 'preço de aquisição', 'preço de cessão'],
  },
  originationDate: {
    en: ['origination date', 'start date', 'contract date', 'inception date', 'commencement date', 'booking date'],
    de: ['vertragsbeginn', 'vertragsdatum', 'beginn', 'leasingbeginn', 'mietbeginn', 'abschlussdatum', 'startdatum'],
    fr: ['date de début', 'date du contrat', 'date de mise en loyer', 'date de mise en place', 'date de signature'],
    pt: ['data de início', 'data do contrato', 'data de originação', 'data de celebração'],
  },
  status: {
    en: ['status', 'account status', 'contract status', 'lease status', 'loan status'],
    de: ['vertragsstatus', 'kontostatus', 'vertragszustand'],
    fr: ['statut', 'statut du contrat', 'état du contrat', 'situation du contrat'],
    pt: ['estado do contrato', 'situação', 'situação do contrato', 'estado da conta'],
  },
  originalPrincipal: {
    en: [
      'original principal',
      'original principal balance',
      'financed amount',
      'amount financed',
      'original balance',
      'loan amount',
      'original loan amount',
    ],
    de: ['finanzierungsbetrag', 'finanzierungssumme', 'kreditbetrag', 'darlehensbetrag', 'finanzierter betrag'],
    fr: ['montant financé', 'capital initial', 'montant du financement'],
    pt: ['montante financiado', 'capital inicial', 'valor financiado'],
  },
  tapeInstalment: {
    en: [
      'instalment',
      'installment',
      'monthly payment',
      'payment',
      'instalment amount',
      'installment amount',
      'payment amount',
      'scheduled payment',
      'lease payment',
      'rental',
    ],
    de: [
      'rate (betrag)',
      'ratenbetrag',
      'leasingrate',
      'monatsrate',
      'monatliche rate',
      'ratenhöhe',
      'rate netto',
      'rate eur',
      'rate (eur)',
    ],
    fr: ['loyer', 'montant du loyer', 'mensualité', 'loyer mensuel', "montant de l'échéance"],
    pt: ['prestação', 'renda', 'valor da prestação', 'valor da renda', 'prestação mensal'],
  },
  tapeOutstanding: {
    en: [
      'outstanding',
      'outstanding principal',
      'current balance',
      'current principal balance',
      'outstanding balance',
      'principal outstanding',
      'remaining balance',
    ],
    de: ['restschuld', 'restbuchwert', 'offener saldo', 'restkapital', 'aushaftung', 'ausstehendes kapital'],
    fr: ['capital restant dû', 'encours', 'capital restant', 'encours de capital'],
    pt: ['capital em dívida', 'saldo em dívida', 'capital vincendo', 'saldo devedor'],
  },
  tapeDate: {
    en: ['cut-off date', 'cut off date', 'cutoff date', 'as of date', 'reporting date', 'data cut-off date', 'pool cut-off date'],
    de: ['stichtag', 'berichtsdatum', 'datenstichtag', 'bewertungsstichtag'],
    fr: ["date d'arrêté", 'date de référence', 'date de situation', 'date de cut-off'],
    pt: ['data de referência', 'data de corte', 'data de reporte'],
  },
  arrearsBalance: {
    en: ['arrears balance', 'arrears', 'arrears amount', 'past due amount', 'amount past due', 'overdue amount', 'amount in arrears'],
    de: ['rückstand', 'rückstände', 'rückstandsbetrag', 'überfälliger betrag', 'rückständiger betrag', 'offene posten'],
    fr: ['impayés', 'montant impayé', 'montant des impayés', 'arriérés', 'montant en retard'],
    pt: ['valor em atraso', 'montante em atraso', 'montante vencido', 'valor vencido'],
  },
  daysInArrears: {
    en: ['days in arrears', 'days past due', 'dpd', 'days delinquent', 'number of days in arrears', 'days overdue'],
    de: ['tage überfällig', 'verzugstage', 'tage im verzug', 'tage rückstand', 'überfälligkeitstage', 'tage im rückstand'],
    fr: ['jours de retard', 'nombre de jours de retard', "jours d'impayé"],
    pt: ['dias de atraso', 'dias em atraso', 'número de dias em atraso'],
  },
  instalmentsPastDue: {
    en: [
      'instalments past due',
      'installments past due',
      'instalments in arrears',
      'installments in arrears',
      'payments past due',
      'months in arrears',
    ],
    de: ['raten im rückstand', 'rückständige raten', 'anzahl rückständige raten', 'offene raten', 'überfällige raten'],
    fr: ['loyers impayés', 'nombre de loyers impayés', 'échéances impayées'],
    pt: ['prestações em atraso', 'prestações vencidas', 'número de prestações em atraso', 'rendas em atraso'],
  },
  defaultDate: {
    en: ['default date', 'date of default'],
    de: ['ausfalldatum', 'datum des ausfalls'],
    fr: ['date de défaut', 'date du défaut'],
    pt: ['data de incumprimento', 'data do incumprimento'],
  },
  defaultAmount: {
    en: ['default amount', 'amount at default', 'defaulted amount', 'exposure at default'],
    de: ['ausfallbetrag', 'betrag bei ausfall'],
    fr: ['montant du défaut', 'montant en défaut'],
    pt: ['montante em incumprimento', 'valor em incumprimento', 'montante do incumprimento'],
  },
  cumulativeRecoveries: {
    en: ['cumulative recoveries', 'recoveries', 'total recoveries', 'recovered amount'],
    de: ['erlöse', 'verwertungserlöse', 'kumulierte erlöse', 'kumulierte verwertungserlöse', 'rückflüsse'],
    fr: ['recouvrements', 'recouvrements cumulés', 'montant recouvré'],
    pt: ['recuperações', 'recuperações acumuladas', 'valor recuperado'],
  },
  dateLastInArrears: {
    en: ['date last in arrears', 'last arrears date', 'last delinquency date'],
    de: ['letzter rückstand', 'datum letzter rückstand', 'datum des letzten rückstands'],
    fr: ['date du dernier impayé', 'date dernier impayé'],
    pt: ['data do último atraso', 'data último atraso'],
  },
  instalmentsPaid: {
    en: ['instalments paid', 'installments paid', 'number of instalments paid', 'payments made'],
    de: ['bezahlte raten', 'gezahlte raten', 'anzahl gezahlte raten'],
    fr: ['loyers payés', 'nombre de loyers payés', 'échéances payées'],
    pt: ['prestações pagas', 'número de prestações pagas', 'rendas pagas'],
  },
};

/**
 * ESMA Annex VIII (leasing) codes QUANTUM reads, with the field names (as written, or snake_case as in ESMA's
 * crosswalk: both normalise alike). LESL3 (QUANTUM's lease id), LESL24 in QUANTUM's own tape (months, not
 * instalments: its Number Of Instalments is read instead) and LESL29 (a fraction of par, not an amount) stay unmapped.
 */
const ESMA: Readonly<Record<string, { field: ImportField; names: readonly string[] }>> = {
  LESL2: { field: 'contractNumber', names: ['original underlying exposure identifier'] },
  LESL4: { field: 'lesseeExternalId', names: ['original obligor identifier'] },
  LESL5: { field: 'lesseeExternalId', names: ['new obligor identifier'] },
  LESL6: { field: 'tapeDate', names: ['data cut-off date'] },
  LESL7: { field: 'purchaseDate', names: ['pool addition date'] },
  LESL10: { field: 'lesseeRegion', names: ['geographic region obligor', 'geographic region - obligor'] },
  LESL15: { field: 'lesseeIndustry', names: ['nace industry code'] },
  LESL22: { field: 'originationDate', names: ['origination date'] },
  LESL23: { field: 'maturityDate', names: ['maturity date'] },
  LESL24: { field: 'term', names: ['original term'] },
  LESL26: { field: 'currency', names: ['exposure currency denomination', 'currency denomination'] },
  LESL27: { field: 'originalPrincipal', names: ['original principal balance'] },
  LESL28: { field: 'tapeOutstanding', names: ['current principal balance'] },
  LESL33: { field: 'frequency', names: ['scheduled principal payment frequency'] },
  LESL35: { field: 'tapeInstalment', names: ['payment due'] },
  LESL36: { field: 'rate', names: ['current interest rate'] },
  LESL51: { field: 'downPayment', names: ['down payment amount'] },
  LESL54: { field: 'dateLastInArrears', names: ['date last in arrears'] },
  LESL55: { field: 'arrearsBalance', names: ['arrears balance'] },
  LESL56: { field: 'daysInArrears', names: ['number of days in arrears'] },
  LESL57: { field: 'status', names: ['account status'] },
  LESL59: { field: 'defaultAmount', names: ['default amount'] },
  LESL60: { field: 'defaultDate', names: ['default date'] },
  LESL62: { field: 'cumulativeRecoveries', names: ['cumulative recoveries'] },
  LESL69: { field: 'condition', names: ['new or used'] },
  LESL70: { field: 'residual', names: ['original residual value of asset', 'asset residual value at origination'] },
  LESL71: { field: 'assetType', names: ['collateral type'] },
  LESL72: { field: 'price', names: ['original valuation amount'] },
};

/**
 * SEC Regulation AB II asset-level fields (Schedule AL, automobile loans and automobile leases) as the EDGAR
 * exhibits name them (camelCase). Figures that are none of QUANTUM's fields (vehicleValueAmount: the vehicle's
 * value, not the price financed; chargedoffPrincipalAmount: a write-off, not the amount at default; the
 * securitization value and discount rate; credit scores) stay unmapped.
 */
const REG_AB: Partial<Record<ImportField, readonly string[]>> = {
  contractNumber: ['assetNumber'],
  tapeDate: ['reportingPeriodEndingDate', 'reportingPeriodEndDate'],
  originationDate: ['originationDate'],
  originalPrincipal: ['originalLoanAmount'],
  price: ['acquisitionCost'],
  term: ['originalLoanTerm', 'originalLeaseTerm', 'originalLeaseTermNumber'],
  rate: ['originalInterestRatePercentage', 'reportingPeriodInterestRatePercentage'],
  firstDueDate: ['originalFirstPaymentDate'],
  maturityDate: ['loanMaturityDate', 'leaseMaturityDate', 'scheduledTerminationDate'],
  tapeOutstanding: ['reportingPeriodActualEndBalanceAmount', 'reportingPeriodEndingActualBalanceAmount'],
  tapeInstalment: ['reportingPeriodScheduledPaymentAmount', 'scheduledPaymentAmount'],
  daysInArrears: ['currentDelinquencyStatus'],
  cumulativeRecoveries: ['recoveredAmount'],
  condition: ['vehicleNewUsedCode'],
  lesseeRegion: ['obligorGeographicLocation', 'lesseeGeographicLocation'],
  residual: ['baseResidualValue', 'contractResidualValue'],
};

/**
 * Lower case, accents off, camelCase split into words (`originalLoanAmount` → `original loan amount`), every run of
 * non-alphanumerics one space.
 */
export function normalizeHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The key headers are compared on: normalised and compacted, so `ust-idnr`, `USt-IdNr` and `UStIdNr` are one name. */
function headerKey(h: string): string {
  return normalizeHeader(h).replace(/ /g, '');
}

/** Where a name comes from: a language, or a standard (ESMA's names, Reg AB's, read as English). */
type NameEntry = { field: ImportField; from: MappingSource; langs: Set<Lang> };

const BY_NAME = new Map<string, NameEntry>();
function addName(name: string, field: ImportField, from: MappingSource, lang: Lang): void {
  const k = headerKey(name);
  const e = BY_NAME.get(k);
  if (!e) BY_NAME.set(k, { field, from, langs: new Set([lang]) });
  else if (e.field === field) e.langs.add(lang);
}
const BY_ESMA = new Map<string, ImportField>();
for (const [code, { field, names }] of Object.entries(ESMA)) {
  BY_ESMA.set(code, field);
  for (const n of names) addName(n, field, 'esma', 'en');
}
for (const f of IMPORT_FIELDS) for (const n of REG_AB[f] ?? []) addName(n, f, 'name', 'en');
for (const f of IMPORT_FIELDS)
  for (const [lang, names] of Object.entries(NAMES[f]) as [Lang, readonly string[]][]) for (const n of names) addName(n, f, 'name', lang);

const BY_TAPE_HEADER = new Map<string, ImportField>();
for (const c of TAPE_COLUMNS) {
  const f = FROM_TAPE[c.id];
  if (!f) continue;
  BY_TAPE_HEADER.set(headerKey(tapeHeader(c)), f);
  BY_TAPE_HEADER.set(headerKey(c.name), f);
  if (c.esma) BY_ESMA.set(c.esma.toUpperCase(), f);
}
/** Tape export headers whose column the import deliberately does not read (recomputed or the exporting book's ids). */
const TAPE_IGNORED = new Set(TAPE_COLUMNS.filter((c) => !FROM_TAPE[c.id]).map((c) => headerKey(tapeHeader(c))));

/** "Rate": the instalment in German, the interest rate in English; resolved from the file's other headers. */
const AMBIGUOUS_RATE = new Set(['rate']);

export type MappingSource = 'saved' | 'tape' | 'esma' | 'name' | 'none';
export type ColumnMapping = Record<string, ImportField | null>;
type Suggestion = { field: ImportField | null; from: MappingSource };

const isField = (f: unknown): f is ImportField => typeof f === 'string' && (IMPORT_FIELDS as readonly string[]).includes(f);

/** A saved mapping's entry for the header: exactly, else by its normalised name (a header re-spelt next month). */
function savedField(header: string, saved: ColumnMapping | undefined): Suggestion | undefined {
  if (!saved) return undefined;
  const pick = (f: ImportField | null | undefined): Suggestion | undefined =>
    f === null ? { field: null, from: 'saved' } : isField(f) ? { field: f, from: 'saved' } : undefined;
  if (Object.hasOwn(saved, header)) return pick(saved[header]);
  const k = headerKey(header);
  for (const [h, f] of Object.entries(saved)) if (headerKey(h) === k) return pick(f);
  return undefined;
}

/** The suggestion of a header on its own: QUANTUM's tape export, an ESMA code, a known name. */
function ownSuggestion(header: string): Suggestion {
  const k = headerKey(header);
  const tape = BY_TAPE_HEADER.get(k);
  if (tape) return { field: tape, from: 'tape' };
  if (TAPE_IGNORED.has(k)) return { field: null, from: 'tape' };
  const code = /(?:^|[^a-z0-9])(LESL\d{1,2})(?!\d)/i.exec(header.trim())?.[1]?.toUpperCase();
  const esma = code ? BY_ESMA.get(code) : undefined;
  if (esma) return { field: esma, from: 'esma' };
  const name = BY_NAME.get(k);
  return name ? { field: name.field, from: name.from } : { field: null, from: 'none' };
}

const GERMAN_HINT = /[äöüß]|datum|nummer|betrag|wert|satz|zahl|raten|kunde|vertrag|leasing|objekt|ung$|ungs|keit/;
const ENGLISH_HINT = /\b(date|number|amount|value|balance|type|code|name|id|of|the)\b/;

/** The languages a header is written in, as far as its name tells (a name shared by English and German: neither). */
function headerLangs(header: string): Set<Lang> {
  const e = BY_NAME.get(headerKey(header));
  if (e) return e.langs;
  const n = normalizeHeader(header);
  const raw = header.toLowerCase();
  if (GERMAN_HINT.test(raw) && !ENGLISH_HINT.test(n)) return new Set(['de']);
  if (ENGLISH_HINT.test(n) && !GERMAN_HINT.test(raw)) return new Set(['en']);
  return new Set();
}

/**
 * "Rate" from the file: the instalment when another header is the interest rate (Zinssatz, interest rate, …), the
 * interest rate when another is the instalment; else the instalment when the file's headers are mostly German.
 */
function resolveRate(header: string, headers: readonly string[], saved: ColumnMapping | undefined): ImportField {
  if (header.includes('%')) return 'rate';
  if (/[€$£]/.test(header)) return 'tapeInstalment';
  let rate = false;
  let instalment = false;
  let german = 0;
  let other = 0;
  for (const h of headers) {
    if (h === header || AMBIGUOUS_RATE.has(headerKey(h))) continue;
    const s = savedField(h, saved) ?? ownSuggestion(h);
    if (s.field === 'rate') rate = true;
    if (s.field === 'tapeInstalment') instalment = true;
    const langs = headerLangs(h);
    if (langs.has('de') && !langs.has('en')) german++;
    else if (langs.size > 0 && !langs.has('de')) other++;
  }
  if (rate) return 'tapeInstalment';
  if (instalment) return 'rate';
  return german > other ? 'tapeInstalment' : 'rate';
}

/**
 * The suggested field of one header and where the suggestion comes from: the source's saved mapping first (a user's
 * correction is what the source suggests next time), then QUANTUM's tape export, the ESMA code, the names. `headers`
 * (the file's) resolves a name whose meaning depends on the file ("Rate").
 */
export function suggestField(header: string, saved?: ColumnMapping, headers: readonly string[] = []): Suggestion {
  const s = savedField(header, saved);
  if (s) return s;
  if (AMBIGUOUS_RATE.has(headerKey(header))) return { field: resolveRate(header, headers, saved), from: 'name' };
  return ownSuggestion(header);
}

const STRENGTH: Record<MappingSource, number> = { saved: 0, tape: 1, esma: 2, name: 3, none: 4 };

/**
 * A mapping of every header. A field two headers claim goes to the stronger suggestion (saved, tape, ESMA, name),
 * between equals to the first; the other header stays unmapped.
 */
export function suggestMapping(
  headers: readonly string[],
  saved?: ColumnMapping,
): { mapping: ColumnMapping; from: Record<string, MappingSource> } {
  const suggestions = headers.map((h) => suggestField(h, saved, headers));
  const order = headers.map((_, i) => i).sort((a, b) => STRENGTH[suggestions[a]!.from] - STRENGTH[suggestions[b]!.from] || a - b);
  const mapping: ColumnMapping = {};
  const from: Record<string, MappingSource> = {};
  const taken = new Set<ImportField>();
  for (const i of order) {
    const h = headers[i]!;
    const s = suggestions[i]!;
    const field = s.field && !taken.has(s.field) ? s.field : null;
    if (field) taken.add(field);
    mapping[h] = field;
    from[h] = field ? s.from : s.from === 'saved' ? 'saved' : 'none';
  }
  // In the file's column order.
  return {
    mapping: Object.fromEntries(headers.map((h) => [h, mapping[h] ?? null])),
    from: Object.fromEntries(headers.map((h) => [h, from[h] ?? 'none'])),
  };
}

/** The fields a file gives: by a column, or by a (non-blank) value for every row. */
export function givenFields(mapping: ColumnMapping, fixed: FixedValues = {}): Set<ImportField> {
  const given = new Set(Object.values(mapping).filter((f): f is ImportField => f !== null));
  for (const [f, v] of Object.entries(fixed)) if (v !== undefined && v.trim() !== '') given.add(f as ImportField);
  return given;
}

/** Required fields neither a column nor a fixed value gives (each group named by its first field). */
export function missingRequired(mapping: ColumnMapping, fixed: FixedValues = {}): ImportField[] {
  const given = givenFields(mapping, fixed);
  return REQUIRED_FIELDS.filter((group) => !group.some((f) => given.has(f))).map((group) => group[0]!);
}
