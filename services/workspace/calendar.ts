import type { DbOrTx } from '@/db/client';
import {
  listCertificateDates,
  listCovenantFacilities,
  listInstalmentsDue,
  type CertificateDate,
  type InstalmentDue,
} from '@/db/queries/workspace/book-events';
import { listEvents } from '@/db/queries/workspace/calendar';
import type { CALENDARS } from '@/lib/domain/enums';
import type { EventDto } from '@/lib/validations/apps';
import { monthEndsIn, overlaps, viewRange, type CalendarView } from '@/lib/workspace/calendar';

type Calendar = (typeof CALENDARS)[number];

export type CalendarScreen = {
  range: { from: string; to: string };
  /** The user's own events touching the range, by start. */
  events: EventDto[];
  /** Read-only events from the active funder's book (empty without read:funders). */
  instalments: InstalmentDue[];
  monthEnds: string[];
  /** Borrowing-base certificates of the funder's facilities dated in the range. */
  certificates: CertificateDate[];
  /** Covenant test dates: each month end in the range within a facility's term, per facility with covenants. */
  covenantTests: { date: string; facilityId: number; facilityName: string }[];
};

/**
 * The Calendar page: the user's events in the chosen calendars within the view's range, plus the book's
 * instalments due of at least `minGross` minor units, the month ends (servicing reports) in it, and the
 * facilities' certificate and covenant test dates.
 */
export async function calendarScreen(
  db: DbOrTx,
  userId: number,
  q: { view: CalendarView; date: string; calendars: Calendar[] | undefined; minGross: number | null },
  funderId: number | null,
): Promise<CalendarScreen> {
  const range = viewRange(q.view, q.date);
  const events = (await listEvents(db, userId, q.calendars))
    .filter((e) => overlaps(e.start, e.end, range.from, range.to))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));
  const book = funderId !== null;
  return {
    range,
    events,
    instalments: book && q.minGross !== null ? await listInstalmentsDue(db, funderId, range.from, range.to, q.minGross) : [],
    monthEnds: book ? monthEndsIn(range.from, range.to) : [],
    certificates: book ? await listCertificateDates(db, funderId, range.from, range.to) : [],
    covenantTests: book
      ? (await listCovenantFacilities(db, funderId)).flatMap((f) =>
          monthEndsIn(range.from, range.to)
            .filter((d) => d >= f.startDate && d <= f.maturityDate)
            .map((date) => ({ date, facilityId: f.facilityId, facilityName: f.facilityName })),
        )
      : [],
  };
}
