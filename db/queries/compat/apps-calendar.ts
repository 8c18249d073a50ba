/** The documented calendar endpoints answer from the Calendar screen's queries (one set of event SQL). */
export * from '@/db/queries/workspace/calendar';
