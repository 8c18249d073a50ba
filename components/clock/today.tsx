'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { isoDateOf } from '@/lib/finance/dates';

/** The server's fixed "today" (QUANTUM_TODAY, lib/clock), or null when the clock runs with the calendar. */
const FixedToday = createContext<string | null>(null);

/** Hands the server's fixed date, if any, to the client components below it (the signed-in layout). */
export function FixedTodayProvider({ today, children }: { today: string | null; children: ReactNode }) {
  return <FixedToday value={today}>{children}</FixedToday>;
}

/**
 * Today as YYYY-MM-DD in a client component: the server's fixed date when QUANTUM_TODAY is set (the browser cannot
 * read it), else the browser's calendar date (UTC), as lib/clock's todayIso is on the server.
 */
export function useToday(): string {
  return useContext(FixedToday) ?? isoDateOf(new Date());
}
