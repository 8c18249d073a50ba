import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { users, appChatContacts, appChatMessages, appChatProfiles, appChats, appEmails, appEvents, appTasks } from '../tables';
import { type CALENDARS, type EMAIL_FOLDERS, type EMAIL_LABELS, type TASK_TAGS } from '../schema/apps';
import { Random } from './random';
import { DEMO_USERS } from './users';

/**
 * Demo content of the apps (mail, chat, to-do, calendar) for each demo user, written for a lease funder and
 * dated relative to `today`. Deterministic: the same users and day give the same rows. Users created later
 * (self-registration, identity provider) start with an empty mailbox, chat list, task list and calendar.
 */

type Person = { name: string; email: string };
type Folder = (typeof EMAIL_FOLDERS)[number];
type Label = (typeof EMAIL_LABELS)[number];
type Tag = (typeof TASK_TAGS)[number];
type Calendar = (typeof CALENDARS)[number];

const P = {
  marta: { name: 'Marta Oliveira', email: 'marta.oliveira@quantum.demo' },
  jonas: { name: 'Jonas Becker', email: 'jonas.becker@quantum.demo' },
  sophie: { name: 'Sophie Laurent', email: 'sophie.laurent@quantum.demo' },
  daniel: { name: 'Daniel Fischer', email: 'daniel.fischer@quantum.demo' },
  ines: { name: 'Inês Costa', email: 'ines.costa@quantum.demo' },
  claire: { name: 'Claire Dubois', email: 'claire.dubois@quantum.demo' },
  nordlicht: { name: 'Henrik Sørensen (Nordlicht Logistik GmbH)', email: 'h.sorensen@nordlicht-logistik.example' },
  medis: { name: 'Dr. Paula Reis (Clínica Medis Lda)', email: 'paula.reis@clinica-medis.example' },
  autohaus: { name: 'Autohaus Brenner – Fleet Sales', email: 'fleet@autohaus-brenner.example' },
  techdealer: { name: 'Olivier Martin (DataPro Systems)', email: 'olivier.martin@datapro-systems.example' },
  bank: { name: 'Facility Agent – Rhein Capital Bank', email: 'agency@rhein-capital.example' },
  rating: { name: 'Structured Finance Team (Meridian Ratings)', email: 'sf-surveillance@meridian-ratings.example' },
  auditor: { name: 'Karin Vogt (Vogt & Partner Audit)', email: 'k.vogt@vogt-partner.example' },
  spam: { name: 'Invoice Department', email: 'billing@secure-payments-update.example' },
  promo: { name: 'Leasing Summit 2026', email: 'tickets@leasing-summit-offers.example' },
} satisfies Record<string, Person>;

type MailTemplate = {
  from: Person | 'me';
  to: (Person | 'me')[];
  cc?: Person[];
  subject: string;
  body: string[];
  folder: Folder;
  labels: Label[];
  starred?: boolean;
  read?: boolean;
  attachments?: { fileName: string; size: string }[];
  reply?: { from: Person | 'me'; body: string };
};

const MAILS: MailTemplate[] = [
  {
    from: P.nordlicht,
    to: ['me'],
    subject: 'Lease application – 6 refrigerated trucks',
    body: [
      'please find attached our application for six refrigerated Mercedes Actros units with a 48-month term.',
      'The dealer quotation and our last two annual accounts are included. We would like delivery before the end of next month.',
    ],
    folder: 'inbox',
    labels: ['company'],
    attachments: [
      { fileName: 'Nordlicht_application.pdf', size: '412 KB' },
      { fileName: 'Annual_accounts_2024_2025.pdf', size: '2.1 MB' },
    ],
  },
  {
    from: P.daniel,
    to: ['me'],
    subject: 'Arrears update: three contracts over 60 days past due',
    body: [
      'three contracts moved into the 61–90 day bucket this week. Two of them belong to the same lessee in the construction sector.',
      'I have sent reminder letters; do you want me to start the termination review for the oldest one?',
    ],
    folder: 'inbox',
    labels: ['important', 'company'],
    starred: true,
  },
  {
    from: P.bank,
    to: ['me'],
    cc: [P.sophie],
    subject: 'Drawdown notice confirmation – funding request no. 14',
    body: [
      'we confirm receipt of your drawdown request. Funds will be value-dated on the next business day subject to the borrowing base certificate.',
      'Please send the updated eligibility report by 12:00 CET.',
    ],
    folder: 'inbox',
    labels: ['company', 'important'],
    read: true,
    attachments: [{ fileName: 'Drawdown_confirmation_14.pdf', size: '98 KB' }],
  },
  {
    from: P.rating,
    to: ['me'],
    subject: 'Quarterly surveillance – data tape request',
    body: [
      'as part of our quarterly surveillance, please provide the loan-level data tape as of the last cut-off date, including arrears buckets and residual values.',
      'The usual template applies; the deadline is ten business days from today.',
    ],
    folder: 'inbox',
    labels: ['company'],
  },
  {
    from: P.auditor,
    to: ['me'],
    cc: [P.claire],
    subject: 'Year-end audit: sample selection for lease confirmations',
    body: [
      'we have selected 25 contracts for external confirmation. The list is attached.',
      'Could you provide the signed contracts and the latest payment history for each by Friday?',
    ],
    folder: 'inbox',
    labels: ['company'],
    read: true,
    attachments: [{ fileName: 'Audit_sample_selection.xlsx', size: '36 KB' }],
  },
  {
    from: P.medis,
    to: ['me'],
    subject: 'Request for early termination – ultrasound system',
    body: [
      'we are replacing our ultrasound system after a merger and would like to terminate the lease early.',
      'Could you send us a settlement quote valid until the end of the month?',
    ],
    folder: 'inbox',
    labels: [],
  },
  {
    from: P.autohaus,
    to: ['me'],
    subject: 'Invoice batch for delivered fleet vehicles',
    body: [
      'attached are the invoices and delivery receipts for the twelve vehicles delivered this week.',
      'Please confirm the funding date so that we can release the registration documents.',
    ],
    folder: 'inbox',
    labels: ['company'],
    read: true,
    attachments: [{ fileName: 'Invoices_batch_0412.pdf', size: '1.4 MB' }],
  },
  {
    from: P.marta,
    to: ['me'],
    subject: 'Credit memo for DataPro IT refresh – please review',
    body: [
      'the credit memo for the IT refresh deal is ready for your review. Exposure stays within the single-name limit after the new deal.',
      'I would like to put it on the agenda of the next funding committee.',
    ],
    folder: 'inbox',
    labels: ['important'],
    reply: { from: 'me', body: 'Thanks Marta, I will review it this afternoon and send comments.' },
  },
  {
    from: P.jonas,
    to: ['me'],
    subject: 'Month-end valuation: cut-off moved by one day',
    body: [
      'the month-end valuation run will use the first business day as cut-off this month because of the bank holiday.',
      'Nothing changes in the methodology; the figures will be available the following morning.',
    ],
    folder: 'inbox',
    labels: ['company'],
    read: true,
  },
  {
    from: P.techdealer,
    to: ['me'],
    subject: 'Residual value guarantee for laptop fleet',
    body: [
      'as discussed, we can offer a residual value guarantee of 12% for the laptop fleet at the end of the 36-month term.',
      'The signed side letter will follow once you confirm.',
    ],
    folder: 'inbox',
    labels: ['company'],
  },
  {
    from: P.ines,
    to: ['me'],
    subject: 'Team offsite – venue shortlist',
    body: ['here is the shortlist of venues for the team offsite. Please vote by Wednesday.'],
    folder: 'inbox',
    labels: ['personal'],
    read: true,
  },
  {
    from: P.claire,
    to: ['me'],
    subject: 'Confidential: findings on the manual payment overrides',
    body: [
      'please treat this as confidential until the report is final.',
      'We found four manual payment allocations without a second approval. I would like to discuss the remediation plan with you.',
    ],
    folder: 'inbox',
    labels: ['private', 'important'],
    starred: true,
  },
  {
    from: 'me',
    to: [P.rating],
    subject: 'RE: Quarterly surveillance – data tape request',
    body: ['thank you. We will deliver the data tape through the secure file transfer by the agreed date.'],
    folder: 'sent',
    labels: ['company'],
    read: true,
  },
  {
    from: 'me',
    to: [P.nordlicht],
    subject: 'Indicative offer – refrigerated trucks',
    body: [
      'based on the information received, we can offer a 48-month lease with a 10% down payment and a 15% residual value.',
      'The offer is indicative and subject to credit approval.',
    ],
    folder: 'sent',
    labels: ['company'],
    read: true,
    attachments: [{ fileName: 'Indicative_offer_Nordlicht.pdf', size: '154 KB' }],
  },
  {
    from: 'me',
    to: [P.bank],
    cc: [P.sophie],
    subject: 'Borrowing base certificate – month end',
    body: ['please find attached the borrowing base certificate and the eligibility report as of month end.'],
    folder: 'sent',
    labels: ['company', 'important'],
    read: true,
    attachments: [{ fileName: 'Borrowing_base_certificate.pdf', size: '210 KB' }],
  },
  {
    from: 'me',
    to: [P.medis],
    subject: 'Settlement quote – early termination',
    body: ['attached is the settlement quote for the early termination of your lease. It is valid until the end of the month.'],
    folder: 'draft',
    labels: [],
    read: true,
  },
  {
    from: 'me',
    to: [P.daniel],
    subject: 'Termination review – construction lessee',
    body: [
      'please prepare the termination file for the oldest contract in the 61–90 bucket: payment history, letters sent and asset location.',
    ],
    folder: 'draft',
    labels: ['important'],
    read: true,
  },
  {
    from: P.spam,
    to: ['me'],
    subject: 'URGENT: your payment details must be verified today',
    body: ['your account will be suspended unless you confirm your bank details through the link below.'],
    folder: 'spam',
    labels: [],
  },
  {
    from: P.promo,
    to: ['me'],
    subject: 'Last chance: 50% off Leasing Summit tickets',
    body: ['only a few tickets left at the early-bird price. Book now!'],
    folder: 'spam',
    labels: [],
    read: true,
  },
  {
    from: P.autohaus,
    to: ['me'],
    subject: 'Updated price list for fleet vehicles (superseded)',
    body: ['please disregard the previous price list; the updated one is attached.'],
    folder: 'trash',
    labels: [],
    read: true,
  },
  {
    from: P.jonas,
    to: ['me'],
    subject: 'Lunch on Friday?',
    body: ['a few of us are going to the new place around the corner on Friday. Are you in?'],
    folder: 'trash',
    labels: ['personal'],
    read: true,
  },
];

type ContactTemplate = {
  person: Person;
  role: string;
  about: string;
  status: 'online' | 'busy' | 'away' | 'offline';
  script: [boolean, string][];
};

/** [fromOwner, message] */
const CONTACTS: ContactTemplate[] = [
  {
    person: P.marta,
    role: 'Credit Risk Manager',
    about: 'Credit approvals and single-name limits.',
    status: 'online',
    script: [
      [false, 'Do you have five minutes for the DataPro credit memo?'],
      [true, 'Sure, is it about the exposure limit?'],
      [false, 'Yes – after the new deal we are at 92% of the single-name limit.'],
      [true, 'Fine for me, but let us flag it in the committee pack.'],
    ],
  },
  {
    person: P.jonas,
    role: 'Portfolio Analyst',
    about: 'Valuations, cash-flow projections and data tapes.',
    status: 'busy',
    script: [
      [true, 'Is the data tape for the rating agency ready?'],
      [false, 'Almost – I am reconciling the arrears buckets with the collections ledger.'],
      [false, 'Two contracts had a payment posted after the cut-off; I will move them.'],
      [true, 'Great, send it to me before you upload it.'],
    ],
  },
  {
    person: P.sophie,
    role: 'Head of Treasury',
    about: 'Funding lines and drawdowns.',
    status: 'away',
    script: [
      [false, 'The bank confirmed the drawdown for tomorrow.'],
      [true, 'Perfect. Do we still have headroom under the advance rate?'],
      [false, 'Yes, about 1.8 million after this drawdown.'],
    ],
  },
  {
    person: P.daniel,
    role: 'Collections Officer',
    about: 'Arrears follow-up and payment plans.',
    status: 'online',
    script: [
      [false, 'The lessee with the two excavators called – they propose a three-month payment plan.'],
      [true, 'Send me the proposal in writing, please.'],
      [false, 'Will do. They paid one instalment this morning.'],
    ],
  },
  {
    person: P.ines,
    role: 'Operations Lead',
    about: 'Contract booking and documentation.',
    status: 'offline',
    script: [
      [true, 'Can you check why contract booking is blocked for the Autohaus Brenner batch?'],
      [false, 'The registration documents are missing for two vehicles. I have asked the dealer.'],
    ],
  },
  {
    person: P.claire,
    role: 'Internal Audit',
    about: 'Controls and audit follow-up.',
    status: 'busy',
    script: [[false, 'Could we meet on Thursday about the payment override findings?']],
  },
  { person: P.techdealer, role: 'Dealer – DataPro Systems', about: 'IT equipment vendor partner.', status: 'offline', script: [] },
];

type TaskTemplate = {
  title: string;
  description: string;
  tags: Tag[];
  assignee: Person | null;
  dueIn: number;
  important?: boolean;
  completed?: boolean;
  deleted?: boolean;
};

const TASKS: TaskTemplate[] = [
  {
    title: 'Review Q3 arrears list',
    description: 'Go through every contract over 30 days past due and agree next steps with collections.',
    tags: ['team', 'high'],
    assignee: P.daniel,
    dueIn: 2,
    important: true,
  },
  {
    title: 'Send data tape to the rating agency',
    description: 'Loan-level tape as of the last cut-off, with arrears buckets and residual values.',
    tags: ['high', 'update'],
    assignee: P.jonas,
    dueIn: 6,
    important: true,
  },
  {
    title: 'Prepare funding committee pack',
    description: 'New deals, limit utilisation and the arrears summary.',
    tags: ['team', 'medium'],
    assignee: null,
    dueIn: 4,
  },
  {
    title: 'Reconcile collections with the bank statement',
    description: 'Match last month’s direct debits and transfers with the payment import.',
    tags: ['medium'],
    assignee: P.ines,
    dueIn: -1,
  },
  {
    title: 'Update residual value curves for vehicles',
    description: 'Use the latest auction results for light commercial vehicles.',
    tags: ['low', 'update'],
    assignee: P.jonas,
    dueIn: 14,
  },
  {
    title: 'Chase missing insurance certificates',
    description: 'Four machinery contracts have expired insurance certificates on file.',
    tags: ['medium'],
    assignee: P.daniel,
    dueIn: 3,
  },
  {
    title: 'Check VAT treatment of medical equipment leases',
    description: 'Confirm the exemption applies to the new clinic contracts.',
    tags: ['low'],
    assignee: null,
    dueIn: 10,
  },
  {
    title: 'Approve dealer invoice batch',
    description: 'Autohaus Brenner batch of twelve vehicles.',
    tags: ['high'],
    assignee: null,
    dueIn: 0,
    important: true,
  },
  {
    title: 'Quarterly covenant compliance certificate',
    description: 'Calculate the covenants and have the certificate signed.',
    tags: ['team', 'high'],
    assignee: P.sophie,
    dueIn: 8,
  },
  {
    title: 'Run month-end valuation',
    description: 'Book valuation at the first day of the month; compare with last month.',
    tags: ['team', 'medium'],
    assignee: P.jonas,
    dueIn: -5,
    completed: true,
  },
  {
    title: 'Answer auditor sample request',
    description: 'Signed contracts and payment histories for the 25 sampled leases.',
    tags: ['medium'],
    assignee: P.claire,
    dueIn: 5,
  },
  {
    title: 'KYC refresh for the top 20 lessees',
    description: 'Update ownership and sanctions screening.',
    tags: ['low'],
    assignee: P.marta,
    dueIn: 21,
  },
  {
    title: 'Clean up duplicate lessee records',
    description: 'Merge lessees with the same tax id.',
    tags: ['low', 'update'],
    assignee: null,
    dueIn: -10,
    completed: true,
  },
  {
    title: 'Write-off proposal for defaulted contracts',
    description: 'Two defaulted contracts after asset recovery; propose the write-off amounts.',
    tags: ['high'],
    assignee: P.marta,
    dueIn: 12,
  },
  {
    title: 'Book the team offsite venue',
    description: 'After the vote closes.',
    tags: ['team', 'low'],
    assignee: P.ines,
    dueIn: 9,
    deleted: true,
  },
  {
    title: 'Renew the funding line term sheet',
    description: 'Negotiate the advance rate and margin with the facility agent.',
    tags: ['high', 'team'],
    assignee: P.sophie,
    dueIn: 30,
    important: true,
    completed: true,
  },
];

type EventTemplate = {
  title: string;
  calendar: Calendar;
  dayIn: number;
  hour?: number;
  hours?: number;
  days?: number;
  location?: string;
  desc?: string;
  guests?: string[];
  url?: string;
};

const EVENTS: EventTemplate[] = [
  {
    title: 'Funding committee',
    calendar: 'Business',
    dayIn: 3,
    hour: 10,
    hours: 2,
    location: 'Board room',
    desc: 'New deals and limit utilisation.',
    guests: [P.marta.email, P.sophie.email],
  },
  {
    title: 'Investor call – quarterly update',
    calendar: 'Business',
    dayIn: 7,
    hour: 15,
    hours: 1,
    url: 'https://meet.quantum.demo/investor-call',
    guests: [P.sophie.email],
  },
  { title: 'Month-end close', calendar: 'Business', dayIn: 0, days: 2, desc: 'Payment import, reconciliation and valuation run.' },
  { title: 'Rating agency surveillance call', calendar: 'Business', dayIn: 11, hour: 11, hours: 1, guests: [P.jonas.email] },
  { title: 'Audit fieldwork', calendar: 'Business', dayIn: 14, days: 3, location: 'Finance floor', guests: [P.claire.email] },
  { title: 'Dealer visit – Autohaus Brenner', calendar: 'Business', dayIn: -2, hour: 9, hours: 3, location: 'Autohaus Brenner showroom' },
  { title: 'Collections weekly', calendar: 'ETC', dayIn: 1, hour: 8, hours: 1, guests: [P.daniel.email] },
  { title: 'Team lunch', calendar: 'ETC', dayIn: 5, hour: 12, hours: 1, location: 'Canteen' },
  { title: 'Dentist', calendar: 'Personal', dayIn: 9, hour: 17, hours: 1 },
  { title: 'Gym', calendar: 'Personal', dayIn: -1, hour: 18, hours: 1 },
  { title: 'Family dinner', calendar: 'Family', dayIn: 6, hour: 19, hours: 2 },
  { title: 'School concert', calendar: 'Family', dayIn: 16, hour: 18, hours: 2 },
  { title: 'Bank holiday', calendar: 'Holiday', dayIn: 24, days: 1 },
  { title: 'Annual leave', calendar: 'Holiday', dayIn: 35, days: 5 },
];

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function avatarOf(name: string): string {
  return `/images/avatars/${encodeURIComponent(name.split(' ')[0]!.toLowerCase())}.png`;
}

/** Seeds one user's apps content. */
export function seedAppsForUser(db: Tx, user: { id: number; email: string; fullName: string }, today: string, seed: number): void {
  const rng = new Random(seed);
  const base = Date.parse(`${today}T09:00:00Z`);
  const me: Person = { name: user.fullName, email: user.email };
  const who = (p: Person | 'me') => (p === 'me' ? me : p);
  const first = (p: Person) =>
    p.name
      .split(' ')[0]!
      .replace(/[(–].*$/, '')
      .trim() || p.name;

  // Mail: most templates for each user, oldest first so the id order follows the time order.
  const mails = MAILS.filter(() => rng.chance(0.85))
    .map((m) => ({ m, minutesAgo: rng.int(20, 60 * 24 * 40) }))
    .sort((a, b) => b.minutesAgo - a.minutesAgo);
  for (const { m, minutesAgo } of mails) {
    const from = who(m.from);
    const to = m.to.map(who);
    const time = new Date(base - minutesAgo * 60_000).toISOString();
    const greeting = `<p>${m.from === 'me' ? `Dear ${first(to[0]!)},` : `Hello ${first(me)},`}</p>`;
    const message = `${greeting}${m.body.map((b) => `<p>${b.charAt(0).toUpperCase()}${b.slice(1)}</p>`).join('')}<p>Best regards,<br>${from.name}</p>`;
    const replies = m.reply
      ? [
          {
            from: { ...who(m.reply.from), avatar: avatarOf(who(m.reply.from).name) },
            to: [from],
            cc: [],
            bcc: [],
            subject: `RE: ${m.subject}`,
            message: `<p>${m.reply.body}</p>`,
            attachments: [],
            time: new Date(base - minutesAgo * 60_000 + 90 * 60_000).toISOString(),
          },
        ]
      : [];
    db.insert(appEmails)
      .values({
        ownerId: user.id,
        fromEmail: from.email,
        fromName: from.name,
        fromAvatar: avatarOf(from.name),
        to: JSON.stringify(to),
        cc: JSON.stringify(m.cc ?? []),
        bcc: '[]',
        subject: m.subject,
        message,
        attachments: JSON.stringify(
          (m.attachments ?? []).map((a) => ({
            fileName: a.fileName,
            thumbnail: `/images/icons/${a.fileName.split('.').pop()}.png`,
            url: '',
            size: a.size,
          })),
        ),
        isStarred: m.starred ?? rng.chance(0.1),
        labels: JSON.stringify(m.labels),
        time,
        replies: JSON.stringify(replies),
        folder: m.folder,
        isRead: m.read ?? rng.chance(0.3),
      })
      .run();
  }

  // Chat: contact ids start at 1001 so that a contact's id (= its chat's id, = senderId of its messages) never equals a user's id.
  db.insert(appChatProfiles)
    .values({
      userId: user.id,
      about: 'Lease funding at QUANTUM.',
      status: 'online',
      isTwoStepAuthVerificationEnabled: rng.chance(0.5),
      isNotificationsOn: true,
    })
    .onConflictDoNothing()
    .run();
  const maxId =
    db
      .select({ n: sql<number>`coalesce(max(${appChatContacts.id}), 0)` })
      .from(appChatContacts)
      .get()?.n ?? 0;
  let nextId = Math.max(1001, Number(maxId) + 1);
  for (const c of CONTACTS) {
    if (c.person.email === user.email || (c.script.length > 0 && rng.chance(0.15))) continue;
    const id = nextId++;
    db.insert(appChatContacts)
      .values({
        id,
        ownerId: user.id,
        fullName: c.person.name,
        role: c.role,
        about: c.about,
        avatar: avatarOf(c.person.name),
        status: c.status,
      })
      .run();
    if (!c.script.length) continue;
    const startMin = rng.int(30, 60 * 24 * 6);
    const lastIncoming = c.script.at(-1)![0] === false;
    db.insert(appChats)
      .values({ id, ownerId: user.id, unseenMsgs: lastIncoming ? rng.int(1, 2) : 0 })
      .run();
    c.script.forEach(([fromOwner, message], k) => {
      db.insert(appChatMessages)
        .values({ chatId: id, fromOwner, message, time: new Date(base - (startMin - k * 4) * 60_000).toISOString() })
        .run();
    });
  }

  // To-do.
  for (const t of TASKS) {
    if (!rng.chance(0.9)) continue;
    db.insert(appTasks)
      .values({
        ownerId: user.id,
        title: t.title,
        dueDate: isoDay(base + (t.dueIn + rng.int(-1, 1)) * DAY),
        description: t.description,
        assigneeFullName: t.assignee?.name ?? null,
        assigneeAvatar: t.assignee ? avatarOf(t.assignee.name) : null,
        tags: JSON.stringify(t.tags),
        isCompleted: t.completed ?? false,
        isDeleted: t.deleted ?? false,
        isImportant: t.important ?? false,
      })
      .run();
  }

  // Calendar.
  for (const e of EVENTS) {
    if (!rng.chance(0.9)) continue;
    const day = base + e.dayIn * DAY;
    const allDay = e.hour === undefined;
    const start = allDay ? isoDay(day) : new Date(Date.parse(`${isoDay(day)}T00:00:00Z`) + e.hour! * 3_600_000).toISOString();
    const end = allDay ? isoDay(day + ((e.days ?? 1) - 1) * DAY) : new Date(Date.parse(start) + (e.hours ?? 1) * 3_600_000).toISOString();
    db.insert(appEvents)
      .values({
        ownerId: user.id,
        title: e.title,
        start,
        end,
        allDay,
        url: e.url ?? '',
        calendar: e.calendar,
        guests: JSON.stringify(e.guests ?? []),
        location: e.location ?? '',
        description: e.desc ?? '',
      })
      .run();
  }
}

/** Seeds the apps content of every demo user that has none yet (one transaction). */
export function seedApps(db: Tx, { today }: { today: string }): number {
  let seeded = 0;
  db.transaction((tx) => {
    DEMO_USERS.forEach((d, i) => {
      const user = tx
        .select({ id: users.id, email: users.email, fullName: users.fullName })
        .from(users)
        .where(eq(users.email, d.email))
        .get();
      if (!user) return;
      const has = tx.select({ id: appEmails.id }).from(appEmails).where(eq(appEmails.ownerId, user.id)).limit(1).get();
      if (has) return;
      seedAppsForUser(tx, user, today, 7100 + i);
      seeded++;
    });
  });
  return seeded;
}
