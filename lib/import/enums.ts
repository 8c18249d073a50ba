/**
 * Enumerated import fields (domain.md §7): the values QUANTUM stores and the words lessors write for them — ESMA codes
 * (Annex VIII: LESL33 frequency, LESL57 account status, LESL69 new/used, LESL71 collateral type), SEC Reg AB II codes,
 * the servicer's own words and QUANTUM's own labels in en/de/fr/pt. The labels are read from the message files, so a
 * tape written with the words QUANTUM shows reads back whatever the labels become.
 * Words are per field: '1' is an advance timing and a new vehicle (Reg AB vehicleNewUsedCode), never across fields.
 */
import type { LEASE_STATUSES } from '@/lib/domain/enums';
import managementDe from '@/messages/management/de.json';
import managementEn from '@/messages/management/en.json';
import managementFr from '@/messages/management/fr.json';
import managementPt from '@/messages/management/pt.json';
import masterFileDe from '@/messages/masterFile/de.json';
import masterFileEn from '@/messages/masterFile/en.json';
import masterFileFr from '@/messages/masterFile/fr.json';
import masterFilePt from '@/messages/masterFile/pt.json';
import portfolioDe from '@/messages/portfolio/de.json';
import portfolioEn from '@/messages/portfolio/en.json';
import portfolioFr from '@/messages/portfolio/fr.json';
import portfolioPt from '@/messages/portfolio/pt.json';
import type { ImportField } from './fields';
import { enumValues } from './field-list';

export { enumValues } from './field-list';

/**
 * The state of an account at the tape's date (the `status` field, domain.md §7), after ESMA LESL57: performing,
 * in arrears, defaulted, redeemed (repaid), repurchased by the seller, terminated.
 */
export const ACCOUNT_STATES = ['performing', 'arrears', 'defaulted', 'redeemed', 'repurchased', 'terminated'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export function enumKey(v: string): string {
  return v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

type Labels = Readonly<Record<string, string>>;
const MASTER_FILE = [masterFileEn, masterFileDe, masterFileFr, masterFilePt];
const MANAGEMENT = [managementEn, managementDe, managementFr, managementPt];
const PORTFOLIO = [portfolioEn, portfolioDe, portfolioFr, portfolioPt];

/** QUANTUM's own labels of the values of a field in the four languages (key: the stored value). */
const LABELS: Partial<Record<ImportField, readonly Labels[]>> = {
  assetType: [...MASTER_FILE.map((m) => m.assetTypes), ...MANAGEMENT.map((m) => m.assetTypes), ...PORTFOLIO.map((m) => m.assetTypes)],
  condition: MASTER_FILE.map((m) => m.conditions),
  timing: MASTER_FILE.map((m) => m.timings),
  frequency: MASTER_FILE.map((m) => m.frequencies),
  vatRegime: MASTER_FILE.map((m) => m.vatRegimes),
};

/** The lease statuses and the credit statuses QUANTUM labels, as the account state each one reports. */
const STATE_OF_LABEL: Readonly<Record<string, AccountState>> = {
  active: 'performing',
  performing: 'performing',
  cured: 'performing',
  closed: 'redeemed',
  repaid: 'redeemed',
  defaulted: 'defaulted',
  written_off: 'defaulted',
  terminated: 'terminated',
};
// The Master File's status words are every screen's (one vocabulary): no other catalogue has its own.
const STATUS_LABELS: readonly Labels[] = MASTER_FILE.map((m) => m.statuses);

/** Enum values as lessors write them, in the four languages, ESMA's codes and Reg AB's (keys as enumKey gives them). */
const WORDS: Partial<Record<ImportField, Readonly<Record<string, string>>>> = {
  timing: {
    advance: 'advance',
    'in advance': 'advance',
    vorschussig: 'advance',
    vorschuessig: 'advance',
    anticipe: 'advance',
    'a echoir': 'advance',
    'terme a echoir': 'advance',
    antecipado: 'advance',
    '1': 'advance',
    arrears: 'arrears',
    'in arrears': 'arrears',
    nachschussig: 'arrears',
    nachschuessig: 'arrears',
    echu: 'arrears',
    'terme echu': 'arrears',
    postecipado: 'arrears',
    '0': 'arrears',
  },
  frequency: {
    monthly: 'monthly',
    m: 'monthly',
    mnth: 'monthly',
    monatlich: 'monthly',
    mensuel: 'monthly',
    mensuelle: 'monthly',
    mensal: 'monthly',
    quarterly: 'quarterly',
    q: 'quarterly',
    qutr: 'quarterly',
    vierteljahrlich: 'quarterly',
    quartalsweise: 'quarterly',
    trimestriel: 'quarterly',
    trimestrielle: 'quarterly',
    trimestral: 'quarterly',
    'semi annual': 'semi-annual',
    'semi annually': 'semi-annual',
    semiannual: 'semi-annual',
    'half yearly': 'semi-annual',
    s: 'semi-annual',
    semi: 'semi-annual',
    halbjahrlich: 'semi-annual',
    semestriel: 'semi-annual',
    semestrielle: 'semi-annual',
    semestral: 'semi-annual',
    annual: 'annual',
    annually: 'annual',
    yearly: 'annual',
    a: 'annual',
    year: 'annual',
    jahrlich: 'annual',
    annuel: 'annual',
    annuelle: 'annual',
    anual: 'annual',
  },
  assetType: {
    vehicle: 'vehicle',
    vehicles: 'vehicle',
    car: 'vehicle',
    auto: 'vehicle',
    fahrzeug: 'vehicle',
    fahrzeuge: 'vehicle',
    kfz: 'vehicle',
    pkw: 'vehicle',
    lkw: 'vehicle',
    vehicule: 'vehicle',
    vehicules: 'vehicle',
    veiculo: 'vehicle',
    veiculos: 'vehicle',
    // ESMA LESL71: automobile, industrial vehicle, commercial truck, nautical commercial vehicle, other vehicle.
    carx: 'vehicle',
    indv: 'vehicle',
    cmtr: 'vehicle',
    nacm: 'vehicle',
    othv: 'vehicle',
    machinery: 'machinery',
    machine: 'machinery',
    machines: 'machinery',
    equipment: 'machinery',
    maschine: 'machinery',
    maschinen: 'machinery',
    maquina: 'machinery',
    maquinas: 'machinery',
    // ESMA LESL71: machine tool, industrial equipment, energy related equipment.
    mcht: 'machinery',
    inde: 'machinery',
    eneq: 'machinery',
    it: 'it',
    edv: 'it',
    informatique: 'it',
    informatica: 'it',
    // ESMA LESL71: IT equipment, office equipment.
    iteq: 'it',
    ofeq: 'it',
    medical: 'medical',
    medizintechnik: 'medical',
    medizin: 'medical',
    medicale: 'medical',
    medico: 'medical',
    // ESMA LESL71: medical equipment.
    mdeq: 'medical',
  },
  condition: {
    new: 'new',
    neu: 'new',
    neuf: 'new',
    novo: 'new',
    used: 'used',
    gebraucht: 'used',
    occasion: 'used',
    usado: 'used',
    // ESMA LESL69: a demonstration vehicle is used.
    newx: 'new',
    demo: 'used',
    // Reg AB II vehicleNewUsedCode.
    '1': 'new',
    '2': 'used',
  },
  vatRegime: { 'per instalment': 'per-instalment', 'per installment': 'per-instalment', upfront: 'upfront' },
};

/** Account status as servicers write it: ESMA LESL57 codes (and QUANTUM's former export), and words in en/de/fr/pt. */
const STATE_WORDS: Readonly<Record<string, AccountState>> = {
  // ESMA LESL57.
  perf: 'performing',
  ndft: 'performing',
  rnar: 'performing',
  othr: 'performing',
  arre: 'arrears',
  arrr: 'arrears',
  rarr: 'arrears',
  dflt: 'defaulted',
  dtcr: 'defaulted',
  dadb: 'defaulted',
  rdmd: 'redeemed',
  rebr: 'repurchased',
  redf: 'repurchased',
  reot: 'repurchased',
  rere: 'repurchased',
  ress: 'repurchased',
  term: 'terminated',
  clos: 'redeemed',
  // English.
  active: 'performing',
  current: 'performing',
  performing: 'performing',
  cured: 'performing',
  'in arrears': 'arrears',
  delinquent: 'arrears',
  'past due': 'arrears',
  overdue: 'arrears',
  default: 'defaulted',
  'in default': 'defaulted',
  'non performing': 'defaulted',
  nonperforming: 'defaulted',
  'charged off': 'defaulted',
  chargedoff: 'defaulted',
  'written off': 'defaulted',
  repaid: 'redeemed',
  closed: 'redeemed',
  'paid off': 'redeemed',
  'paid in full': 'redeemed',
  prepaid: 'redeemed',
  matured: 'redeemed',
  settled: 'redeemed',
  'bought back': 'repurchased',
  'buy back': 'repurchased',
  // German.
  aktiv: 'performing',
  laufend: 'performing',
  vertragsgemass: 'performing',
  ruckstandig: 'arrears',
  rueckstaendig: 'arrears',
  'im verzug': 'arrears',
  'in verzug': 'arrears',
  verzug: 'arrears',
  uberfallig: 'arrears',
  ausgefallen: 'defaulted',
  notleidend: 'defaulted',
  abgeschrieben: 'defaulted',
  getilgt: 'redeemed',
  beendet: 'redeemed',
  abgeschlossen: 'redeemed',
  zuruckgezahlt: 'redeemed',
  abgelost: 'redeemed',
  zuruckgekauft: 'repurchased',
  zurueckgekauft: 'repurchased',
  gekundigt: 'terminated',
  // French.
  actif: 'performing',
  sain: 'performing',
  'en cours': 'performing',
  'en retard': 'arrears',
  impaye: 'arrears',
  'en impaye': 'arrears',
  'en defaut': 'defaulted',
  defaut: 'defaulted',
  contentieux: 'defaulted',
  'passe en perte': 'defaulted',
  solde: 'redeemed',
  rembourse: 'redeemed',
  cloture: 'redeemed',
  rachete: 'repurchased',
  resilie: 'terminated',
  // Portuguese.
  ativo: 'performing',
  regular: 'performing',
  'em curso': 'performing',
  regularizado: 'performing',
  'em atraso': 'arrears',
  atrasado: 'arrears',
  incumprimento: 'defaulted',
  'em incumprimento': 'defaulted',
  abatido: 'defaulted',
  liquidado: 'redeemed',
  reembolsado: 'redeemed',
  encerrado: 'redeemed',
  recomprado: 'repurchased',
  rescindido: 'terminated',
};

function withLabels(words: Readonly<Record<string, string>>, labels: readonly Labels[], valueOf: (key: string) => string | undefined) {
  const out: Record<string, string> = {};
  for (const group of labels)
    for (const [key, label] of Object.entries(group)) {
      const v = valueOf(key);
      if (v !== undefined) out[enumKey(label)] ??= v;
    }
  // The explicit words win over a label that happens to spell the same.
  return { ...out, ...words };
}

/** Every word known per field: the explicit words and QUANTUM's labels. */
export const ENUM_WORDS: Partial<Record<ImportField, Readonly<Record<string, string>>>> = Object.fromEntries(
  (['timing', 'frequency', 'assetType', 'condition', 'vatRegime'] as const).map((f) => [
    f,
    withLabels(WORDS[f] ?? {}, LABELS[f] ?? [], (k) => ((enumValues(f) as readonly string[]).includes(k) ? k : undefined)),
  ]),
);

const ACCOUNT_WORDS: Readonly<Record<string, AccountState>> = withLabels(STATE_WORDS, STATUS_LABELS, (k) => STATE_OF_LABEL[k]) as Record<
  string,
  AccountState
>;

/** The account state a cell of the `status` field reads as, or undefined when it is none of the words known. */
export function readAccountStatus(v: string): AccountState | undefined {
  const key = enumKey(v);
  return (ACCOUNT_STATES as readonly string[]).includes(key) ? (key as AccountState) : ACCOUNT_WORDS[key];
}

/**
 * The lease status (the register's) of an account state: a default is derived from the ledger (domain.md §8), never
 * typed; repurchased or terminated leases are not in the pool (terminated); a redeemed one is closed — in the pool
 * only while it owes or its schedule still runs (lib/import/rows.ts terminates one whose tape balance is nil).
 */
const LEASE_STATUS_OF: Record<AccountState, (typeof LEASE_STATUSES)[number]> = {
  performing: 'active',
  arrears: 'active',
  defaulted: 'active',
  redeemed: 'closed',
  repurchased: 'terminated',
  terminated: 'terminated',
};

/** The lease status an account state gives (undefined: the tape gives none). */
export function leaseStatusOfAccount(s: AccountState | undefined): (typeof LEASE_STATUSES)[number] | undefined {
  return s === undefined ? undefined : LEASE_STATUS_OF[s];
}

/**
 * The stored value a cell of an enumerated field reads as, or undefined when it is none of the words known.
 * `status` reads as the lease status of the account state the cell gives (a stored lease status as itself).
 */
export function readEnum(f: ImportField, v: string): string | undefined {
  const allowed = enumValues(f);
  const lower = v.trim().toLowerCase();
  if (allowed.includes(lower)) return lower;
  if (f === 'status') {
    return leaseStatusOfAccount(readAccountStatus(v));
  }
  return ENUM_WORDS[f]?.[enumKey(v)];
}
