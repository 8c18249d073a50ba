/**
 * The one wording of a lease's derived credit status (domain.md §8) for the Defaults & losses screen and its
 * export: "Defaulted since 4 Mar 2026: 95 DPD on 1,234.00 past due", "… in probation until …", "… unlikely to
 * pay, flagged by X: reason". A defaulted lease with DPD 0 always says why (probation, unlikely to pay, contagion).
 */
import { formatDecimal, formatIsoDate, formatMoney, type Formatter } from '@/lib/format';

export type CreditNoteTranslate = (key: string, values?: Record<string, string | number>) => string;

export type CreditNoteInput = {
  why: 'dpd' | 'utp' | 'reported' | 'probation' | 'contagion';
  defaultSince: string;
  probationUntil: string | null;
  creditDpd: number;
  pastDue: number;
  currency: string;
  utpBy: string | null;
  utpReason: string | null;
};

/** The note of a lease in default, translated by `t` (namespace `credit`). */
export function creditNoteText(t: CreditNoteTranslate, format: Formatter, n: CreditNoteInput): string {
  const date = formatIsoDate(format, n.defaultSince);
  switch (n.why) {
    case 'dpd':
      return t('note.dpd', { date, dpd: formatDecimal(format, n.creditDpd), amount: formatMoney(format, n.pastDue, n.currency) });
    case 'probation':
      return t('note.probation', { date, until: n.probationUntil ? formatIsoDate(format, n.probationUntil) : '—' });
    case 'utp':
      return t('note.utp', { date, user: n.utpBy ?? '—', reason: n.utpReason ?? '—' });
    case 'reported':
      return t('note.reported', { date });
    default:
      return t('note.contagion', { date });
  }
}
