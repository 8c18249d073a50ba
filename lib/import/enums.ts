/**
 * Enumerated import fields (domain.md §7): the values QUANTUM stores and the words lessors write for them — ESMA codes,
 * the servicer's own words and QUANTUM's own labels in en/de/fr/pt.
 */
import { ASSET_TYPES, CONDITIONS, FREQUENCIES, LEASE_STATUSES, TIMINGS, VAT_REGIMES } from '@/lib/domain/enums';
import type { ImportField } from './fields';

/** Enum values as lessors write them, in the four languages and ESMA's codes. */
export const ENUM_WORDS: Partial<Record<ImportField, Record<string, string>>> = {
  timing: {
    advance: 'advance',
    'in advance': 'advance',
    vorschussig: 'advance',
    vorschuessig: 'advance',
    anticipe: 'advance',
    'a echoir': 'advance',
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
    semiannual: 'semi-annual',
    s: 'semi-annual',
    semi: 'semi-annual',
    halbjahrlich: 'semi-annual',
    semestriel: 'semi-annual',
    semestrielle: 'semi-annual',
    semestral: 'semi-annual',
    annual: 'annual',
    a: 'annual',
    year: 'annual',
    jahrlich: 'annual',
    annuel: 'annual',
    annuelle: 'annual',
    anual: 'annual',
  },
  assetType: {
    vehicle: 'vehicle',
    fahrzeug: 'vehicle',
    kfz: 'vehicle',
    pkw: 'vehicle',
    vehicule: 'vehicle',
    veiculo: 'vehicle',
    machinery: 'machinery',
    machine: 'machinery',
    maschine: 'machinery',
    maschinen: 'machinery',
    machines: 'machinery',
    maquina: 'machinery',
    maquinas: 'machinery',
    it: 'it',
    edv: 'it',
    informatique: 'it',
    informatica: 'it',
    medical: 'medical',
    medizintechnik: 'medical',
    medizin: 'medical',
    medicale: 'medical',
    medical_: 'medical',
    medico: 'medical',
  },
  condition: { new: 'new', neu: 'new', neuf: 'new', novo: 'new', used: 'used', gebraucht: 'used', occasion: 'used', usado: 'used' },
  vatRegime: { 'per instalment': 'per-instalment', 'per installment': 'per-instalment', upfront: 'upfront' },
  status: {
    active: 'active',
    perf: 'active',
    aktiv: 'active',
    actif: 'active',
    ativo: 'active',
    arrr: 'active',
    closed: 'closed',
    rdmd: 'closed',
    beendet: 'closed',
    clos: 'closed',
    encerrado: 'closed',
    // A default is derived from the ledger (domain.md §8), never typed: a tape's DFLT is an active contract here.
    defaulted: 'active',
    dflt: 'active',
    ausgefallen: 'active',
    terminated: 'terminated',
    term: 'terminated',
    gekundigt: 'terminated',
    resilie: 'terminated',
    rescindido: 'terminated',
  },
};

export function enumKey(v: string): string {
  return v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The values an enumerated field stores. */
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

/** The stored value a cell of an enumerated field reads as, or undefined when it is none of the words known. */
export function readEnum(f: ImportField, v: string): string | undefined {
  const allowed = enumValues(f);
  const lower = v.trim().toLowerCase();
  return allowed.includes(lower) ? lower : ENUM_WORDS[f]?.[enumKey(v)];
}
