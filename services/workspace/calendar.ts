import type { DbOrTx } from '@/db/client';
import { listInstalmentsDue, type InstalmentDue } from '@/db/queries/workspace/book-events';
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
};

/**
 * The Calendar page: the user's events in the chosen calendars within the view's range, plus the book's
 * instalments due of at least `minGross` minor units and the month ends (servicing reports) in it.
 */
export function calendarScreen(
  db: DbOrTx,
  userId: number,
  q: { view: CalendarView; date: string; calendars: Calendar[] | undefined; minGross: number | null },
  funderId: number | null,
): CalendarScreen {
  const range = viewRange(q.view, q.date);
  const events = listEvents(db, userId, q.calendars)
    .filter((e) => overlaps(e.start, e.end, range.from, range.to))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));
  const book = funderId !== null;
  return {
    range,
    events,
    instalments: book && q.minGross !== null ? listInstalmentsDue(db, funderId, range.from, range.to, q.minGross) : [],
    monthEnds: book ? monthEndsIn(range.from, range.to) : [],
  };
}
