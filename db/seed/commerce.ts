/**
 * Demo data of the documented invoice and e-commerce APIs: invoices of funder 1 to its lessees (rental
 * instalments taken from the real schedules, arrangement fees, late-payment interest) and the funder's
 * catalogue of lease products. Deterministic for a seed and a `today`. The user directory is the real
 * users table and needs no seed of its own.
 */
import { addDays } from '@/lib/finance/dates';
import type { Conn as Db } from '../client';
import type { InvoiceStatus } from '../schema/commerce';
import { Random } from './random';

type Options = { today: string; seed?: number };

const PHONE_PREFIX: Record<string, string> = {
  Germany: '+49',
  Portugal: '+351',
  France: '+33',
  Spain: '+34',
  Netherlands: '+31',
  Italy: '+39',
  'United Kingdom': '+44',
  Switzerland: '+41',
};

type ProductSeed = { name: string; brand: string; price: number; description: string; freeShipping: boolean; rating: number };

// Prices are the financed amount of the package in EUR minor units (net of VAT).
const PRODUCTS: ProductSeed[] = [
  {
    name: 'Electric van 36-month operating lease',
    brand: 'Volkswagen',
    price: 5_200_000,
    description: 'ID. Buzz Cargo with maintenance and wallbox, 36 monthly instalments in advance, 20 % residual value.',
    freeShipping: true,
    rating: 5,
  },
  {
    name: 'CNC machine finance lease',
    brand: 'DMG Mori',
    price: 38_500_000,
    description: 'CLX 450 turning centre, 60-month finance lease with a purchase option at the end.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Light commercial vehicle fleet (5) 48-month lease',
    brand: 'Renault',
    price: 16_800_000,
    description: 'Five Master L3H2 vans, 48 monthly instalments, 25 % residual, replacement vehicle included.',
    freeShipping: true,
    rating: 4,
  },
  {
    name: 'Excavator 60-month hire purchase',
    brand: 'Caterpillar',
    price: 24_900_000,
    description: '320 hydraulic excavator, 60 monthly instalments, title passes with the last payment.',
    freeShipping: false,
    rating: 5,
  },
  {
    name: 'Forklift fleet (4) operating lease',
    brand: 'Linde',
    price: 11_600_000,
    description: 'Four H30 diesel forklifts with full service, 48 monthly instalments.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Laptop fleet (25) 36-month IT lease',
    brand: 'Lenovo',
    price: 3_750_000,
    description: '25 ThinkPad T14 with docking stations and on-site warranty, 36 monthly instalments, refresh option at month 30.',
    freeShipping: true,
    rating: 4,
  },
  {
    name: 'Server cluster 48-month IT lease',
    brand: 'Dell',
    price: 9_800_000,
    description: 'PowerEdge R760 cluster with storage and five-year support, 48 quarterly instalments in arrears.',
    freeShipping: true,
    rating: 3,
  },
  {
    name: 'Ultrasound system 60-month medical lease',
    brand: 'Siemens Healthineers',
    price: 14_200_000,
    description: 'Acuson Sequoia ultrasound with service contract, 60 monthly instalments, upgrade option.',
    freeShipping: true,
    rating: 5,
  },
  {
    name: 'Dental chair package finance lease',
    brand: 'Dentsply Sirona',
    price: 6_400_000,
    description: 'Two treatment centres with imaging, 60 monthly instalments, 1 % purchase option.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Heavy truck 60-month finance lease',
    brand: 'Scania',
    price: 13_500_000,
    description: 'R 450 tractor unit, 60 monthly instalments, 15 % balloon.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Mobile crane 72-month finance lease',
    brand: 'Liebherr',
    price: 72_000_000,
    description: 'LTM 1060 mobile crane, 72 monthly instalments with a seasonal payment holiday.',
    freeShipping: false,
    rating: 5,
  },
  {
    name: 'Laser cutting system finance lease',
    brand: 'Trumpf',
    price: 46_000_000,
    description: 'TruLaser 3030 fiber with automation, 60 monthly instalments.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Company car pool (10) operating lease',
    brand: 'Škoda',
    price: 29_500_000,
    description: 'Ten Octavia Combi with maintenance and tyres, 36 monthly instalments, 40 000 km a year.',
    freeShipping: true,
    rating: 3,
  },
  {
    name: 'Pickup truck 48-month lease',
    brand: 'Toyota',
    price: 4_600_000,
    description: 'Hilux 2.8 D-4D double cab, 48 monthly instalments, 30 % residual.',
    freeShipping: true,
    rating: 4,
  },
  {
    name: 'Printing press 84-month finance lease',
    brand: 'Heidelberg',
    price: 95_000_000,
    description: 'Speedmaster XL 106 with installation, 84 monthly instalments.',
    freeShipping: false,
    rating: 5,
  },
  {
    name: 'Backhoe loader 48-month hire purchase',
    brand: 'JCB',
    price: 11_200_000,
    description: '3CX backhoe loader, 48 monthly instalments, title at the end.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Network refresh 36-month IT lease',
    brand: 'Cisco',
    price: 5_900_000,
    description: 'Campus switches, access points and licences, 36 monthly instalments in advance.',
    freeShipping: true,
    rating: 3,
  },
  {
    name: 'Storage array 60-month IT lease',
    brand: 'NetApp',
    price: 8_700_000,
    description: 'AFF A250 all-flash array with support, 60 monthly instalments.',
    freeShipping: true,
    rating: 4,
  },
  {
    name: 'CT scanner 84-month medical lease',
    brand: 'GE HealthCare',
    price: 118_000_000,
    description: 'Revolution CT with installation and service, 84 monthly instalments.',
    freeShipping: false,
    rating: 5,
  },
  {
    name: 'Tractor 60-month agricultural lease',
    brand: 'John Deere',
    price: 19_800_000,
    description: '6R 150 tractor, 60 monthly instalments or 5 annual instalments after harvest.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Filling line 96-month finance lease',
    brand: 'Krones',
    price: 210_000_000,
    description: 'Complete bottling and filling line, 96 monthly instalments, step-up profile.',
    freeShipping: false,
    rating: 4,
  },
  {
    name: 'Electric car 24-month operating lease',
    brand: 'BMW',
    price: 5_600_000,
    description: 'i4 eDrive40 with maintenance, 24 monthly instalments, 20 000 km a year.',
    freeShipping: true,
    rating: 3,
  },
  {
    name: 'Workstation fleet (40) 48-month IT lease',
    brand: 'HP',
    price: 4_800_000,
    description: '40 Z2 workstations with monitors, 48 monthly instalments.',
    freeShipping: true,
    rating: 4,
  },
  {
    name: 'Machining centre 60-month finance lease',
    brand: 'Haas',
    price: 12_400_000,
    description: 'VF-2 vertical machining centre with tooling, 60 monthly instalments.',
    freeShipping: false,
    rating: 4,
  },
];

function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

type ScheduleCandidate = {
  lesseeId: number;
  contractNumber: string;
  currency: string;
  period: number;
  term: number;
  dueDate: string;
  gross: number;
  fee: number;
};

/** Seeds the invoices of funder 1 and the product catalogue (into an empty set of these tables). */
export function seedCommerce(db: Db, opts: Options): { invoices: number; products: number } {
  const rnd = new Random(opts.seed ?? 20261122);
  const sqlite = db.$client;
  const now = Date.now();
  const today = opts.today;
  const counts = { invoices: 0, products: 0 };

  sqlite.transaction(() => {
    const insProduct = sqlite.prepare(
      `insert into products (name, slug, description, brand, price, currency, image, has_free_shipping, rating) values (?, ?, ?, ?, ?, 'EUR', ?, ?, ?)`,
    );
    PRODUCTS.forEach((p, i) => {
      // The template's detail page takes the id from the slug's tail, so the slug ends with the id.
      insProduct.run(p.name, `${slugOf(p.name)}-${i + 1}`, p.description, p.brand, p.price, null, p.freeShipping ? 1 : 0, p.rating);
      counts.products++;
    });

    const insAccount = sqlite.prepare(`insert into payment_accounts (bank_name, country, iban, swift_code) values (?, ?, ?, ?)`);
    const accounts = [
      Number(insAccount.run('Deutsche Bank', 'Germany', 'DE89 3704 0044 0532 0130 00', 'DEUTDEFF').lastInsertRowid),
      Number(insAccount.run('Millennium bcp', 'Portugal', 'PT50 0033 0000 4531 2345 6780 5', 'BCOMPTPL').lastInsertRowid),
    ];

    // Schedule rows of funder 1 due from four months back to three weeks ahead: what the funder invoices.
    const candidates = sqlite
      .prepare(
        `select l.lessee_id as lesseeId, l.contract_number as contractNumber, l.currency, s.period, l.term, s.due_date as dueDate, s.gross, l.fee
           from schedule_rows s join leases l on l.id = s.lease_id
          where l.funder_id = 1 and l.status = 'active' and s.due_date between ? and ?
          order by s.due_date, l.id`,
      )
      .all(addDays(today, -120), addDays(today, 21)) as ScheduleCandidate[];
    if (candidates.length === 0) return;

    const lesseeRows = sqlite
      .prepare(`select id, name, country, region, contact, email from lessees where funder_id = 1 order by id`)
      .all() as { id: number; name: string; country: string; region: string; contact: string; email: string }[];
    const insClient = sqlite.prepare(
      `insert into invoice_clients (lessee_id, name, company, company_email, address, country, contact) values (?, ?, ?, ?, ?, ?, ?)`,
    );
    const clientOf = new Map<number, number>();
    const clientFor = (lesseeId: number): number => {
      const known = clientOf.get(lesseeId);
      if (known) return known;
      const l = lesseeRows.find((r) => r.id === lesseeId)!;
      const phone = `${PHONE_PREFIX[l.country] ?? '+00'} ${rnd.int(200, 999)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
      const address = `${rnd.int(1, 180)} ${rnd.pick(['Industriestraße', 'Rua do Comércio', 'Avenue de la Gare', 'Calle Mayor', 'Harbour Road', 'Via Roma'])}, ${l.region}`;
      const id = Number(insClient.run(l.id, l.contact, l.name, l.email, address, l.country, phone).lastInsertRowid);
      clientOf.set(lesseeId, id);
      return id;
    };

    const insInvoice = sqlite.prepare(
      `insert into invoices (id, client_id, payment_account_id, kind, service, issued_date, due_date, currency, total, balance, invoice_status, avatar, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)`,
    );
    // The template's invoice ids start at 4987; kept so links from the old screens still resolve.
    let nextId = 4987;
    for (let n = 0; n < 50; n++) {
      const c = candidates[Math.floor(rnd.next() * candidates.length)]!;
      const kind = rnd.weighted([
        ['rental', 70],
        ['arrangement_fee', 12],
        ['late_interest', 18],
      ] as const);
      let total: number;
      let service: string;
      let dueDate = c.dueDate;
      if (kind === 'rental') {
        total = c.gross;
        service = `Rental instalment ${c.period}/${c.term} — contract ${c.contractNumber}`;
      } else if (kind === 'arrangement_fee') {
        total = c.fee > 0 ? c.fee : rnd.int(25, 150) * 1000;
        service = `Arrangement fee — contract ${c.contractNumber}`;
      } else {
        // Late-payment interest at 8 % a year (actual/360) on an instalment paid 10–60 days late.
        const daysLate = rnd.int(10, 60);
        total = Math.max(100, Math.round((c.gross * 0.08 * daysLate) / 360));
        service = `Late-payment interest, ${daysLate} days on instalment ${c.period} — contract ${c.contractNumber}`;
        dueDate = addDays(c.dueDate, 30);
      }
      const issuedDate = addDays(dueDate, -14);
      if (issuedDate > today) continue;
      let status: InvoiceStatus;
      let balance = total;
      if (dueDate < today) {
        status = rnd.weighted([
          ['Paid', 70],
          ['Past Due', 18],
          ['Partial Payment', 12],
        ] as const);
      } else {
        status = rnd.weighted([
          ['Sent', 60],
          ['Downloaded', 25],
          ['Draft', 10],
          ['Paid', 5],
        ] as const);
      }
      if (status === 'Paid') balance = 0;
      if (status === 'Partial Payment') balance = Math.round((total * rnd.int(20, 80)) / 100);
      insInvoice.run(
        nextId++,
        clientFor(c.lesseeId),
        accounts[c.currency === 'EUR' ? n % 2 : 0]!,
        kind,
        service,
        issuedDate,
        dueDate,
        c.currency,
        total,
        balance,
        status,
        now,
      );
      counts.invoices++;
    }
  })();
  return counts;
}
