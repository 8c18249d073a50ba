import { transaction } from '../../transaction';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Invalid, NotFound } from '@/lib/domain/errors';
import type { EventDto, EventPatch, NewEvent } from '@/lib/validations/apps';
import type { DbOrTx } from '@/db/client';
import { type AppEvent, type CALENDARS } from '@/db/schema/apps';
import { appEvents } from '@/db/tables';
import { parseJsonList } from '@/db/queries/compat/apps-paging';
import { rowsChanged } from '../../dialect';

type Calendar = (typeof CALENDARS)[number];

export function eventDto(r: AppEvent): EventDto {
  const guests = parseJsonList<NonNullable<EventDto['extendedProps']['guests']>[number]>(r.guests);
  return {
    id: r.id,
    url: r.url,
    title: r.title,
    start: r.start,
    end: r.end,
    allDay: r.allDay,
    extendedProps: {
      calendar: r.calendar,
      ...(r.url ? { url: r.url } : {}),
      ...(guests.length ? { guests } : {}),
      ...(r.location ? { location: r.location } : {}),
      ...(r.description ? { desc: r.description } : {}),
    },
  };
}

/** GET events: the user's events in the given calendars (undefined = all calendars, [] = none), in storage order. */
export async function listEvents(db: DbOrTx, ownerId: number, calendars: Calendar[] | undefined): Promise<EventDto[]> {
  if (calendars && calendars.length === 0) return [];
  const where = calendars ? and(eq(appEvents.ownerId, ownerId), inArray(appEvents.calendar, calendars)) : eq(appEvents.ownerId, ownerId);
  return (await db.select().from(appEvents).where(where).orderBy(asc(appEvents.id))).map(eventDto);
}

async function ownedEvent(db: DbOrTx, ownerId: number, id: number): Promise<AppEvent | undefined> {
  return (
    await db
      .select()
      .from(appEvents)
      .where(and(eq(appEvents.id, id), eq(appEvents.ownerId, ownerId)))
      .limit(1)
  )[0];
}

/** URL: the top-level one wins, else extendedProps.url. */
function columnsOf(e: EventPatch) {
  const p = e.extendedProps ?? {};
  const urlGiven = e.url !== undefined || p.url !== undefined;
  return {
    ...(e.title !== undefined ? { title: e.title } : {}),
    ...(e.start !== undefined ? { start: e.start } : {}),
    ...(e.end !== undefined ? { end: e.end } : {}),
    ...(e.allDay !== undefined ? { allDay: e.allDay } : {}),
    ...(urlGiven ? { url: e.url || p.url || '' } : {}),
    ...(p.calendar !== undefined ? { calendar: p.calendar } : {}),
    ...(p.guests !== undefined ? { guests: JSON.stringify(p.guests) } : {}),
    ...(p.location !== undefined ? { location: p.location } : {}),
    ...(p.desc !== undefined ? { description: p.desc } : {}),
  };
}

export async function addEvent(db: DbOrTx, ownerId: number, event: NewEvent): Promise<EventDto> {
  return await transaction(db, async (tx) => {
    const cols = columnsOf(event);
    return eventDto(
      (
        await tx
          .insert(appEvents)
          .values({ ...cols, ownerId, title: event.title, start: event.start, end: event.end, calendar: event.extendedProps.calendar })
          .returning()
      )[0]!,
    );
  });
}

/** POST update-event: the named fields; 404 for an unknown id; 400 when the result would end before it starts. */
export async function updateEvent(db: DbOrTx, ownerId: number, id: number, patch: EventPatch): Promise<EventDto> {
  return await transaction(db, async (tx) => {
    const current = await ownedEvent(tx, ownerId, id);
    if (!current) throw new NotFound(`Event ${id} does not exist.`);
    const cols = columnsOf(patch);
    const start = cols.start ?? current.start;
    const end = cols.end ?? current.end;
    if (end < start)
      throw new Invalid('The event would end before it starts.', [{ field: 'event.end', message: 'must not be before start' }]);
    if (Object.keys(cols).length) await tx.update(appEvents).set(cols).where(eq(appEvents.id, id));
    return eventDto((await ownedEvent(tx, ownerId, id))!);
  });
}

/** DELETE remove-event: hard delete of exactly that event; 404 for an unknown id (nothing else is ever deleted). */
export async function removeEvent(db: DbOrTx, ownerId: number, id: number): Promise<void> {
  return await transaction(db, async (tx) => {
    const r = await tx.delete(appEvents).where(and(eq(appEvents.id, id), eq(appEvents.ownerId, ownerId)));
    if (rowsChanged(r) === 0) throw new NotFound(`Event ${id} does not exist.`);
  });
}
