/**
 * The borrowing-base certificate's files (domain.md §11). Both depend only on the frozen content passed in and
 * its dates (never the wall clock), so an issued certificate's files and their SHA-256 never change.
 * XLSX through the one export kit; the PDF with pdfkit (standard Helvetica, nothing embedded, a fixed
 * creation date so equal content gives equal bytes).
 */
import PDFDocument from 'pdfkit';
import type { ExportColumn } from '../exports/columns';
import { writeXlsx } from '../exports/xlsx';
import { minorToDecimalString } from '../finance/money';
import type { BorrowingBase, LeaseEligibilityRow } from './borrowing-base';
import { criterionText, eligibilityColumns, ENGLISH_ELIGIBILITY_LABELS, excessColumns } from './columns';
import type { GroupExcess } from './concentration';
import type { Criterion } from './eligibility';

export type CertificateFacility = { id: number; name: string; lender: string; currency: string; commitment: number; advanceRate: number; reserves: number; startDate: string; maturityDate: string };

/** What a certificate freezes: the facility terms and the base at the date (excess groups above zero only). */
export type CertificateContent = { facility: CertificateFacility; asOf: string; base: BorrowingBase; preparedBy: string; preparedOn: string };

type Line = { label: string; amount: number | null; text?: string };

export const GROUP_NAMES: Record<GroupExcess['group'], string> = { lessee: 'Lessee', industry: 'Industry', region: 'Region', assetType: 'Asset type', topLessees: 'Top lessees' };

export function waterfallLines(b: BorrowingBase): Line[] {
  return [
    { label: 'Collateral balance', amount: b.collateralBalance },
    { label: 'Ineligible balance', amount: -b.ineligibleBalance },
    { label: 'Eligible balance', amount: b.eligibleBalance },
    { label: 'Excess concentration', amount: -b.excess.total },
    { label: 'Eligible after excess', amount: b.eligibleAfterExcess },
    { label: 'Advance rate', amount: null, text: `${(b.advanceRate * 100).toFixed(2)} %` },
    { label: 'Advanced amount', amount: b.advancedAmount },
    { label: 'Reserves', amount: -b.reserves },
    { label: 'Borrowing base', amount: b.borrowingBase },
    { label: 'Commitment', amount: b.commitment },
    { label: 'Maximum advance', amount: b.maximumAdvance },
    { label: 'Outstanding', amount: -b.outstanding },
    { label: b.availability < 0 ? 'Shortfall' : 'Availability', amount: b.availability },
  ];
}

function dateOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function certificateXlsx(content: CertificateContent, rows: readonly LeaseEligibilityRow[], criteria: readonly Criterion[]): Buffer {
  const cur = content.facility.currency;
  const summaryRows: Line[] = [
    { label: 'Facility', amount: null, text: content.facility.name },
    { label: 'Lender', amount: null, text: content.facility.lender },
    { label: 'As of', amount: null, text: content.asOf },
    { label: 'Currency', amount: null, text: cur },
    { label: 'Prepared by', amount: null, text: `${content.preparedBy} (${content.preparedOn})` },
    ...waterfallLines(content.base),
  ];
  const summaryColumns: ExportColumn<Line>[] = [
    { id: 'label', header: 'Item', kind: 'text', value: (r) => r.label, width: 28 },
    { id: 'amount', header: `Amount (${cur})`, kind: 'money', value: (r) => r.amount, currency: () => cur, width: 20 },
    { id: 'text', header: 'Value', kind: 'text', value: (r) => r.text ?? '', width: 36 },
  ];
  const labels = { ...ENGLISH_ELIGIBILITY_LABELS, criterion: (c: Criterion | undefined, f: { id: number; kind: Criterion['kind'] }) => criterionText(c, f, cur) };
  return writeXlsx<[Line, GroupExcess, LeaseEligibilityRow]>(
    [
      { name: 'Borrowing base', columns: summaryColumns, rows: summaryRows },
      { name: 'Excess', columns: excessColumns({ group: 'Group', key: 'Name', balance: 'Eligible balance', limit: 'Limit', excess: 'Excess', groupName: (g) => GROUP_NAMES[g] }, cur), rows: content.base.excess.groups },
      { name: 'Eligibility', columns: eligibilityColumns(labels, criteria), rows, freezeColumns: 1 },
    ],
    dateOf(content.asOf),
  );
}

/**
 * The certificate PDF: terms, the waterfall, the excesses, the counts and who prepared and approved it. Made
 * synchronously: pdfkit writes the whole document into its stream buffer on end(), which is read out at once.
 */
export function certificatePdf(content: CertificateContent, approval: { approvedBy: string; approvedOn: string; xlsxSha256: string }): Buffer {
  const cur = content.facility.currency;
  const money = (minor: number) => `${minorToDecimalString(minor, cur)} ${cur}`;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Borrowing base certificate ${content.facility.name} ${content.asOf}`, Producer: 'QUANTUM', Creator: 'QUANTUM', CreationDate: dateOf(content.asOf) } });
  doc.font('Helvetica-Bold').fontSize(16).text('Borrowing base certificate');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const f = content.facility;
  for (const [k, v] of [
    ['Facility', f.name],
    ['Lender', f.lender],
    ['As of', content.asOf],
    ['Commitment', money(f.commitment)],
    ['Advance rate', `${(f.advanceRate * 100).toFixed(2)} %`],
    ['Term', `${f.startDate} to ${f.maturityDate}`],
  ] as const) doc.text(`${k}: ${v}`);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Borrowing base');
  doc.font('Helvetica').fontSize(10);
  const x0 = doc.page.margins.left;
  for (const l of waterfallLines(content.base)) {
    const y = doc.y;
    const bold = l.label === 'Borrowing base' || l.label === 'Availability' || l.label === 'Shortfall';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(l.label, x0, y, { width: 250 });
    doc.text(l.amount === null ? (l.text ?? '') : money(l.amount), x0 + 250, y, { width: 245, align: 'right' });
  }
  doc.font('Helvetica');
  const over = content.base.excess.groups.filter((g) => g.excess > 0);
  doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Concentration excess', x0);
  doc.font('Helvetica').fontSize(10);
  if (over.length === 0) doc.text('No group exceeds its limit.');
  for (const g of over.slice(0, 40)) doc.text(`${GROUP_NAMES[g.group]} ${g.label}: balance ${money(g.balance)}, limit ${money(g.limit)}, excess ${money(g.excess)}`);
  if (over.length > 40) doc.text(`… and ${over.length - 40} more groups (see the XLSX).`);
  const c = content.base.counts;
  doc.moveDown().text(`Leases: ${c.leases}; eligible ${c.eligible}; ineligible ${c.ineligible}.`);
  doc.moveDown().text(`Prepared by ${content.preparedBy} on ${content.preparedOn}.`);
  doc.text(`Approved by ${approval.approvedBy} on ${approval.approvedOn}.`);
  doc.text(`Lease-level workbook SHA-256: ${approval.xlsxSha256}`);
  doc.end();
  const chunks: Buffer[] = [];
  for (let c = doc.read() as Buffer | null; c !== null; c = doc.read() as Buffer | null) chunks.push(c);
  return Buffer.concat(chunks);
}
