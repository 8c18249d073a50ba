/**
 * A deterministic, realistic demo portfolio: lessees across European countries, industries and regions;
 * vehicles, machinery, IT and medical equipment; mostly EUR with GBP and CHF; 12–60 month terms in
 * advance and arrears, with and without residuals; start dates over the past five years.
 */
import { buildSchedule, type CurrencyCode, type Frequency, type Schedule, type Timing } from '@/lib/finance';
import { addMonths } from '@/lib/finance/dates';
import { leaseInstalments } from '@/lib/servicing/instalments';
import type { Conn as Db } from '../client';
import { RowBuffer } from './bulk';
import type { SeededLedger } from './payments';
import { Random } from './random';
import { seedBookChange } from './sqlite';

type Country = { code: string; name: string; currency: CurrencyCode; vat: number; forms: string[]; regions: string[] };

const COUNTRIES: (readonly [Country, number])[] = [
  [
    {
      code: 'DE',
      name: 'Germany',
      currency: 'EUR',
      vat: 0.19,
      forms: ['GmbH', 'AG', 'KG'],
      regions: ['Bayern', 'Nordrhein-Westfalen', 'Baden-Württemberg', 'Hessen', 'Berlin', 'Hamburg'],
    },
    26,
  ],
  [
    {
      code: 'PT',
      name: 'Portugal',
      currency: 'EUR',
      vat: 0.23,
      forms: ['Lda', 'S.A.'],
      regions: ['Norte', 'Centro', 'Área Metropolitana de Lisboa', 'Alentejo', 'Algarve'],
    },
    18,
  ],
  [
    {
      code: 'FR',
      name: 'France',
      currency: 'EUR',
      vat: 0.2,
      forms: ['SARL', 'SAS', 'S.A.'],
      regions: ['Île-de-France', 'Auvergne-Rhône-Alpes', 'Occitanie', 'Hauts-de-France', 'Grand Est'],
    },
    16,
  ],
  [
    {
      code: 'ES',
      name: 'Spain',
      currency: 'EUR',
      vat: 0.21,
      forms: ['S.L.', 'S.A.'],
      regions: ['Cataluña', 'Comunidad de Madrid', 'Andalucía', 'País Vasco', 'Comunitat Valenciana'],
    },
    10,
  ],
  [
    {
      code: 'NL',
      name: 'Netherlands',
      currency: 'EUR',
      vat: 0.21,
      forms: ['B.V.', 'N.V.'],
      regions: ['Noord-Holland', 'Zuid-Holland', 'Noord-Brabant', 'Utrecht'],
    },
    8,
  ],
  [
    {
      code: 'IT',
      name: 'Italy',
      currency: 'EUR',
      vat: 0.22,
      forms: ['S.r.l.', 'S.p.A.'],
      regions: ['Lombardia', 'Lazio', 'Veneto', 'Emilia-Romagna'],
    },
    7,
  ],
  [
    {
      code: 'GB',
      name: 'United Kingdom',
      currency: 'GBP',
      vat: 0.2,
      forms: ['Ltd', 'plc'],
      regions: ['London', 'South East', 'North West', 'Scotland', 'West Midlands'],
    },
    9,
  ],
  [
    {
      code: 'CH',
      name: 'Switzerland',
      currency: 'CHF',
      vat: 0.081,
      forms: ['AG', 'GmbH', 'SA'],
      regions: ['Zürich', 'Bern', 'Genève', 'Vaud', 'Basel-Stadt'],
    },
    6,
  ],
];

// NACE Rev. 2 sections with a weight and the asset types such businesses lease.
const INDUSTRIES: (readonly [{ code: string; words: string[] }, number])[] = [
  [{ code: 'C', words: ['Precision', 'Metal Works', 'Components', 'Fabrication', 'Industries'] }, 20],
  [{ code: 'F', words: ['Construction', 'Bau', 'Builders', 'Civil Works'] }, 14],
  [{ code: 'H', words: ['Logistics', 'Transport', 'Freight', 'Haulage'] }, 16],
  [{ code: 'G', words: ['Trading', 'Wholesale', 'Retail', 'Distribution'] }, 12],
  [{ code: 'Q', words: ['Clinic', 'Medical Centre', 'Diagnostics', 'Health'] }, 12],
  [{ code: 'J', words: ['Digital', 'Systems', 'Software', 'Data'] }, 9],
  [{ code: 'M', words: ['Consulting', 'Engineering', 'Partners', 'Advisory'] }, 8],
  [{ code: 'A', words: ['Agro', 'Farms', 'Agricultural'] }, 5],
  [{ code: 'I', words: ['Hotels', 'Hospitality', 'Catering'] }, 4],
];

const NAME_STEMS = [
  'Alpine',
  'Atlas',
  'Aurora',
  'Baltic',
  'Beacon',
  'Boreal',
  'Cedar',
  'Cobalt',
  'Delta',
  'Eagle',
  'Elbe',
  'Falcon',
  'Granite',
  'Harbor',
  'Helix',
  'Iberia',
  'Ionic',
  'Juniper',
  'Keystone',
  'Lumen',
  'Meridian',
  'Minho',
  'Nova',
  'Oak',
  'Orion',
  'Pioneer',
  'Quartz',
  'Rhine',
  'Sierra',
  'Solent',
  'Summit',
  'Tagus',
  'Titan',
  'Vega',
  'Vertex',
  'Weser',
  'Zenith',
  'Douro',
  'Loire',
  'Tamar',
];

type AssetType = 'vehicle' | 'machinery' | 'it' | 'medical';
const ASSETS: Record<AssetType, { items: string[]; price: [number, number]; residualShare: [number, number] }> = {
  vehicle: {
    items: [
      'Volkswagen ID.4 Pro',
      'Mercedes-Benz Sprinter 317 CDI',
      'Renault Master L3H2',
      'Toyota Hilux 2.8 D-4D',
      'BMW 320d Touring',
      'Ford Transit Custom',
      'Scania R 450 tractor',
      'Peugeot e-Expert',
      'Volvo FH 500',
      'Škoda Octavia Combi fleet (5)',
    ],
    price: [2_500_000, 14_000_000],
    residualShare: [0.15, 0.35],
  },
  machinery: {
    items: [
      'Caterpillar 320 excavator',
      'Liebherr LTM 1060 mobile crane',
      'DMG Mori CLX 450 lathe',
      'Trumpf TruLaser 3030',
      'Linde H30 forklift fleet (4)',
      'JCB 3CX backhoe loader',
      'Krones filling line',
      'Heidelberg Speedmaster XL 106',
      'Haas VF-2 machining centre',
      'Komatsu PC210 excavator',
    ],
    price: [4_000_000, 60_000_000],
    residualShare: [0.05, 0.2],
  },
  it: {
    items: [
      'Dell PowerEdge server cluster',
      'HP EliteBook fleet (25)',
      'Cisco campus network refresh',
      'NetApp AFF storage array',
      'Lenovo ThinkCentre workstations (40)',
      'Apple MacBook Pro fleet (15)',
      'Fortinet security appliances',
    ],
    price: [1_500_000, 25_000_000],
    residualShare: [0, 0.05],
  },
  medical: {
    items: [
      'Siemens Healthineers MAGNETOM MRI',
      'GE Healthcare LOGIQ ultrasound',
      'Philips Incisive CT',
      'Dentsply Sirona treatment centres (3)',
      'Dräger anaesthesia workstations',
      'Olympus endoscopy tower',
      'Carestream DRX radiography room',
    ],
    price: [3_000_000, 150_000_000],
    residualShare: [0, 0.1],
  },
};

const ASSET_BY_INDUSTRY: Record<string, (readonly [AssetType, number])[]> = {
  C: [
    ['machinery', 6],
    ['vehicle', 2],
    ['it', 2],
  ],
  F: [
    ['machinery', 6],
    ['vehicle', 4],
  ],
  H: [
    ['vehicle', 9],
    ['it', 1],
  ],
  G: [
    ['vehicle', 5],
    ['it', 3],
    ['machinery', 2],
  ],
  Q: [
    ['medical', 8],
    ['it', 2],
  ],
  J: [
    ['it', 8],
    ['vehicle', 2],
  ],
  M: [
    ['vehicle', 5],
    ['it', 5],
  ],
  A: [
    ['machinery', 6],
    ['vehicle', 4],
  ],
  I: [
    ['vehicle', 4],
    ['it', 3],
    ['machinery', 3],
  ],
};

export type SeedPortfolioOptions = {
  /** Leases of the main funder (the second funder gets a fifth of it). */
  leases: number;
  /** Today's date YYYY-MM-DD: the portfolio's start dates spread over the five years before it. */
  today: string;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /**
   * Keep each funder's book as the payment history reads it (loadServicingLedgers: the leases not terminated, in
   * id order, with their instalments and no entries yet), so the schedules just built are not read back.
   */
  keepLedgers?: boolean;
};

export type SeededBook = Map<number, SeededLedger[]>;

type FunderSeed = {
  name: string;
  baseCurrency: CurrencyCode;
  buyRate: number;
  facilityRate: number;
  advanceRate: number;
  vatDefault: number;
  servicingFee: number;
  prefix: string;
};

const FUNDERS: FunderSeed[] = [
  {
    name: 'Atlântico Capital Funding',
    baseCurrency: 'EUR',
    buyRate: 0.055,
    facilityRate: 0.042,
    advanceRate: 0.9,
    vatDefault: 0.23,
    servicingFee: 0.005,
    prefix: 'QL',
  },
  {
    name: 'Nordlicht Leasing Bank',
    baseCurrency: 'EUR',
    buyRate: 0.06,
    facilityRate: 0.047,
    advanceRate: 0.85,
    vatDefault: 0.19,
    servicingFee: 0.0075,
    prefix: 'NL',
  },
];

function roundTo(minor: number, step: number): number {
  return Math.round(minor / step) * step;
}

/** Seeds both funders, their lessees and leases (with schedules and history) in one transaction, with raw prepared statements. */
export function seedPortfolio(
  db: Db,
  opts: SeedPortfolioOptions,
): { funders: number; lessees: number; leases: number; scheduleRows: number; ledgers?: SeededBook } {
  const rnd = new Random(opts.seed ?? 20261121);
  const sqlite = db.$client;
  const now = Date.now();
  // Four eyes on, as for every new funder (domain.md §12): a quotation is approved by another user than its
  // submitter, and a change of settings by another admin than its proposer (the seed has two admins).
  const insFunder = sqlite.prepare(
    `insert into funders (name, base_currency, buy_rate, discount_rate, discount_convention, rate_convention, facility_rate, advance_rate, vat_default, servicing_fee, four_eyes, created_at, updated_at)
     values (?, ?, ?, null, 'monthly', 'nominal', ?, ?, ?, ?, 1, ?, ?)`,
  );
  const insLessee = sqlite.prepare(
    `insert into lessees (funder_id, id_odoo, name, tax_id, country, region, industry, contact, email, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insLease = sqlite.prepare(
    `insert into leases (funder_id, lessee_id, contract_number, asset_type, asset_description, condition, currency, price, down_payment, principal, residual, term, rate, timing, frequency,
       first_due_date, vat_rate, vat_regime, fee, fee_financed, instalment, purchase_date, agreed_purchase_price, status, version, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  // Millions of schedule rows: written in multi-row statements (nothing reads them before the end).
  const scheduleRows = new RowBuffer(
    sqlite,
    `insert into schedule_rows (lease_id, period, due_date, instalment, interest, principal, vat, fee, gross, balance_after)`,
    10,
  );
  const history = new RowBuffer(sqlite, `insert into lease_history (lease_id, version, action, changes, user_id, at)`, 6);

  const totals: { funders: number; lessees: number; leases: number; scheduleRows: number; ledgers?: SeededBook } = {
    funders: 0,
    lessees: 0,
    leases: 0,
    scheduleRows: 0,
  };
  if (opts.keepLedgers) totals.ledgers = new Map();
  const contacts = [
    'Ana Ferreira',
    'Jonas Weber',
    'Claire Martin',
    'Luis García',
    'Sophie de Vries',
    'Marco Rossi',
    'Emma Clarke',
    'Lukas Meier',
    'Inês Santos',
    'Pierre Dubois',
  ];
  const today = opts.today;
  const leaseCounts = [opts.leases, Math.max(1, Math.round(opts.leases / 5))];
  const grandTotal = leaseCounts[0]! + leaseCounts[1]!;
  let done = 0;

  const run = db.$client.transaction(() => {
    FUNDERS.forEach((f, fi) => {
      const funderId = Number(
        insFunder.run(f.name, f.baseCurrency, f.buyRate, f.facilityRate, f.advanceRate, f.vatDefault, f.servicingFee, now, now)
          .lastInsertRowid,
      );
      // The whole book is new: one `book` row of the change journal (every view of the book builds it anew).
      seedBookChange(db, funderId);
      const book: SeededLedger[] | undefined = totals.ledgers ? [] : undefined;
      if (book) totals.ledgers!.set(funderId, book);
      totals.funders++;
      const nLeases = leaseCounts[fi]!;
      const nLessees = Math.max(1, Math.round(nLeases / 4));
      const lesseeList: { id: number; country: Country; industry: string }[] = [];
      for (let i = 0; i < nLessees; i++) {
        const country = rnd.weighted(COUNTRIES);
        const industry = rnd.weighted(INDUSTRIES);
        const name = `${rnd.pick(NAME_STEMS)} ${rnd.pick(industry.words)} ${rnd.pick(country.forms)}`;
        const contact = rnd.pick(contacts);
        const slug = name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/(^-|-$)/g, '');
        const id = Number(
          insLessee.run(
            funderId,
            `ODOO-${fi + 1}${String(i + 1).padStart(6, '0')}`,
            name,
            `${country.code}${String(rnd.int(100_000_000, 999_999_999))}`,
            country.name,
            rnd.pick(country.regions),
            industry.code,
            contact,
            `${contact.split(' ')[0]!.toLowerCase()}@${slug}.example`,
            now,
            now,
          ).lastInsertRowid,
        );
        lesseeList.push({ id, country, industry: industry.code });
        totals.lessees++;
      }
      for (let i = 0; i < nLeases; i++) {
        // A few large customers hold several contracts: skew the draw towards the first lessees.
        const lessee = lesseeList[Math.floor(Math.pow(rnd.next(), 1.6) * lesseeList.length)]!;
        const assetType = rnd.weighted(ASSET_BY_INDUSTRY[lessee.industry]!);
        const asset = ASSETS[assetType];
        const price = roundTo(rnd.int(asset.price[0], asset.price[1]), 10_000);
        const downPayment = rnd.chance(0.45) ? roundTo(price * rnd.next() * 0.2, 10_000) : 0;
        const term = rnd.weighted([
          [12, 1],
          [18, 1],
          [24, 4],
          [30, 1],
          [36, 6],
          [42, 1],
          [48, 5],
          [60, 5],
        ] as const);
        const frequency: Frequency = term % 3 === 0 && rnd.chance(0.12) ? 'quarterly' : 'monthly';
        const instalments = frequency === 'quarterly' ? term / 3 : term;
        const timing: Timing = rnd.chance(0.65) ? 'advance' : 'arrears';
        const residual = rnd.chance(assetType === 'vehicle' ? 0.7 : 0.3)
          ? roundTo(
              (price - downPayment) * (asset.residualShare[0] + rnd.next() * (asset.residualShare[1] - asset.residualShare[0])),
              10_000,
            )
          : 0;
        const rate = Math.round((0.035 + rnd.next() * 0.06) * 10_000) / 10_000;
        const fee = rnd.chance(0.4) ? rnd.pick([15_000, 25_000, 35_000, 50_000]) : 0;
        const feeFinanced = fee > 0 && rnd.chance(0.3);
        // Start months spread over the past five years and the next two months (pipeline).
        const startOffset = rnd.int(-60, 2);
        const firstDueDate =
          addMonths(`${today.slice(0, 7)}-01`, startOffset).slice(0, 8) + String(rnd.pick([1, 1, 1, 5, 15, 28])).padStart(2, '0');
        const currency = lessee.country.currency;
        const vatRegime = rnd.chance(0.03) ? 'upfront' : 'per-instalment';
        let schedule: Schedule;
        try {
          schedule = buildSchedule({
            currency,
            price,
            downPayment,
            residual,
            fee,
            feeFinanced,
            term: instalments,
            rate,
            timing,
            frequency,
            firstDueDate,
            vatRate: lessee.country.vat,
            vatRegime,
          });
        } catch {
          continue;
        }
        const lastDue = schedule.residual > 0 ? schedule.residualDueDate : schedule.rows[schedule.rows.length - 1]!.dueDate;
        const purchaseDate = addMonths(firstDueDate, -1).slice(0, 8) + '20';
        let status = lastDue < today ? 'closed' : 'active';
        if (status === 'active' && rnd.chance(0.012)) status = 'defaulted';
        else if (status === 'active' && rnd.chance(0.01)) status = 'terminated';
        const agreed = rnd.chance(0.08) ? roundTo(schedule.principal * (1 + (rnd.next() - 0.3) * 0.04), 100) : null;
        const contractNumber = `${f.prefix}-${firstDueDate.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`;
        const leaseId = Number(
          insLease.run(
            funderId,
            lessee.id,
            contractNumber,
            assetType,
            rnd.pick(asset.items),
            rnd.chance(0.8) ? 'new' : 'used',
            currency,
            price,
            downPayment,
            schedule.principal,
            residual,
            instalments,
            rate,
            timing,
            frequency,
            firstDueDate,
            lessee.country.vat,
            vatRegime,
            fee,
            feeFinanced ? 1 : 0,
            schedule.instalment,
            purchaseDate,
            agreed,
            status,
            now,
            now,
          ).lastInsertRowid,
        );
        for (const r of schedule.rows)
          scheduleRows.push(leaseId, r.period, r.dueDate, r.instalment, r.interest, r.principal, r.vat, r.fee, r.gross, r.balanceAfter);
        history.push(leaseId, 1, 'created', '{}', null, now);
        if (book && status !== 'terminated') {
          const terms = { residual, vatRate: lessee.country.vat, vatRegime, firstDueDate, term: instalments, timing, frequency } as const;
          const rows = schedule.rows.map((r) => ({
            period: r.period,
            dueDate: r.dueDate,
            vat: r.vat,
            fee: r.fee,
            interest: r.interest,
            principal: r.principal,
          }));
          book.push({
            lease: { id: leaseId, lesseeId: lessee.id, contractNumber, currency, status, purchaseDate, ...terms },
            instalments: leaseInstalments(rows, terms),
            entries: [],
          });
        }
        totals.leases++;
        totals.scheduleRows += schedule.rows.length;
        done++;
        if (opts.onProgress && done % 5000 === 0) opts.onProgress(done, grandTotal);
      }
    });
    scheduleRows.flush();
    history.flush();
  });
  run();
  return totals;
}
