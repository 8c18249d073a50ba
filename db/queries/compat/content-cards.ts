/** The documented card endpoints answer from the Dashboard Insights' queries (one set of card SQL). */
export * from '@/db/queries/workspace/cards';
