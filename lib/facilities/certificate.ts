/**
 * The borrowing-base certificate's files (domain.md §11). Both depend only on the frozen content passed in and
 * its dates (never the wall clock), so an issued certificate's files and their SHA-256 never change.
 * XLSX through the one export kit; the PDF with pdfkit (standard Helvetica, nothing embedded, a fixed
 * creation date so equal content gives equal bytes). The labels are frozen into the content at preparation in
 * the preparer's language (`locale`, `labels`), so the PDF made at approval reads in that language too; content
 * without them (older certificates) reads in English.
 */
import PDFDocument from 'pdfkit';
import type { ExportColumn } from '../exports/columns';
import { writeXlsx } from '../exports/xlsx';
import { minorToDecimalString } from '../finance/money';
import type { BorrowingBase, LeaseEligibilityRow } from './borrowing-base';
import { criterionText, eligibilityColumns, ENGLISH_ELIGIBILITY_LABELS, excessColumns, type EligibilityLabels } from './columns';
import type { GroupExcess } from './concentration';
import type { Criterion } from './eligibility';

export type CertificateFacility = {
  id: number;
  name: string;
  lender: string;
  currency: string;
  commitment: number;
  advanceRate: number;
  reserves: number;
  startDate: string;
  maturityDate: string;
};

type WaterfallKey =
  | 'collateral'
  | 'ineligible'
  | 'eligible'
  | 'excess'
  | 'eligibleAfterExcess'
  | 'advanceRate'
  | 'advanced'
  | 'reserves'
  | 'borrowingBase'
  | 'commitment'
  | 'maximumAdvance'
  | 'outstanding'
  | 'availability'
  | 'shortfall';

/**
 * Every text of the certificate files in one language: plain strings (kept in the frozen content as JSON).
 * Templates use `{name}` placeholders (see `fill`).
 */
export type CertificateLabels = {
  title: string;
  facility: string;
  lender: string;
  asOf: string;
  currency: string;
  preparedBy: string;
  commitment: string;
  advanceRate: string;
  term: string;
  /** {start} {end} */
  termValue: string;
  item: string;
  /** {currency} */
  amount: string;
  value: string;
  sheetBase: string;
  sheetExcess: string;
  sheetEligibility: string;
  baseHeading: string;
  excessHeading: string;
  noExcess: string;
  /** {group} {name} {balance} {limit} {excess} */
  excessLine: string;
  /** {count} */
  moreGroups: string;
  /** {leases} {eligible} {ineligible} */
  counts: string;
  /** {who} {date} */
  preparedLine: string;
  /** {who} {date} */
  approvedLine: string;
  /** {sha} */
  sha: string;
  waterfall: Record<WaterfallKey, string>;
  groups: Record<GroupExcess['group'], string>;
  excessColumns: { group: string; key: string; balance: string; limit: string; excess: string };
  eligibility: Omit<EligibilityLabels, 'criterion'>;
};

export const GROUP_NAMES: Record<GroupExcess['group'], string> = {
  lessee: 'Lessee',
  industry: 'Industry',
  region: 'Region',
  assetType: 'Asset type',
  topLessees: 'Top lessees',
};

/** The English labels: the default (and what a certificate prepared before labels were frozen reads in). */
export const ENGLISH_CERTIFICATE_LABELS: CertificateLabels = {
  title: 'Borrowing base certificate',
  facility: 'Facility',
  lender: 'Lender',
  asOf: 'As of',
  currency: 'Currency',
  preparedBy: 'Prepared by',
  commitment: 'Commitment',
  advanceRate: 'Advance rate',
  term: 'Term',
  termValue: '{start} to {end}',
  item: 'Item',
  amount: 'Amount ({currency})',
  value: 'Value',
  sheetBase: 'Borrowing base',
  sheetExcess: 'Excess',
  sheetEligibility: 'Eligibility',
  baseHeading: 'Borrowing base',
  excessHeading: 'Concentration excess',
  noExcess: 'No group exceeds its limit.',
  excessLine: '{group} {name}: balance {balance}, limit {limit}, excess {excess}',
  moreGroups: '… and {count} more groups (see the XLSX).',
  counts: 'Leases: {leases}; eligible {eligible}; ineligible {ineligible}.',
  preparedLine: 'Prepared by {who} on {date}.',
  approvedLine: 'Approved by {who} on {date}.',
  sha: 'Lease-level workbook SHA-256: {sha}',
  waterfall: {
    collateral: 'Collateral balance',
    ineligible: 'Ineligible balance',
    eligible: 'Eligible balance',
    excess: 'Excess concentration',
    eligibleAfterExcess: 'Eligible after excess',
    advanceRate: 'Advance rate',
    advanced: 'Advanced amount',
    reserves: 'Reserves',
    borrowingBase: 'Borrowing base',
    commitment: 'Commitment',
    maximumAdvance: 'Maximum advance',
    outstanding: 'Outstanding',
    availability: 'Availability',
    shortfall: 'Shortfall',
  },
  groups: GROUP_NAMES,
  excessColumns: { group: 'Group', key: 'Name', balance: 'Eligible balance', limit: 'Limit', excess: 'Excess' },
  eligibility: ENGLISH_ELIGIBILITY_LABELS,
};

/** What a certificate freezes: the facility terms and the base at the date (excess groups above zero only), and its language. */
export type CertificateContent = {
  facility: CertificateFacility;
  asOf: string;
  base: BorrowingBase;
  preparedBy: string;
  preparedOn: string;
  /** The preparer's locale (en, de, fr, pt) and the labels in it; absent: English. */
  locale?: string;
  labels?: CertificateLabels;
};

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

type Line = { key: WaterfallKey | 'info'; label: string; amount: number | null; text?: string };

export function waterfallLines(b: BorrowingBase, labels: CertificateLabels['waterfall'] = ENGLISH_CERTIFICATE_LABELS.waterfall): Line[] {
  const line = (key: WaterfallKey, amount: number | null, text?: string): Line => ({
    key,
    label: labels[key],
    amount,
    ...(text === undefined ? {} : { text }),
  });
  return [
    line('collateral', b.collateralBalance),
    line('ineligible', -b.ineligibleBalance),
    line('eligible', b.eligibleBalance),
    line('excess', -b.excess.total),
    line('eligibleAfterExcess', b.eligibleAfterExcess),
    line('advanceRate', null, `${(b.advanceRate * 100).toFixed(2)} %`),
    line('advanced', b.advancedAmount),
    line('reserves', -b.reserves),
    line('borrowingBase', b.borrowingBase),
    line('commitment', b.commitment),
    line('maximumAdvance', b.maximumAdvance),
    line('outstanding', -b.outstanding),
    line(b.availability < 0 ? 'shortfall' : 'availability', b.availability),
  ];
}

function dateOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/**
 * The lease-level workbook, made at preparation. `criterion` renders a failed criterion in the labels' language
 * (default: the English criterionText).
 */
export async function certificateXlsx(
  content: CertificateContent,
  rows: readonly LeaseEligibilityRow[],
  criteria: readonly Criterion[],
  criterion?: EligibilityLabels['criterion'],
): Promise<Buffer> {
  const cur = content.facility.currency;
  const L = content.labels ?? ENGLISH_CERTIFICATE_LABELS;
  const info = (label: string, text: string): Line => ({ key: 'info', label, amount: null, text });
  const summaryRows: Line[] = [
    info(L.facility, content.facility.name),
    info(L.lender, content.facility.lender),
    info(L.asOf, content.asOf),
    info(L.currency, cur),
    info(L.preparedBy, `${content.preparedBy} (${content.preparedOn})`),
    ...waterfallLines(content.base, L.waterfall),
  ];
  const summaryColumns: ExportColumn<Line>[] = [
    { id: 'label', header: L.item, kind: 'text', value: (r) => r.label, width: 28 },
    { id: 'amount', header: fill(L.amount, { currency: cur }), kind: 'money', value: (r) => r.amount, currency: () => cur, width: 20 },
    { id: 'text', header: L.value, kind: 'text', value: (r) => r.text ?? '', width: 36 },
  ];
  const labels: EligibilityLabels = { ...L.eligibility, criterion: criterion ?? ((c, f) => criterionText(c, f, cur)) };
  return await writeXlsx<[Line, GroupExcess, LeaseEligibilityRow]>(
    [
      { name: L.sheetBase, columns: summaryColumns, rows: summaryRows },
      {
        name: L.sheetExcess,
        columns: excessColumns({ ...L.excessColumns, groupName: (g) => L.groups[g] }, cur),
        rows: content.base.excess.groups,
      },
      { name: L.sheetEligibility, columns: eligibilityColumns(labels, criteria), rows, freezeColumns: 1 },
    ],
    dateOf(content.asOf),
  );
}

/**
 * The certificate PDF: terms, the waterfall, the excesses, the counts and who prepared and approved it, in the
 * frozen labels' language. Made synchronously: pdfkit writes the whole document into its stream buffer on end(),
 * which is read out at once.
 */
export function certificatePdf(
  content: CertificateContent,
  approval: { approvedBy: string; approvedOn: string; xlsxSha256: string },
): Buffer {
  const cur = content.facility.currency;
  const L = content.labels ?? ENGLISH_CERTIFICATE_LABELS;
  const money = (minor: number) => `${minorToDecimalString(minor, cur)} ${cur}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${L.title} ${content.facility.name} ${content.asOf}`,
      Producer: 'QUANTUM',
      Creator: 'QUANTUM',
      CreationDate: dateOf(content.asOf),
    },
  });
  doc.font('Helvetica-Bold').fontSize(16).text(L.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const f = content.facility;
  for (const [k, v] of [
    [L.facility, f.name],
    [L.lender, f.lender],
    [L.asOf, content.asOf],
    [L.commitment, money(f.commitment)],
    [L.advanceRate, `${(f.advanceRate * 100).toFixed(2)} %`],
    [L.term, fill(L.termValue, { start: f.startDate, end: f.maturityDate })],
  ] as const)
    doc.text(`${k}: ${v}`);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text(L.baseHeading);
  doc.font('Helvetica').fontSize(10);
  const x0 = doc.page.margins.left;
  for (const l of waterfallLines(content.base, L.waterfall)) {
    const y = doc.y;
    const bold = l.key === 'borrowingBase' || l.key === 'availability' || l.key === 'shortfall';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(l.label, x0, y, { width: 250 });
    doc.text(l.amount === null ? (l.text ?? '') : money(l.amount), x0 + 250, y, { width: 245, align: 'right' });
  }
  doc.font('Helvetica');
  const over = content.base.excess.groups.filter((g) => g.excess > 0);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text(L.excessHeading, x0);
  doc.font('Helvetica').fontSize(10);
  if (over.length === 0) doc.text(L.noExcess);
  for (const g of over.slice(0, 40))
    doc.text(
      fill(L.excessLine, {
        group: L.groups[g.group],
        name: g.label,
        balance: money(g.balance),
        limit: money(g.limit),
        excess: money(g.excess),
      }),
    );
  if (over.length > 40) doc.text(fill(L.moreGroups, { count: over.length - 40 }));
  const c = content.base.counts;
  doc.moveDown().text(fill(L.counts, { leases: c.leases, eligible: c.eligible, ineligible: c.ineligible }));
  doc.moveDown().text(fill(L.preparedLine, { who: content.preparedBy, date: content.preparedOn }));
  doc.text(fill(L.approvedLine, { who: approval.approvedBy, date: approval.approvedOn }));
  doc.text(fill(L.sha, { sha: approval.xlsxSha256 }));
  doc.end();
  const chunks: Buffer[] = [];
  for (let c = doc.read() as Buffer | null; c !== null; c = doc.read() as Buffer | null) chunks.push(c);
  return Buffer.concat(chunks);
}
