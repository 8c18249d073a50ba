/**
 * The roll-rate matrix as its JSON API (GET /api/servicing/roll-rates) and its export show it: one call that resolves
 * the two as-of dates (to: the clock's today unless given; from: a month before `to` unless given; 400 when from is
 * after to) and returns the matrix between them, so the two cannot disagree.
 */
import type { DbOrTx } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { Invalid } from '@/lib/domain/errors';
import { addMonths } from '@/lib/finance';
import type { RollRateMatrix } from '@/lib/servicing';
import { rollRates } from './views';

export type RollRatesScreenQuery = { funderId: number; from?: string; to?: string };

export type RollRatesScreen = RollRateMatrix & { from: string; to: string };

export async function rollRatesScreen(db: DbOrTx, query: RollRatesScreenQuery, clock: Clock): Promise<RollRatesScreen> {
  const to = query.to ?? clock.today;
  const from = query.from ?? addMonths(to, -1);
  if (from > to) throw new Invalid('from must not be after to.', [{ field: 'from', message: 'must be on or before to' }]);
  return await rollRates(db, query.funderId, from, to);
}
